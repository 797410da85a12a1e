import GestureEngine
import Testing
@testable import X11Bridge

/// The exactly-once rule for delivery decisions, without a server.
@Suite("One delivery decision per touch")
struct TouchLedgerTests {
    /// A step of a script: a touch begins or ends, or a decision is made (and what the ledger says to it).
    enum Step: Sendable, CustomTestStringConvertible {
        case begin(UInt32)
        case end(UInt32)
        case decide(UInt32, Delivery, expect: Expected)

        var testDescription: String {
            switch self {
            case .begin(let id): "begin \(id)"
            case .end(let id): "end \(id)"
            case let .decide(id, delivery, expect): "\(delivery) \(id) → \(expect)"
            }
        }
    }

    enum Expected: Sendable {
        case send, alreadyAccepted, alreadyRejected, unknown
    }

    static let device = DeviceID(rawValue: 2)
    static let window = WindowID(rawValue: 0x1e0)

    @Test(
        arguments: [
            [.begin(1), .decide(1, .accepted, expect: .send), .end(1)],
            [.begin(1), .end(1), .decide(1, .rejected, expect: .send)],
            [.begin(1), .decide(1, .accepted, expect: .send), .decide(1, .rejected, expect: .alreadyAccepted)],
            [.begin(1), .end(1), .decide(1, .rejected, expect: .send), .decide(1, .rejected, expect: .alreadyRejected)],
            [.begin(1), .decide(1, .rejected, expect: .send), .end(1), .decide(1, .accepted, expect: .alreadyRejected)],
            [.decide(7, .accepted, expect: .unknown)],
            [
                .begin(1), .begin(2), .decide(2, .accepted, expect: .send), .end(1), .end(2),
                .decide(1, .rejected, expect: .send), .decide(2, .rejected, expect: .alreadyAccepted)
            ]
        ] as [[Step]])
    func everyTouchGetsExactlyOneDecision(script: [Step]) {
        var ledger = TouchLedger()
        for step in script {
            switch step {
            case .begin(let id): ledger.began(TouchID(id), device: Self.device, window: Self.window)
            case .end(let id): ledger.ended(TouchID(id))
            case let .decide(id, delivery, expected):
                let verdict = ledger.decide(TouchID(id), delivery)
                let wanted: TouchLedger.Verdict =
                    switch expected {
                    case .send: .send(Self.device, Self.window)
                    case .alreadyAccepted: .alreadyDecided(.accepted)
                    case .alreadyRejected: .alreadyDecided(.rejected)
                    case .unknown: .unknown
                    }
                #expect(verdict == wanted, "\(step.testDescription)")
            }
        }
        #expect(ledger.undecided.isEmpty)
    }

    @Test func anEndedTouchIsHeldUntilDecidedAndForgottenOnlyWhenBothHappened() {
        var ledger = TouchLedger()
        ledger.began(TouchID(1), device: Self.device, window: Self.window)
        ledger.began(TouchID(2), device: Self.device, window: Self.window)
        ledger.ended(TouchID(1))
        #expect(ledger.undecided == [TouchID(1), TouchID(2)])
        #expect(ledger.count == 2)

        _ = ledger.decide(TouchID(2), .accepted)
        #expect(ledger.undecided == [TouchID(1)])
        #expect(ledger.count == 2, "touch 2 is decided but still down")
        _ = ledger.decide(TouchID(1), .rejected)
        #expect(ledger.count == 1)
        ledger.ended(TouchID(2))
        #expect(ledger.count == 0)
    }

    @Test func aLongSessionKeepsTheLedgerSmall() {
        var ledger = TouchLedger()
        for raw in UInt32(1)...10_000 {
            ledger.began(TouchID(raw), device: Self.device, window: Self.window)
            _ = ledger.decide(TouchID(raw), raw.isMultiple(of: 2) ? .accepted : .rejected)
            ledger.ended(TouchID(raw))
        }
        #expect(ledger.count == 0)
        #expect(
            ledger.decide(TouchID(10_000), .rejected) == .alreadyDecided(.accepted), "recent touches are remembered")
        #expect(ledger.decide(TouchID(1), .rejected) == .unknown, "old ones are forgotten")
    }
}

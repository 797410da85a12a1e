import Testing
@testable import GestureConfig
@testable import GestureEngine
@testable import GestureRuntime

/// The daemon's one call per read of the X connection (`BridgeRuntime.read`): each event timed
/// by the server's stamp, the effects in the server's order, and what the tools hear of the
/// input said as effects, so the daemon only performs them.
@Suite struct BridgeRuntimeReadTests {
    typealias Scripted = BridgeRuntimeTests.ScriptedDesktop

    /// The effects as words, in order: what the tools hear, the marks, the deliveries and actions.
    static func said(_ runtime: BridgeRuntime) -> [String] {
        defer { runtime.removeAllEffects() }
        return runtime.effects.compactMap { effect in
            switch effect {
            case let .heard(heard, time):
                let at = "at \((time * 1000).rounded() / 1000)"
                return switch heard {
                case .touch(let sample): "touch \(sample.id) \(sample.phase) \(at)"
                case .handedOver(let sample): "handed over \(sample.id) \(at)"
                case .followed(let sample): "followed \(sample.id) \(sample.phase) \(at)"
                case let .elsewhere(sample, first): "elsewhere \(sample.id)\(first ? " first" : "") \(at)"
                case .pad(let event): "pad \(event.phase) \(at)"
                case .pointer(let press): "pointer \(press.phase) \(at)"
                }
            case .mark(let sample): return "mark \(sample.id) \(sample.phase)"
            case .trail(let press): return "trail \(press.phase)"
            case let .output(.delivery(id, delivery, _)): return "\(delivery) \(id)"
            case .keep(let id): return "keep \(id)"
            case let .perform(fired, _, time): return "perform \(fired.gesture) at \((time * 1000).rounded() / 1000)"
            default: return nil
            }
        }
    }

    static func touch(_ id: Int, _ phase: TouchPhase, x: Double = 900, y: Double, ms: UInt64, handedOver: Bool = false)
        -> ServerEvent
    {
        ServerEvent(
            .touch(
                TouchSample(id: TouchID(UInt32(id)), phase: phase, location: Point(x: x, y: y)), handedOver: handedOver),
            stamp: ms)
    }

    @Test func aReadTimesEachEventByItsStampAndPutsWhatTheToolsHearAmongTheDecisions() throws {
        let desktop = Scripted()
        desktop.focused = BridgeRuntimeTests.beta
        let runtime = try BridgeRuntimeTests.runtime(desktop)
        // A swipe up read in one go 30 ms after its lift: the server stamped it 100.000-100.070 s.
        var events = [Self.touch(1, .began, y: 700, ms: 100_000)]
        for step in 1...6 {
            events.append(Self.touch(1, .moved, y: 700 - 20 * Double(step), ms: 100_000 + 10 * UInt64(step)))
        }
        events.append(Self.touch(1, .ended, y: 580, ms: 100_070))
        runtime.read(events, now: 100.1)
        let said = Self.said(runtime)
        #expect(said.first == "touch 1 began at 100.0", "\(said)")
        #expect(said.contains("touch 1 moved at 100.03"), "each event keeps its own instant: \(said)")
        #expect(said.last == "touch 1 ended at 100.07", "the read's last frame goes to the session too: \(said)")
        // The frame of 100.03 s goes to the session when the next one begins: its decision and
        // keys come between the moves the tools hear, in the server's order.
        let moved = try #require(said.firstIndex(of: "touch 1 moved at 100.03"), "\(said)")
        #expect(
            Array(said[(moved + 1)...(moved + 3)]) == [
                "perform save at 100.03", "accepted 1", "touch 1 moved at 100.04"
            ],
            "\(said)")
        #expect(!said.contains { $0.hasPrefix("mark") }, "no tool shows touches")
        #expect(runtime.session.touchesDown.isEmpty, "the lift, the read's last frame, reached the gestures")
    }

    @Test func touchesAnotherClientTookAreSaidOncePerRun() throws {
        let runtime = try BridgeRuntimeTests.runtime(Scripted())
        let elsewhere = { (id: Int, ms: UInt64) in
            ServerEvent(
                .elsewhere(TouchSample(id: TouchID(UInt32(id)), phase: .began, location: Point(x: 10, y: 10))),
                stamp: ms)
        }
        runtime.read([elsewhere(1, 1_000), elsewhere(2, 1_010)], now: 1.02)
        runtime.read([Self.touch(3, .began, y: 500, ms: 1_100), Self.touch(3, .ended, y: 500, ms: 1_150)], now: 1.2)
        runtime.read([elsewhere(4, 1_300)], now: 1.3)
        let said = Self.said(runtime).filter { $0.hasPrefix("elsewhere") }
        #expect(said == ["elsewhere 1 first at 1.0", "elsewhere 2 at 1.01", "elsewhere 4 first at 1.3"])
    }

    @Test func heldAndShownTouchesAreMarkedAndHandedOverOnesFollowed() throws {
        let runtime = try BridgeRuntimeTests.runtime(Scripted())
        // `record --stroke` listens: the drawing is kept, each sample shown.
        runtime.isRecordingStroke = true
        runtime.read([Self.touch(1, .began, y: 700, ms: 5_000), Self.touch(1, .ended, y: 600, ms: 5_100)], now: 5.2)
        #expect(
            Self.said(runtime) == [
                "mark 1 began", "touch 1 began at 5.0", "keep 1", "mark 1 ended", "touch 1 ended at 5.1"
            ])

        // `try` listens: a touch the gestures see is shown, its hand-over end is not (the finger
        // is still down) and its own moves and lift, followed, are.
        runtime.isRecordingStroke = false
        runtime.showsTouches = true
        runtime.read(
            [
                Self.touch(2, .began, x: 100, y: 100, ms: 6_000),
                Self.touch(2, .ended, x: 100, y: 100, ms: 6_200, handedOver: true),
                ServerEvent(
                    .followed(TouchSample(id: TouchID(2), phase: .ended, location: Point(x: 300, y: 100))), stamp: 6_400
                )
            ], now: 6.5)
        let said = Self.said(runtime).filter { !$0.hasPrefix("rejected") }
        #expect(
            said == [
                "mark 2 began", "touch 2 began at 6.0", "handed over 2 at 6.2", "mark 2 ended",
                "followed 2 ended at 6.4"
            ], "\(said)")
    }
}

import GestureEngine
import Testing
@testable import GestureRuntime

/// The daemon's stand-aside gate: which touches it recognizes and which it passes through whole.
@Suite struct StandAsideGateTests {
    /// A touch event and the route it must get, or the check after a frame: whether touches
    /// are held, what the keyboard probe would say, and whether the gate stands aside.
    enum Step {
        case touch(UInt32, TouchPhase, StandAsideGate.Route)
        case settle(holding: Bool, grabbed: Bool, standsAside: Bool)
    }

    static let cases: [(String, [Step], asks: Int)] = [
        (
            "nobody holds the keyboard",
            [
                .touch(1, .began, .recognize), .settle(holding: true, grabbed: false, standsAside: false),
                .touch(1, .moved, .recognize), .settle(holding: true, grabbed: true, standsAside: false),
                .touch(1, .ended, .recognize)
            ], 1
        ),
        (
            "a locker is up as the sequence starts",
            [
                .touch(1, .began, .recognize), .settle(holding: true, grabbed: true, standsAside: true),
                .touch(2, .began, .passThrough), .touch(1, .moved, .drop), .touch(1, .ended, .drop),
                .touch(2, .ended, .drop), .touch(3, .began, .recognize),
                .settle(holding: true, grabbed: false, standsAside: false)
            ], 2
        ),
        (
            "a touch no gesture wants is not held, so nobody is asked",
            [
                .touch(1, .began, .recognize), .settle(holding: false, grabbed: true, standsAside: false),
                .touch(1, .ended, .recognize), .settle(holding: false, grabbed: true, standsAside: false)
            ], 0
        ),
        (
            "asked once a later finger is held",
            [
                .touch(1, .began, .recognize), .settle(holding: false, grabbed: true, standsAside: false),
                .touch(2, .began, .recognize), .settle(holding: true, grabbed: true, standsAside: true),
                .touch(1, .moved, .drop), .touch(3, .began, .passThrough)
            ], 1
        ),
        (
            "frames run behind the events: a held touch that already ended still asks",
            [
                .touch(1, .began, .recognize), .touch(1, .ended, .recognize),
                .settle(holding: true, grabbed: true, standsAside: true), .touch(2, .began, .recognize),
                .settle(holding: false, grabbed: true, standsAside: false)
            ], 1
        ),
        (
            "a locker that comes up mid-sequence leaves it alone",
            [
                .touch(1, .began, .recognize), .settle(holding: true, grabbed: false, standsAside: false),
                .touch(2, .began, .recognize), .settle(holding: true, grabbed: true, standsAside: false),
                .touch(2, .ended, .recognize), .touch(1, .ended, .recognize), .touch(4, .began, .recognize),
                .settle(holding: true, grabbed: true, standsAside: true)
            ], 2
        )
    ]

    @Test(arguments: cases)
    func theKeyboardIsAskedOncePerSequenceAndOnlyWhenTouchesAreHeld(name: String, steps: [Step], asks: Int) {
        var gate = StandAsideGate()
        var asked = 0
        for (index, step) in steps.enumerated() {
            switch step {
            case let .touch(id, phase, route):
                #expect(
                    gate.route(TouchID(rawValue: id), phase) == route, "\(name): step \(index), touch \(id) \(phase)")
            case let .settle(holding, grabbed, standsAside):
                let answer = gate.settle(holding: holding) {
                    asked += 1
                    return grabbed
                }
                #expect(answer == standsAside, "\(name): step \(index)")
            }
        }
        #expect(asked == asks, "\(name)")
    }

    @Test func aPenOrMousePressThatBeginsWhileTheKeyboardIsHeldPassesThroughWhole() {
        var gate = StandAsideGate()
        var grabbed = true
        var asked = 0
        let probe = {
            asked += 1
            return grabbed
        }
        #expect(gate.route(press: .began, keyboardIsGrabbed: probe) == .passThrough)
        grabbed = false
        #expect(gate.route(press: .moved, keyboardIsGrabbed: probe) == .drop)
        #expect(gate.route(press: .ended, keyboardIsGrabbed: probe) == .drop)
        #expect(gate.route(press: .began, keyboardIsGrabbed: probe) == .recognize)
        grabbed = true
        #expect(gate.route(press: .moved, keyboardIsGrabbed: probe) == .recognize, "asked at the press only")
        #expect(gate.route(press: .ended, keyboardIsGrabbed: probe) == .recognize)
        #expect(asked == 2)
    }
}

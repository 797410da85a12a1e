import PropertyBased
import Testing
@testable import GestureEngine

@Suite("Invariants under random touch streams")
struct EnginePropertyTests {
    /// A screen and a window full of recognizers that compete, wait for and run with each other.
    static func crowdedScript() -> TouchScript {
        let s = TouchScript()
        let window = View(
            kind: .window(WindowInfo(id: 3, windowClass: "App")),
            frame: Rect(x: 700, y: 300, width: 600, height: 500))
        s.screen.addSubview(window)
        let drag = DragProbe("drag")
        let twoDrag = DragProbe("two-drag", fingers: 2)
        let threeDrag = DragProbe("three-drag", fingers: 3)
        let lift = LiftProbe(name: "lift")
        let timer = TimerProbe(name: "timer")
        timer.failsOnLift = false
        let windowDrag = DragProbe("window-drag")
        windowDrag.threshold = 25
        let windowLift = LiftProbe(name: "window-lift")
        lift.require(toFail: timer)
        twoDrag.recognizeSimultaneously(with: drag)
        windowLift.require(toFail: windowDrag)
        for r in [drag, twoDrag, threeDrag, lift, timer] { s.screen.addGestureRecognizer(r) }
        for r in [windowDrag, windowLift] { window.addGestureRecognizer(r) }
        return s
    }

    /// The six real recognizers, related as a desktop config relates them.
    static func desktopScript() -> TouchScript {
        let s = TouchScript()
        let window = View(
            kind: .window(WindowInfo(id: 3, windowClass: "Firefox")),
            frame: Rect(x: 700, y: 300, width: 600, height: 500))
        s.screen.addSubview(window)
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let threeTap = TapGestureRecognizer(name: "three-tap")
        threeTap.numberOfTouchesRequired = 3
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTouchesRequired = 2
        let swipe = SwipeGestureRecognizer(name: "swipe")
        swipe.numberOfTouchesRequired = 3
        swipe.direction = .all
        let pan = PanGestureRecognizer(name: "pan")
        pan.require(toFail: swipe)
        let pinch = PinchGestureRecognizer(name: "pinch")
        let rotate = RotationGestureRecognizer(name: "rotate")
        pinch.recognizeSimultaneously(with: rotate)
        let bigPinch = PinchGestureRecognizer(name: "big-pinch")
        bigPinch.numberOfTouchesRequired = 4
        for r in [single, double, threeTap, press, swipe, pan] as [GestureRecognizer] {
            s.screen.addGestureRecognizer(r)
        }
        for r in [pinch, rotate, bigPinch] as [GestureRecognizer] { window.addGestureRecognizer(r) }
        return s
    }

    @Test func realRecognizersKeepTheInvariants() async {
        var recognized: Set<String> = []
        await propertyCheck(count: 300, input: Gen.int(in: 0...200_000).array(of: 1...80)) { codes in
            let s = Self.desktopScript()
            RandomTouchStream(codes: codes).play(into: s)
            let problems = EngineInvariants.violations(in: s)
            #expect(problems.isEmpty, "\(problems.prefix(5))")
            for action in s.actions { recognized.insert(action) }
        }
        // The streams must exercise the recognizers, or the invariants prove little.
        #expect(recognized.count >= 8)
    }

    @Test func everyGestureEndsOnceAndEveryTouchIsDecidedOnce() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...200_000).array(of: 1...80)) { codes in
            let s = Self.crowdedScript()
            RandomTouchStream(codes: codes).play(into: s)
            let problems = EngineInvariants.violations(in: s)
            #expect(problems.isEmpty, "\(problems.prefix(5))")
        }
    }

    @Test func aGestureLeftRunningAfterItsTouchesEndIsCancelled() {
        final class NeverEnds: GestureRecognizer {
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
                state = .began
            }
        }
        let s = TouchScript()
        s.screen.addGestureRecognizer(NeverEnds(name: "stuck"))
        s.down(1, 0, 0).move(1, 5, 0).move(1, 9, 0).up(1, 9, 0).finish()
        #expect(s.actions == ["stuck began", "stuck changed", "stuck cancelled"])
        #expect(EngineInvariants.violations(in: s).isEmpty)
    }

    @Test func theInvariantCheckerCatchesBrokenLogs() {
        let s = TouchScript()
        let r = DragProbe("probe")
        let snapshot = GestureSnapshot(location: .zero, numberOfTouches: 1, measurement: .none)
        s.record(.action(r, .changed, snapshot, time: 0))
        s.record(.action(r, .began, snapshot, time: 0))
        s.record(.action(r, .failed, snapshot, time: 0))
        s.record(.transition(r, from: .possible, to: .changed, cause: .external, time: 0))
        s.record(.delivery(TouchID(9), .accepted, time: 0))
        s.record(.delivery(TouchID(9), .rejected, time: 0))
        let problems = EngineInvariants.violations(in: s).joined(separator: "\n")
        for expected in [
            "changed without began", "action for failed", "invalid transition",
            "decided twice", "never ended", "0 touches went down but 1"
        ] {
            #expect(problems.contains(expected), "\(expected)")
        }
    }
}

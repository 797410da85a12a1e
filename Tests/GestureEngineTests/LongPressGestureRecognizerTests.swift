import Testing
@testable import GestureEngine

/// Long presses: the hold timer, movement before and after began, fingers, taps first, and the tap beside it.
@Suite("LongPressGestureRecognizer")
struct LongPressGestureRecognizerTests {
    /// A script over a screen view with one long-press recognizer named "press".
    static func makeScript(
        duration: Double = Thresholds.longPressMinimumDuration, fingers: Int = 1,
        taps: Int = 0
    ) -> (TouchScript, LongPressGestureRecognizer) {
        let s = TouchScript()
        let r = LongPressGestureRecognizer(name: "press")
        r.minimumPressDuration = duration
        r.numberOfTouchesRequired = fingers
        r.numberOfTapsRequired = taps
        s.screen.addGestureRecognizer(r)
        return (s, r)
    }

    // MARK: The hold

    @Test(arguments: [0.5, 0.2, 1.0])
    func beginsExactlyAtTheMinimumPressDuration(duration: Double) {
        let (s, _) = Self.makeScript(duration: duration)
        s.down(1, 100, 100).wait(duration / 2)
        #expect(s.actions.isEmpty)
        #expect(s.delivery(of: 1) == nil)
        s.wait(duration / 2)
        #expect(s.timedActions.map(\.0) == ["press began"])
        #expect(s.timedActions.first?.1 == duration)
        #expect(s.delivery(of: 1) == .accepted)
        let began = s.snapshots(of: "press").first?.1
        #expect(began?.location == Point(x: 100, y: 100))
        #expect(began?.measurement == .longPress(translation: .zero))
    }

    @Test func liftingBeforeTheDurationFails() {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).wait(0.3).up(1, 100, 100).finish()
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "press").first == "possible→failed")
        #expect(s.delivery(of: 1) == .rejected)
    }

    /// The seeds' "long press cancelled by movement": it never begins, so no action at all.
    @Test(arguments: [(5.0, true), (10.0, true), (11.0, false), (40.0, false)])
    func movementBeforeBeganIsLimitedToAllowableMovement(distance: Double, begins: Bool) {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).wait(0.2).move(1, 100, 100 + distance).wait(0.4)
        #expect(s.actions == (begins ? ["press began"] : []))
        #expect(s.delivery(of: 1) == (begins ? .accepted : .rejected))
    }

    @Test func movementAfterBeganIsUnlimitedAndEachMoveIsAChange() {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).wait(0.5)
        s.drag(1, from: (100, 100), to: (400, 100), steps: 10)
        s.up(1, 400, 100)
        #expect(s.actions == ["press began"] + Array(repeating: "press changed", count: 10) + ["press ended"])
        let last = s.snapshots(of: "press").last?.1
        #expect(last?.measurement == .longPress(translation: Vector(dx: 300, dy: 0)))
        #expect(last?.location == Point(x: 400, y: 100))
    }

    @Test func cancelAfterBeganSendsCancelled() {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).wait(0.5).cancel(1, 100, 100)
        #expect(s.actions == ["press began", "press cancelled"])
    }

    @Test func cancelBeforeBeganFailsWithoutAnAction() {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).wait(0.2).cancel(1, 100, 100).finish()
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "press").first == "possible→failed")
    }

    // MARK: Fingers

    @Test func twoFingerPressBeginsAtTheDurationFromTheFirstFinger() {
        let (s, _) = Self.makeScript(fingers: 2)
        s.down(1, 100, 100).wait(0.1).down(2, 200, 100).wait(0.35)
        #expect(s.actions.isEmpty)
        s.wait(0.1)
        #expect(s.timedActions.map(\.0) == ["press began"])
        #expect(s.timedActions.first?.1 == Thresholds.longPressMinimumDuration)
        let began = s.snapshots(of: "press").first?.1
        #expect(began?.location == Point(x: 150, y: 100))
        #expect(began?.numberOfTouches == 2)
    }

    @Test func twoFingerPressFailsWhenTheSecondFingerMissesTheWindow() {
        let (s, _) = Self.makeScript(fingers: 2)
        s.down(1, 100, 100).wait(0.2).down(2, 200, 100).wait(0.5)
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "press").first == "possible→failed")
    }

    @Test(arguments: 2...4)
    func anyLiftEndsAMultiFingerPress(fingers: Int) {
        let (s, _) = Self.makeScript(fingers: fingers)
        for f in 0..<fingers { s.down(UInt32(f + 1), 100 + 40 * Double(f), 100).wait(0.02) }
        s.wait(0.5)
        #expect(s.actions == ["press began"])
        s.up(2, 140, 100)
        #expect(s.actions == ["press began", "press ended"])
        for f in 0..<fingers where f != 1 { s.up(UInt32(f + 1), 100 + 40 * Double(f), 100) }
        #expect(s.actions == ["press began", "press ended"])
    }

    @Test func extraFingerBeforeBeganFails() {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).wait(0.1).down(2, 300, 300).wait(0.5)
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "press").first == "possible→failed")
    }

    @Test func extraFingerAfterBeganIsIgnored() {
        let (s, r) = Self.makeScript()
        s.down(1, 100, 100).wait(0.5).down(2, 300, 300).move(2, 500, 500)
        #expect(s.actions == ["press began"])
        #expect(r.numberOfTouches == 1)
        #expect(s.delivery(of: 1) == .accepted)
        #expect(s.delivery(of: 2) == .rejected, "ignored by the running press: it goes to the application")
        s.up(2, 500, 500)
        #expect(s.actions == ["press began"])
        s.move(1, 120, 100).up(1, 120, 100)
        #expect(s.actions == ["press began", "press changed", "press ended"])
        let changed = s.snapshots(of: "press")[1].1
        #expect(changed.numberOfTouches == 1)
        #expect(changed.location == Point(x: 120, y: 100))
        #expect(changed.measurement == .longPress(translation: Vector(dx: 20, dy: 0)))
    }

    // MARK: Taps before the press

    @Test(arguments: 1...2)
    func requiredTapsComeBeforeThePress(taps: Int) {
        let (s, _) = Self.makeScript(taps: taps)
        for index in 0..<taps {
            s.down(UInt32(index + 1), 100, 100).wait(0.05).up(UInt32(index + 1), 100, 100).wait(0.1)
        }
        let pressDown = s.time
        s.down(9, 100, 100).wait(0.45)
        #expect(s.actions.isEmpty)
        s.wait(0.1)
        #expect(s.timedActions.map(\.0) == ["press began"])
        #expect(s.timedActions.first?.1 == pressDown + Thresholds.longPressMinimumDuration)
        #expect(s.failureTimes(of: "press").isEmpty, "the taps and the press make one sequence")
    }

    @Test func holdingWithoutTheRequiredTapFailsAtTheTapDuration() {
        let (s, _) = Self.makeScript(taps: 1)
        s.down(1, 100, 100).wait(1.0)
        #expect(s.actions.isEmpty)
        #expect(s.failureTimes(of: "press") == [Thresholds.tapMaximumDuration])
    }

    @Test func pressAfterTooLongAnIntervalFails() {
        let (s, _) = Self.makeScript(taps: 1)
        s.down(1, 100, 100).wait(0.05).up(1, 100, 100)
        let lift = s.time
        s.wait(0.4).down(2, 100, 100).wait(0.6)
        #expect(s.actions.isEmpty)
        #expect(s.failureTimes(of: "press").first == lift + Thresholds.tapMaximumInterval)
    }

    // MARK: Beside a tap

    @Test func holdingBeginsTheLongPressAndFailsTheTap() {
        let (s, _) = Self.makeScript()
        s.screen.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        s.down(1, 100, 100).wait(0.5).up(1, 100, 100)
        #expect(s.actions == ["press began", "press ended"])
        #expect(s.transitions(of: "tap").first == "possible→failed")
    }

    @Test func quickTapRecognizesTheTapAndFailsTheLongPress() {
        let (s, _) = Self.makeScript()
        s.screen.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        s.down(1, 100, 100).wait(0.1).up(1, 100, 100).finish()
        #expect(s.actions == ["tap ended"])
        #expect(s.transitions(of: "press").first == "possible→failed")
    }
}

private extension TouchScript {
    /// When the named recognizer failed, in order.
    func failureTimes(of name: String) -> [Double] {
        log.compactMap { event in
            if case let .transition(recognizer, _, to, _, time) = event, recognizer.name == name, to == .failed {
                return time
            }
            return nil
        }
    }
}

import Testing
@testable import GestureEngine

/// Taps of 1–3 taps and 1–5 fingers, their limits, and how two taps on one view relate.
@Suite("TapGestureRecognizer")
struct TapGestureRecognizerTests {
    /// A script over a screen view with one tap recognizer named "tap".
    static func makeScript(taps: Int = 1, fingers: Int = 1) -> (TouchScript, TapGestureRecognizer) {
        let s = TouchScript()
        let r = TapGestureRecognizer(name: "tap")
        r.numberOfTapsRequired = taps
        r.numberOfTouchesRequired = fingers
        s.screen.addGestureRecognizer(r)
        return (s, r)
    }

    /// A script with a single-tap and a double-tap recognizer, attached in the given order.
    static func makeSingleAndDouble(doubleFirst: Bool = false)
        -> (TouchScript, TapGestureRecognizer, TapGestureRecognizer)
    {
        let s = TouchScript()
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        for r in doubleFirst ? [double, single] : [single, double] { s.screen.addGestureRecognizer(r) }
        return (s, single, double)
    }

    // MARK: Taps and fingers

    @Test(arguments: 1...3)
    func recognizesAtTheLastLiftOfTheLastTap(taps: Int) {
        let (s, _) = Self.makeScript(taps: taps)
        var lastLift = 0.0
        for index in 0..<taps {
            if index > 0 { s.wait(0.2) }
            let id = UInt32(index + 1)
            s.down(id, 100, 100).wait(0.08)
            #expect(s.actions.isEmpty)
            s.up(id, 100, 100)
            lastLift = s.time
            if index < taps - 1 { #expect(s.actions.isEmpty) }
        }
        s.finish()
        #expect(s.timedActions.map(\.0) == ["tap ended"])
        #expect(s.timedActions.first?.1 == lastLift)
        #expect(s.snapshots(of: "tap").first?.1.measurement == .tap(taps: taps))
    }

    @Test(arguments: [(2, 1), (3, 2), (3, 1)])
    func failsAtTheIntervalWhenTheTapsStopShort(required: Int, made: Int) {
        let (s, _) = Self.makeScript(taps: required)
        for index in 0..<made {
            s.wait(0.1).down(UInt32(index + 1), 100, 100).wait(0.05).up(UInt32(index + 1), 100, 100)
        }
        let lastLift = s.time
        s.finish()
        #expect(s.actions.isEmpty)
        #expect(s.failureTimes(of: "tap") == [lastLift + Thresholds.tapMaximumInterval])
    }

    @Test(arguments: [(1, 0.0), (2, 0.0), (2, 0.1), (3, 0.05), (4, 0.03), (5, 0.0), (5, 0.025)])
    func multiFingerTapRecognizesWhenFingersLandWithinTheWindow(fingers: Int, gap: Double) {
        let (s, _) = Self.makeScript(fingers: fingers)
        for f in 0..<fingers {
            if f > 0 { s.wait(gap) }
            s.down(UInt32(f + 1), 100 + 40 * Double(f), 100)
        }
        s.wait(0.05)
        for f in 0..<fingers {
            #expect(s.actions.isEmpty, "recognized before the last finger lifted")
            s.up(UInt32(f + 1), 100 + 40 * Double(f), 100)
        }
        #expect(s.actions == ["tap ended"])
        let centre = Point(x: 100 + 20 * Double(fingers - 1), y: 100)
        #expect(s.snapshots(of: "tap").first?.1.location == centre)
    }

    @Test(arguments: 2...5)
    func multiFingerTapFailsWhenAFingerLandsAfterTheWindow(fingers: Int) {
        let (s, _) = Self.makeScript(fingers: fingers)
        s.down(1, 100, 100).wait(Thresholds.fingerWindow + 0.01)
        #expect(s.transitions(of: "tap").contains("possible→failed"))
        for f in 1..<fingers { s.down(UInt32(f + 1), 100 + 40 * Double(f), 100) }
        s.wait(0.05)
        for f in 0..<fingers { s.up(UInt32(f + 1), 100 + 40 * Double(f), 100) }
        s.finish()
        #expect(s.actions.isEmpty)
    }

    @Test(arguments: 1...3)
    func failsWhenMoreFingersLandThanRequired(fingers: Int) {
        let (s, _) = Self.makeScript(fingers: fingers)
        for f in 0...fingers { s.wait(0.01).down(UInt32(f + 1), 100 + 40 * Double(f), 100) }
        s.wait(0.05)
        for f in 0...fingers { s.up(UInt32(f + 1), 100 + 40 * Double(f), 100) }
        s.finish()
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "tap").first == "possible→failed")
    }

    @Test func twoFingerTapFailsWhenTheFingersTakeTurns() {
        // Peak count one: the second finger lands after the first lifted, inside the window.
        let (s, _) = Self.makeScript(fingers: 2)
        s.down(1, 100, 100).wait(0.03).up(1, 100, 100).wait(0.03).down(2, 140, 100).wait(0.03).up(2, 140, 100)
        s.finish()
        #expect(s.actions.isEmpty)
    }

    // MARK: Limits

    @Test(arguments: [(30.0, true), (45.0, true), (46.0, false), (120.0, false)])
    func fingersMayMoveUpToAllowableMovement(distance: Double, recognizes: Bool) {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).wait(0.02).move(1, 100 + distance, 100).wait(0.02).up(1, 100 + distance, 100)
        #expect(s.actions == (recognizes ? ["tap ended"] : []))
    }

    @Test func movingAwayAndBackStillFails() {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).wait(0.02).move(1, 160, 100).wait(0.02).move(1, 100, 100).up(1, 100, 100)
        #expect(s.actions.isEmpty)
    }

    @Test(arguments: [(30.0, true), (45.0, true), (60.0, false)])
    func laterTapsMustLandNearTheFirstTap(offset: Double, recognizes: Bool) {
        let (s, _) = Self.makeScript(taps: 2)
        s.down(1, 100, 100).wait(0.05).up(1, 100, 100).wait(0.1)
        s.down(2, 100, 100 + offset).wait(0.05).up(2, 100, 100 + offset)
        s.finish()
        #expect(s.actions == (recognizes ? ["tap ended"] : []))
    }

    @Test(arguments: [(0.7, true), (0.8, false)])
    func eachTapMayLastAtMostTheMaximumDuration(hold: Double, recognizes: Bool) {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).wait(hold).up(1, 100, 100)
        #expect(s.actions == (recognizes ? ["tap ended"] : []))
        #expect(s.failureTimes(of: "tap") == (recognizes ? [] : [Thresholds.tapMaximumDuration]))
    }

    @Test(arguments: [(0.3, true), (0.4, false)])
    func nextTapMustComeWithinTheMaximumInterval(interval: Double, recognizes: Bool) {
        let (s, _) = Self.makeScript(taps: 2)
        s.down(1, 100, 100).wait(0.05).up(1, 100, 100).wait(interval)
        s.down(2, 100, 100).wait(0.05).up(2, 100, 100)
        s.finish()
        #expect(s.actions == (recognizes ? ["tap ended"] : []))
    }

    // MARK: Location, cancel, delivery

    @Test func locationIsWhereTheFirstTapTouchedDown() {
        let (s, _) = Self.makeScript(taps: 2)
        s.down(1, 100, 100).wait(0.02).move(1, 120, 100).up(1, 120, 100).wait(0.1)
        s.down(2, 130, 110).wait(0.02).up(2, 130, 110)
        #expect(s.snapshots(of: "tap").map(\.1.location) == [Point(x: 100, y: 100)])
    }

    @Test func locationIsTheCentroidOfTheTouchDownsInTheViewsCoordinates() {
        let root = View(kind: .screen, frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        let window = View(kind: .window(WindowInfo(id: 7)), frame: Rect(x: 200, y: 300, width: 800, height: 600))
        root.addSubview(window)
        let s = TouchScript(root: root)
        let r = TapGestureRecognizer(name: "tap")
        r.numberOfTouchesRequired = 2
        window.addGestureRecognizer(r)
        var reported: Point?
        r.addTarget { reported = $0.location(in: $0.view) }
        s.frame([(1, .began, 250, 350), (2, .began, 350, 350)]).wait(0.05)
        s.frame([(1, .moved, 260, 360), (2, .moved, 360, 360)])
        s.frame([(1, .ended, 260, 360), (2, .ended, 360, 360)])
        #expect(reported == Point(x: 100, y: 50))
    }

    @Test func cancelledTouchFailsTheTapAndIsRejected() {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).wait(0.05).cancel(1, 100, 100)
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "tap").first == "possible→failed")
        #expect(s.delivery(of: 1) == .rejected)
    }

    @Test func recognizedDoubleTapAcceptsTheTouchesOfBothTaps() {
        let (s, _) = Self.makeScript(taps: 2)
        s.down(1, 100, 100).wait(0.05).up(1, 100, 100)
        #expect(s.delivery(of: 1) == nil, "still wanted by the double tap")
        s.wait(0.1).down(2, 100, 100).wait(0.05).up(2, 100, 100)
        #expect(s.delivery(of: 1) == .accepted)
        #expect(s.delivery(of: 2) == .accepted)
    }

    @Test func failedTapRejectsItsTouch() {
        let (s, _) = Self.makeScript()
        s.down(1, 100, 100).move(1, 200, 100)
        #expect(s.delivery(of: 1) == .rejected)
    }

    // MARK: Two recognizers on one view

    @Test func singleTapThatRequiresTheDoubleTapToFailFiresAfterTheInterval() {
        let (s, single, double) = Self.makeSingleAndDouble()
        single.require(toFail: double)
        s.down(1, 100, 100).wait(0.05).up(1, 100, 100)
        let lift = s.time
        s.wait(0.3)
        #expect(s.actions.isEmpty)
        #expect(s.delivery(of: 1) == nil)
        s.wait(0.1)
        #expect(s.timedActions.map(\.0) == ["single ended"])
        #expect(s.timedActions.first?.1 == lift + Thresholds.tapMaximumInterval)
        #expect(s.delivery(of: 1) == .accepted)
    }

    @Test func doubleTapMakesTheWaitingSingleTapFail() {
        let (s, single, double) = Self.makeSingleAndDouble()
        single.require(toFail: double)
        s.down(1, 100, 100).wait(0.05).up(1, 100, 100).wait(0.1).down(2, 100, 100).wait(0.05).up(2, 100, 100)
        let secondLift = s.time
        s.finish()
        #expect(s.timedActions.map(\.0) == ["double ended"])
        #expect(s.timedActions.first?.1 == secondLift)
        #expect(s.transitions(of: "single").contains("possible→failed"))
    }

    @Test func doubleTapAloneFiresAtTheSecondLift() {
        let (s, _) = Self.makeScript(taps: 2)
        s.down(1, 100, 100).wait(0.05).up(1, 100, 100).wait(0.1).down(2, 100, 100).wait(0.05).up(2, 100, 100)
        #expect(s.timedActions.map(\.0) == ["tap ended"])
        #expect(s.timedActions.first?.1 == s.time)
    }

    /// Without a requirement both fire; which one the engine asks first at the second
    /// lift decides whether the single tap recognizes that tap as well.
    @Test(arguments: [
        (true, ["single ended", "double ended"]),
        (false, ["single ended", "single ended", "double ended"])
    ])
    func withoutARequirementADoubleTapFiresBoth(doubleFirst: Bool, expected: [String]) {
        let (s, _, _) = Self.makeSingleAndDouble(doubleFirst: doubleFirst)
        s.down(1, 100, 100).wait(0.05).up(1, 100, 100)
        let firstLift = s.time
        s.wait(0.1).down(2, 100, 100).wait(0.05).up(2, 100, 100)
        let secondLift = s.time
        s.finish()
        #expect(s.actions == expected)
        #expect(s.timedActions.first?.1 == firstLift)
        #expect(s.timedActions.last?.1 == secondLift)
    }

    @Test(arguments: [(1, 2, false), (2, 3, false), (1, 3, false), (1, 1, true), (2, 1, true)])
    func tapCannotPreventATapNeedingMoreTaps(ownTaps: Int, otherTaps: Int, prevents: Bool) {
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = ownTaps
        let other = TapGestureRecognizer()
        other.numberOfTapsRequired = otherTaps
        #expect(tap.canPrevent(other) == prevents)
    }

    @Test(arguments: [(1, 1, false), (2, 2, false), (1, 2, true), (3, 1, true)])
    func tapCannotPreventALongPressWithTheSameFingerCount(tapFingers: Int, pressFingers: Int, prevents: Bool) {
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = tapFingers
        let press = LongPressGestureRecognizer()
        press.numberOfTouchesRequired = pressFingers
        #expect(tap.canPrevent(press) == prevents)
    }

    @Test func tapThenHoldBeginsALongPressAfterTheTapRecognized() {
        let s = TouchScript()
        let tap = TapGestureRecognizer(name: "tap")
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTapsRequired = 1
        s.screen.addGestureRecognizer(tap)
        s.screen.addGestureRecognizer(press)
        s.down(1, 100, 100).wait(0.05).up(1, 100, 100)
        #expect(s.actions == ["tap ended"])
        s.wait(0.1).down(2, 100, 100).wait(Thresholds.longPressMinimumDuration)
        #expect(s.actions == ["tap ended", "press began"])
        #expect(s.transitions(of: "tap").last == "failed→possible", "the press prevents the second tap")
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

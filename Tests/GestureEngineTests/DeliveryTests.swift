import Testing
@testable import GestureEngine

@Suite("Delivery decisions: accepted or rejected, exactly once")
struct DeliveryTests {
    @Test func touchWithNoRecognizerOnItsPathIsRejectedAtTouchDown() {
        let s = TouchScript()
        s.down(1, 10, 10)
        #expect(s.deliveries.map(\.1) == [.rejected])
        #expect(s.deliveries.first?.2 == 0)
    }

    @Test func touchIsAcceptedWhenItsGestureBegins() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("drag"))
        s.down(1, 0, 0)
        #expect(s.deliveries.isEmpty)
        s.wait(0.02).move(1, 20, 0)
        #expect(s.deliveries.map(\.1) == [.accepted])
        #expect(s.deliveries.first?.2 == 0.02)
    }

    @Test func multiFingerGestureReleasesALoneFingerWhenTheFingerWindowCloses() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("three", fingers: 3))
        s.down(1, 0, 0)
        s.wait(0.149)
        #expect(s.deliveries.isEmpty)
        s.wait(0.002)
        #expect(s.deliveries.map(\.1) == [.rejected])
        #expect(abs(s.deliveries[0].2 - 0.15) < 1e-9)
        #expect(s.transitions(of: "three").first == "possible→failed")
    }

    /// A lone finger that travels further than `landingTravel` (16 pt) is a drag: the
    /// gesture that wanted three fingers lets it go there and then, not when the window closes.
    @Test func aLoneFingerThatSetsOffIsReleasedAtOnceNotWhenTheWindowCloses() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("three", fingers: 3))
        s.down(1, 0, 0).wait(0.03).move(1, 10, 0).wait(0.01).move(1, 16, 0)
        #expect(s.deliveries.isEmpty, "16 pt is within the allowance")
        s.wait(0.01).move(1, 22, 0)
        #expect(s.deliveries.map(\.1) == [.rejected])
        #expect(abs((s.deliveries.first?.2 ?? 0) - 0.05) < 1e-9)
        #expect(s.transitions(of: "three").first == "possible→failed")
    }

    /// Fingers of one hand land before the first has gone far: the gesture keeps them, and the
    /// allowance counts only while the first finger is alone.
    @Test func aSecondFingerLandingBeforeTheAllowanceKeepsTheGesture() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("two", fingers: 2))
        s.down(1, 0, 0).wait(0.02).move(1, 14, 0).wait(0.01).down(2, 60, 0)
        s.wait(0.01).frame([(1, .moved, 40, 0), (2, .moved, 86, 0)])
        #expect(!s.deliveries.contains { $0.1 == .rejected }, "\(s.deliveries)")
        #expect(s.transitions(of: "two").first != "possible→failed")
    }

    /// Two fingers scrolling where only a 3-finger gesture is bound: once both have gone 16 pt,
    /// the gesture lets them go together, before the window closes and before more history builds up.
    @Test func twoFingersThatBothSetOffAreReleasedTogether() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("three", fingers: 3))
        s.frame([(1, .began, 0, 0), (2, .began, 60, 0)])
        s.wait(0.03).frame([(1, .moved, 0, 20), (2, .moved, 60, 10)])
        #expect(s.deliveries.isEmpty, "the second finger has gone 10 pt only")
        s.wait(0.02).frame([(1, .moved, 0, 30), (2, .moved, 60, 20)])
        #expect(s.deliveries.map(\.1) == [.rejected, .rejected])
        #expect(s.deliveries.allSatisfy { abs($0.2 - 0.05) < 1e-9 })
    }

    /// X replays a rejected touch's whole history before the next one's: the application sees
    /// the first finger go its way alone, then the second land. The one that travelled least goes
    /// first, so that what looks like a one-finger drag, and the change it makes to the fingers'
    /// spread, is the smallest it can be.
    @Test func touchesRejectedTogetherGoLeastTravelledFirst() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("three", fingers: 3))
        s.frame([(1, .began, 0, 0), (2, .began, 60, 0)])
        s.wait(0.03).frame([(1, .moved, 0, 30), (2, .moved, 60, 17)])
        #expect(s.deliveries.map(\.0.rawValue) == [2, 1])
    }

    /// A pinch about a still thumb where nothing takes two fingers: the thumb never sets off, so
    /// the pair goes when the window closes, the thumb first, so the application's pinch starts
    /// from the spread it would have started from.
    @Test func aStillFingerIsHandedBackBeforeTheOneThatMoved() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("three", fingers: 3))
        s.frame([(1, .began, 0, 0), (2, .began, 60, 0)])
        s.wait(0.05).frame([(1, .moved, -40, 0), (2, .moved, 60, 0)])
        #expect(s.deliveries.isEmpty)
        s.wait(0.11)
        #expect(s.deliveries.map(\.0.rawValue) == [2, 1])
    }

    /// Fingers that travel the same distance keep their landing order.
    @Test func touchesThatTravelledAlikeGoInTheOrderTheyLanded() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("three", fingers: 3))
        s.frame([(2, .began, 60, 0), (1, .began, 0, 0)])
        s.wait(0.03).frame([(1, .moved, 0, 20), (2, .moved, 60, 20)])
        #expect(s.deliveries.map(\.0.rawValue) == [2, 1])
    }

    @Test func theAllowanceIsTheRecognizers() {
        let s = TouchScript()
        let three = DragProbe("three", fingers: 3)
        three.landingTravel = 80
        s.screen.addGestureRecognizer(three)
        s.down(1, 0, 0).wait(0.05).move(1, 60, 0)
        #expect(s.deliveries.isEmpty)
        s.wait(0.05).move(1, 90, 0)
        #expect(s.deliveries.map(\.1) == [.rejected])
    }

    @Test(arguments: [0.0, 0.05, 0.14])
    func fingersLandingWithinTheWindowKeepTheGestureAlive(lateness: Double) {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("three", fingers: 3))
        s.down(1, 0, 0).wait(lateness / 2).down(2, 50, 0).wait(lateness / 2).down(3, 100, 0)
        s.wait(0.2)
        #expect(s.deliveries.isEmpty)
        s.frame([(1, .moved, 0, 20), (2, .moved, 50, 20), (3, .moved, 100, 20)])
        #expect(s.deliveries.map(\.1) == [.accepted, .accepted, .accepted])
    }

    @Test func configurableFingerWindow() {
        let probe = DragProbe("two", fingers: 2)
        probe.fingerWindow = 0.3
        let s = TouchScript()
        s.screen.addGestureRecognizer(probe)
        s.down(1, 0, 0).wait(0.25).down(2, 50, 0)
        s.frame([(1, .moved, 0, 20), (2, .moved, 50, 20)])
        #expect(s.actions == ["two began"])
    }

    @Test func aFingerJoiningARunningGestureIsAcceptedAtOnce() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(AnyFingersDrag(name: "drag"))
        s.down(1, 0, 0).wait(0.01).move(1, 30, 0)
        s.wait(0.01).down(2, 100, 100)
        #expect(s.delivery(of: 2) == .accepted)
        #expect(s.deliveries.count == 2)
    }

    @Test func everyTouchIsDecidedExactlyOnceEvenWhenRecognizersFailLater() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(LiftProbe(name: "lift"))
        s.screen.addGestureRecognizer(DragProbe("drag"))
        s.down(1, 0, 0).drag(1, from: (0, 0), to: (40, 0), steps: 3).up(1, 40, 0)
        s.down(2, 0, 0).up(2, 0, 0).finish()
        let ids = s.deliveries.map(\.0.rawValue)
        #expect(ids.sorted() == [1, 2])
        #expect(s.delivery(of: 1) == .accepted)
        #expect(s.delivery(of: 2) == .accepted, "the lift probe recognized the quick tap")
    }

    /// Landing times of a real five-finger pinch (3M, `evemu__3m.event`): the third finger fails a
    /// two-finger gesture, which must not start again on the fourth and fifth.
    @Test(arguments: [(0.031, 0.072, false), (0.2, 0.21, true)])
    func multiFingerGestureThatFailedSitsOutTheRestOfItsLanding(fourth: Double, fifth: Double, takesThem: Bool) {
        let s = TouchScript()
        let two = DragProbe("two", fingers: 2)
        s.screen.addGestureRecognizer(two)
        s.down(1, 0, 0).wait(0.015).frame([(2, .began, 50, 0), (3, .began, 100, 0)])
        #expect(s.transitions(of: "two").prefix(2) == ["possible→failed", "failed→possible"])
        s.wait(fourth - 0.015).down(4, 150, 0).wait(fifth - fourth).down(5, 200, 0)
        s.wait(0.01).frame((1...5).map { (UInt32($0), .moved, 50 * Double($0 - 1), 30) })
        // Within the finger window of the first finger the later ones belong to the same hand;
        // fingers landing after it has closed start a gesture of their own.
        #expect(two.seenTouchIDs.contains(TouchID(4)) == takesThem)
        #expect(s.actions == (takesThem ? ["two began"] : []))
        #expect(s.delivery(of: 4) == (takesThem ? .accepted : .rejected))
    }

    @Test func aLoneFingerThatMissedTheWindowDoesNotKeepLaterFingersOut() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("two", fingers: 2))
        // A resting finger fails the two-finger gesture when the window closes; two fingers
        // landing later, while it rests, still make the gesture.
        s.down(1, 0, 0).wait(0.3).down(2, 200, 0).wait(0.02).down(3, 250, 0)
        s.wait(0.01).frame([(2, .moved, 200, 30), (3, .moved, 250, 30)])
        #expect(s.actions == ["two began"])
        #expect(s.delivery(of: 1) == .rejected)
    }

    @Test func cancelAllDecidesEveryPendingTouchAndCancelsGestures() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("drag"))
        s.screen.addGestureRecognizer(DragProbe("three", fingers: 3))
        s.down(1, 0, 0).drag(1, from: (0, 0), to: (40, 0), steps: 2)
        s.engine.cancelAll(at: 1)
        s.wait(0)
        #expect(s.actions.last == "drag cancelled")
        #expect(s.deliveries.count == 1)
        #expect(s.engine.touches.isEmpty)
        #expect(s.engine.nextDeadline == nil)
    }
}

/// Begins on the first move of any finger and keeps every finger that lands later.
final class AnyFingersDrag: GestureRecognizer {
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        state = state == .possible ? .began : .changed
    }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if self.touches.count == touches.count { state = .ended }
    }
}

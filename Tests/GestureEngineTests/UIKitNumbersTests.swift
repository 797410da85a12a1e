import Testing

@testable import GestureEngine

/// Where the engine follows UIKit's numbers and rules: a pan released from waiting begins at
/// zero, a continuous recognizer that never writes its state again reports changed on every
/// event, and velocity comes from the recent samples, not two points.
@Suite struct UIKitNumbersTests {
    /// A pan that must wait for a swipe to fail: a slow drag fails the swipe at 0.5 s, and
    /// the pan begins there with a translation of zero; later movement counts from there.
    @Test func aPanReleasedFromWaitingBeginsAtZeroWhereTheFingersAre() {
        let s = TouchScript()
        let swipe = SwipeGestureRecognizer(name: "swipe")
        let pan = PanGestureRecognizer(name: "pan")
        pan.require(toFail: swipe)
        s.screen.addGestureRecognizer(swipe)
        s.screen.addGestureRecognizer(pan)
        // 40 pt in 0.4 s: past the pan's 10 pt, short of the swipe's 50 pt in 0.5 s.
        s.down(1, 100, 500).drag(1, from: (100, 500), to: (140, 500), steps: 4, interval: 0.1)
        #expect(s.actions.isEmpty, "the pan waits for the swipe")
        s.wait(0.15)
        let began = s.snapshots(of: "pan").first
        #expect(began?.0 == .began)
        #expect(began?.1.measurement == .pan(translation: .zero, velocity: .zero))
        s.wait(0.01).move(1, 150, 500)
        guard case .pan(let translation, _)? = s.snapshots(of: "pan").last?.1.measurement else {
            Issue.record("no changed")
            return
        }
        #expect(translation == Vector(dx: 10, dy: 0), "10 pt since it began")
    }

    /// Begins on its first move and never writes its state again.
    final class BeginOnce: GestureRecognizer {
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
            super.touchesMoved(touches, with: event)
            if state == .possible { state = .began }
        }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            super.touchesEnded(touches, with: event)
            state = .ended
        }
    }

    @Test func aRecognizerThatStaysInBeganReportsChangedOnEveryLaterEvent() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(BeginOnce(name: "once"))
        s.down(1, 100, 100).wait(0.01).move(1, 110, 100)
        for step in 2...4 { s.wait(0.01).move(1, 100 + 10 * Double(step), 100) }
        s.wait(0.01).up(1, 140, 100)
        #expect(s.actions == ["once began", "once changed", "once changed", "once changed", "once ended"])
    }

    /// A drag at 1000 pt/s whose samples jitter by up to ±3 pt: the velocity over the recent
    /// samples stays within 10 % of 1000; newest-minus-oldest of two samples 0.1 s apart is
    /// off by up to 60 pt/s from the jitter at both ends, and more over a shorter span.
    @Test func velocityComesFromTheRecentSamples() {
        var tracker = VelocityTracker()
        var velocities: [Double] = []
        let jitter: [Double] = [0, 3, -2, 1, -3, 2, 0, -1, 3, -3, 2, -2, 1, 3, -1, 0, -3, 2, 1, -2]
        for index in 0..<20 {
            tracker.add(time: 0.01 * Double(index), x: 10 * Double(index) + jitter[index])
            if index >= 10 { velocities.append(tracker.velocity().dx) }
        }
        let worst = velocities.map { abs($0 - 1000) }.max() ?? 0
        #expect(worst < 25, "within 2.5 %: \(velocities)")
        // A steady drag gives its exact speed.
        var steady = VelocityTracker()
        for index in 0..<10 { steady.add(time: 0.01 * Double(index), x: 5 * Double(index), y: -3 * Double(index)) }
        #expect(abs(steady.velocity().dx - 500) < 1e-6 && abs(steady.velocity().dy + 300) < 1e-6)
    }
}

/// UIView's `gestureRecognizerShouldBegin(_:)`, as a closure on the view: asked before the
/// delegate; false fails the recognizer, and the touch goes on to the application.
@Suite struct ViewShouldBeginTests {
    @Test(arguments: [true, false])
    func theViewDecidesWhetherItsRecognizerBegins(allowed: Bool) {
        let s = TouchScript()
        let tap = TapGestureRecognizer(name: "tap")
        s.screen.addGestureRecognizer(tap)
        var asked: [String] = []
        s.screen.gestureRecognizerShouldBegin = { recognizer in
            asked.append(recognizer.name)
            return allowed
        }
        s.down(1, 100, 100).wait(0.05).up(1, 100, 100)
        #expect(asked == ["tap"])
        #expect(s.actions == (allowed ? ["tap ended"] : []))
        #expect(s.causes(of: tap).contains(.shouldBeginDenied) == !allowed)
        #expect(s.delivery(of: 1) == (allowed ? .accepted : .rejected))
    }

    /// As in UIKit, the view a touch landed on is asked about its superview's recognizer: a
    /// region that answers false keeps the window's pan from beginning (a slider in a scroll view).
    @Test func theHitViewIsAskedAboutItsSuperviewsRecognizer() {
        let s = TouchScript()
        let region = View(kind: .region("slider"), frame: Rect(x: 0, y: 0, width: 400, height: 200))
        s.screen.addSubview(region)
        let pan = PanGestureRecognizer(name: "pan")
        s.screen.addGestureRecognizer(pan)
        var asked: [String] = []
        region.gestureRecognizerShouldBegin = { recognizer in
            asked.append(recognizer.name)
            return false
        }
        s.screen.gestureRecognizerShouldBegin = { _ in
            Issue.record("the pan was refused by the hit view: its own view is not asked after")
            return true
        }
        s.down(1, 100, 100).drag(1, from: (100, 100), to: (300, 100)).up(1, 300, 100)
        #expect(asked == ["pan"])
        #expect(s.causes(of: pan).contains(.shouldBeginDenied))
        #expect(s.delivery(of: 1) == .rejected)
        // Outside the region the screen decides alone.
        var screenAsked = 0
        s.screen.gestureRecognizerShouldBegin = { _ in
            screenAsked += 1
            return true
        }
        s.down(2, 600, 500).drag(2, from: (600, 500), to: (800, 500)).up(2, 800, 500)
        #expect(screenAsked == 1)
        #expect(asked == ["pan"])
    }
}

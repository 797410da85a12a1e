import Testing
@testable import GestureEngine

@Suite("The recognizer state machine")
struct StateMachineTests {
    typealias State = GestureRecognizer.State

    /// UIKit's corrections of state writes: (current, requested, entered or nil when ignored).
    static let corrections: [(State, State, State?)] = [
        (.possible, .possible, nil), (.possible, .began, .began), (.possible, .changed, .began),
        (.possible, .ended, .ended), (.possible, .cancelled, .failed), (.possible, .failed, .failed),
        (.began, .possible, .cancelled), (.began, .began, .changed), (.began, .changed, .changed),
        (.began, .ended, .ended), (.began, .cancelled, .cancelled), (.began, .failed, .cancelled),
        (.changed, .began, .changed), (.changed, .changed, .changed), (.changed, .ended, .ended),
        (.changed, .failed, .cancelled), (.changed, .cancelled, .cancelled),
        (.ended, .began, nil), (.ended, .failed, nil), (.cancelled, .changed, nil), (.failed, .began, nil),
        (.failed, .ended, nil)
    ]

    @Test(arguments: corrections)
    func invalidWritesAreCorrectedAsUIKitDoes(current: State, requested: State, entered: State?) {
        #expect(current.correctedTransition(to: requested) == entered)
    }

    @Test func discreteRecognizerSendsOneActionAndNoneForFailure() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(LiftProbe(name: "lift"))
        s.down(1, 10, 10).wait(0.05).up(1, 10, 10)
        s.wait(0.1).down(2, 10, 10).wait(0.05).move(2, 60, 10).up(2, 60, 10)
        #expect(s.actions == ["lift ended"])
        #expect(s.transitions(of: "lift") == ["possible→ended", "ended→possible", "possible→failed", "failed→possible"])
    }

    @Test func continuousRecognizerSendsBeganChangedEnded() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("drag"))
        s.down(1, 100, 100).drag(1, from: (100, 100), to: (200, 100), steps: 5).up(1, 200, 100)
        #expect(
            s.actions == ["drag began", "drag changed", "drag changed", "drag changed", "drag changed", "drag ended"])
    }

    @Test func beganMovesToChangedOnTheNextEventWithoutBeingTold() {
        final class BeginOnce: GestureRecognizer {
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
                if state == .possible { state = .began }
            }
            override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { state = .ended }
        }
        let s = TouchScript()
        s.screen.addGestureRecognizer(BeginOnce(name: "once"))
        s.down(1, 0, 0).wait(0.01).move(1, 5, 0).wait(0.01).move(1, 9, 0).wait(0.01).up(1, 9, 0)
        #expect(s.actions == ["once began", "once changed", "once ended"])
    }

    @Test func resetRunsOnceAfterTheSequenceAndRemainingTouchesAreIgnored() {
        let probe = DragProbe("drag", fingers: 1)
        let s = TouchScript()
        s.screen.addGestureRecognizer(probe)
        s.down(1, 0, 0).down(2, 300, 300)
        #expect(probe.resetCount == 1, "two fingers on a one-finger probe: failed and reset at once")
        s.drag(1, from: (0, 0), to: (100, 0)).up(1, 100, 0).up(2, 300, 300)
        #expect(s.actions.isEmpty, "touches of a reset recognizer are ignored until they end")
        #expect(probe.resetCount == 1)
    }

    @Test func disablingMidGestureCancelsWithAnAction() {
        let probe = DragProbe("drag")
        let s = TouchScript()
        s.screen.addGestureRecognizer(probe)
        s.down(1, 0, 0).drag(1, from: (0, 0), to: (50, 0), steps: 2)
        probe.isEnabled = false
        s.wait(0.01).move(1, 80, 0).up(1, 80, 0)
        #expect(s.actions == ["drag began", "drag changed", "drag cancelled"])
        #expect(s.delivery(of: 1) == .accepted)
    }

    @Test func disablingAPossibleRecognizerFailsItSilentlyAndReleasesTheTouch() {
        let probe = DragProbe("drag")
        let s = TouchScript()
        s.screen.addGestureRecognizer(probe)
        s.down(1, 0, 0)
        probe.isEnabled = false
        #expect(s.actions.isEmpty)
        s.wait(0)
        #expect(s.delivery(of: 1) == .rejected)
    }

    @Test func touchesCancelledMidGestureCancelTheGesture() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(DragProbe("drag"))
        s.down(1, 0, 0).drag(1, from: (0, 0), to: (40, 0), steps: 2).cancel(1, 40, 0)
        #expect(s.actions == ["drag began", "drag changed", "drag cancelled"])
    }

    @Test func timersFireAtTheirVirtualTime() {
        let probe = TimerProbe(name: "timer")
        probe.delay = 0.3
        let s = TouchScript()
        s.screen.addGestureRecognizer(probe)
        s.down(1, 0, 0)
        #expect(s.engine.nextDeadline == 0.3)
        s.wait(0.299)
        #expect(s.actions.isEmpty)
        s.wait(0.002)
        #expect(s.timedActions.map(\.1) == [0.3])
    }

    @Test func numberOfTouchesAndLocationFollowTheTrackedTouches() {
        let window = View(kind: .window(WindowInfo(id: 7)), frame: Rect(x: 100, y: 200, width: 800, height: 600))
        let probe = DragProbe("drag", fingers: 2)
        window.addGestureRecognizer(probe)
        let s = TouchScript()
        s.screen.addSubview(window)
        s.frame([(1, .began, 300, 400), (2, .began, 500, 400)])
        #expect(probe.numberOfTouches == 2)
        #expect(probe.location(in: nil) == Point(x: 400, y: 400))
        #expect(probe.location(in: window) == Point(x: 300, y: 200))
        #expect(probe.location(ofTouch: 1, in: window) == Point(x: 400, y: 200))
    }

    @Test func ignoringATouchHandsItToTheApplication() {
        final class IgnoreSecond: GestureRecognizer {
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
                for touch in touches where touch.id == TouchID(2) { ignore(touch) }
            }
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
                if state == .possible { state = .began }
            }
            override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { state = .ended }
        }
        let r = IgnoreSecond(name: "ignore")
        let s = TouchScript()
        s.screen.addGestureRecognizer(r)
        s.down(1, 0, 0).down(2, 50, 50)
        #expect(s.delivery(of: 2) == .rejected)
        #expect(r.numberOfTouches == 1)
        s.wait(0.01).move(2, 80, 80).move(1, 10, 0)
        #expect(s.delivery(of: 1) == .accepted)
    }
}

@testable import GestureEngine

/// A continuous recognizer for arena tests: begins once its touches move `threshold`
/// points, changes on every move after, ends when all its touches lift.
class DragProbe: GestureRecognizer {
    var threshold = 10.0
    var fingers = 1
    private var start = Point.zero
    private(set) var resetCount = 0
    private(set) var seenTouchIDs: [TouchID] = []

    init(_ name: String, fingers: Int = 1) {
        self.fingers = fingers
        super.init(name: name)
    }

    override var kind: GestureKind { .custom("drag-probe") }
    override var requiredNumberOfTouches: Int { fingers }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        seenTouchIDs.append(contentsOf: touches.map(\.id))
        if self.touches.count == touches.count { start = TouchGeometry.centroid(of: self.touches) }
        if self.touches.count > fingers { state = .failed }
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let moved = TouchGeometry.centroid(of: self.touches).distance(to: start)
        if state == .possible, self.touches.count == fingers, moved >= threshold {
            state = .began
        } else if state.isInProgress {
            state = .changed
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if self.touches.count == touches.count {
            state = state.isInProgress ? .ended : .failed
        }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        state = .cancelled
    }

    override func reset() {
        resetCount += 1
    }
}

/// A discrete recognizer for arena tests: recognizes when its touches lift having
/// moved less than 10 points, fails otherwise.
final class LiftProbe: GestureRecognizer {
    private(set) var resetCount = 0

    override var kind: GestureKind { .custom("lift-probe") }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches where touch.location.distance(to: touch.initialLocation) >= 10 {
            state = .failed
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if self.touches.count == touches.count { state = .recognized }
    }

    override func reset() {
        resetCount += 1
    }
}

/// A recognizer that recognizes when its timer fires, for timer and require-to-fail tests.
final class TimerProbe: GestureRecognizer {
    var delay = 0.3
    var failsOnLift = true

    override var kind: GestureKind { .custom("timer-probe") }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if deadline == nil { deadline = event.timestamp + delay }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if failsOnLift { state = .failed }
    }

    override func timerFired(at time: Double) {
        state = .recognized
    }
}

/// A delegate whose answers the tests set.
final class ProbeDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var receives: (Touch) -> Bool = { _ in true }
    var simultaneous = false
    var requireFailureOf: (GestureRecognizer) -> Bool = { _ in false }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receives(touch) }
    func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }
    func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool { requireFailureOf(other) }
}

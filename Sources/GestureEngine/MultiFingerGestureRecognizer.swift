/// The shared life of a continuous gesture measured over a fixed number of fingers: pinch and rotation.
///
/// UIKit's pinch and rotation follow two fingers; these follow 2 to 5. This class
/// owns the finger-count rules, and a subclass only measures:
/// - More fingers than required before it begins make it fail; after it began
///   the extra fingers are ignored. A lift or cancel before it begins fails it.
/// - Measuring starts when the required fingers are down. It begins once
///   `hasPassedHysteresis` says so.
/// - Once it began it ends only when every finger has lifted. While fewer than
///   the required fingers are down, the value holds and no action is sent; when
///   the finger set changes the next measurement re-bases, so the value never jumps.
open class MultiFingerGestureRecognizer: GestureRecognizer {
    /// How many fingers the gesture needs, from 2 to 5 (UIKit: 2).
    public var numberOfTouchesRequired = 2 {
        didSet {
            precondition(
                Thresholds.pinchRotationTouchCounts.contains(numberOfTouchesRequired),
                "a \(kind) needs 2 to 5 fingers, not \(numberOfTouchesRequired)")
        }
    }

    /// How fast the measured value changes, per second.
    public private(set) var velocity: Double = 0

    /// Whether the required fingers have been down together since the last reset.
    private var hasStarted = false
    /// Whether the finger set changed since the last measurement, so the next one re-bases.
    private var needsRebase = true
    /// Whether the gesture could have begun at the previous move. A move of only some of the
    /// fingers begins it only if the previous move could have too: where one finger's move
    /// reaches the daemon a frame before the other's (under GNOME Shell and Plasma, with the
    /// shell holding the touch grab first), two fingers swiping along their own line look, for
    /// that frame, like a spread about a still finger.
    private var couldBeginAtLastMove = false
    private var velocityTracker = VelocityTracker()

    open override var requiredNumberOfTouches: Int { numberOfTouchesRequired }

    /// Creates a recognizer with a name for logs.
    public override init(name: String = "") {
        super.init(name: name)
    }

    // MARK: What subclasses provide

    /// Measures the tracked fingers (exactly the required number) and returns the gesture's value.
    ///
    /// With `rebasing`, the finger set has changed: record the new base and
    /// return the value unchanged.
    open func measure(rebasing: Bool) -> Double {
        preconditionFailure("\(Self.self) must override measure(rebasing:)")
    }

    /// Whether the fingers have moved far enough, since measuring started, for the gesture to begin.
    open var hasPassedHysteresis: Bool {
        preconditionFailure("\(Self.self) must override hasPassedHysteresis")
    }

    /// Whether the gesture may begin now: by default, once past the hysteresis. A pinch also
    /// asks that scaling be the larger part of the motion.
    open var mayBegin: Bool { hasPassedHysteresis }

    /// Why the fingers' motion so far can no longer be this gesture, asked at each move that did
    /// not begin it; nil by default. A 2-finger pinch fails when its fingers scroll together.
    open var failureBeforeBeginning: FailureReason? { nil }

    /// The spread or turn is back within the hysteresis: the fingers were taken back.
    open override var isPastThreshold: Bool { hasPassedHysteresis }

    /// Tells the velocity estimate that the value was set from outside, so it does not see a jump.
    func valueWasSet(from old: Double, to new: Double) {
        velocityTracker.shift(dx: new - old)
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        let required = numberOfTouchesRequired
        var live = TouchGeometry.liveCount(of: self.touches)
        switch state {
        case .possible:
            if live > required {
                fail(.tooManyFingers(count: live, wanted: required))
            } else if live == required {
                needsRebase = true
                hasStarted = sample(at: event.timestamp)
            }
        case .began, .changed:
            // As UIKit does for a running pinch: fingers beyond the required count are
            // not its business, and a finger that replaces a lifted one re-bases.
            var accepted = touches.count
            for touch in touches.reversed() where live > required {
                ignore(touch)
                live -= 1
                accepted -= 1
            }
            if accepted > 0 { needsRebase = true }
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        switch state {
        case .possible:
            guard hasStarted, sample(at: event.timestamp) else { return }
            let may = mayBegin
            defer { couldBeginAtLastMove = may }
            if may {
                // Every finger moved in this frame, or the motion held for two frames.
                if touches.count >= TouchGeometry.liveCount(of: self.touches) || couldBeginAtLastMove {
                    state = .began
                }
            } else if let reason = failureBeforeBeginning {
                fail(reason)
            }
        case .began, .changed:
            // With fewer fingers than required the value holds and nothing is sent.
            if sample(at: event.timestamp) { state = .changed }
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        switch state {
        case .possible:
            fail(.liftedTooSoon)
        case .began, .changed:
            if TouchGeometry.liveCount(of: self.touches) == 0 {
                state = .ended
            } else {
                needsRebase = true
            }
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        // The engine turns this into failed while the gesture is still possible.
        if state == .possible { fail(.touchesCancelled) } else { state = .cancelled }
    }

    open override func reset() {
        super.reset()
        hasStarted = false
        needsRebase = true
        couldBeginAtLastMove = false
        velocity = 0
        velocityTracker.reset()
    }

    /// Measures when exactly the required fingers are tracked, updating the velocity; false otherwise.
    private func sample(at time: Double) -> Bool {
        guard touches.count == numberOfTouchesRequired else { return false }
        let value = measure(rebasing: needsRebase)
        needsRebase = false
        velocityTracker.add(time: time, x: value)
        velocity = velocityTracker.velocity().dx
        return true
    }
}

extension Thresholds {
    /// The finger counts pinch and rotation accept: UIKit's two, generalised up to a hand's five.
    public static let pinchRotationTouchCounts: ClosedRange<Int> = 2...5
}

/// A continuous recognizer for fingers turning around their centre, like `UIRotationGestureRecognizer`.
///
/// UIKit's rotation follows the line between two fingers. This one takes 2 to 5
/// fingers and follows the mean change of each finger's angle around their
/// centroid, which for two fingers is the turn of the line between them.
///
/// - The turn is accumulated event by event, each step wrapped into (-π, π], so
///   a gesture may pass ±180° and go on for whole turns, as UIKit's does.
/// - It begins once the fingers have turned by more than `hysteresis`; `rotation`
///   holds the whole turn since the required fingers were down.
/// - More fingers than required before it begins make it fail; after it began
///   the extra fingers are ignored. A lift or cancel before it begins fails it.
/// - Once it began it ends only when every finger has lifted. While fewer than
///   the required fingers are down, the rotation holds; when the finger set
///   changes the measurement is re-based, so the rotation never jumps.
open class RotationGestureRecognizer: GestureRecognizer {
    /// How many fingers the rotation needs, from 2 to 5 (UIKit: 2).
    public var numberOfTouchesRequired = 2 {
        didSet {
            precondition(Thresholds.pinchRotationTouchCounts.contains(numberOfTouchesRequired),
                         "a rotation needs 2 to 5 fingers, not \(numberOfTouchesRequired)")
        }
    }

    /// How far the fingers must turn before the rotation begins, in radians.
    public var hysteresis = Thresholds.rotationHysteresis

    /// The turn since the gesture started, in radians, clockwise positive on the screen.
    ///
    /// Setting it re-bases the measurement: later values continue from the value
    /// set, as in UIKit, where handlers often reset it to 0 after applying it.
    public var rotation: Double {
        get { currentRotation }
        set {
            velocityTracker.shift(dx: newValue - currentRotation)
            currentRotation = newValue
        }
    }

    /// How fast the fingers turn, in radians per second; negative counterclockwise.
    public private(set) var velocity: Double = 0

    private var currentRotation = 0.0
    /// The turn since the required fingers were down, in radians, for the hysteresis
    /// (unaffected by setting `rotation`).
    private var turn = 0.0
    /// Whether the required fingers have been down together since the last reset.
    private var hasStarted = false
    /// Whether the finger set changed since the last measurement, so the next one re-bases.
    private var needsRebase = true
    /// The fingers' angles around their centroid at the last measurement and now,
    /// two buffers swapped on each event so measuring allocates nothing.
    private var previousAngles: [Double] = []
    private var currentAngles: [Double] = []
    private var velocityTracker = VelocityTracker()

    open override var kind: String { "rotate" }

    open override var measurement: GestureMeasurement { .rotation(rotation: rotation, velocity: velocity) }

    open override var requiredNumberOfTouches: Int { numberOfTouchesRequired }

    /// Creates a rotation recognizer with a name for logs.
    public override init(name: String = "") {
        previousAngles.reserveCapacity(Thresholds.pinchRotationTouchCounts.upperBound)
        currentAngles.reserveCapacity(Thresholds.pinchRotationTouchCounts.upperBound)
        super.init(name: name)
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        let required = numberOfTouchesRequired
        var live = TouchGeometry.liveCount(of: self.touches)
        switch state {
        case .possible:
            if live > required {
                state = .failed
            } else if live == required {
                needsRebase = true
                hasStarted = measure(at: event.timestamp)
            }
        case .began, .changed:
            // As UIKit does for a running rotation: fingers beyond the required
            // count are not its business, and a finger that replaces a lifted one re-bases.
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
            guard hasStarted, measure(at: event.timestamp) else { return }
            if abs(turn) > hysteresis { state = .began }
        case .began, .changed:
            // With fewer fingers than required the rotation holds and sends nothing.
            if measure(at: event.timestamp) { state = .changed }
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        switch state {
        case .possible:
            state = .failed
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
        // The engine turns this into failed while the rotation is still possible.
        state = .cancelled
    }

    open override func reset() {
        super.reset()
        currentRotation = 0
        turn = 0
        hasStarted = false
        needsRebase = true
        velocity = 0
        previousAngles.removeAll(keepingCapacity: true)
        currentAngles.removeAll(keepingCapacity: true)
        velocityTracker.reset()
    }

    // MARK: Measuring

    /// Measures the turn of the required fingers since the last event and updates rotation and velocity.
    ///
    /// Returns false, measuring nothing, unless exactly the required fingers are
    /// tracked. After a change of the finger set it only records the new angles,
    /// so the rotation continues where it was.
    private func measure(at time: Double) -> Bool {
        guard touches.count == numberOfTouchesRequired else { return false }
        TouchGeometry.angles(of: touches, into: &currentAngles)
        if needsRebase {
            needsRebase = false
        } else {
            let change = TouchGeometry.meanAngleChange(from: previousAngles, to: currentAngles)
            turn += change
            currentRotation += change
        }
        swap(&previousAngles, &currentAngles)
        velocityTracker.add(time: time, x: currentRotation)
        velocity = velocityTracker.velocity().dx
        return true
    }
}

/// A continuous recognizer for fingers turning around their centre, like `UIRotationGestureRecognizer`.
///
/// UIKit's rotation follows the line between two fingers. This one takes 2 to 5
/// fingers and follows their turn around their centroid (`TouchGeometry.turn`: each
/// finger counts by its distance from the centre), which for two fingers is the turn of
/// the line between them.
///
/// - The turn is accumulated event by event, each step wrapped into (-π, π], so
///   a gesture may pass ±180° and go on for whole turns, as UIKit's does.
/// - It begins once the fingers have turned by more than `hysteresis`; `rotation`
///   holds the whole turn since the required fingers were down.
/// - The finger-count rules are `MultiFingerGestureRecognizer`'s.
open class RotationGestureRecognizer: MultiFingerGestureRecognizer {
    /// How far the fingers must turn before the rotation begins, in radians.
    public var hysteresis = Thresholds.rotationHysteresis

    /// The turn since the gesture started, in radians, clockwise positive on the screen.
    ///
    /// Setting it re-bases the measurement: later values continue from the value
    /// set, as in UIKit, where handlers often reset it to 0 after applying it.
    /// `velocity` is in radians per second; negative counterclockwise.
    public var rotation: Double {
        get { currentRotation }
        set {
            valueWasSet(from: currentRotation, to: newValue)
            currentRotation = newValue
        }
    }

    private var currentRotation = 0.0
    /// The turn since the required fingers were down, in radians, for the hysteresis
    /// (unaffected by setting `rotation`).
    private var turn = 0.0
    /// The fingers' offsets from their centroid at the last measurement and now,
    /// two buffers swapped on each event so measuring allocates nothing.
    private var previousOffsets: [Vector] = []
    private var currentOffsets: [Vector] = []

    open override var kind: GestureKind { .rotate }

    open override var measurement: GestureMeasurement { .rotation(rotation: rotation, velocity: velocity) }

    open override var hasPassedHysteresis: Bool { abs(turn) > hysteresis }

    /// Creates a rotation recognizer with a name for logs.
    public override init(name: String = "") {
        previousOffsets.reserveCapacity(Thresholds.pinchRotationTouchCounts.upperBound)
        currentOffsets.reserveCapacity(Thresholds.pinchRotationTouchCounts.upperBound)
        super.init(name: name)
    }

    open override func measure(rebasing: Bool) -> Double {
        TouchGeometry.offsets(of: touches, into: &currentOffsets)
        if !rebasing {
            let change = TouchGeometry.turn(from: previousOffsets, to: currentOffsets)
            turn += change
            currentRotation += change
        }
        swap(&previousOffsets, &currentOffsets)
        return currentRotation
    }

    open override func reset() {
        super.reset()
        currentRotation = 0
        turn = 0
        previousOffsets.removeAll(keepingCapacity: true)
        currentOffsets.removeAll(keepingCapacity: true)
    }
}

/// A continuous recognizer for fingers moving apart or together, like `UIPinchGestureRecognizer`.
///
/// UIKit's pinch uses two fingers and their distance. This one takes 2 to 5
/// fingers and measures their spread (`TouchGeometry.spread`: twice the mean
/// distance from the centroid, which for two fingers is their distance).
///
/// - The initial spread is taken when `numberOfTouchesRequired` fingers are down.
/// - It begins once the spread has changed by more than `hysteresis`; `scale`
///   is the spread over the initial spread, so at began it is already, say, 0.9.
/// - More fingers than required before it begins make it fail; after it began
///   the extra fingers are ignored. A lift or cancel before it begins fails it.
/// - Once it began it ends only when every finger has lifted. While fewer than
///   the required fingers are down, the scale holds; when the finger set changes
///   the measurement is re-based, so the scale never jumps.
open class PinchGestureRecognizer: GestureRecognizer {
    /// How many fingers the pinch needs, from 2 to 5 (UIKit: 2).
    public var numberOfTouchesRequired = 2 {
        didSet {
            precondition(Thresholds.pinchRotationTouchCounts.contains(numberOfTouchesRequired),
                         "a pinch needs 2 to 5 fingers, not \(numberOfTouchesRequired)")
        }
    }

    /// How much the spread must change before the pinch begins, in points.
    public var hysteresis = Thresholds.pinchHysteresis

    /// The scale since the gesture started: 1 is unchanged, 2 twice as far apart.
    ///
    /// Setting it re-bases the measurement: later values continue from the value
    /// set, as in UIKit, where handlers often reset it to 1 after applying it.
    public var scale: Double {
        get { currentScale }
        set {
            velocityTracker.shift(dx: newValue - currentScale)
            currentScale = newValue
            scaleBase = newValue
            spreadBase = lastSpread
        }
    }

    /// How fast the scale changes, in scale per second; negative while pinching in.
    public private(set) var velocity: Double = 0

    /// The spread when the required fingers were first down, in points; nil before.
    private var initialSpread: Double?
    /// The spread at the latest measurement, in points.
    private var lastSpread = 0.0
    /// The spread at the latest re-base, in points; the scale is measured against it.
    private var spreadBase = 0.0
    /// The scale at the latest re-base.
    private var scaleBase = 1.0
    private var currentScale = 1.0
    /// Whether the finger set changed since the last measurement, so the next one re-bases.
    private var needsRebase = true
    private var velocityTracker = VelocityTracker()

    open override var kind: String { "pinch" }

    open override var measurement: GestureMeasurement { .pinch(scale: scale, velocity: velocity) }

    open override var requiredNumberOfTouches: Int { numberOfTouchesRequired }

    /// Creates a pinch recognizer with a name for logs.
    public override init(name: String = "") {
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
                if measure(at: event.timestamp) { initialSpread = lastSpread }
            }
        case .began, .changed:
            // UIKit keeps a running pinch: fingers beyond the required count are
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
            guard let initialSpread, measure(at: event.timestamp) else { return }
            if abs(lastSpread - initialSpread) > hysteresis { state = .began }
        case .began, .changed:
            // With fewer fingers than required the pinch holds its scale and sends nothing.
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
        // The engine turns this into failed while the pinch is still possible.
        state = .cancelled
    }

    open override func reset() {
        super.reset()
        initialSpread = nil
        lastSpread = 0
        spreadBase = 0
        scaleBase = 1
        currentScale = 1
        needsRebase = true
        velocity = 0
        velocityTracker.reset()
    }

    // MARK: Measuring

    /// Measures the spread of the required fingers and updates scale and velocity.
    ///
    /// Returns false, measuring nothing, unless exactly the required fingers are
    /// tracked. After a change of the finger set it only takes the new spread as
    /// the base, so the scale continues where it was.
    private func measure(at time: Double) -> Bool {
        guard touches.count == numberOfTouchesRequired else { return false }
        let spread = TouchGeometry.spread(of: touches)
        // A zero base (fingers on one point) cannot be divided by: wait for a real spread.
        if needsRebase || spreadBase <= 0 {
            spreadBase = spread
            scaleBase = currentScale
            needsRebase = false
        } else {
            currentScale = scaleBase * spread / spreadBase
        }
        lastSpread = spread
        velocityTracker.add(time: time, x: currentScale)
        velocity = velocityTracker.velocity().dx
        return true
    }
}

extension Thresholds {
    /// The finger counts pinch and rotation accept: UIKit's two, generalised up to a hand's five.
    public static let pinchRotationTouchCounts: ClosedRange<Int> = 2...5
}

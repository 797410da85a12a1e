/// A continuous recognizer for fingers moving apart or together, like `UIPinchGestureRecognizer`.
///
/// UIKit's pinch uses two fingers and their distance. This one takes 2 to 5
/// fingers and measures their spread (`TouchGeometry.spread`: twice the mean
/// distance from the centroid, which for two fingers is their distance).
///
/// - The initial spread is taken when `numberOfTouchesRequired` fingers are down.
/// - It begins once the spread has changed by more than `hysteresis`; `scale`
///   is the spread over the initial spread, so at began it is already, say, 0.9.
/// - The finger-count rules are `MultiFingerGestureRecognizer`'s.
open class PinchGestureRecognizer: MultiFingerGestureRecognizer {
    /// How much the spread must change before the pinch begins, in points.
    public var hysteresis = Thresholds.pinchHysteresis

    /// The scale since the gesture started: 1 is unchanged, 2 twice as far apart.
    ///
    /// Setting it re-bases the measurement: later values continue from the value
    /// set, as in UIKit, where handlers often reset it to 1 after applying it.
    /// `velocity` is in scale per second; negative while pinching in.
    public var scale: Double {
        get { currentScale }
        set {
            valueWasSet(from: currentScale, to: newValue)
            currentScale = newValue
            scaleBase = newValue
            spreadBase = lastSpread
        }
    }

    /// The spread when the required fingers were first down, in points; nil before.
    private var initialSpread: Double?
    /// The spread at the latest measurement, in points.
    private var lastSpread = 0.0
    /// The spread at the latest re-base, in points; the scale is measured against it.
    private var spreadBase = 0.0
    /// The scale at the latest re-base.
    private var scaleBase = 1.0
    private var currentScale = 1.0

    open override var kind: GestureKind { .pinch }

    open override var measurement: GestureMeasurement { .pinch(scale: scale, velocity: velocity) }

    open override var hasPassedHysteresis: Bool {
        guard let initialSpread else { return false }
        return abs(lastSpread - initialSpread) > hysteresis
    }

    /// Creates a pinch recognizer with a name for logs.
    public override init(name: String = "") {
        super.init(name: name)
    }

    open override func measure(rebasing: Bool) -> Double {
        let spread = TouchGeometry.spread(of: touches)
        // A zero base (fingers on one point) cannot be divided by: wait for a real spread.
        if rebasing || spreadBase <= 0 {
            spreadBase = spread
            scaleBase = currentScale
        } else {
            currentScale = scaleBase * spread / spreadBase
        }
        if initialSpread == nil { initialSpread = spread }
        lastSpread = spread
        return currentScale
    }

    open override func reset() {
        super.reset()
        initialSpread = nil
        lastSpread = 0
        spreadBase = 0
        scaleBase = 1
        currentScale = 1
    }
}

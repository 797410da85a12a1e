/// A continuous recognizer for fingers moving apart or together, like `UIPinchGestureRecognizer`.
///
/// UIKit's pinch uses two fingers and their distance. This one takes 2 to 5
/// fingers and measures their spread (`TouchGeometry.spread`: twice the mean
/// distance from the centroid, which for two fingers is their distance).
///
/// - The initial spread is taken when `numberOfTouchesRequired` fingers are down.
/// - It begins once the spread has changed by `hysteresis` (UIKit's 8 pt) while scaling is the
///   dominant part of the motion, as in UIKit: the fingers' mean movement away from or
///   towards their centre is larger than the centre's own movement (a swipe, a drag) and
///   than their mean movement around it (a turn). A motion where scaling is not dominant
///   begins it only past `sweepingHysteresis` (24 pt): real hands pinch while sweeping (the
///   shared 3M recording's 3- and 5-finger pinch-ins move their centre 2.7 and 14 times as
///   far as they close at 8 pt), and a strict rule would lose them. A finger held still (a
///   thumb anchored while the index moves) makes it a pinch about that finger: it begins at
///   `hysteresis`, though the centre moves as far as the fingers spread. `scale` is the spread
///   over the initial spread, so at began it is already, say, 0.9.
/// - The finger-count rules are `MultiFingerGestureRecognizer`'s.
open class PinchGestureRecognizer: MultiFingerGestureRecognizer {
    /// How much the spread must change before the pinch begins, in points, when scaling
    /// dominates the motion (UIKit: 8 pt).
    public var hysteresis = Thresholds.pinchHysteresis
    /// How much it must change when scaling does not dominate: a pinch made while the hand
    /// sweeps or turns, in points (never less than `hysteresis`).
    public var sweepingHysteresis = Thresholds.pinchSweepingHysteresis

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
    /// Where the fingers and their centre were then, for `isScalingDominant`.
    private var startPoints: [Point] = []
    private var startCentroid = Point.zero
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
        return abs(lastSpread - initialSpread) >= hysteresis
    }

    open override var mayBegin: Bool {
        guard hasPassedHysteresis, let initialSpread else { return false }
        return isScalingDominant || abs(lastSpread - initialSpread) >= max(hysteresis, sweepingHysteresis)
    }

    /// Two fingers that travel `Thresholds.pinchParallelTravel` together while their spread
    /// stays within `hysteresis` (and neither holds still, a thumb anchoring a pinch) scroll or
    /// drag: the pinch fails, so that the application gets them at once instead of at the lift.
    /// Only for 2 fingers: real 3- and 5-finger pinches sweep while they close.
    open override var failureBeforeBeginning: FailureReason? {
        guard numberOfTouchesRequired == 2, let initialSpread, startPoints.count == touches.count else { return nil }
        let travelled = TouchGeometry.centroid(of: touches).distance(to: startCentroid)
        let spreadChange = abs(lastSpread - initialSpread)
        guard travelled >= Thresholds.pinchParallelTravel, spreadChange < hysteresis, !hasAnchoredFinger else {
            return nil
        }
        return .movedTogether(travelled: travelled, spreadChange: spreadChange, hysteresis: hysteresis)
    }

    /// Whether scaling is the larger part of the fingers' motion since measuring started: their
    /// mean radial movement (half the spread's change) against the centre's translation and
    /// against their mean movement around the centre (each finger's offset turned, as arc length).
    public var isScalingDominant: Bool {
        guard let initialSpread, startPoints.count == touches.count else { return false }
        let centroid = TouchGeometry.centroid(of: touches)
        var around = 0.0
        for index in touches.indices {
            let before = startPoints[index] - startCentroid
            let now = touches[index].location - centroid
            let radius = startPoints[index].distance(to: startCentroid)
            guard radius > 0 else { continue }
            // |before × now| / |before| is |now|·sin(turn): the arc a finger has moved around the centre.
            around += (before.dx * now.dy - before.dy * now.dx) / radius
        }
        around = abs(around) / Double(touches.count)
        let radial = abs(lastSpread - initialSpread) / 2
        guard radial > around else { return false }
        return radial > centroid.distance(to: startCentroid) || hasAnchoredFinger
    }

    /// Whether a finger has stayed put while the others spread or closed: a thumb held still
    /// while the index moves. That is a pinch about the thumb, whose centre moves as much as
    /// the fingers spread, and UIKit begins it at its 8 pt like any pinch. Put: moved less
    /// than `Thresholds.pinchAnchoredShare` of the spread's change (1 pt of 8), while every
    /// other finger moved along its line to it. A hand sweeping while it pinches moves every
    /// finger, so it still needs `sweepingHysteresis`.
    var hasAnchoredFinger: Bool {
        guard let initialSpread, startPoints.count == touches.count else { return false }
        let limit = abs(lastSpread - initialSpread) * Thresholds.pinchAnchoredShare
        guard
            let anchor = touches.indices.first(where: {
                touches[$0].location.distance(to: startPoints[$0]) < limit
            })
        else { return false }
        // Every other finger moved along its line to the anchor (towards or away from it), not
        // around it: a turn about a still thumb, or a wobble, is no pinch about it.
        for index in touches.indices where index != anchor {
            let line = startPoints[index] - startPoints[anchor]
            let moved = touches[index].location - startPoints[index]
            let length = (line.dx * line.dx + line.dy * line.dy).squareRoot()
            guard length > 0 else { return false }
            let along = abs(moved.dx * line.dx + moved.dy * line.dy) / length
            let across = abs(moved.dx * line.dy - moved.dy * line.dx) / length
            guard along > Thresholds.pinchAnchoredAlongRatio * across else { return false }
        }
        return true
    }

    /// Creates a pinch recognizer with a name for logs.
    public override init(name: String = "") {
        startPoints.reserveCapacity(Thresholds.pinchRotationTouchCounts.upperBound)
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
        if initialSpread == nil {
            initialSpread = spread
            startCentroid = TouchGeometry.centroid(of: touches)
            startPoints.removeAll(keepingCapacity: true)
            for touch in touches { startPoints.append(touch.location) }
        }
        lastSpread = spread
        return currentScale
    }

    open override func reset() {
        super.reset()
        initialSpread = nil
        startPoints.removeAll(keepingCapacity: true)
        lastSpread = 0
        spreadBase = 0
        scaleBase = 1
        currentScale = 1
    }
}

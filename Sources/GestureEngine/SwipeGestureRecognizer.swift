extension Thresholds {
    /// How far a swipe's fingers may travel before their direction is judged, in points.
    ///
    /// Below it, the jitter of a finger landing says nothing about the direction;
    /// it is the pan hysteresis (10 pt), the distance at which UIKit commits a drag.
    public static let swipeDirectionCheckDistance = panHysteresis
}

/// A discrete recognizer for a quick stroke in one direction (`UISwipeGestureRecognizer`).
///
/// It follows the centroid of `numberOfTouchesRequired` fingers and is recognized
/// during the stroke, as soon as the centroid has travelled `minimumDistance` in
/// one of the allowed directions without straying more than `maximumAngle` from
/// its axis. It fails when the stroke takes longer than `maximumDuration` from the
/// first touch-down, heads off every allowed axis, gets too many fingers, or a
/// finger lifts first.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a stroke may be recognized in (a mask, as in UIKit).
    public var direction: SwipeDirection = .right
    /// How many fingers make the swipe; more fail it, fewer fail it after the finger window.
    public var numberOfTouchesRequired = 1
    /// How far the centroid must travel along the direction's axis, in points.
    public var minimumDistance = Thresholds.swipeMinimumDistance
    /// How long after the first touch-down the stroke may take to cover that distance, in seconds.
    public var maximumDuration = Thresholds.swipeMaximumDuration
    /// How far the stroke may point off the direction's axis, in radians.
    public var maximumAngle = Thresholds.swipeMaximumAngle
    /// The one direction the stroke was recognized in; empty until recognized.
    public private(set) var recognizedDirection: SwipeDirection = []

    /// Where the centroid would be with no travel, in screen points; moves with the
    /// centroid when a finger lands, so a late finger does not look like travel.
    var origin: Point = .zero
    /// The centroid's travel since the first touch-down, in points.
    var travel: Vector = .zero

    /// The single directions with their unit vectors on a y-down screen: UIKit's four, and
    /// the diagonals a binding may ask for.
    static let axes: [(SwipeDirection, Vector)] = SwipeDirection.named.map { ($0.0, $0.2) }

    override open var kind: GestureKind { .swipe }

    override open var requiredNumberOfTouches: Int { numberOfTouchesRequired }

    override open var measurement: GestureMeasurement { .swipe(direction: recognizedDirection) }

    /// Where the swipe began, as UIKit documents for a swipe's `location(in:)`: the centroid's
    /// starting point, moved along when a late finger lands so that it stays the stroke's start.
    ///
    /// The centroid now is this plus the travel.
    override open func location(in view: View?) -> Point {
        view?.convert(fromScreen: origin) ?? origin
    }

    // MARK: Touches

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        if self.touches.count > numberOfTouchesRequired {
            fail(.tooManyFingers(count: self.touches.count, wanted: numberOfTouchesRequired))
            return
        }
        let old = centroidOfTrackedTouches(excluding: touches)
        if old.count == 0 {
            // The stroke's clock starts with the first finger.
            deadline = event.timestamp + maximumDuration
            origin = centroidOfTrackedTouches(excluding: []).point
            travel = .zero
            return
        }
        // The fingers already down may have moved in this frame: count that, then re-base.
        travel = old.point - origin
        origin = centroidOfTrackedTouches(excluding: []).point - travel
        evaluate()
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        travel = centroidOfTrackedTouches(excluding: []).point - origin
        evaluate()
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        // A swipe is recognized while the fingers move; one lifting first means it was not.
        fail(.liftedTooSoon)
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        fail(.touchesCancelled)
    }

    override open func timerFired(at time: Double) {
        super.timerFired(at: time)
        // Too slow: the stroke did not cover the distance within the maximum duration.
        if state == .possible {
            let along = closestAllowedAxis()?.1 ?? 0
            fail(.tooSlow(travelled: along, distance: minimumDistance, within: maximumDuration))
        }
    }

    override open func reset() {
        super.reset()
        origin = .zero
        travel = .zero
        recognizedDirection = []
    }

    // MARK: Judging the stroke

    /// Recognizes once the travel is long enough along an allowed axis; fails once it
    /// is long enough to judge and points off every allowed axis.
    ///
    /// The direction is judged only once all the required fingers are down. Real hands
    /// land over up to 275 ms, and the first finger often starts the stroke alone,
    /// bent away from the final direction (the Dell Canvas 4-finger swipe up drifts
    /// 32° off vertical in its first 90 ms); its travel still counts once the others land.
    func evaluate() {
        guard travel.length > Thresholds.swipeDirectionCheckDistance,
            unfinishedTouchCount == numberOfTouchesRequired
        else { return }
        guard let (best, along) = closestAllowedAxis() else {
            fail(.wrongDirection(went: PanGestureRecognizer.dominantDirections(of: travel), allowed: direction))
            return
        }
        guard along >= minimumDistance else { return }
        recognizedDirection = best
        state = .recognized
    }

    /// The allowed direction whose axis the travel is nearest, within `maximumAngle`,
    /// and the distance travelled along it; nil when the travel is off every allowed axis.
    func closestAllowedAxis() -> (SwipeDirection, Double)? {
        var best: (direction: SwipeDirection, along: Double, angle: Double)?
        for (candidate, unit) in Self.axes where direction.contains(candidate) {
            let along = travel.dx * unit.dx + travel.dy * unit.dy
            guard along > 0 else { continue }
            let across = abs(travel.dx * unit.dy - travel.dy * unit.dx)
            let angle = atan2(across, along)
            // A diagonal takes at most half the 45° between it and the axes beside it.
            let allowed = SwipeDirection.diagonals.contains(candidate) ? min(maximumAngle, .pi / 8) : maximumAngle
            guard angle <= allowed, best.map({ angle < $0.angle }) ?? true else { continue }
            best = (candidate, along, angle)
        }
        return best.map { ($0.direction, $0.along) }
    }
}

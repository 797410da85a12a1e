/// A continuous recognizer for fingers dragging across the screen (`UIPanGestureRecognizer`).
///
/// It follows the centroid of its touches, so one finger and five behave alike.
/// It begins once the centroid has moved `hysteresis` along either axis (UIKit's `>=`)
/// while between `minimumNumberOfTouches` and `maximumNumberOfTouches` fingers are
/// down, changes as they move, and ends when its last finger lifts. As in UIKit, the
/// translation it reports leaves out the hysteresis, so a drag from x = 100 to x = 130
/// begins with a translation of 20, not 30; and a pan that waited for another recognizer
/// to fail (`require(toFail:)`) begins where the fingers are then, with a translation of zero.
open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers that make a pan; fewer at touch-down fail it after the finger window.
    public var minimumNumberOfTouches = 1
    /// The most fingers it tracks; later fingers are ignored and left to other recognizers.
    public var maximumNumberOfTouches = Int.max
    /// How far the centroid must move along either axis before the pan begins, in points.
    public var hysteresis = Thresholds.panHysteresis
    /// The directions the pan may start in; it fails when it starts in another.
    ///
    /// Not in UIKit: it lets an edge binding such as `pan: {direction: right}`
    /// claim only drags away from the edge. The direction is the larger axis of the
    /// movement when the hysteresis is crossed, with its sign.
    public var allowedDirections: SwipeDirection = .all

    /// Where the centroid would be with zero translation, in screen points.
    ///
    /// Whenever the touch set changes it moves with the centroid, so that a finger
    /// landing or lifting does not make the translation jump.
    var origin: Point = .zero
    /// The centroid of the tracked touches at the last event, in screen points.
    var trackedCentroid: Point = .zero
    /// The translation at the last event, in points.
    var currentTranslation: Vector = .zero
    /// The translation over time, for `velocity(in:)`.
    var tracker = VelocityTracker()
    /// The time of the tracker's newest sample; a second callback in the same frame adds none.
    var lastSampleTime: Double?
    /// The hysteresis left out of the translation when the pan began (and any `setTranslation`
    /// since), so that translation plus it is the centroid's movement since the fingers landed.
    var hiddenMovement: Vector = .zero

    override open var kind: GestureKind { .pan }

    override open var requiredNumberOfTouches: Int { minimumNumberOfTouches }

    override open var measurement: GestureMeasurement {
        .pan(translation: translation(in: nil), velocity: velocity(in: nil))
    }

    /// Whether the centroid is still past the hysteresis, on either axis, in a direction the pan
    /// may go; false when the fingers were taken back near where they landed.
    override open var isPastThreshold: Bool {
        let moved = currentTranslation + hiddenMovement
        guard abs(moved.dx) >= hysteresis || abs(moved.dy) >= hysteresis else { return false }
        return !allowedDirections.intersection(Self.dominantDirections(of: moved)).isEmpty
    }

    /// The movement of the centroid since the pan began, less the hysteresis, in points.
    ///
    /// Views only translate, never scale or rotate, so the vector is the same in
    /// every view's coordinates and `view` only exists for UIKit's signature.
    public func translation(in view: View?) -> Vector {
        currentTranslation
    }

    /// Makes the translation `translation` now, so that later movement adds to it.
    ///
    /// Velocity is unaffected: the stored samples move by the same amount.
    public func setTranslation(_ translation: Vector, in view: View?) {
        tracker.shift(dx: translation.dx - currentTranslation.dx, dy: translation.dy - currentTranslation.dy)
        hiddenMovement = hiddenMovement + (currentTranslation - translation)
        origin = trackedCentroid - translation
        currentTranslation = translation
    }

    /// How fast the centroid moves, in points per second, over the last `Thresholds.velocityWindow`.
    public func velocity(in view: View?) -> Vector {
        tracker.velocity()
    }

    // MARK: Touches

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        // Fingers beyond the maximum are not part of the pan; the latest ones go first.
        for touch in touches.reversed() where self.touches.count > maximumNumberOfTouches {
            ignore(touch)
        }
        let old = centroidOfTrackedTouches(excluding: touches)
        guard old.count < self.touches.count else { return }
        if old.count == 0 {
            tracker.reset()
            lastSampleTime = nil
            trackedCentroid = centroidOfTrackedTouches(excluding: []).point
            origin = trackedCentroid
            currentTranslation = .zero
            sample(at: event.timestamp)
            return
        }
        // The fingers already down may have moved in this frame: count that first.
        follow(old.point, at: event.timestamp)
        rebase(to: centroidOfTrackedTouches(excluding: []).point)
        if state.isInProgress { state = .changed }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        let before = currentTranslation
        follow(centroidOfTrackedTouches(excluding: []).point, at: event.timestamp)
        switch state {
        case .possible:
            beginIfPastHysteresis()
        case .began, .changed:
            if currentTranslation != before { state = .changed }
        case .ended, .cancelled, .failed:
            break
        }
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        follow(centroidOfTrackedTouches(excluding: []).point, at: event.timestamp)
        let remaining = centroidOfTrackedTouches(excluding: touches)
        switch state {
        case .possible:
            // With no finger left the engine fails it: the sequence ended unrecognized.
            if remaining.count > 0 { rebase(to: remaining.point) }
        case .began, .changed:
            // Once begun, a pan follows its fingers down to the last (UIKit): a 2-finger pan
            // whose first finger lifts goes on with the other.
            if remaining.count == 0 {
                state = .ended
            } else {
                rebase(to: remaining.point)
                state = .changed
            }
        case .ended, .cancelled, .failed:
            break
        }
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        if state.isInProgress { state = .cancelled } else { fail(.touchesCancelled) }
    }

    override open func reset() {
        super.reset()
        origin = .zero
        trackedCentroid = .zero
        currentTranslation = .zero
        hiddenMovement = .zero
        tracker.reset()
        lastSampleTime = nil
    }

    // MARK: Tracking

    /// Records the centroid's new position: translation and a velocity sample.
    func follow(_ centroid: Point, at time: Double) {
        trackedCentroid = centroid
        currentTranslation = centroid - origin
        if state == .possible, unfinishedTouchCount < minimumNumberOfTouches {
            // Too few fingers for a pan: their movement does not count toward the hysteresis.
            origin = centroid
            currentTranslation = .zero
            tracker.reset()
            lastSampleTime = nil
        }
        sample(at: time)
    }

    /// Released from waiting for another recognizer to fail: it begins where its fingers are
    /// now, with a translation of zero and no velocity yet, as UIKit's pan does.
    override open func resumeAfterWaiting(at time: Double) -> Bool {
        let centroid = centroidOfTrackedTouches(excluding: []).point
        let moved = centroid - origin + hiddenMovement
        origin = centroid
        trackedCentroid = centroid
        currentTranslation = .zero
        hiddenMovement = moved
        tracker.reset()
        lastSampleTime = nil
        sample(at: time)
        return true
    }

    /// Moves the origin with the centroid of a changed touch set, keeping the translation.
    func rebase(to centroid: Point) {
        trackedCentroid = centroid
        origin = centroid - currentTranslation
    }

    func sample(at time: Double) {
        guard lastSampleTime != time else { return }
        lastSampleTime = time
        tracker.add(time: time, x: currentTranslation.dx, y: currentTranslation.dy)
    }

    /// Begins, or fails on a disallowed direction, once the translation is past the hysteresis on an axis.
    func beginIfPastHysteresis() {
        let moved = currentTranslation
        // UIKit begins once the movement reaches the hysteresis (>=), not only beyond it.
        let crossesX = abs(moved.dx) >= hysteresis
        let crossesY = abs(moved.dy) >= hysteresis
        guard crossesX || crossesY else { return }
        let count = unfinishedTouchCount
        guard count >= minimumNumberOfTouches, count <= maximumNumberOfTouches else { return }
        guard !allowedDirections.intersection(Self.dominantDirections(of: moved)).isEmpty else {
            fail(.wrongDirection(went: Self.dominantDirections(of: moved), allowed: allowedDirections))
            return
        }
        // UIKit leaves the hysteresis out of the translation, on each axis that crossed it.
        let offset = Vector(
            dx: crossesX ? (moved.dx > 0 ? hysteresis : -hysteresis) : 0,
            dy: crossesY ? (moved.dy > 0 ? hysteresis : -hysteresis) : 0)
        origin = origin + offset
        hiddenMovement = offset
        currentTranslation = moved - offset
        tracker.shift(dx: -offset.dx, dy: -offset.dy)
        state = .began
    }

    /// The direction of the larger axis of `movement`, with its sign; both axes' on a tie.
    static func dominantDirections(of movement: Vector) -> SwipeDirection {
        var result: SwipeDirection = []
        if abs(movement.dx) >= abs(movement.dy) { result.insert(movement.dx > 0 ? .right : .left) }
        if abs(movement.dy) >= abs(movement.dx) { result.insert(movement.dy > 0 ? .down : .up) }
        return result
    }
}

extension GestureRecognizer {
    /// The number of tracked touches that have not ended or been cancelled.
    var unfinishedTouchCount: Int {
        var count = 0
        for touch in touches where !touch.phase.isFinished { count += 1 }
        return count
    }

    /// The centroid and count of the tracked touches other than `excluded`, without allocating.
    ///
    /// Pan and swipe use it to measure the finger set before and after a finger lands or lifts.
    func centroidOfTrackedTouches(excluding excluded: [Touch]) -> (point: Point, count: Int) {
        var x = 0.0, y = 0.0, count = 0
        for touch in touches where !excluded.contains(where: { $0 === touch }) {
            x += touch.location.x
            y += touch.location.y
            count += 1
        }
        guard count > 0 else { return (.zero, 0) }
        return (Point(x: x / Double(count), y: y / Double(count)), count)
    }
}

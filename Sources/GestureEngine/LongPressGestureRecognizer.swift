/// A continuous recognizer for fingers held still, like `UILongPressGestureRecognizer`.
///
/// It begins once `numberOfTouchesRequired` fingers have stayed down for
/// `minimumPressDuration`, counted from the press's first touch-down, without
/// any finger moving more than `allowableMovement`; a lift, an extra finger or
/// too much movement before that makes it fail. Once it has begun, movement is
/// unlimited and reported as `changed`, extra fingers are ignored, the first
/// lift ends it and a system cancel cancels it.
///
/// `numberOfTapsRequired` quick taps with the same finger count may have to
/// come first, each within the tap limits (`Thresholds.tapMaximumDuration`
/// held, `Thresholds.tapMaximumInterval` apart), as UIKit's tap-and-hold.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How many taps must come before the press (UIKit's default 0).
    public var numberOfTapsRequired = 0 {
        didSet { precondition(numberOfTapsRequired >= 0, "the number of taps cannot be negative") }
    }

    /// How many fingers must press (UIKit's default 1).
    public var numberOfTouchesRequired = 1 {
        didSet {
            precondition((1...10).contains(numberOfTouchesRequired), "a long press uses 1 to 10 fingers")
        }
    }

    /// How long the fingers must stay down before it begins, in seconds.
    public var minimumPressDuration = Thresholds.longPressMinimumDuration
    /// How far each finger may move from its touch-down before it begins, in points.
    public var allowableMovement = Thresholds.longPressAllowableMovement

    /// Taps finished so far before the press.
    private var completedTaps = 0
    /// The most fingers the current tap or press has held at once; 0 before its first touch-down.
    private var stagePeak = 0
    /// Whether a finger of the current tap has already lifted.
    private var isStageLifting = false
    /// Whether the press has lasted `minimumPressDuration`, though not all fingers are down yet.
    private var isDurationReached = false
    /// The centroid of the tracked touches when it began, in screen points.
    private var startCentroid: Point = .zero
    /// The centroid's movement since it began, in points.
    private var translation: Vector = .zero

    /// Creates a long-press recognizer with a name for logs.
    public override init(name: String = "") {
        super.init(name: name)
    }

    open override var kind: GestureKind { .longPress }

    open override var measurement: GestureMeasurement { .longPress(translation: translation) }

    open override var requiredNumberOfTouches: Int { numberOfTouchesRequired }

    /// Whether the taps are done and the fingers now down make the press itself.
    private var isPressStage: Bool { completedTaps >= numberOfTapsRequired }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        switch state {
        case .possible:
            break
        case .began, .changed:
            // UIKit keeps reporting the fingers that began the press; later ones do not count.
            for touch in touches { ignore(touch) }
            return
        case .ended, .cancelled, .failed:
            return
        }
        if isStageLifting {
            fail(.landedWhileLifting)
            return
        }
        if self.touches.count > numberOfTouchesRequired {
            fail(.tooManyFingers(count: self.touches.count, wanted: numberOfTouchesRequired))
            return
        }
        if stagePeak == 0 {
            // The first touch-down of a tap or of the press starts its clock,
            // replacing the interval timer of the tap before.
            deadline = event.timestamp + (isPressStage ? minimumPressDuration : Thresholds.tapMaximumDuration)
        }
        stagePeak = max(stagePeak, self.touches.count)
        if isPressStage, isDurationReached, self.touches.count == numberOfTouchesRequired {
            begin()
        }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        switch state {
        case .possible:
            for touch in touches where touch.location.distance(to: touch.initialLocation) > allowableMovement {
                fail(
                    .movedTooFar(moved: touch.location.distance(to: touch.initialLocation), allowed: allowableMovement))
                return
            }
        case .began, .changed:
            translation = TouchGeometry.centroid(of: self.touches) - startCentroid
            state = .changed
        case .ended, .cancelled, .failed:
            return
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        switch state {
        case .possible:
            liftBeforeBegan(touches, at: event.timestamp)
        case .began, .changed:
            // Any lift ends the press; `touches` still holds the lifting fingers.
            translation = TouchGeometry.centroid(of: self.touches) - startCentroid
            state = .ended
        case .ended, .cancelled, .failed:
            return
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        switch state {
        case .possible:
            fail(.touchesCancelled)
        case .began, .changed:
            state = .cancelled
        case .ended, .cancelled, .failed:
            return
        }
    }

    /// A tap was held too long, the next tap or the press came too late, or the press has lasted long enough.
    open override func timerFired(at time: Double) {
        super.timerFired(at: time)
        guard state == .possible else { return }
        guard isPressStage, !touches.isEmpty else {
            fail(
                stagePeak > 0
                    ? .heldTooLong(allowed: Thresholds.tapMaximumDuration)
                    : .nextTapTooLate(allowed: Thresholds.tapMaximumInterval))
            return
        }
        isDurationReached = true
        // With fewer fingers down, it begins when the last one lands (the
        // engine fails it if that takes longer than the finger window).
        if touches.count == numberOfTouchesRequired { begin() }
    }

    open override func reset() {
        super.reset()
        completedTaps = 0
        stagePeak = 0
        isStageLifting = false
        isDurationReached = false
        startCentroid = .zero
        translation = .zero
    }

    // MARK: Helpers

    private func begin() {
        startCentroid = TouchGeometry.centroid(of: touches)
        translation = .zero
        deadline = nil
        state = .began
    }

    /// A finger lifted before the press began: the end of a tap, or a failure.
    private func liftBeforeBegan(_ lifted: [Touch], at time: Double) {
        guard !isPressStage else {
            fail(.liftedTooSoon)
            return
        }
        for touch in lifted where touch.location.distance(to: touch.initialLocation) > allowableMovement {
            fail(.movedTooFar(moved: touch.location.distance(to: touch.initialLocation), allowed: allowableMovement))
            return
        }
        isStageLifting = true
        // During the callback `touches` still holds the fingers lifting now.
        for touch in touches where touch.phase != .ended { return }
        guard stagePeak == numberOfTouchesRequired else {
            fail(.tooFewFingers(count: stagePeak, wanted: numberOfTouchesRequired))
            return
        }
        completedTaps += 1
        stagePeak = 0
        isStageLifting = false
        deadline = time + Thresholds.tapMaximumInterval
    }
}

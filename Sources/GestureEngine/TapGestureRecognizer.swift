/// A discrete recognizer for one or more taps of one or more fingers, like `UITapGestureRecognizer`.
///
/// It goes `possible → ended` at the last lift of the last required tap, or
/// `possible → failed`. A tap counts once all its fingers have lifted; at its
/// fullest it must have held exactly `numberOfTouchesRequired` fingers. The
/// fingers may not stray more than `allowableMovement` from where they touched
/// down, nor (for later taps) from the first tap's fingers, which is where
/// UIKit measures a multi-tap. Each tap may last `maximumTapDuration` from its
/// first touch-down, and the next tap must touch down within
/// `maximumTapInterval` of the previous tap's last lift. The engine fails it
/// when a multi-finger tap's fingers do not all land within `fingerWindow`.
open class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture (UIKit's default 1).
    public var numberOfTapsRequired = 1 {
        didSet { precondition(numberOfTapsRequired >= 1, "a tap needs at least one tap") }
    }

    /// How many fingers each tap uses, 1 to 10 (UIKit's default 1).
    public var numberOfTouchesRequired = 1 {
        didSet {
            precondition((1...10).contains(numberOfTouchesRequired), "a tap uses 1 to 10 fingers")
        }
    }

    /// How far each finger may move from where it touched down, in points.
    public var allowableMovement = Thresholds.tapAllowableMovement
    /// The longest gap from a tap's last lift to the next tap's first touch-down, in seconds.
    public var maximumTapInterval = Thresholds.tapMaximumInterval
    /// The longest a tap may last from its first touch-down, in seconds.
    public var maximumTapDuration = Thresholds.tapMaximumDuration

    /// Taps finished so far in this sequence.
    private var completedTaps = 0
    /// The most fingers the current tap has held at once; 0 before its first touch-down.
    private var currentTapPeak = 0
    /// Whether a finger of the current tap has already lifted.
    private var isCurrentTapLifting = false
    /// Where the first tap's fingers touched down, in screen points.
    private var firstTapPoints: [Point] = []

    /// Creates a tap recognizer with a name for logs.
    public override init(name: String = "") {
        super.init(name: name)
        firstTapPoints.reserveCapacity(10)
    }

    open override var kind: GestureKind { .tap }

    open override var measurement: GestureMeasurement { .tap(taps: numberOfTapsRequired) }

    open override var requiredNumberOfTouches: Int { numberOfTouchesRequired }

    /// The centroid of the first tap's touch-down points, in `view`'s coordinates.
    ///
    /// UIKit reports a multi-tap where it started, not where the last tap landed.
    open override func location(in view: View?) -> Point {
        guard !firstTapPoints.isEmpty else { return super.location(in: view) }
        var x = 0.0, y = 0.0
        for point in firstTapPoints {
            x += point.x
            y += point.y
        }
        let count = Double(firstTapPoints.count)
        let screen = Point(x: x / count, y: y / count)
        return view?.convert(fromScreen: screen) ?? screen
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible else { return }
        // A finger landing after another of the same tap lifted starts no new
        // tap; too many fingers is not this tap.
        if isCurrentTapLifting {
            fail(.landedWhileLifting)
            return
        }
        if self.touches.count > numberOfTouchesRequired {
            fail(.tooManyFingers(count: self.touches.count, wanted: numberOfTouchesRequired))
            return
        }
        if currentTapPeak == 0 {
            // The tap's first touch-down starts its clock, replacing the interval timer.
            deadline = event.timestamp + maximumTapDuration
        }
        currentTapPeak = max(currentTapPeak, self.touches.count)
        for touch in touches {
            if completedTaps == 0 {
                firstTapPoints.append(touch.initialLocation)
            } else if hasMovedTooFar(touch) {
                fail(.movedTooFar(moved: movement(of: touch), allowed: allowableMovement))
                return
            }
        }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .possible else { return }
        for touch in touches where hasMovedTooFar(touch) {
            fail(.movedTooFar(moved: movement(of: touch), allowed: allowableMovement))
            return
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        guard state == .possible else { return }
        for touch in touches where hasMovedTooFar(touch) {
            fail(.movedTooFar(moved: movement(of: touch), allowed: allowableMovement))
            return
        }
        isCurrentTapLifting = true
        // During the callback `touches` still holds the fingers lifting now.
        for touch in self.touches where touch.phase != .ended { return }
        finishTap(at: event.timestamp)
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        fail(.touchesCancelled)
    }

    /// The tap was held too long, or the next tap did not come in time.
    open override func timerFired(at time: Double) {
        super.timerFired(at: time)
        fail(
            currentTapPeak > 0
                ? .heldTooLong(allowed: maximumTapDuration) : .nextTapTooLate(allowed: maximumTapInterval))
    }

    open override func reset() {
        super.reset()
        completedTaps = 0
        currentTapPeak = 0
        isCurrentTapLifting = false
        firstTapPoints.removeAll(keepingCapacity: true)
    }

    /// Whether a tap may make `other` fail by recognizing.
    ///
    /// UIKit's class rule: a tap never prevents a tap that needs more taps (so a
    /// double tap survives the single tap recognizing on its first lift), nor a
    /// long press with the same finger count (so tap-then-hold stays possible).
    open override func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        if let press = other as? LongPressGestureRecognizer,
            press.numberOfTouchesRequired == numberOfTouchesRequired
        {
            return false
        }
        return super.canPrevent(other)
    }

    // MARK: Helpers

    /// Every finger of a tap has lifted: recognize on the last tap, else wait for the next.
    private func finishTap(at time: Double) {
        guard currentTapPeak == numberOfTouchesRequired else {
            // Fewer fingers than required, lifted before the finger window closed.
            fail(.tooFewFingers(count: currentTapPeak, wanted: numberOfTouchesRequired))
            return
        }
        completedTaps += 1
        currentTapPeak = 0
        isCurrentTapLifting = false
        if completedTaps == numberOfTapsRequired {
            deadline = nil
            state = .ended
        } else {
            deadline = time + maximumTapInterval
        }
    }

    /// How far a finger is from where it landed or, on a later tap, from the nearest finger of
    /// the first tap, in points.
    private func movement(of touch: Touch) -> Double {
        var moved = touch.location.distance(to: touch.initialLocation)
        if completedTaps > 0 {
            moved = max(moved, firstTapPoints.map { $0.distance(to: touch.location) }.min() ?? 0)
        }
        return moved
    }

    /// Whether a finger is beyond `allowableMovement` from its touch-down or, on a
    /// later tap, from every finger of the first tap.
    private func hasMovedTooFar(_ touch: Touch) -> Bool {
        if touch.location.distance(to: touch.initialLocation) > allowableMovement { return true }
        guard completedTaps > 0 else { return false }
        for point in firstTapPoints where point.distance(to: touch.location) <= allowableMovement {
            return false
        }
        return true
    }
}

extension Thresholds {
    /// The shortest path a stroke may be, in points: shorter is a tap or a wobble.
    public static let strokeMinimumLength = 60.0
    /// How long a path must be before a stroke asks whether it can still become one of its
    /// shapes, in points: shorter, the hook a landing finger or pen draws is most of it. Tuned
    /// with `StrokeClassifier.prefixTolerance` on the tuning part of the $1 set (subjects 1–3):
    /// from 30 pt, one drawing per shape lost 5 points of accuracy against deciding at the lift;
    /// from 60, 1.5; from 80, 0.7 (`StrokeAccuracyTests`).
    public static let strokeFirstCheckLength = 80.0
    /// How much longer the path must grow before it is asked again, as a factor (25 % longer).
    public static let strokeCheckGrowth = 1.25
    /// How long a stroke's fingers may rest where they landed (within 10 pt) before they move,
    /// in seconds: longer, they press (for a long press or a context menu), they do not draw.
    /// On the tuning part of the $1 set (subjects 1–3) the longest any drawing rested before it
    /// left 10 pt was 0.45 s (99 % within 0.20 s); UIKit's long press begins at 0.5 s.
    public static let strokeLongestRest = 0.5
    /// How long a stroke's path may stop (within 10 pt) once it has moved, in seconds: longer,
    /// the finger is dragging and holding, not drawing. On the tuning part of the $1 set the
    /// longest stop in a drawing, the last one before the lift included, was 0.92 s (99 % within 0.53 s).
    public static let strokeLongestPause = 1.0
}

/// A discrete recognizer for a drawn shape: a checkmark, a circle, a letter (the seeds'
/// custom recognizers, made general). It follows the centroid of `numberOfTouchesRequired`
/// fingers and, when they all lift, names the path's shape with `classifier`; it is
/// recognized if that is one of `shapes` and close enough, else it fails saying what it
/// looked like. Like a tap, it decides at the lift, so recognizers that wait for it
/// (`require(toFail:)`) wait until then.
///
/// It decides early (`decidesEarly`): as the path grows it asks whether the path so far could
/// still become one of its shapes (`StrokeClassifier.couldBecome`), and fails as soon as it
/// cannot, so that a scroll or a drag that is none of them reaches the application while it
/// moves instead of at its lift (issue 25). Deciding early, it also fails when the fingers keep
/// still longer than a drawing does (`Thresholds.strokeLongestRest` before they move,
/// `strokeLongestPause` once moving), so that a press or a drag that stops is the
/// application's then, not at its lift.
///
/// Only the shapes bound on the touch compete, as only attached recognizers do in UIKit: the
/// path is compared once, at the lift, with the shapes of every stroke recognizer the touches
/// were delivered to (same fingers, same templates), and that one answer is handed to them
/// all, so a lift costs one classification however many stroke bindings see it.
open class StrokeGestureRecognizer: GestureRecognizer {
    /// How many fingers draw it; more fail it, fewer fail it after the finger window.
    public var numberOfTouchesRequired = 1
    /// The shape names it accepts (`StrokeShapes.names`, or a template's own name).
    public var shapes: [String] = [] {
        didSet {
            allowedShapes = Self.allowed(shapes, in: classifier)
            quotedShapes = shapes.map { "'\($0)'" }.joined(separator: " or ")
        }
    }
    /// The templates it matches against.
    public var classifier = StrokeShapes.classifier {
        didSet { allowedShapes = Self.allowed(shapes, in: classifier) }
    }
    /// Whether it fails as soon as the path can no longer become one of `shapes` or the fingers
    /// keep still longer than a drawing does; when false, only at the lift.
    public var decidesEarly = true
    /// How long the fingers must rest before the stroke is drawn, in seconds (`start: hold`:
    /// a long press that turns into a stroke); nil: it is drawn from the landing. Fingers that
    /// move more than `holdAllowableMovement` first fail it at once.
    public var holdDuration: Double?
    /// How far the fingers may move while they rest, in points (a long press's 10 pt).
    public var holdAllowableMovement = Thresholds.longPressAllowableMovement
    /// The largest distance it accepts; nil: each template's own (`StrokeClassifier`).
    public var maximumDistance: Double?
    /// The shortest path it accepts, in points.
    public var minimumLength = Thresholds.strokeMinimumLength
    /// The shape recognized; nil until then.
    public private(set) var recognizedShape: String?
    /// How many times this recognizer compared a path with templates (tests count lifts).
    public private(set) var classifications = 0

    /// The centroid's path, in screen points.
    var path = StrokePath()
    /// The answer a peer worked out for this lift: its time and path length, and the match.
    private var sharedLift: (time: Double, length: Double, match: StrokeClassifier.Match?)?
    /// Which of `classifier`'s shapes are `shapes` (or serve them), by index.
    private var allowedShapes: [Bool] = []
    /// `shapes` quoted, for a failure made while the touch moves (nothing is built then).
    private var quotedShapes = ""
    /// The path length at which the next early check runs.
    private var nextCheckLength = Thresholds.strokeFirstCheckLength
    /// The early check's storage, made once.
    private var beginning = StrokeClassifier.Beginning()
    /// Where the fingers rest, while a `holdDuration` runs.
    private var restingAt: Point?
    /// Where the fingers last moved 10 pt from, and when (the rest and pause limits run from
    /// there); nil until all the fingers are down.
    private var still: (at: Point, since: Double)?
    /// Whether the fingers have moved since the drawing began.
    private var hasMoved = false

    /// Whether the fingers are resting before a `start: hold` stroke.
    public var isResting: Bool { restingAt != nil }
    /// When the fingers of a `start: hold` stroke had rested long enough, and the drawing began.
    public private(set) var restEndedAt: Double?

    static func allowed(_ shapes: [String], in classifier: StrokeClassifier) -> [Bool] {
        classifier.shapeNames.map { StrokeShapes.template($0, servesAnyOf: shapes) }
    }

    override open var kind: GestureKind { .stroke }

    override open var requiredNumberOfTouches: Int { numberOfTouchesRequired }

    override open var measurement: GestureMeasurement { .stroke(shape: recognizedShape ?? "") }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        if self.touches.count > numberOfTouchesRequired {
            fail(.tooManyFingers(count: self.touches.count, wanted: numberOfTouchesRequired))
            return
        }
        // A new finger moves the centroid: start the path again from the full set.
        let centroid = TouchGeometry.centroid(of: self.touches)
        path.restart(at: centroid)
        nextCheckLength = Thresholds.strokeFirstCheckLength
        guard self.touches.count == numberOfTouchesRequired else { return }
        if let holdDuration {
            restingAt = centroid
            deadline = event.timestamp + holdDuration
        } else {
            startDrawing(at: centroid, time: event.timestamp)
        }
    }

    /// The drawing begins: the rest limit runs from here. After a `start: hold` rest the finger
    /// has been still on purpose and waits for the indicator, so it gets the longer stop limit.
    private func startDrawing(at point: Point, time: Double, afterHold: Bool = false) {
        guard decidesEarly else { return }
        still = (point, time)
        hasMoved = false
        deadline = time + (afterHold ? Thresholds.strokeLongestPause : Thresholds.strokeLongestRest)
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        let centroid = TouchGeometry.centroid(of: self.touches)
        if let restingAt {
            let moved = centroid.distance(to: restingAt)
            guard moved > holdAllowableMovement, state == .possible else { return }
            fail(.movedBeforeResting(moved: moved, rest: holdDuration ?? 0))
            return
        }
        path.move(to: centroid)
        if let still, state == .possible, centroid.distance(to: still.at) > Thresholds.longPressAllowableMovement {
            self.still = (centroid, event.timestamp)
            hasMoved = true
            deadline = event.timestamp + Thresholds.strokeLongestPause
        }
        guard decidesEarly, state == .possible, path.length >= nextCheckLength,
            self.touches.count == numberOfTouchesRequired
        else { return }
        nextCheckLength = path.length * Thresholds.strokeCheckGrowth
        guard
            !classifier.couldBecome(
                path.points, allowed: allowedShapes, maximumDistance: maximumDistance, scratch: &beginning)
        else { return }
        fail(.noShapeBeginsSo(travelled: path.length, shapes: quotedShapes))
    }

    override open func timerFired(at time: Double) {
        guard state == .possible else { return }
        guard restingAt != nil else {
            // Still for longer than any drawing is.
            guard let still else { return }
            fail(
                hasMoved
                    ? .stoppedWhileDrawing(stopped: time - still.since)
                    : .restedBeforeDrawing(rested: time - still.since))
            return
        }
        // Rested: the drawing starts here.
        restingAt = nil
        restEndedAt = time
        let centroid = TouchGeometry.centroid(of: touches)
        path.restart(at: centroid)
        nextCheckLength = Thresholds.strokeFirstCheckLength
        startDrawing(at: centroid, time: time, afterHold: true)
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        guard state == .possible else { return }
        if restingAt != nil {
            fail(.liftedBeforeResting(rest: holdDuration ?? 0))
            return
        }
        // During the callback `touches` still holds the fingers lifting now.
        for touch in self.touches where touch.phase != .ended { return }
        guard path.length >= minimumLength else {
            fail(
                .other(
                    "drew \(FailureReason.number(path.length)) pt, a stroke needs \(FailureReason.number(minimumLength))"
                )
            )
            return
        }
        guard let match = liftMatch(at: event.timestamp) else {
            fail(.other("no shape to compare with"))
            return
        }
        let limit = maximumDistance ?? match.limit
        guard match.distance <= limit else {
            fail(
                .other(
                    "looked most like '\(match.name)', but not enough (distance "
                        + "\(FailureReason.number(match.distance, decimals: 2)), more than its "
                        + "\(FailureReason.number(limit, decimals: 2)))"))
            return
        }
        guard shapes.contains(where: { StrokeShapes.matches(match.name, wanted: $0) }) else {
            fail(.other("drew '\(match.name)', not \(quotedShapes)"))
            return
        }
        recognizedShape = match.name
        state = .recognized
    }

    /// The nearest of the shapes bound on these touches: a peer's answer for this lift, or
    /// worked out now and handed to the peers that will ask next.
    private func liftMatch(at time: Double) -> StrokeClassifier.Match? {
        if let shared = sharedLift, shared.time == time, shared.length == path.length {
            sharedLift = nil
            return shared.match
        }
        let peers = strokePeers()
        var bound = Set(shapes)
        for peer in peers { bound.formUnion(peer.shapes) }
        classifications += 1
        let match = classifier.classify(path.points) { StrokeShapes.template($0, servesAnyOf: bound) }
        for peer in peers { peer.sharedLift = (time, path.length, match) }
        return match
    }

    /// The other stroke recognizers these same touches were delivered to, drawing with the
    /// same fingers against the same templates, that have not decided yet.
    private func strokePeers() -> [StrokeGestureRecognizer] {
        guard let first = touches.first else { return [] }
        var peers: [StrokeGestureRecognizer] = []
        for case let peer as StrokeGestureRecognizer in first.gestureRecognizers
        where peer !== self && peer.state == .possible && peer.numberOfTouchesRequired == numberOfTouchesRequired
            && peer.classifier.isSame(as: classifier) && peer.touches.count == touches.count
            && zip(peer.touches, touches).allSatisfy({ $0 === $1 })
        {
            peers.append(peer)
        }
        return peers
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        fail(.touchesCancelled)
    }

    override open func reset() {
        super.reset()
        path.removeAll()
        recognizedShape = nil
        sharedLift = nil
        nextCheckLength = Thresholds.strokeFirstCheckLength
        restingAt = nil
        restEndedAt = nil
        still = nil
        hasMoved = false
        deadline = nil
    }
}

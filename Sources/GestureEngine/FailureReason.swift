/// Why a recognizer failed, with the figure that decided it and the limit it broke: what a
/// person setting a threshold needs ("moved 52 pt, more than the 45 pt a tap allows").
///
/// Not in UIKit, where a failed recognizer says nothing. A recognizer gives one with
/// `fail(_:)`; its transition to failed then carries it (`TransitionCause.failure`).
/// Distances are points, times seconds.
public enum FailureReason: Sendable, Equatable, CustomStringConvertible {
    /// More fingers landed than the gesture takes.
    case tooManyFingers(count: Int, wanted: Int)
    /// Fewer fingers than it needs were down when the finger window closed.
    case tooFewFingers(count: Int, wanted: Int)
    /// A finger moved further from where it landed than the gesture allows.
    case movedTooFar(moved: Double, allowed: Double)
    /// The fingers stayed down longer than a tap may.
    case heldTooLong(allowed: Double)
    /// The next tap (or the press after the taps) did not start in time.
    case nextTapTooLate(allowed: Double)
    /// A finger landed while the other fingers of the same tap were lifting.
    case landedWhileLifting
    /// A finger lifted before the gesture was recognized.
    case liftedTooSoon
    /// A swipe that had not covered its distance when its time ran out.
    case tooSlow(travelled: Double, distance: Double, within: Double)
    /// The movement went in a direction the gesture does not take.
    case wrongDirection(went: SwipeDirection, allowed: SwipeDirection)
    /// A stroke's path so far is near the beginning of none of its shapes (`shapes`, quoted).
    case noShapeBeginsSo(travelled: Double, shapes: String)
    /// A `start: hold` stroke's fingers moved before they had rested long enough.
    case movedBeforeResting(moved: Double, rest: Double)
    /// A `start: hold` stroke's fingers lifted before they had rested long enough.
    case liftedBeforeResting(rest: Double)
    /// A stroke's fingers rested where they landed longer than a drawing does, in seconds.
    case restedBeforeDrawing(rested: Double)
    /// A stroke's fingers stopped, once moving, longer than a drawing does, in seconds.
    case stoppedWhileDrawing(stopped: Double)
    /// Two fingers travelled together (a scroll, a drag) while their spread stayed within the pinch's hysteresis.
    case movedTogether(travelled: Double, spreadChange: Double, hysteresis: Double)
    /// The fingers down travelled further, each, than a multi-finger gesture lets them before
    /// the rest of the hand lands, in points.
    case setOffEarly(fingers: Int, travelled: Double, allowed: Double)
    /// The system cancelled its touches.
    case touchesCancelled
    /// A custom recognizer's own words.
    case other(String)

    /// The reason as a sentence part, for any gesture.
    public var description: String { description(for: nil) }

    /// The reason as a sentence part, naming the gesture (`a tap`) where the limit is its own.
    public func description(for kind: GestureKind?) -> String {
        let noun = Self.noun(kind)
        switch self {
        case let .tooManyFingers(count, wanted):
            return "\(Self.fingers(count)), more than the \(wanted) \(noun) takes"
        case let .tooFewFingers(count, wanted):
            return "\(Self.fingers(count)) when the finger window closed, \(noun) wants \(wanted)"
        case let .movedTooFar(moved, allowed):
            return "moved \(Self.number(moved)) pt, more than the \(Self.number(allowed)) pt \(noun) allows"
        case .heldTooLong(let allowed):
            return "held longer than the \(Self.number(allowed, decimals: 2)) s \(noun) allows"
        case .nextTapTooLate(let allowed):
            return "the next tap did not come within \(Self.number(allowed, decimals: 2)) s"
        case .landedWhileLifting:
            return "a finger landed while the others were lifting"
        case .liftedTooSoon:
            return "a finger lifted before \(noun) was recognized"
        case let .tooSlow(travelled, distance, within):
            return "travelled \(Self.number(travelled)) pt in \(Self.number(within, decimals: 2)) s; "
                + "\(noun) needs \(Self.number(distance)) pt within that"
        case let .wrongDirection(went, allowed):
            return "went \(went.isEmpty ? "nowhere" : went.description), \(noun) takes \(allowed.description)"
        case let .noShapeBeginsSo(travelled, shapes):
            return "after \(Self.number(travelled)) pt the path could no longer become \(shapes)"
        case let .movedBeforeResting(moved, rest):
            return "moved \(Self.number(moved)) pt before resting \(Self.number(rest, decimals: 2)) s "
                + "('start: hold' draws after the fingers rest)"
        case .liftedBeforeResting(let rest):
            return "lifted before resting \(Self.number(rest, decimals: 2)) s ('start: hold')"
        case .restedBeforeDrawing(let rested):
            return "rested \(Self.number(rested, decimals: 2)) s before moving: a press, not a drawing"
        case .stoppedWhileDrawing(let stopped):
            return "stopped \(Self.number(stopped, decimals: 2)) s on the way: a drag, not a drawing"
        case let .setOffEarly(fingers, travelled, allowed):
            let who = fingers == 1 ? "the first finger travelled" : "the first \(fingers) fingers each travelled"
            return "\(who) \(Self.number(travelled)) pt before the others landed, more than the "
                + "\(Self.number(allowed)) pt \(noun) allows"
        case .touchesCancelled:
            return "its touches were cancelled"
        case let .movedTogether(travelled, spreadChange, hysteresis):
            return "the fingers travelled \(Self.number(travelled)) pt together while their spread changed "
                + "\(Self.number(spreadChange)) pt, less than the \(Self.number(hysteresis)) pt \(noun) needs"
        case .other(let text):
            return text
        }
    }

    static func noun(_ kind: GestureKind?) -> String {
        switch kind {
        case nil: "the gesture"
        case .tap: "a tap"
        case .longPress: "a long press"
        case .pan: "a pan"
        case .swipe: "a swipe"
        case .pinch: "a pinch"
        case .rotate: "a rotation"
        case .stroke: "a stroke"
        case .custom(let name): "'\(name)'"
        }
    }

    static func fingers(_ count: Int) -> String { count == 1 ? "1 finger" : "\(count) fingers" }

    /// A figure rounded for reading: whole points, or `decimals` places without trailing zeros.
    static func number(_ value: Double, decimals: Int = 0) -> String {
        FixedDecimal.short(value, decimals: decimals)
    }
}

extension GestureRecognizer {
    /// Fails the recognizer and says why: its transition to failed carries the reason.
    public func fail(_ reason: FailureReason) {
        failureReason = reason
        state = .failed
    }
}

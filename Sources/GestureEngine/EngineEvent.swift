/// What the engine reports: action messages, state transitions and delivery decisions.
///
/// The engine appends these to `GestureEngine.events` in the order they happen;
/// the caller reads and clears them after each call. Every transition, including
/// failed and reset, is reported, so one consumer can log the whole story.
public enum EngineEvent {
    /// An action message, as UIKit sends to a recognizer's targets: began, changed, ended or cancelled.
    case action(GestureRecognizer, GestureRecognizer.State, GestureSnapshot, time: Double)
    /// Any state change, with its cause; also waiting for failure (`to` stays possible).
    case transition(
        GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State,
        cause: TransitionCause, time: Double)
    /// The decision for a touch sequence, made exactly once.
    case delivery(TouchID, Delivery, time: Double)

    /// When it happened, in seconds on the engine's clock.
    public var time: Double {
        switch self {
        case .action(_, _, _, let time), .transition(_, _, _, _, let time), .delivery(_, _, let time): time
        }
    }
}

extension EngineEvent: CustomStringConvertible {
    /// The one-line log format, such as `[tap#3 on firefox] possible → ended (touch 2 ended)`.
    public var description: String {
        switch self {
        case let .action(recognizer, state, snapshot, time):
            return "\(time.shortDescription) [\(recognizer)] action \(state) at \(snapshot.location)"
        case let .transition(recognizer, from, to, cause, time):
            return "\(time.shortDescription) [\(recognizer)] \(from) → \(to) (\(cause))"
        case let .delivery(id, delivery, time):
            return "\(time.shortDescription) touch \(id) \(delivery)"
        }
    }
}

/// The decision for a pen's or mouse's touch (`TouchType.pencil`, `.mouseButton`).
public struct PointerDelivery: Hashable, Sendable {
    public var type: TouchType
    public var id: TouchID
    public var delivery: Delivery
    public var time: Double

    public init(type: TouchType, id: TouchID, delivery: Delivery, time: Double) {
        self.type = type
        self.id = id
        self.delivery = delivery
        self.time = time
    }
}

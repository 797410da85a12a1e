import GestureEngine

/// While `gesturebridge record --stroke` listens, the daemon keeps every touch that lands to
/// itself: no gesture sees it, no application gets it, and it is recorded whole however long it
/// takes (otherwise, under a config with no one-finger gesture, a finger is handed to the
/// application when `finger-window` closes and the recording stops there).
///
/// A pure state machine: the caller says whether a recorder listens and what landed, and acts on
/// the route: `.session` feeds the gesture session as always; `.held` only records (and marks)
/// the sample; `.accept` is a held touch's end, which the daemon then takes for good (the
/// application never sees any of it). A touch that landed before the recorder came keeps going
/// to the session, and one held stays held to its end if the recorder leaves.
public struct RecordingHold {
    /// Where a sample goes.
    public enum Route: Equatable, Sendable {
        case session
        case held
        case accept
    }

    /// The most touches held at once; more (a palm) are still held, by the last slot's rule.
    public static let capacity = 20
    private var held: [TouchID] = []

    public init() {
        held.reserveCapacity(Self.capacity)
    }

    /// Whether any touch is held now.
    public var isHolding: Bool { !held.isEmpty }

    /// Routes one sample; `recording`: a `record --stroke` client listens.
    public mutating func route(_ id: TouchID, _ phase: TouchPhase, recording: Bool) -> Route {
        if let index = held.firstIndex(of: id) {
            guard phase.isFinished else { return .held }
            held.remove(at: index)
            return .accept
        }
        guard phase == .began, recording else { return .session }
        if held.count < Self.capacity { held.append(id) } else { held[held.count - 1] = id }
        return .held
    }
}

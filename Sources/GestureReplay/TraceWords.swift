import GestureEngine
import GestureRuntime

/// The words a trace spells its phases and touchpad gestures with (the replay contract's
/// vocabulary), for the values the runtime uses: `Trace` holds `TouchSample` and `PadEvent`,
/// and only reading and writing a line know these words.
enum TraceWords {
    /// A touch line's `phase`, in the order errors list them.
    static let touchPhases: [(word: String, value: TouchPhase)] = [
        ("down", .began), ("move", .moved), ("up", .ended), ("cancel", .cancelled)
    ]

    /// A pad line's `phase`, in the order errors list them; `cancel` (an extension of the
    /// contract) is an end that X flagged as cancelled.
    static let padPhases: [(word: String, value: PadEvent.Phase)] = [
        ("begin", .began), ("update", .updated), ("end", .ended), ("cancel", .cancelled)
    ]

    /// A pad line's gesture type, `pad`.
    static let padKinds: [(word: String, value: PadEvent.Kind)] = PadEvent.Kind.allCases.map { ($0.rawValue, $0) }
}

extension TouchPhase {
    /// The word a trace writes for this phase; a touch that did not move is written as a move.
    public var traceWord: String {
        switch self {
        case .began: "down"
        case .moved, .stationary: "move"
        case .ended: "up"
        case .cancelled: "cancel"
        }
    }
}

extension PadEvent.Phase {
    /// The word a trace writes for this phase.
    public var traceWord: String {
        switch self {
        case .began: "begin"
        case .updated: "update"
        case .ended: "end"
        case .cancelled: "cancel"
        }
    }
}

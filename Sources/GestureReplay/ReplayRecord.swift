import GestureEngine
import JSON

/// One line of replay output: a recognizer's state message, an action the daemon would perform, or a delivery decision.
///
/// `ReplayWriter` prints these in the replay contract's JSON Lines format or as a
/// table. Times are seconds on the trace's clock; positions are screen points.
public enum ReplayRecord: Sendable {
    /// A recognizer's action message (`began`, `changed`, `ended`, `cancelled`), or with
    /// `verbose` any transition, including `failed` and back to `possible`.
    ///
    /// `gesture` is the binding's name, `kind` the recognizer kind ("pan", "tap"…),
    /// `x`/`y` its `location(in:)`, `touches` its number of touches, and `fields` the
    /// per-kind figures in order (see `fields(for:)`).
    case state(
        time: Double, gesture: String, kind: String, state: GestureRecognizer.State,
        x: Double, y: Double, touches: Int, fields: [(String, JSONValue)], verbose: Bool)
    /// An action the daemon would perform for a gesture, with its resolved parameters in order,
    /// such as `[("keys", "alt+Left")]` or `[("desktop", "next")]`.
    case action(time: Double, gesture: String, action: [(String, JSONValue)])
    /// The decision for one touch sequence: consumed by a gesture, or replayed to the application.
    case delivery(time: Double, touch: TouchID, delivery: Delivery)
    /// What a binding that acts at the lift (`on: end`) will do or did: `commit` is `withdrawn`
    /// (nothing ran; always printed, with its `reason`), or, with `verbose`, `will-act`,
    /// `will-not-act` (with a reason) and `acted`.
    case commitment(time: Double, gesture: String, kind: String, commit: String, reason: String?, verbose: Bool)

    /// When it happened, in seconds.
    public var time: Double {
        switch self {
        case .state(let time, _, _, _, _, _, _, _, _), .action(let time, _, _), .delivery(let time, _, _),
            .commitment(let time, _, _, _, _, _):
            time
        }
    }

    /// The contract's per-kind fields for a measurement, in output order.
    ///
    /// Pan: `translation` [dx, dy] in points and `velocity` [vx, vy] in points per
    /// second; long press: `translation`; pinch: `scale` and `velocity` (1/s);
    /// rotate: `rotation` (radians, clockwise positive) and `velocity` (rad/s);
    /// swipe: `direction`; tap: `taps`; stroke: `shape`.
    public static func fields(for measurement: GestureMeasurement) -> [(String, JSONValue)] {
        switch measurement {
        case .none:
            return []
        case .tap(let taps):
            return [("taps", .number(Double(taps)))]
        case .longPress(let translation):
            return [("translation", vector(translation))]
        case .pan(let translation, let velocity):
            return [("translation", vector(translation)), ("velocity", vector(velocity))]
        case .swipe(let direction):
            // A swipe that has not recognized has no direction yet (verbose failed lines).
            return direction.isEmpty ? [] : [("direction", .string(name(of: direction)))]
        case .pinch(let scale, let velocity):
            return [("scale", .number(scale)), ("velocity", .number(velocity))]
        case .rotation(let rotation, let velocity):
            return [("rotation", .number(rotation)), ("velocity", .number(velocity))]
        case .stroke(let shape):
            // A stroke that has not recognized has no shape yet (verbose failed lines).
            return shape.isEmpty ? [] : [("shape", .string(shape))]
        }
    }

    private static func vector(_ vector: Vector) -> JSONValue {
        .array([.number(vector.dx), .number(vector.dy)])
    }

    /// A recognized swipe has exactly one direction: "left", "right", "up", "down", or a
    /// diagonal such as "up-left". Several (a recognizer bug) are said as they are.
    private static func name(of direction: SwipeDirection) -> String {
        direction.description
    }
}

extension ReplayRecord: Equatable {
    /// Field-by-field equality; ordered members compare in order.
    public static func == (lhs: ReplayRecord, rhs: ReplayRecord) -> Bool {
        switch (lhs, rhs) {
        case let (.state(t1, g1, k1, s1, x1, y1, n1, f1, v1), .state(t2, g2, k2, s2, x2, y2, n2, f2, v2)):
            return t1 == t2 && g1 == g2 && k1 == k2 && s1 == s2 && x1 == x2 && y1 == y2 && n1 == n2
                && JSONValue.membersEqual(f1, f2) && v1 == v2
        case let (.action(t1, g1, a1), .action(t2, g2, a2)):
            return t1 == t2 && g1 == g2 && JSONValue.membersEqual(a1, a2)
        case let (.delivery(t1, id1, d1), .delivery(t2, id2, d2)):
            return t1 == t2 && id1 == id2 && d1 == d2
        case let (.commitment(t1, g1, k1, c1, r1, v1), .commitment(t2, g2, k2, c2, r2, v2)):
            return t1 == t2 && g1 == g2 && k1 == k2 && c1 == c2 && r1 == r2 && v1 == v2
        case (.state, _), (.action, _), (.delivery, _), (.commitment, _):
            return false
        }
    }
}

import GestureReplay
import JSON

/// One line of `gesturebridge doctor`: what was checked, how it stands, and how to fix it.
struct DoctorCheck: Equatable {
    /// How a check stands, worst last.
    enum Status: String, Comparable {
        /// Nothing to do.
        case ok
        /// Works, but something is off or missing (no touchpad, a config open to others).
        case warning
        /// Gestures cannot work until it is fixed.
        case problem

        private var rank: Int {
            switch self {
            case .ok: 0
            case .warning: 1
            case .problem: 2
            }
        }

        static func < (lhs: Status, rhs: Status) -> Bool { lhs.rank < rhs.rank }
    }

    /// A short name: session, display, xinput, devices, touch-grab, daemon, config, service, conflicts.
    var check: String
    var status: Status
    /// What was found, in one line.
    var message: String
    /// What to do about it; nil for a check that is ok.
    var fix: String?

    static func ok(_ check: String, _ message: String) -> DoctorCheck {
        DoctorCheck(check: check, status: .ok, message: message, fix: nil)
    }

    static func warning(_ check: String, _ message: String, fix: String) -> DoctorCheck {
        DoctorCheck(check: check, status: .warning, message: message, fix: fix)
    }

    static func problem(_ check: String, _ message: String, fix: String) -> DoctorCheck {
        DoctorCheck(check: check, status: .problem, message: message, fix: fix)
    }

    /// The check as `--json` prints it; `fix` only when there is one.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("check", .string(check)), ("status", .string(status.rawValue)), ("message", .string(message))
        ]
        if let fix { members.append(("fix", .string(fix))) }
        return .object(members)
    }

    /// The check as the terminal shows it: a mark and the message, and the fix indented below.
    var lines: [String] {
        let mark =
            switch status {
            case .ok: "ok     "
            case .warning: "warning"
            case .problem: "problem"
            }
        var lines = ["\(mark)  \(check): \(message)"]
        if let fix { lines.append("         fix: \(fix)") }
        return lines
    }
}

import GestureEngine
import GestureRuntime

/// A malformed trace: the file and line, and what is wrong there.
///
/// Its description is the one line the CLI prints, in the compiler's
/// `file:line: message` form so that editors can jump to it:
/// `trace.jsonl:7: "phase" must be one of down, move, up, cancel (found "mvoe")`.
public typealias TraceError = LocatedError<TraceProblem>

/// The kinds of mistakes a trace can contain. Values that were found are shown as JSON.
public enum TraceProblem: Sendable, Hashable, CustomStringConvertible {
    /// The line is not valid JSON; the message says what the parser expected, with the column.
    case invalidJSON(String)
    /// The line is valid JSON but not an object.
    case notAnObject(found: String)
    /// A required field is absent.
    case missingField(String)
    /// A field appears twice in one object.
    case duplicateField(String)
    /// A field has the wrong JSON type; `expected` reads like "a number".
    case wrongType(field: String, expected: String, found: String)
    /// A field has the right type but a value that is not allowed; `requirement` reads like "not be negative".
    case outOfRange(field: String, requirement: String, found: String)
    /// A field is not one of its allowed words.
    case notOneOf(field: String, allowed: [String], found: String)
    /// `t` is less than the previous event's.
    case timeDecreased(previous: String, found: String)
    /// A `move`, `up` or `cancel` for a touch that is not down.
    case touchNotDown(touch: UInt32, phase: TouchPhase)
    /// A `down` for a touch that is already down.
    case touchAlreadyDown(touch: UInt32, sinceLine: Int)
    /// An `update` or `end` with no touchpad gesture of that kind in progress.
    case padGestureNotBegun(kind: PadEvent.Kind, phase: PadEvent.Phase)
    /// A `begin`, or an event of the other kind, while a touchpad gesture is in progress.
    case padGestureInProgress(kind: PadEvent.Kind, sinceLine: Int)
    /// A touchpad gesture's finger count changed between its begin and its end.
    case fingersChanged(kind: PadEvent.Kind, from: Int, to: Int)
    /// A line has both `touch` and `pad`.
    case touchAndPad
    /// A line has input fields such as `phase` but neither `touch` nor `pad`.
    case inputWithoutSource(field: String)
    /// A header (screen or windows without `t`) after the first line.
    case headerNotFirst
    /// The first value spans several lines but is not a header.
    case eventSpansLines(lastLine: Int)
    /// Two windows in the header share an id.
    case duplicateWindow(id: UInt32)
    /// `active` names no window in the header.
    case unknownActiveWindow(id: UInt32)

    public var description: String {
        switch self {
        case .invalidJSON(let message):
            "invalid JSON: \(message)"
        case .notAnObject(let found):
            "each line must be a JSON object (found \(found))"
        case .missingField(let field):
            "missing \"\(field)\""
        case .duplicateField(let field):
            "\"\(field)\" appears twice"
        case let .wrongType(field, expected, found):
            "\"\(field)\" must be \(expected) (found \(found))"
        case let .outOfRange(field, requirement, found):
            "\"\(field)\" must \(requirement) (found \(found))"
        case let .notOneOf(field, allowed, found):
            "\"\(field)\" must be one of \(allowed.joined(separator: ", ")) (found \(found))"
        case let .timeDecreased(previous, found):
            "\"t\" must not decrease (found \(found) after \(previous))"
        case let .touchNotDown(touch, phase):
            "touch \(touch) cannot \(phase.traceWord): it is not down"
        case let .touchAlreadyDown(touch, sinceLine):
            "touch \(touch) is already down (since line \(sinceLine))"
        case let .padGestureNotBegun(kind, phase):
            "pad \(kind.rawValue) \"\(phase.traceWord)\" without a \"begin\""
        case let .padGestureInProgress(kind, sinceLine):
            "a pad \(kind.rawValue) is in progress (since line \(sinceLine)); end it first"
        case let .fingersChanged(kind, from, to):
            "\"fingers\" changed from \(from) to \(to) during a pad \(kind.rawValue); end it and begin a new one"
        case .touchAndPad:
            "a line has \"touch\" or \"pad\", not both"
        case .inputWithoutSource(let field):
            "\"\(field)\" needs \"touch\" or \"pad\" on the same line"
        case .headerNotFirst:
            "a header (\"screen\" or \"windows\" without \"t\") must be the first line"
        case .eventSpansLines(let lastLine):
            "only the header may span lines; this event continues to line \(lastLine)"
        case .duplicateWindow(let id):
            "two windows have the id \(id)"
        case .unknownActiveWindow(let id):
            "\"active\" is \(id), which is not the id of a window in \"windows\""
        }
    }
}

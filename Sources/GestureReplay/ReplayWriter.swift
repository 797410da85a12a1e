import GestureEngine
import JSON

/// Prints replay records in the replay contract's JSON Lines format or as a readable table.
///
/// JSON lines keep the contract's key order: `t`, `gesture`, `kind`, `state`,
/// `x`, `y`, `touches`, the per-kind fields, then `verbose` when set; actions are
/// `t`, `gesture`, `action`; deliveries `t`, `touch`, `delivery`. Numbers are
/// compact (see `decimals(forKey:)`), with no trailing zeros and no exponent.
public struct ReplayWriter: Sendable {
    /// The two output formats of `gesturebridge replay`.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// One JSON object per line: the public interface that scripts and acceptance suites read.
        case json
        /// An aligned table for people: time, gesture, what, details.
        case table

        /// The contract's default: a table on a terminal, JSON Lines otherwise.
        public static func standard(forTerminal isTerminal: Bool) -> Format {
            isTerminal ? .table : .json
        }
    }

    public var format: Format

    public init(format: Format) {
        self.format = format
    }

    /// The whole output for `records`, every line ending in a line feed.
    public func render(_ records: [ReplayRecord]) -> String {
        switch format {
        case .json:
            var output = ""
            for record in records {
                output += ReplayWriter.jsonLine(for: record)
                output += "\n"
            }
            return output
        case .table:
            return ReplayWriter.table(for: records)
        }
    }

    /// The decimals a number under `key` is printed with.
    ///
    /// Three for positions, times and translations (a thousandth of a point or a
    /// millisecond is below anything a finger does); four for the ratios and
    /// rates `scale`, `rotation` and `velocity`; four for anything else, such as
    /// numeric action parameters.
    public static func decimals(forKey key: String?) -> Int {
        switch key {
        case "t", "x", "y", "translation": 3
        default: 4
        }
    }

    /// One record as a JSON object on one line, without the line feed.
    public static func jsonLine(for record: ReplayRecord) -> String {
        var output = ""
        JSONValue.writeMembers(members(of: record), to: &output, decimals: decimals(forKey:))
        return output
    }

    /// A record's JSON members in the contract's order.
    static func members(of record: ReplayRecord) -> [(String, JSONValue)] {
        switch record {
        case let .state(time, gesture, kind, state, x, y, touches, fields, verbose):
            var members: [(String, JSONValue)] = [
                ("t", .number(time)), ("gesture", .string(gesture)), ("kind", .string(kind)),
                ("state", .string(state.description)), ("x", .number(x)), ("y", .number(y)),
                ("touches", .number(Double(touches)))
            ]
            members += fields
            if verbose { members.append(("verbose", .bool(true))) }
            return members
        case let .action(time, gesture, action):
            return [("t", .number(time)), ("gesture", .string(gesture)), ("action", .object(action))]
        case let .delivery(time, touch, delivery):
            return [
                ("t", .number(time)), ("touch", .number(Double(touch.rawValue))),
                ("delivery", .string(delivery.description))
            ]
        case let .commitment(time, gesture, kind, commit, reason, verbose):
            var members: [(String, JSONValue)] = [
                ("t", .number(time)), ("gesture", .string(gesture)), ("kind", .string(kind)),
                ("commit", .string(commit))
            ]
            if let reason { members.append(("reason", .string(reason))) }
            if verbose { members.append(("verbose", .bool(true))) }
            return members
        }
    }
}

/// A JSON value whose objects keep their keys in order.
///
/// Replay output is a public interface with a fixed key order, so objects are
/// ordered pairs rather than dictionaries. Numbers are finite doubles: the parser
/// rejects literals that overflow, and the writer renders them without exponents.
public enum JSONValue: Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    /// An object as its members in order; keys may repeat only if the producer allows it.
    case object([(String, JSONValue)])
    case null

    /// The value of the first member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The JSON type's name with an article, as error messages use it: "a number", "an object".
    public var typeDescription: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .array: "an array"
        case .object: "an object"
        case .null: "null"
        }
    }

    /// Compact JSON text for this value, numbers with at most `decimals` decimals.
    ///
    /// Members and elements are separated by `", "` and keys by `": "`, the layout
    /// of the replay contract's examples.
    public func serialized(decimals: Int = 6) -> String {
        var output = ""
        write(to: &output) { _ in decimals }
        return output
    }

    /// JSON text for a person and a script alike: an array's elements one per line, each
    /// compact; anything else as `serialized`. `devices --json` and `doctor --json` print this.
    public func indented(decimals: Int = 6) -> String {
        guard case .array(let elements) = self, !elements.isEmpty else { return serialized(decimals: decimals) }
        let lines = elements.map { "  " + $0.serialized(decimals: decimals) }
        return "[\n" + lines.joined(separator: ",\n") + "\n]"
    }

    /// Appends this value's JSON text; `decimals` picks the precision for numbers under each key.
    ///
    /// Numbers inside an array or object use the precision of the innermost key
    /// that encloses them (nil at the top level), so `"translation": [20, 0]` is
    /// rendered with the translation's precision.
    public func write(to output: inout String, key: String? = nil, decimals: (String?) -> Int) {
        switch self {
        case .string(let text):
            JSONValue.writeQuoted(text, to: &output)
        case .number(let value):
            output += JSONNumberFormat.string(value, decimals: decimals(key))
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += ", " }
                element.write(to: &output, key: key, decimals: decimals)
            }
            output += "]"
        case .object(let members):
            JSONValue.writeMembers(members, to: &output, decimals: decimals)
        }
    }

    /// Appends `{"key": value, ...}` for ordered members.
    public static func writeMembers(
        _ members: [(String, JSONValue)], to output: inout String,
        decimals: (String?) -> Int
    ) {
        output += "{"
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { output += ", " }
            writeQuoted(key, to: &output)
            output += ": "
            value.write(to: &output, key: key, decimals: decimals)
        }
        output += "}"
    }

    /// `text` as a JSON string literal, escaping quotes, backslashes and control characters.
    ///
    /// Window titles and commands are foreign strings: the C0 and C1 control
    /// characters and DEL are escaped, so none reaches a terminal raw, as are
    /// U+2028 and U+2029, which some JavaScript consumers treat as line breaks,
    /// and U+FEFF, which YAML readers take for a byte-order mark. Everything else
    /// is written as UTF-8. The result is also a YAML double-quoted scalar.
    public static func quoted(_ text: String) -> String {
        var output = ""
        writeQuoted(text, to: &output)
        return output
    }

    /// Appends `text` as ``quoted(_:)`` gives it.
    public static func writeQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{2028}", "\u{2029}", "\u{FEFF}":
                output += "\\u" + String(scalar.value, radix: 16)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

extension JSONValue: Equatable {
    /// Structural equality; objects compare their members in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return JSONValue.membersEqual(a, b)
        case (.null, .null): return true
        case (.string, _), (.number, _), (.bool, _), (.array, _), (.object, _), (.null, _): return false
        }
    }

    /// Whether two ordered member lists have the same keys and values in the same order.
    public static func membersEqual(_ lhs: [(String, JSONValue)], _ rhs: [(String, JSONValue)]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value's compact JSON text, numbers with up to six decimals.
    public var description: String { serialized() }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object literal; the members keep the order they are written in.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
    public init(nilLiteral: ()) { self = .null }
}

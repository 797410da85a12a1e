import JSON

/// A value to write into a config: a scalar, a list or a mapping, as `ConfigDocument` edits
/// write them, in YAML's flow style on one line (`{ fingers: 3, direction: left }`), the style
/// the shipped config and the examples use for a binding's values.
public indirect enum ConfigValue: Hashable, Sendable, CustomStringConvertible {
    case scalar(String)
    case list([ConfigValue])
    /// Keys in the order they are written.
    case mapping([Entry])
    /// YAML text written as it is (a `when:` or `after:` the user typed); the document that
    /// holds it is loaded again, so text that is not valid there is refused with the loader's error.
    case raw(String)

    /// One key and its value in a mapping.
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: ConfigValue

        public init(_ key: String, _ value: ConfigValue) {
            self.key = key
            self.value = value
        }
    }

    /// A mapping from pairs, in order.
    public static func map(_ pairs: KeyValuePairs<String, ConfigValue>) -> ConfigValue {
        .mapping(pairs.map { Entry($0.key, $0.value) })
    }

    /// The value in flow style: plain scalars where YAML reads them back unchanged, double
    /// quotes otherwise.
    public var description: String {
        switch self {
        case .scalar(let text): Self.quotedIfNeeded(text)
        case .raw(let text): text
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .mapping(let entries):
            entries.isEmpty
                ? "{}"
                : "{ " + entries.map { "\(Self.quotedIfNeeded($0.key)): \($0.value)" }.joined(separator: ", ") + " }"
        }
    }

    /// `text` as a plain scalar when that reads back as the same string inside a flow
    /// collection, else double-quoted with `\` escapes (a JSON string is a YAML double-quoted scalar).
    static func quotedIfNeeded(_ text: String) -> String {
        isPlainSafe(text) ? text : JSONValue.quoted(text)
    }

    /// Whether YAML reads `text`, written plain in a flow collection, as this very string.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        // Indicators that start something else at the beginning of a scalar.
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) {
            // `-` and `?` and `:` start a plain scalar when a non-space follows, but keep it simple.
            return false
        }
        if first == " " || last == " " || last == ":" { return false }
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            // Flow indicators end a plain scalar inside a flow collection.
            if ",[]{}".unicodeScalars.contains(scalar) { return false }
            if scalar.value < 0x20 || scalar.value == 0x7f { return false }
            if scalar == "#", previous == " " { return false }
            if previous == ":", scalar == " " { return false }
            previous = scalar
        }
        // Null words would read as an empty value.
        return !["~", "null", "Null", "NULL"].contains(text)
    }
}

/// A value of a `libinput record` file (read by `YAMLReader`, `RecordYAML`), with the line it starts on.
///
/// Scalars stay text (the reader converts them where it needs numbers); a null
/// or empty value is the empty scalar. `RecordYAML` produces these.
struct YAMLNode: Sendable {
    /// The 1-based line the value starts on.
    var line: Int
    var value: Value

    enum Value: Sendable {
        case scalar(String)
        case sequence([YAMLNode])
        /// Members in file order; keys are unique.
        case mapping([(key: String, value: YAMLNode)])
    }

    /// The value of `key`, if this is a mapping that has it.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The elements, if this is a sequence.
    var elements: [YAMLNode]? {
        guard case .sequence(let elements) = value else { return nil }
        return elements
    }

    /// The members, if this is a mapping.
    var members: [(key: String, value: YAMLNode)]? {
        guard case .mapping(let members) = value else { return nil }
        return members
    }

    /// The text, if this is a scalar.
    var scalar: String? {
        guard case .scalar(let text) = value else { return nil }
        return text
    }

    /// The scalar as a decimal integer with an optional sign, such as `-1` or `32767`.
    var integer: Int64? {
        guard let text = scalar, !text.isEmpty, text.utf8.count <= 20 else { return nil }
        return Int64(text)
    }

    /// A short rendering of the value for messages, such as `[0, 1]` or `"abc"`.
    var shown: String {
        let text: String
        switch value {
        case .scalar(let scalar):
            return RecordingError.show(scalar)
        case .sequence(let elements):
            text = "[" + elements.map(\.compact).joined(separator: ", ") + "]"
        case .mapping(let members):
            text = "{" + members.map { "\($0.key): \($0.value.compact)" }.joined(separator: ", ") + "}"
        }
        guard text.count > RecordingError.maximumShownLength else { return text }
        return text.prefix(RecordingError.maximumShownLength - 1) + "…"
    }

    private var compact: String {
        switch value {
        case .scalar(let scalar): scalar
        case .sequence: "[…]"
        case .mapping: "{…}"
        }
    }
}

import GestureEngine
import YAMLReader

/// Reading single values: whole numbers, quantities with units, words, names and directions.
extension ConfigParser {
    /// A whole number in `range`, or nil after reporting.
    func integer(_ field: Field, in range: ClosedRange<Int>, what: String? = nil) -> Int? {
        guard let text = scalar(field.value, expecting: "a whole number for '\(field.key)'") else { return nil }
        guard let number = Int(text.trimmingWhitespace) else {
            let isDecimal = Quantity.decimal(text.trimmingWhitespace) != nil
            report(
                .invalidValue, at: field.value, "expected a whole number for '\(field.key)', found '\(text)'",
                found: text, suggestion: isDecimal ? "drop the fraction" : "write digits, such as \(range.lowerBound)"
            )
            return nil
        }
        guard range.contains(number) else {
            let subject = what ?? "'\(field.key)'"
            report(
                .outOfRange, at: field.value,
                "\(subject) must be \(range.lowerBound) to \(range.upperBound), found \(number)",
                found: text, suggestion: "write a number from \(range.lowerBound) to \(range.upperBound)"
            )
            return nil
        }
        return number
    }

    /// A quantity read by one of `Quantity`'s readers, or nil after reporting.
    func quantity<Value>(_ field: Field, _ read: (String) throws(QuantityError) -> Value) -> Value? {
        guard let text = scalar(field.value, expecting: "a value for '\(field.key)'") else { return nil }
        do {
            return try read(text)
        } catch {
            report(
                .invalidValue, at: field.value, "\(error.message) for '\(field.key)'",
                found: text, suggestion: error.suggestion
            )
            return nil
        }
    }

    /// A quantity that must also satisfy `isAllowed`; `rule` says what is allowed, as in `more than 0`.
    func quantity<Value>(
        _ field: Field, _ read: (String) throws(QuantityError) -> Value, where isAllowed: (Value) -> Bool, rule: String
    ) -> Value? {
        guard let value = quantity(field, read) else { return nil }
        guard isAllowed(value) else {
            let text = field.value.scalar?.string ?? ""
            report(
                .outOfRange, at: field.value, "'\(field.key)' must be \(rule), found '\(text)'",
                found: text, suggestion: "write a value \(rule)"
            )
            return nil
        }
        return value
    }

    /// One of an enumeration's words, or nil after reporting with "did you mean".
    func word<Word: CaseIterable & RawRepresentable>(_ field: Field, as _: Word.Type) -> Word?
    where Word.RawValue == String {
        let words = Word.allCases.map(\.rawValue)
        guard let text = scalar(field.value, expecting: "one of \(Suggestion.list(words)) for '\(field.key)'") else {
            return nil
        }
        if let value = Word(rawValue: text) { return value }
        report(
            .invalidValue, at: field.value, "unknown value '\(text)' for '\(field.key)'",
            found: text, suggestion: Suggestion.advice(for: text, among: words)
        )
        return nil
    }

    /// `true` or `false` (also `yes`/`no`, `on`/`off`), or nil after reporting.
    func boolean(_ field: Field) -> Bool? {
        guard let text = scalar(field.value, expecting: "true or false for '\(field.key)'") else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            report(
                .invalidValue, at: field.value, "expected true or false for '\(field.key)', found '\(text)'",
                found: text, suggestion: Suggestion.didYouMean(text, among: ["true", "false"]) ?? "write true or false"
            )
            return nil
        }
    }

    /// A name: a non-empty string without surrounding spaces, or nil after reporting.
    func name(_ node: Node, for key: String) -> String? {
        guard let text = scalar(node, expecting: "a name for '\(key)'") else { return nil }
        guard !text.isEmpty, text.trimmingWhitespace == text else {
            report(
                .invalidValue, at: node, "name '\(text)' for '\(key)' is empty or has spaces around it",
                found: text, suggestion: "write the name without surrounding spaces"
            )
            return nil
        }
        return text
    }

    /// One name or a list of names, each with its node for later errors.
    func names(_ field: Field) -> [(name: String, node: Node)] {
        if field.value.mapping != nil {
            report(
                .wrongType, at: field.value, "expected a list of gesture names for '\(field.key)', found a mapping",
                suggestion: "write '\(field.key): [name, other]'"
            )
            return []
        }
        return items(field.value).compactMap { node in
            name(node, for: field.key).map { ($0, node) }
        }
    }

    /// One direction or a list (`left`, `[left, right]`), or nil after reporting. A swipe also
    /// takes the diagonals (`up-left`, `up-right`, `down-left`, `down-right`).
    /// An empty list is an error: the gesture could never start.
    func directions(_ field: Field, in context: String, diagonals: Bool = false) -> SwipeDirection? {
        let words = SwipeDirection.named.map(\.1).filter { diagonals || !$0.contains("-") }
        if field.value.mapping != nil {
            report(
                .wrongType, at: field.value, "expected a direction or a list of directions for '\(field.key)'",
                found: "a mapping", suggestion: "write 'direction: left' or 'direction: [left, right]'"
            )
            return nil
        }
        let nodes = items(field.value)
        guard !nodes.isEmpty else {
            report(
                .neverFires, at: field.value, "empty direction list in \(context): it could never start",
                suggestion: "name at least one of \(Suggestion.list(words))"
            )
            return nil
        }
        var direction: SwipeDirection = []
        var isValid = true
        for node in nodes {
            guard let text = scalar(node, expecting: "one of \(Suggestion.list(words))") else {
                isValid = false
                continue
            }
            if words.contains(text), let named = SwipeDirection.named.first(where: { $0.1 == text }) {
                direction.insert(named.0)
            } else if text.contains("-"), SwipeDirection.named.contains(where: { $0.1 == text }) {
                report(
                    .invalidValue, at: node, "a \(context) goes along the axes, not '\(text)'",
                    found: text, suggestion: "use a swipe for diagonal strokes, or one of \(Suggestion.list(words))")
                isValid = false
            } else {
                report(
                    .invalidValue, at: node, "unknown direction '\(text)' in \(context)",
                    found: text, suggestion: Suggestion.advice(for: text, among: words)
                )
                isValid = false
            }
        }
        return isValid ? direction : nil
    }
}

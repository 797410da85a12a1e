import JSON

/// One JSON object of a trace with typed, validating access to its fields.
///
/// Every accessor either returns a value that satisfies its rule or throws a
/// `TraceError` for the object's line that names the field (with its path, such
/// as `windows[1].width`) and shows what was found. An optional field that is
/// absent or `null` reads as nil; unknown fields are never looked at.
struct TraceObject {
    let members: [(String, JSONValue)]
    /// The prefix for field names in messages: "" at the top level, "screen." inside the screen.
    let path: String
    let file: String
    let line: Int

    /// Wraps an object's members, rejecting a field that appears twice.
    init(members: [(String, JSONValue)], path: String, file: String, line: Int) throws(TraceError) {
        self.members = members
        self.path = path
        self.file = file
        self.line = line
        var seen = Set<String>()
        for (key, _) in members where !seen.insert(key).inserted {
            throw error(.duplicateField(path + key))
        }
    }

    /// What a number must satisfy, with the words a message uses for it.
    enum NumberRule {
        case any, nonNegative, positive

        func allows(_ value: Double) -> Bool {
            switch self {
            case .any: true
            case .nonNegative: value >= 0
            case .positive: value > 0
            }
        }

        /// The farthest from 0 any number of a trace may be: a million (pixels, seconds, a
        /// scale), past any screen and any session, and far from where the arithmetic of
        /// recognition overflows (1e155 squared is infinite).
        static let largest = 1e6

        var requirement: String {
            switch self {
            case .any: "be from -1000000 to 1000000"
            case .nonNegative: "be from 0 to 1000000"
            case .positive: "be positive, at most 1000000"
            }
        }
    }

    /// The raw value of a field, nil when absent or null.
    func value(_ key: String) -> JSONValue? {
        guard let value = members.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = value { return nil }
        return value
    }

    /// Whether the field is present (even as null).
    func has(_ key: String) -> Bool { members.contains { $0.0 == key } }

    func error(_ reason: TraceProblem) -> TraceError {
        TraceError(file: file, line: line, reason: reason)
    }

    /// A required number.
    func number(_ key: String, _ rule: NumberRule = .any) throws(TraceError) -> Double {
        guard has(key) else { throw error(.missingField(path + key)) }
        guard let number = try optionalNumber(key, rule) else {
            throw error(.wrongType(field: path + key, expected: "a number", found: "null"))
        }
        return number
    }

    /// An optional number.
    func optionalNumber(_ key: String, _ rule: NumberRule = .any) throws(TraceError) -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value else {
            throw error(.wrongType(field: path + key, expected: "a number", found: TraceObject.show(value)))
        }
        // The parser rejects literals that overflow; a finite one may still be huge.
        guard abs(number) <= NumberRule.largest, rule.allows(number) else {
            throw error(.outOfRange(field: path + key, requirement: rule.requirement, found: TraceObject.show(value)))
        }
        return number
    }

    /// A required whole number within `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(TraceError) -> Int {
        guard has(key) else { throw error(.missingField(path + key)) }
        guard let integer = try optionalInteger(key, in: range) else {
            throw error(.wrongType(field: path + key, expected: "a whole number", found: "null"))
        }
        return integer
    }

    /// An optional whole number within `range`.
    func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(TraceError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value else {
            throw error(.wrongType(field: path + key, expected: "a whole number", found: TraceObject.show(value)))
        }
        guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else {
            throw error(
                .outOfRange(
                    field: path + key,
                    requirement: "be a whole number from \(range.lowerBound) to \(range.upperBound)",
                    found: TraceObject.show(value)))
        }
        return Int(number)
    }

    /// A required true or false.
    func boolean(_ key: String) throws(TraceError) -> Bool {
        guard let value = value(key) else {
            if has(key) { throw error(.wrongType(field: path + key, expected: "true or false", found: "null")) }
            throw error(.missingField(path + key))
        }
        guard case .bool(let flag) = value else {
            throw error(.wrongType(field: path + key, expected: "true or false", found: TraceObject.show(value)))
        }
        return flag
    }

    /// An optional string.
    func optionalString(_ key: String) throws(TraceError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else {
            throw error(.wrongType(field: path + key, expected: "a string", found: TraceObject.show(value)))
        }
        return text
    }

    /// An optional array of words from a closed set, such as a window's `state`; each at most once.
    func optionalWords<Value>(_ key: String, among words: [(word: String, value: Value)]) throws(TraceError)
        -> [Value]?
    {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else {
            throw error(.wrongType(field: path + key, expected: "an array", found: TraceObject.show(value)))
        }
        var seen: Set<String> = []
        var values: [Value] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element, let match = words.first(where: { $0.word == text }),
                seen.insert(text).inserted
            else {
                throw error(
                    .notOneOf(
                        field: "\(path)\(key)[\(index)]", allowed: words.map(\.word), found: TraceObject.show(element)))
            }
            values.append(match.value)
        }
        return values
    }

    /// A required word from a closed set, such as a phase.
    func word<Value>(_ key: String, among words: [(word: String, value: Value)]) throws(TraceError) -> Value {
        let allowed = words.map(\.word)
        guard let value = value(key) else {
            if has(key) { throw error(.notOneOf(field: path + key, allowed: allowed, found: "null")) }
            throw error(.missingField(path + key))
        }
        guard case .string(let text) = value, let match = words.first(where: { $0.word == text }) else {
            throw error(.notOneOf(field: path + key, allowed: allowed, found: TraceObject.show(value)))
        }
        return match.value
    }

    /// An optional nested object, checked for duplicate fields.
    func optionalObject(_ key: String) throws(TraceError) -> TraceObject? {
        guard let value = value(key) else { return nil }
        guard case .object(let members) = value else {
            throw error(.wrongType(field: path + key, expected: "an object", found: TraceObject.show(value)))
        }
        return try TraceObject(members: members, path: path + key + ".", file: file, line: line)
    }

    /// An optional array of objects, each checked for duplicate fields.
    func optionalObjects(_ key: String) throws(TraceError) -> [TraceObject]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else {
            throw error(.wrongType(field: path + key, expected: "an array", found: TraceObject.show(value)))
        }
        var objects: [TraceObject] = []
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)\(key)[\(index)]"
            guard case .object(let members) = element else {
                throw error(.wrongType(field: elementPath, expected: "an object", found: TraceObject.show(element)))
            }
            objects.append(try TraceObject(members: members, path: elementPath + ".", file: file, line: line))
        }
        return objects
    }

    /// The longest rendering of a found value that a message shows.
    static let maximumShownLength = 40

    /// A found value as a message shows it: compact JSON, shortened with "…" when long.
    static func show(_ value: JSONValue) -> String {
        let text: String
        if case .number(let number) = value {
            // Exactly as parsed, so that -1e-9 does not show as 0 next to "must not be negative".
            text = number == number.rounded() && number.magnitude < 1e15 ? String(Int(number)) : number.description
        } else {
            text = value.serialized()
        }
        guard text.count > maximumShownLength else { return text }
        return String(text.prefix(maximumShownLength - 1)) + "…"
    }
}

/// Parses one YAML value written on a line: a scalar, or a flow collection such as `[0, 32767, 0, 0, 55]`.
///
/// The value part of a `libinput record` line; see `RecordYAML` for the subset.
/// In a flow collection a plain scalar ends at `,`, `]`, `}` or a `: `; at the top
/// level it is the whole text.
struct FlowParser {
    let bytes: [UInt8]
    let line: Int
    let file: String
    private(set) var position = 0

    init(bytes: [UInt8], line: Int, file: String) {
        self.bytes = bytes
        self.line = line
        self.file = file
    }

    /// Whether every bracket and quote opened in `text` is closed.
    static func isClosed(_ text: [UInt8]) -> Bool {
        var depth = 0
        var quote: UInt8?
        for byte in text {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            }
        }
        return depth <= 0 && quote == nil
    }

    /// The whole text as one value.
    mutating func document() throws(RecordingError) -> YAMLNode {
        skipSpaces()
        guard let first = peek() else { return YAMLNode(line: line, value: .scalar("")) }
        if "&*!|>%@`?".utf8.contains(first) {
            throw error("anchors, aliases, tags and block scalars are not supported (found \(rest))")
        }
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") || isQuote(first) else {
            position = bytes.count
            return YAMLNode(line: line, value: .scalar(String(decoding: bytes, as: UTF8.self).trimmingSpaces))
        }
        let node = try value()
        skipSpaces()
        guard position == bytes.count else { throw error("unexpected text after the value: \(rest)") }
        return node
    }

    /// One value inside (or starting) a flow collection.
    mutating func value() throws(RecordingError) -> YAMLNode {
        skipSpaces()
        guard let first = peek() else { throw error("the line ends where a value should be") }
        switch first {
        case UInt8(ascii: "["):
            position += 1
            var elements: [YAMLNode] = []
            while try !closes(UInt8(ascii: "]"), after: elements.isEmpty) { elements.append(try value()) }
            return YAMLNode(line: line, value: .sequence(elements))
        case UInt8(ascii: "{"):
            position += 1
            var members: [(key: String, value: YAMLNode)] = []
            while try !closes(UInt8(ascii: "}"), after: members.isEmpty) {
                guard case .scalar(let key) = try value().value else { throw error("a mapping key must be a scalar") }
                skipSpaces()
                guard peek() == UInt8(ascii: ":") else { throw error("expected \":\" after the key \"\(key)\"") }
                position += 1
                guard !members.contains(where: { $0.key == key }) else {
                    throw error("the key \"\(key)\" appears twice")
                }
                members.append((key, try value()))
            }
            return YAMLNode(line: line, value: .mapping(members))
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return YAMLNode(line: line, value: .scalar(try quoted(first)))
        default:
            return YAMLNode(line: line, value: .scalar(plain()))
        }
    }

    /// Consumes the closing bracket if it comes next, else the comma before the next element.
    private mutating func closes(_ bracket: UInt8, after isFirst: Bool) throws(RecordingError) -> Bool {
        skipSpaces()
        guard let byte = peek() else { throw error("\"\(Character(Unicode.Scalar(bracket)))\" is missing") }
        if byte == bracket {
            position += 1
            return true
        }
        if isFirst { return false }
        guard byte == UInt8(ascii: ",") else {
            throw error("expected \",\" or \"\(Character(Unicode.Scalar(bracket)))\" (found \(rest))")
        }
        position += 1
        skipSpaces()
        // YAML allows a trailing comma: [1, 2, ]
        if peek() == bracket {
            position += 1
            return true
        }
        return false
    }

    private mutating func plain() -> String {
        let start = position
        while let byte = peek() {
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { break }
            if byte == UInt8(ascii: ":") {
                let next = position + 1 < bytes.count ? bytes[position + 1] : UInt8(ascii: " ")
                if next == UInt8(ascii: " ") || next == UInt8(ascii: ",") || next == UInt8(ascii: "]")
                    || next == UInt8(ascii: "}") { break }
            }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self).trimmingSpaces
    }

    private mutating func quoted(_ quote: UInt8) throws(RecordingError) -> String {
        position += 1
        var text: [UInt8] = []
        while let byte = peek() {
            position += 1
            if byte == quote {
                // In single quotes, '' is a quote.
                guard quote == UInt8(ascii: "'"), peek() == quote else { return String(decoding: text, as: UTF8.self) }
                position += 1
                text.append(quote)
            } else if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                text += try escape()
            } else {
                text.append(byte)
            }
        }
        throw error("a quoted string is not closed")
    }

    private mutating func escape() throws(RecordingError) -> [UInt8] {
        guard let byte = peek() else { throw error("a quoted string ends with a lone backslash") }
        position += 1
        switch byte {
        case UInt8(ascii: "n"): return [10]
        case UInt8(ascii: "t"): return [9]
        case UInt8(ascii: "r"): return [13]
        case UInt8(ascii: "0"): return [0]
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: " "): return [byte]
        case UInt8(ascii: "x"), UInt8(ascii: "u"):
            let digits = byte == UInt8(ascii: "x") ? 2 : 4
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard let digit = peek().flatMap(LineScanner.hexDigit) else { throw error("a bad \\\(Character(Unicode.Scalar(byte))) escape") }
                value = value << 4 | UInt32(digit)
                position += 1
            }
            guard let scalar = Unicode.Scalar(value) else { throw error("a bad \\u escape") }
            return Array(String(Character(scalar)).utf8)
        default:
            throw error("an unknown escape \\\(Character(Unicode.Scalar(byte)))")
        }
    }

    private func isQuote(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == 9 { position += 1 }
    }

    private var rest: String { RecordingError.show(String(decoding: bytes[min(position, bytes.count)...], as: UTF8.self)) }

    private func error(_ message: String) -> RecordingError {
        RecordingError(file: file, line: line, reason: .invalidYAML(message))
    }
}

/// Why a JSON text could not be parsed, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset of the problem in the parsed bytes.
    public var offset: Int
    /// What is wrong, as a phrase: `expected "," or "}" after a member`.
    public var message: String
    /// For text that ends in the middle of a value (a truncated line): what should have come next.
    public var expectedAtEnd: String?

    public init(offset: Int, message: String, expectedAtEnd: String? = nil) {
        self.offset = offset
        self.message = message
        self.expectedAtEnd = expectedAtEnd
    }

    /// Whether the text ended in the middle of a value.
    public var isUnexpectedEnd: Bool { expectedAtEnd != nil }

    public var description: String { message }
}

/// A strict RFC 8259 parser over UTF-8 bytes that keeps object members in order.
///
/// Foundation's `JSONSerialization` loses key order and blurs numbers and
/// booleans, and its errors carry no position; a trace reader needs all three.
/// Nesting is limited so that hostile input cannot overflow the stack.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private let end: Int
    public private(set) var position: Int
    private var depth = 0

    /// A parser for `bytes[start..<end]`, which must be the UTF-8 of a Swift `String` (so valid UTF-8).
    public init(bytes: [UInt8], start: Int, end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    /// Skips leading whitespace and parses one value; `position` is then just past the value.
    public mutating func parseValue() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        return try value()
    }

    /// Whether everything up to `end` has been consumed.
    public var isAtEnd: Bool { position >= end }

    private mutating func value() throws(JSONParseError) -> JSONValue {
        guard let byte = peek() else { throw unexpectedEnd("a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a value, found \(describe(byte))")
        }
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw unexpectedEnd("a member name") }
            guard byte == UInt8(ascii: "\"") else {
                throw failure("expected a member name in double quotes, found \(describe(byte))")
            }
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "\":\" after the member name")
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            guard let next = peek() else { throw unexpectedEnd("\",\" or \"}\"") }
            position += 1
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else {
                position -= 1
                throw failure("expected \",\" or \"}\" after a member, found \(describe(next))")
            }
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            guard let next = peek() else { throw unexpectedEnd("\",\" or \"]\"") }
            position += 1
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else {
                position -= 1
                throw failure("expected \",\" or \"]\" after an element, found \(describe(next))")
            }
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else {
            throw failure("nested deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    private mutating func string() throws(JSONParseError) -> String {
        position += 1  // the opening quote
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek() else { throw unexpectedEnd("the closing quote of a string") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                utf8.append(contentsOf: try escape().utf8)
            case 0..<0x20:
                throw failure("control character \(describe(byte)) in a string; write it escaped")
            default:
                // The bytes come from a Swift String, so multi-byte sequences are valid UTF-8.
                utf8.append(byte)
                position += 1
            }
        }
    }

    /// Decodes the escape after a backslash, including UTF-16 surrogate pairs.
    private mutating func escape() throws(JSONParseError) -> Unicode.Scalar {
        let backslash = position - 1
        guard let byte = peek() else { throw unexpectedEnd("an escape sequence") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexQuad()
            if (0xD800..<0xDC00).contains(unit) {
                guard peek() == UInt8(ascii: "\\"), position + 1 < end, bytes[position + 1] == UInt8(ascii: "u")
                else {
                    position = backslash
                    throw failure("a high surrogate \\u\(String(unit, radix: 16)) without its low half")
                }
                position += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else {
                    position = backslash
                    throw failure("an invalid surrogate pair")
                }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(UInt32(unit)) else {
                position = backslash
                throw failure("a lone low surrogate \\u\(String(unit, radix: 16))")
            }
            return scalar
        default:
            position -= 1
            throw failure("a backslash before \(describe(byte)) is not an escape")
        }
    }

    private mutating func hexQuad() throws(JSONParseError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw unexpectedEnd("four hex digits after \\u") }
            guard let digit = hexDigitValue(byte) else {
                throw failure("expected a hex digit, found \(describe(byte))")
            }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    private func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Parses a number with JSON's grammar (no leading `+`, no leading zeros, no `.5`, no hex).
    private mutating func number() throws(JSONParseError) -> Double {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else {
            if let byte = peek() { throw failure("expected a digit, found \(describe(byte))") }
            throw unexpectedEnd("a digit")
        }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            position += 1
            try requireDigits("after the decimal point")
        }
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            position += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            try requireDigits("in the exponent")
        }
        let literal = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            position = start
            throw failure("the number \(literal) is too large")
        }
        return value
    }

    private mutating func requireDigits(_ place: String) throws(JSONParseError) {
        guard let byte = peek() else { throw unexpectedEnd("a digit \(place)") }
        guard isDigit(byte) else { throw failure("expected a digit \(place), found \(describe(byte))") }
        skipDigits()
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let start = position
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard let byte = peek() else { throw unexpectedEnd("\"\(word)\"") }
            guard byte == expected else {
                position = start
                throw failure("expected a value, found \(describe(bytes[start]))")
            }
            position += 1
        }
        return value
    }

    private mutating func expect(_ expected: UInt8, _ what: String) throws(JSONParseError) {
        guard let byte = peek() else { throw unexpectedEnd(what) }
        guard byte == expected else { throw failure("expected \(what), found \(describe(byte))") }
        position += 1
    }

    /// Steps over JSON whitespace: spaces, tabs, line feeds and carriage returns.
    public mutating func skipWhitespace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        {
            position += 1
        }
    }

    private func peek() -> UInt8? { position < end ? bytes[position] : nil }

    private func failure(_ message: String) -> JSONParseError {
        JSONParseError(offset: position, message: message)
    }

    private func unexpectedEnd(_ expected: String) -> JSONParseError {
        JSONParseError(offset: position, message: "the text ends where \(expected) should be", expectedAtEnd: expected)
    }

    /// A byte as a message shows it: the character in single quotes (JSON's are double), or its code.
    private func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        default: "byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
    }
}

extension JSONValue {
    /// Parses a complete JSON text; only whitespace may surround the value.
    public init(parsing text: String) throws(JSONParseError) {
        let bytes = Array(text.utf8)
        var parser = JSONParser(bytes: bytes, start: 0, end: bytes.count)
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.isAtEnd else {
            throw JSONParseError(offset: parser.position, message: "unexpected text after the value")
        }
        self = value
    }
}

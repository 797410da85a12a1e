/// Reads the fields of one line of a text recording, byte by byte.
///
/// The evemu and `getevent` readers run it over every line of files with tens
/// of thousands of events, so it works on UTF-8 bytes and allocates nothing
/// while scanning. Each reading method returns nil when the field is absent or
/// does not fit, and leaves the position where it stopped.
struct LineScanner {
    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        position = range.lowerBound
        // A CRLF file's lines end in a carriage return, which is not part of any field.
        var end = range.upperBound
        while end > range.lowerBound, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        self.end = end
    }

    var isAtEnd: Bool { position >= end }

    /// The rest of the line, for messages.
    var rest: String { String(decoding: bytes[min(position, end)..<end], as: UTF8.self) }

    func peek() -> UInt8? { position < end ? bytes[position] : nil }

    /// Skips spaces and tabs; returns whether there were any.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = position
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { position += 1 }
        return position > start
    }

    /// Consumes `text` if the line continues with it.
    mutating func skip(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard end - position >= count else { return false }
        for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] { return false }
        position += count
        return true
    }

    /// Whether only spaces, or a `#` comment, remain.
    mutating func isAtEndOrComment() -> Bool {
        skipSpaces()
        return isAtEnd || peek() == UInt8(ascii: "#")
    }

    /// An unsigned decimal number of at most `maximumDigits` digits.
    mutating func decimal(maximumDigits: Int = 18) -> (value: Int64, digits: Int)? {
        var value: Int64 = 0
        var digits = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            guard digits < maximumDigits else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        return digits > 0 ? (value, digits) : nil
    }

    /// A decimal number with an optional sign that fits in 32 bits.
    mutating func signedDecimal() -> Int32? {
        let negative = skip("-")
        if !negative { _ = skip("+") }
        guard let (magnitude, _) = decimal(maximumDigits: 11) else { return nil }
        let value = negative ? -magnitude : magnitude
        return Int32(exactly: value)
    }

    /// Seconds with a fraction of one to six digits, as microseconds: `1330496218.975187`, `0.5`.
    mutating func microseconds() -> Int64? {
        guard let (seconds, _) = decimal(maximumDigits: 12), skip(".") else { return nil }
        guard let (fraction, digits) = decimal(maximumDigits: 6) else { return nil }
        var scale: Int64 = 1
        for _ in digits..<6 { scale *= 10 }
        return seconds * 1_000_000 + fraction * scale
    }

    /// A hexadecimal number of one to `maximumDigits` digits.
    mutating func hex(maximumDigits: Int) -> UInt64? {
        var value: UInt64 = 0
        var digits = 0
        while let byte = peek(), let digit = LineScanner.hexDigit(byte) {
            guard digits < maximumDigits else { return nil }
            value = value << 4 | UInt64(digit)
            digits += 1
            position += 1
        }
        return digits > 0 ? value : nil
    }

    /// The bytes up to the first one `isPart` rejects, or the end of the line.
    mutating func take(while isPart: (UInt8) -> Bool) -> Substring {
        let start = position
        while let byte = peek(), isPart(byte) { position += 1 }
        return Substring(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    /// A word of letters, digits and underscores, such as `EV_ABS`.
    mutating func word() -> Substring? {
        let word = take(while: LineScanner.isWordByte)
        return word.isEmpty ? nil : word
    }

    /// Whether the line continues with a word byte (so a number just read was only part of a word).
    func isAtWordByte() -> Bool { peek().map(LineScanner.isWordByte) ?? false }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}

/// The text of a recording split into lines, as byte ranges of its UTF-8.
struct TextLines {
    let bytes: [UInt8]
    /// The byte range of each line without its line feed; line `n` (1-based) is `ranges[n - 1]`.
    let ranges: [Range<Int>]

    init(_ text: String) {
        bytes = Array(text.utf8)
        // An index loop over the raw buffer: the 3M recording has 3.2 MB, and even debug builds must split it quickly.
        ranges = bytes.withUnsafeBufferPointer { buffer in
            var ranges: [Range<Int>] = []
            var start = 0
            var index = 0
            while index < buffer.count {
                if buffer[index] == UInt8(ascii: "\n") {
                    ranges.append(start..<index)
                    start = index + 1
                }
                index += 1
            }
            if start < buffer.count { ranges.append(start..<buffer.count) }
            return ranges
        }
    }

    /// A scanner over a 1-based line.
    func scanner(_ line: Int) -> LineScanner { LineScanner(bytes: bytes, range: ranges[line - 1]) }

    /// The text of a 1-based line, for messages.
    func text(_ line: Int) -> String { String(decoding: bytes[ranges[line - 1]], as: UTF8.self) }
}

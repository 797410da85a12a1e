/// Reads an evemu recording (`evemu-record`, `evemu-describe`): its device description and its events.
///
/// The format, one item per line: `N: <name>`, `I: <bus> <vendor> <product> <version>`
/// (hex), `P:` and `B:` (hex bytes of the property and event bits), `A: <code hex>
/// <min> <max> <fuzz> <flat> [<resolution>]`, `L:`/`S: <code hex> <value>` (LEDs and
/// switches), then `E: <sec>.<usec> <type hex> <code hex> <value>`; `#` starts a
/// comment. Files of format 1.1 and older have no resolution on their `A:` lines;
/// their comment block (`#   Event code 53 (ABS_MT_POSITION_X)` … `#   Resolution 10`),
/// which evemu writes from the same kernel data, supplies it instead.
enum EvemuReader {
    /// What an evemu file holds.
    struct Recording {
        /// The device description, nil when the file has no `N:` or `A:` line (a bare `.events` file).
        var description: DeviceDescription?
        var events: [EvdevEvent]
    }

    /// Whether a line starts like evemu: a description or event prefix such as `N:` or `E:`.
    static func isEvemuLine<S: StringProtocol>(_ line: S) -> Bool {
        guard line.count >= 2, let first = line.first else { return false }
        return "NIPBALSE".contains(first) && line.dropFirst().first == ":"
    }

    static func read(_ text: String, file: String) throws(RecordingError) -> Recording {
        var reader = Reading(lines: TextLines(text), file: file)
        return try reader.read()
    }
}

private struct Reading {
    let lines: TextLines
    let file: String

    var name = ""
    var axes: [UInt16: DeviceDescription.Axis] = [:]
    var descriptionLine: Int?
    var events: [EvdevEvent] = []
    /// Resolutions found in the comment block, by axis code.
    var commentResolutions: [UInt16: Int32] = [:]
    /// The axis whose comment block is being read, while inside the `EV_ABS` type's block.
    var commentAxis: UInt16?
    var isInAbsoluteComments = false

    init(lines: TextLines, file: String) {
        self.lines = lines
        self.file = file
        events.reserveCapacity(lines.ranges.count)
    }

    mutating func read() throws(RecordingError) -> EvemuReader.Recording {
        for index in lines.ranges.indices {
            let line = index + 1
            var scanner = lines.scanner(line)
            scanner.skipSpaces()
            guard let first = scanner.peek() else { continue }
            if first == UInt8(ascii: "#") {
                readComment(&scanner)
                continue
            }
            try readItem(&scanner, line: line)
        }
        guard let descriptionLine else { return EvemuReader.Recording(description: nil, events: events) }
        for (code, resolution) in commentResolutions where axes[code]?.resolution == 0 {
            axes[code]?.resolution = resolution
        }
        let description = DeviceDescription(name: name, axes: axes, file: file, line: descriptionLine)
        return EvemuReader.Recording(description: description, events: events)
    }

    private mutating func readItem(_ scanner: inout LineScanner, line: Int) throws(RecordingError) {
        if scanner.skip("E:") {
            events.append(try event(&scanner, line: line))
            return
        }
        let kinds: [(StaticString, Character)] = [
            ("N:", "N"), ("I:", "I"), ("P:", "P"), ("B:", "B"),
            ("A:", "A"), ("L:", "L"), ("S:", "S")
        ]
        guard let kind = kinds.first(where: { scanner.skip($0.0) })?.1 else {
            throw malformed(line, expected: "an evemu line (N:, I:, P:, B:, A:, L:, S:, E: or a # comment)")
        }
        guard events.isEmpty else {
            throw RecordingError(file: file, line: line, reason: .descriptionAfterEvents)
        }
        if descriptionLine == nil { descriptionLine = line }
        switch kind {
        case "N":
            name = scanner.rest.trimmingSpaces
        case "I":
            try hexFields(
                &scanner, line: line, count: 4, digits: 4, expected: "I: <bus> <vendor> <product> <version> in hex")
        case "P", "B":
            try hexFields(&scanner, line: line, count: nil, digits: 2, expected: "\(kind): followed by hex bytes")
        case "L", "S":
            guard scanner.skipSpaces(), scanner.hex(maximumDigits: 4) != nil, scanner.skipSpaces(),
                scanner.signedDecimal() != nil, scanner.isAtEndOrComment()
            else { throw malformed(line, expected: "\(kind): <code hex> <value>") }
        default:
            try axis(&scanner, line: line)
        }
    }

    /// `A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]`.
    private mutating func axis(_ scanner: inout LineScanner, line: Int) throws(RecordingError) {
        let expected = "A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]"
        guard scanner.skipSpaces(), let code = scanner.hex(maximumDigits: 4) else {
            throw malformed(line, expected: expected)
        }
        var numbers: [Int32] = []
        while scanner.skipSpaces(), !scanner.isAtEndOrComment() {
            guard numbers.count < 5, let number = scanner.signedDecimal() else {
                throw malformed(line, expected: expected)
            }
            numbers.append(number)
        }
        guard numbers.count >= 4, scanner.isAtEndOrComment() else { throw malformed(line, expected: expected) }
        axes[UInt16(code)] = DeviceDescription.Axis(
            minimum: numbers[0], maximum: numbers[1], resolution: numbers.count == 5 ? numbers[4] : 0, line: line)
    }

    /// `E: <sec>.<usec> <type hex> <code hex> <value>`, then an optional comment.
    private func event(_ scanner: inout LineScanner, line: Int) throws(RecordingError) -> EvdevEvent {
        let expected = "E: <seconds> <type hex> <code hex> <value>"
        guard scanner.skipSpaces(), let time = scanner.microseconds(), scanner.skipSpaces(),
            let type = scanner.hex(maximumDigits: 4), scanner.skipSpaces(),
            let code = scanner.hex(maximumDigits: 4), scanner.skipSpaces()
        else { throw malformed(line, expected: expected) }
        guard let value = scanner.signedDecimal(), !scanner.isAtWordByte() else {
            throw malformed(line, expected: expected + " with a 32-bit decimal value")
        }
        guard scanner.isAtEndOrComment() else { throw malformed(line, expected: expected) }
        return EvdevEvent(line: line, time: time, type: UInt16(type), code: UInt16(code), value: value)
    }

    private func hexFields(
        _ scanner: inout LineScanner, line: Int, count: Int?, digits: Int,
        expected: String
    ) throws(RecordingError) {
        var found = 0
        while scanner.skipSpaces(), !scanner.isAtEndOrComment() {
            guard scanner.hex(maximumDigits: digits) != nil, !scanner.isAtWordByte() else {
                throw malformed(line, expected: expected)
            }
            found += 1
        }
        if let count, found != count { throw malformed(line, expected: expected) }
    }

    /// Picks resolutions out of evemu's comment block: `# Event type 3 (EV_ABS)`,
    /// `#   Event code 53 (ABS_MT_POSITION_X)`, `#     Resolution 10`.
    private mutating func readComment(_ scanner: inout LineScanner) {
        _ = scanner.skip("#")
        scanner.skipSpaces()
        if scanner.skip("Event type ") {
            isInAbsoluteComments = scanner.decimal()?.value == Int64(EvdevCode.absolute)
            commentAxis = nil
        } else if isInAbsoluteComments, scanner.skip("Event code ") {
            commentAxis = scanner.decimal(maximumDigits: 5).map { UInt16(truncatingIfNeeded: $0.value) }
        } else if let axis = commentAxis, scanner.skip("Resolution") {
            scanner.skipSpaces()
            if let resolution = scanner.signedDecimal(), resolution > 0 { commentResolutions[axis] = resolution }
        } else if scanner.skip("Properties") || scanner.skip("Input device") {
            isInAbsoluteComments = false
        }
    }

    private func malformed(_ line: Int, expected: String) -> RecordingError {
        RecordingError(
            file: file, line: line,
            reason: .malformedLine(expected: expected, found: RecordingError.show(lines.text(line))))
    }
}

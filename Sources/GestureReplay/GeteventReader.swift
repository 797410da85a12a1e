/// Reads Android `getevent -t` / `getevent -lt` output into kernel events.
///
/// Each event line is `[ <sec>.<usec>] [<device>:] <type> <code> <value>`: the type
/// and code are names with `-l` (`EV_ABS ABS_MT_POSITION_X`) or four hex digits
/// without it, and the value is hex (`ffffffff` is -1), or `DOWN`/`UP`/`REPEAT` for
/// keys with `-l`. The lines getevent prints while it opens devices (`add device 1:
/// /dev/input/event2`, `  name: "…"`, `could not get driver version…`) are skipped.
/// When lines name several devices, only the first one that reports
/// `ABS_MT_POSITION_X` is kept. The output has no device description.
enum GeteventReader {
    /// Whether a line looks like a getevent event line: `[`, spaces, a time, `]`.
    static func isGeteventLine<S: StringProtocol>(_ line: S) -> Bool {
        var scanner = LineScanner(bytes: Array(line.utf8), range: 0..<line.utf8.count)
        scanner.skipSpaces()
        guard scanner.skip("[") else { return false }
        scanner.skipSpaces()
        return scanner.microseconds() != nil && scanner.skip("]")
    }

    static func read(_ text: String, file: String) throws(RecordingError) -> [EvdevEvent] {
        let lines = TextLines(text)
        var events: [EvdevEvent] = []
        var devices: [Substring?] = []
        events.reserveCapacity(lines.ranges.count)
        devices.reserveCapacity(lines.ranges.count)
        for index in lines.ranges.indices {
            let line = index + 1
            var scanner = lines.scanner(line)
            scanner.skipSpaces()
            if scanner.isAtEnd || scanner.skip("add device") || scanner.skip("could not") || scanner.skip("name:") {
                continue
            }
            let (event, device) = try readEvent(&scanner, line: line, lines: lines, file: file)
            events.append(event)
            devices.append(device)
        }
        // With several devices, keep the touchscreen: the first that reports a multitouch position.
        guard
            let touchIndex = events.indices.first(where: {
                events[$0].type == EvdevCode.absolute && events[$0].code == EvdevCode.positionX
            }), devices.contains(where: { $0 != devices[touchIndex] })
        else { return events }
        let touchDevice = devices[touchIndex]
        return events.indices.filter { devices[$0] == touchDevice }.map { events[$0] }
    }

    private static func readEvent(
        _ scanner: inout LineScanner, line: Int, lines: TextLines,
        file: String
    ) throws(RecordingError) -> (EvdevEvent, Substring?) {
        let expected = "[ <seconds>] <type> <code> <value hex>"
        func malformed(_ what: String = expected) -> RecordingError {
            RecordingError(
                file: file, line: line,
                reason: .malformedLine(expected: what, found: RecordingError.show(lines.text(line))))
        }
        guard scanner.skip("[") else { throw malformed() }
        scanner.skipSpaces()
        guard let time = scanner.microseconds(), scanner.skip("]"), scanner.skipSpaces() else { throw malformed() }
        var device: Substring?
        if scanner.peek() == UInt8(ascii: "/") {
            device = scanner.take { $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: " ") }
            guard scanner.skip(":") else { throw malformed() }
            scanner.skipSpaces()
        }
        guard let typeWord = scanner.word(), scanner.skipSpaces(), let codeWord = scanner.word(),
            scanner.skipSpaces(), let valueWord = scanner.word(), scanner.isAtEndOrComment()
        else { throw malformed() }
        guard let type = EvdevCode.typeNames[String(typeWord)] ?? hexField(typeWord) else {
            throw malformed("an event type such as EV_ABS or four hex digits")
        }
        // Names getevent knows but the importers never need (key names, misc codes) read as an unused code.
        let code = EvdevCode.code(named: codeWord, type: type) ?? hexField(codeWord) ?? UInt16.max
        guard let value = Self.value(valueWord) else {
            throw malformed("a hex value of up to 8 digits, or DOWN, UP or REPEAT")
        }
        return (EvdevEvent(line: line, time: time, type: type, code: code, value: value), device)
    }

    /// A type or code printed as exactly four hex digits.
    private static func hexField(_ word: Substring) -> UInt16? {
        guard word.utf8.count == 4 else { return nil }
        return UInt16(word, radix: 16)
    }

    private static func value(_ word: Substring) -> Int32? {
        switch word {
        case "DOWN": return 1
        case "UP": return 0
        case "REPEAT": return 2
        default:
            guard word.utf8.count <= 8, let bits = UInt32(word, radix: 16) else { return nil }
            return Int32(bitPattern: bits)
        }
    }
}

import Testing
@testable import GestureReplay

/// A malformed recording and the error it must produce: the file, the line, and the reason.
struct BadRecording: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let description: String?
    let file: String
    let line: Int
    let reason: RecordingProblem

    init(
        _ name: String, _ text: String, description: String? = nil, file: String = "test.events", line: Int,
        _ reason: RecordingProblem
    ) {
        self.name = name
        self.text = text
        self.description = description
        self.file = file
        self.line = line
        self.reason = reason
    }

    var testDescription: String { name }
}

private let header = RecordingText.evemuDescription()  // 11 lines
private let eventShape = "E: <seconds> <type hex> <code hex> <value>"
private let geteventShape = "[ <seconds>] <type> <code> <value hex>"

/// Every kind of mistake in a recording is reported on its line, with what is wrong; nothing is imported.
@Suite struct RecordingErrorTests {
    static let evemuCases: [BadRecording] = [
        BadRecording(
            "event line without a value", header + "E: 0.000001 0003 0035\n", line: 12,
            .malformedLine(expected: eventShape, found: "\"E: 0.000001 0003 0035\"")),
        BadRecording(
            "value beyond 32 bits", header + "E: 0.000001 0003 0035 99999999999\n", line: 12,
            .malformedLine(
                expected: eventShape + " with a 32-bit decimal value",
                found: "\"E: 0.000001 0003 0035 99999999999\"")),
        BadRecording(
            "time that is not seconds", header + "E: 0.1 0003 0035 1\nE: later 0003 0035 1\n", line: 13,
            .malformedLine(expected: eventShape, found: "\"E: later 0003 0035 1\"")),
        BadRecording(
            "axis line with three numbers", "N: x\nA: 35 0 3999 0\n", line: 2,
            .malformedLine(
                expected: "A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]",
                found: "\"A: 35 0 3999 0\"")),
        BadRecording(
            "unknown line", header + "X: 1\n", line: 12,
            .malformedLine(
                expected: "an evemu line (N:, I:, P:, B:, A:, L:, S:, E: or a # comment)",
                found: "\"X: 1\"")),
        BadRecording(
            "I: with three words", "N: x\nI: 0003 056a 00e6\n", line: 2,
            .malformedLine(
                expected: "I: <bus> <vendor> <product> <version> in hex",
                found: "\"I: 0003 056a 00e6\"")),
        BadRecording(
            "description after the events", header + "E: 0.1 0000 0000 0\nN: late\n", line: 13,
            .descriptionAfterEvents),
        BadRecording(
            "events without a description", "E: 1330496218.975187 0003 002f 0\n", line: 1,
            .missingDescription),
        BadRecording(
            "no position axis", "# EVEMU 1.3\nN: Keyboard\nA: 00 0 10 0 0 0\n", line: 2,
            .missingAxis("ABS_MT_POSITION_X (0x35)")),
        BadRecording(
            "empty axis range", "N: x\nA: 35 0 100 0 0 0\nA: 36 100 100 0 0 0\n", line: 3,
            .emptyAxisRange(axis: "ABS_MT_POSITION_Y (0x36)", minimum: 100, maximum: 100)),
        BadRecording(
            "time going backwards", header + "E: 1.5 0003 0039 1\nE: 1.4 0000 0000 0\n", line: 13,
            .timeDecreased(previous: "1.500000", found: "1.400000")),
        BadRecording(
            "negative slot", header + "E: 0.1 0003 002f -2\nE: 0.1 0000 0000 0\n", line: 12,
            .negativeSlot(-2)),
        BadRecording(
            "protocol A after protocol B",
            header + "E: 0.1 0003 002f 1\nE: 0.1 0000 0000 0\nE: 0.2 0003 0035 5\nE: 0.2 0000 0002 0\n"
                + "E: 0.2 0000 0000 0\n", line: 15, .mixedProtocols(sinceLine: 12)),
        BadRecording(
            "separate description that is not one", header + "E: 0.1 0000 0000 0\n",
            description: "[ 1.0] EV_SYN SYN_REPORT 00000000", file: "test.desc", line: 1,
            .malformedLine(
                expected: "a device description: an evemu .desc (N:, I:, A: lines) or a libinput record",
                found: "\"[ 1.0] EV_SYN SYN_REPORT 00000000\"")),
        BadRecording(
            "mistake in the separate description", "E: 0.1 0000 0000 0\n",
            description: "N: x\nA: 35 zero 10 0 0\n", file: "test.desc", line: 2,
            .malformedLine(
                expected: "A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]",
                found: "\"A: 35 zero 10 0 0\""))
    ]

    static let geteventCases: [BadRecording] = [
        BadRecording(
            "missing bracket", "[ 1.000000] EV_SYN SYN_REPORT 00000000\n[ 1.0 EV_SYN SYN_REPORT 0\n", line: 2,
            .malformedLine(expected: geteventShape, found: "\"[ 1.0 EV_SYN SYN_REPORT 0\"")),
        BadRecording(
            "value that is not hex", "[ 1.000000] EV_ABS ABS_MT_POSITION_X 0000zz\n", line: 1,
            .malformedLine(
                expected: "a hex value of up to 8 digits, or DOWN, UP or REPEAT",
                found: "\"[ 1.000000] EV_ABS ABS_MT_POSITION_X 0000zz\"")),
        BadRecording(
            "unknown event type", "[ 1.000000] EV_FOO SOMETHING 00000001\n", line: 1,
            .malformedLine(
                expected: "an event type such as EV_ABS or four hex digits",
                found: "\"[ 1.000000] EV_FOO SOMETHING 00000001\"")),
        BadRecording(
            "text in the middle", "[ 1.000000] EV_SYN SYN_REPORT 00000000\nsomething else\n", line: 2,
            .malformedLine(expected: geteventShape, found: "\"something else\"")),
        BadRecording(
            "contact without a position",
            "[ 1.000000] EV_ABS ABS_MT_TRACKING_ID 00000000\n[ 1.000000] EV_SYN SYN_MT_REPORT 00000000\n"
                + "[ 1.000000] EV_SYN SYN_REPORT 00000000\n", line: 2, .contactWithoutPosition),
        BadRecording(
            "one tracking id twice in a frame",
            ProtocolAImportTests.contact(0, id: 3, x: 1, y: 1).map { "[ 1.000000] \($0.1)\n" }.joined()
                + ProtocolAImportTests.contact(0, id: 3, x: 2, y: 2).map { "[ 1.000000] \($0.1)\n" }.joined()
                + "[ 1.000000] EV_SYN SYN_REPORT 00000000\n", line: 10, .duplicateTrackingID(3))
    ]

    static let libinputCases: [BadRecording] = [
        BadRecording(
            "tab in the indentation", "version: 1\ndevices:\n\t- node: x\n", line: 3,
            .invalidYAML(
                "found character that cannot start any token while scanning for the next token; indent with spaces; YAML does not allow tabs for indentation"
            )),
        BadRecording(
            "quote not closed", "version: 1\ndevices:\n- node: \"x\n", line: 3,
            .invalidYAML(
                "found unexpected end of stream while scanning a quoted scalar; "
                    + "a quote is left open: end the text with the quote it starts with, on its line")),
        BadRecording(
            "bracket not closed", "version: 1\ndevices: [1, 2\n", line: 2,
            .invalidYAML(
                "did not find expected ',' or ']' while parsing a flow sequence; "
                    + "end each '[ … ]' on the line it starts, and quote an item with ': ' or ',' in it")),
        BadRecording(
            "aliases of aliases",
            "version: 1\n"
                + (0..<6).map { level in
                    "l\(level): &l\(level) ["
                        + Array(repeating: level == 0 ? "x" : "*l\(level - 1)", count: 10)
                        .joined(separator: ", ") + "]\n"
                }.joined() + "devices: [*l5]\n", line: 4,
            .invalidYAML("aliases make the document larger than the file (360 values at most)")),
        BadRecording(
            "key twice", "version: 1\nversion: 1\ndevices: []\n", line: 2,
            .invalidYAML("the key \"version\" appears twice (first on line 1)")),
        BadRecording(
            "deeper line after a value", "version: 1\n  devices: []\n", line: 2,
            .invalidYAML(
                "mapping values are not allowed in this context; put a space after each ':' and quote values that contain ': '"
            )),
        BadRecording("no devices", "version: 1\nndevices: 0\n", line: 1, .missingKey("devices")),
        BadRecording(
            "newer format", "version: 2\ndevices: []\n", line: 1,
            .wrongShape(key: "version", expected: "1", found: "\"2\"")),
        BadRecording(
            "empty device list", "version: 1\ndevices: []\n", line: 2,
            .wrongShape(key: "devices", expected: "a list of devices", found: "[]")),
        BadRecording(
            "event with four numbers", touchscreenRecord(event: "[0, 0, 3, 53]"), line: 9,
            .wrongShape(
                key: "evdev", expected: "a list of 5 integers [sec, usec, type, code, value]",
                found: "[0, 0, 3, 53]")),
        BadRecording(
            "microseconds beyond a second", touchscreenRecord(event: "[0, 1000000, 3, 53, 1]"), line: 9,
            .numberOutOfRange(
                field: "an evdev event [sec, usec, type, code, value]",
                found: "[0, 1000000, 3, 53, 1]")),
        BadRecording(
            "axis code that is not a number",
            "version: 1\ndevices:\n- evdev:\n    absinfo:\n      x: [0, 1, 0, 0, 0]\n",
            line: 5, .wrongShape(key: "absinfo", expected: "axis codes from 0 to 65535", found: "\"x\""))
    ]

    /// A record of one touchscreen whose only event is `event`, on line 9.
    static func touchscreenRecord(event: String) -> String {
        """
        version: 1
        devices:
        - evdev:
            absinfo:
              53: [0, 100, 0, 0, 0]
              54: [0, 100, 0, 0, 0]
          events:
          - evdev:
            - \(event)

        """
    }

    @Test(arguments: evemuCases + geteventCases + libinputCases)
    func malformedRecordingIsReportedOnItsLine(recording: BadRecording) {
        let expected = RecordingError(file: recording.file, line: recording.line, reason: recording.reason)
        #expect(throws: TraceInputError.recording(expected)) {
            try RecordingText.importTrace(recording.text, description: recording.description)
        }
    }

    @Test func errorsPrintAsFileLineAndMessage() {
        let error = RecordingError(file: "taps.events", line: 3, reason: .missingDescription)
        #expect(
            error.description == "taps.events:3: the recording has no device description (N:, I:, A: lines); "
                + "pass the matching .desc file with --device-description FILE")
    }

    @Test(arguments: [true, false])
    func recordingOptionsAreRejectedForAJSONLinesTrace(withScreen: Bool) {
        let option = withScreen ? "--screen" : "--device-description"
        let options = TraceImporter.Options(
            screen: withScreen ? Trace.Screen() : nil,
            deviceDescription: withScreen ? nil : .init(text: RecordingText.pixelDescription, file: "d.desc"))
        #expect(throws: TraceInputError.optionNeedsRecording(option: option, file: "t.jsonl")) {
            try TraceImporter.read("{\"t\": 0}", file: "t.jsonl", options: options)
        }
    }

    @Test func aMalformedJSONLinesTraceIsStillATraceError() {
        #expect(throws: TraceInputError.trace(TraceError(file: "t.jsonl", line: 2, reason: .missingField("t")))) {
            try TraceImporter.read("{\"t\": 0}\n{\"touch\": 1}", file: "t.jsonl")
        }
    }
}

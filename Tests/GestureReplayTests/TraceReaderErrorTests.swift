import Testing
@testable import GestureReplay

/// A malformed trace and the error it must produce: the line, and the reason.
struct BadTrace: Sendable, CustomTestStringConvertible {
    let name: String
    let lines: [String]
    let line: Int
    let reason: TraceProblem

    init(_ name: String, _ lines: [String], line: Int, _ reason: TraceProblem) {
        self.name = name
        self.lines = lines
        self.line = line
        self.reason = reason
    }

    var testDescription: String { name }
}

private let down1 = #"{"t": 0, "touch": 1, "phase": "down", "x": 1, "y": 1}"#
private let swipeBegin = #"{"t": 0, "pad": "swipe", "phase": "begin", "fingers": 3, "dx": 0, "dy": 0}"#
private let header = #"{"screen": {"width": 10, "height": 10}}"#

/// Every kind of mistake a trace can hold is reported on its line, with what is wrong.
@Suite struct TraceReaderErrorTests {
    static let jsonCases: [BadTrace] = [
        BadTrace(
            "truncated event line", [#"{"t": 0}"#, #"{"t": 1,"#, #"{"t": 2}"#], line: 2,
            .invalidJSON("the line ends where a member name should be (column 9)")),
        BadTrace(
            "missing comma", [#"{"t": 0}"#, #"{"t": 0 "touch": 1}"#], line: 2,
            .invalidJSON(#"expected "," or "}" after a member, found '"' (column 9)"#)),
        BadTrace(
            "number too large to be finite", [#"{"t": 0}"#, #"{"t": 1e999}"#], line: 2,
            .invalidJSON("the number 1e999 is too large (column 7)")),
        BadTrace(
            "text after the object", [#"{"t": 0}"#, #"{"t": 0} x"#], line: 2,
            .invalidJSON("unexpected text after the object (column 10)")),
        BadTrace(
            "text after the first object", [#"{"t": 0} {"t": 1}"#], line: 1,
            .invalidJSON("unexpected text after the object (column 10)")),
        BadTrace(
            "raw tab inside a string", [#"{"t": 0}"#, "{\"t\": 0, \"a\": \"x\ty\"}"], line: 2,
            .invalidJSON("control character byte 0x09 in a string; write it escaped (column 17)")),
        BadTrace(
            "nesting too deep", [#"{"t": 0, "deep": "# + String(repeating: "[", count: 70)], line: 1,
            .invalidJSON("nested deeper than 64 levels (column 81)")),
        BadTrace(
            "lone low surrogate", [#"{"t": 0, "a": "\udc00"}"#], line: 1,
            .invalidJSON(#"a lone low surrogate \udc00 (column 16)"#)),
        BadTrace("leading plus", [#"{"t": +1}"#], line: 1, .invalidJSON("expected a value, found '+' (column 7)")),
        BadTrace(
            "first line never closes", [#"{"t": 0"#], line: 1,
            .invalidJSON(#"the file ends where "," or "}" should be; the value that begins on this line is not closed"#)
        ),
        BadTrace(
            "header never closes", ["", #"{"screen": {"width": 10, "height": 10},"#, #" "windows": ["#], line: 2,
            .invalidJSON("the file ends where a value should be; the value that begins on this line is not closed")),
        BadTrace(
            "typo on the third line of a header",
            [#"{"screen": {"width": 10, "height": 10},"#, #" "windows": [],"#, #" "active" 2}"#], line: 3,
            .invalidJSON(#"expected ":" after the member name, found '2' (column 11)"#)),
        BadTrace("not an object", [#"{"t": 0}"#, "[1, 2]"], line: 2, .notAnObject(found: "[1, 2]")),
        BadTrace("first line not an object", ["\"hello\""], line: 1, .notAnObject(found: "\"hello\"")),
        BadTrace(
            "event spans lines", [#"{"t": 0,"#, #" "touch": 1, "phase": "down", "x": 1, "y": 1}"#], line: 1,
            .eventSpansLines(lastLine: 2)),
        BadTrace("duplicate field", [#"{"t": 0, "t": 1}"#], line: 1, .duplicateField("t")),
        BadTrace(
            "duplicate nested field", [#"{"screen": {"width": 1, "width": 2, "height": 1}}"#], line: 1,
            .duplicateField("screen.width"))
    ]

    static let fieldCases: [BadTrace] = [
        BadTrace("missing t", [#"{"touch": 1, "phase": "down", "x": 1, "y": 1}"#], line: 1, .missingField("t")),
        BadTrace(
            "t as a string", [#"{"t": "0"}"#], line: 1,
            .wrongType(field: "t", expected: "a number", found: #""0""#)),
        BadTrace("t null", [#"{"t": null}"#], line: 1, .wrongType(field: "t", expected: "a number", found: "null")),
        BadTrace(
            "negative t", [#"{"t": -0.5}"#], line: 1,
            .outOfRange(field: "t", requirement: "be from 0 to 1000000", found: "-0.5")),
        BadTrace("missing x", [#"{"t": 0, "touch": 1, "phase": "down", "y": 1}"#], line: 1, .missingField("x")),
        BadTrace("missing phase", [#"{"t": 0, "touch": 1, "x": 1, "y": 1}"#], line: 1, .missingField("phase")),
        BadTrace(
            "touch id as a string", [#"{"t": 0, "touch": "1", "phase": "down", "x": 1, "y": 1}"#], line: 1,
            .wrongType(field: "touch", expected: "a whole number", found: #""1""#)),
        BadTrace(
            "fractional touch id", [#"{"t": 0, "touch": 1.5, "phase": "down", "x": 1, "y": 1}"#], line: 1,
            .outOfRange(field: "touch", requirement: "be a whole number from 0 to 4294967295", found: "1.5")),
        BadTrace(
            "negative touch id", [#"{"t": 0, "touch": -1, "phase": "down", "x": 1, "y": 1}"#], line: 1,
            .outOfRange(field: "touch", requirement: "be a whole number from 0 to 4294967295", found: "-1")),
        BadTrace(
            "misspelt phase", [down1, #"{"t": 1, "touch": 1, "phase": "mvoe", "x": 1, "y": 1}"#], line: 2,
            .notOneOf(field: "phase", allowed: ["down", "move", "up", "cancel"], found: #""mvoe""#)),
        BadTrace(
            "phase as a number", [#"{"t": 0, "touch": 1, "phase": 1, "x": 1, "y": 1}"#], line: 1,
            .notOneOf(field: "phase", allowed: ["down", "move", "up", "cancel"], found: "1")),
        BadTrace(
            "negative x", [#"{"t": 0, "touch": 1, "phase": "down", "x": -1, "y": 1}"#], line: 1,
            .outOfRange(field: "x", requirement: "be from 0 to 1000000", found: "-1")),
        BadTrace(
            "negative y", [#"{"t": 0, "touch": 1, "phase": "down", "x": 1, "y": -0.001}"#], line: 1,
            .outOfRange(field: "y", requirement: "be from 0 to 1000000", found: "-0.001")),
        // Issue 27: a coordinate of 1e155 reached the stroke classifier's arithmetic, which trapped.
        BadTrace(
            "a y past any screen", [#"{"t": 0, "touch": 1, "phase": "down", "x": 700, "y": 1e155}"#], line: 1,
            .outOfRange(field: "y", requirement: "be from 0 to 1000000", found: "1e+155")),
        BadTrace(
            "a pad's dx past any screen",
            [#"{"t": 0, "pad": "swipe", "phase": "begin", "fingers": 3, "dx": -2e6, "dy": 0}"#],
            line: 1, .outOfRange(field: "dx", requirement: "be from -1000000 to 1000000", found: "-2000000")),
        BadTrace("touch and pad on one line", [#"{"t": 0, "touch": 1, "pad": "swipe"}"#], line: 1, .touchAndPad),
        BadTrace(
            "phase without touch or pad", [#"{"t": 0, "phase": "down", "x": 1, "y": 1}"#], line: 1,
            .inputWithoutSource(field: "phase")),
        BadTrace(
            "unknown pad kind", [#"{"t": 0, "pad": "hold", "phase": "begin", "fingers": 3, "dx": 0, "dy": 0}"#],
            line: 1, .notOneOf(field: "pad", allowed: ["swipe", "pinch"], found: #""hold""#)),
        BadTrace(
            "unknown pad phase", [#"{"t": 0, "pad": "swipe", "phase": "down", "fingers": 3, "dx": 0, "dy": 0}"#],
            line: 1, .notOneOf(field: "phase", allowed: ["begin", "update", "end", "cancel"], found: #""down""#)),
        BadTrace(
            "no fingers", [#"{"t": 0, "pad": "swipe", "phase": "begin", "fingers": 0, "dx": 0, "dy": 0}"#],
            line: 1, .outOfRange(field: "fingers", requirement: "be a whole number from 1 to 10", found: "0")),
        BadTrace(
            "pad without dy", [#"{"t": 0, "pad": "swipe", "phase": "begin", "fingers": 3, "dx": 0}"#],
            line: 1, .missingField("dy")),
        BadTrace(
            "pinch without scale",
            [#"{"t": 0, "pad": "pinch", "phase": "begin", "fingers": 2, "dx": 0, "dy": 0, "angle": 0}"#],
            line: 1, .missingField("scale")),
        BadTrace(
            "pinch with zero scale",
            [#"{"t": 0, "pad": "pinch", "phase": "begin", "fingers": 2, "dx": 0, "dy": 0, "scale": 0, "angle": 0}"#],
            line: 1, .outOfRange(field: "scale", requirement: "be positive, at most 1000000", found: "0")),
        BadTrace(
            "pinch angle as text",
            [#"{"t": 0, "pad": "pinch", "phase": "begin", "fingers": 2, "dx": 0, "dy": 0, "scale": 1, "angle": "5"}"#],
            line: 1, .wrongType(field: "angle", expected: "a number", found: #""5""#))
    ]

    static let sequenceCases: [BadTrace] = [
        BadTrace(
            "time goes backwards", [#"{"t": 0.5}"#, "", #"{"t": 0.25}"#], line: 3,
            .timeDecreased(previous: "0.5", found: "0.25")),
        BadTrace(
            "move for a touch that is not down", [down1, #"{"t": 1, "touch": 2, "phase": "move", "x": 1, "y": 1}"#],
            line: 2, .touchNotDown(touch: 2, phase: .moved)),
        BadTrace(
            "up for a touch that is not down", [#"{"t": 1, "touch": 4, "phase": "up", "x": 1, "y": 1}"#],
            line: 1, .touchNotDown(touch: 4, phase: .ended)),
        BadTrace(
            "cancel after up",
            [
                down1, #"{"t": 1, "touch": 1, "phase": "up", "x": 1, "y": 1}"#,
                #"{"t": 2, "touch": 1, "phase": "cancel", "x": 1, "y": 1}"#
            ],
            line: 3, .touchNotDown(touch: 1, phase: .cancelled)),
        BadTrace(
            "down twice", [header, down1, #"{"t": 0}"#, down1], line: 4, .touchAlreadyDown(touch: 1, sinceLine: 2)),
        BadTrace(
            "update before begin",
            [#"{"t": 0, "pad": "swipe", "phase": "update", "fingers": 3, "dx": 0, "dy": 0}"#], line: 1,
            .padGestureNotBegun(kind: .swipe, phase: .updated)),
        BadTrace(
            "end twice",
            [
                swipeBegin, #"{"t": 0, "pad": "swipe", "phase": "end", "fingers": 3, "dx": 0, "dy": 0}"#,
                #"{"t": 0, "pad": "swipe", "phase": "end", "fingers": 3, "dx": 0, "dy": 0}"#
            ],
            line: 3, .padGestureNotBegun(kind: .swipe, phase: .ended)),
        BadTrace(
            "begin during a gesture", [swipeBegin, swipeBegin], line: 2,
            .padGestureInProgress(kind: .swipe, sinceLine: 1)),
        BadTrace(
            "pinch update during a swipe",
            [
                swipeBegin,
                #"{"t": 0, "pad": "pinch", "phase": "update", "fingers": 3, "dx": 0, "dy": 0, "scale": 1, "angle": 0}"#
            ],
            line: 2, .padGestureInProgress(kind: .swipe, sinceLine: 1)),
        BadTrace(
            "fingers change mid-gesture",
            [swipeBegin, #"{"t": 0, "pad": "swipe", "phase": "update", "fingers": 4, "dx": 0, "dy": 0}"#], line: 2,
            .fingersChanged(kind: .swipe, from: 3, to: 4))
    ]

    static let headerCases: [BadTrace] = [
        BadTrace("header after an event", [#"{"t": 0}"#, header], line: 2, .headerNotFirst),
        BadTrace(
            "screen not an object", [#"{"screen": [1920, 1080]}"#], line: 1,
            .wrongType(field: "screen", expected: "an object", found: "[1920, 1080]")),
        BadTrace(
            "zero screen width", [#"{"screen": {"width": 0, "height": 10}}"#], line: 1,
            .outOfRange(field: "screen.width", requirement: "be positive, at most 1000000", found: "0")),
        BadTrace(
            "negative dpi", [#"{"screen": {"width": 1, "height": 1, "dpi": -96}}"#], line: 1,
            .outOfRange(field: "screen.dpi", requirement: "be positive, at most 1000000", found: "-96")),
        BadTrace("screen without height", [#"{"screen": {"width": 1}}"#], line: 1, .missingField("screen.height")),
        BadTrace(
            "windows not an array", [#"{"windows": {"id": 1}}"#], line: 1,
            .wrongType(field: "windows", expected: "an array", found: #"{"id": 1}"#)),
        BadTrace(
            "window not an object", [#"{"windows": [3]}"#], line: 1,
            .wrongType(field: "windows[0]", expected: "an object", found: "3")),
        BadTrace(
            "window without id", [#"{"windows": [{"x": 0, "y": 0, "width": 1, "height": 1}]}"#], line: 1,
            .missingField("windows[0].id")),
        BadTrace(
            "negative window width",
            [
                #"{"windows": [{"id": 1, "x": 0, "y": 0, "width": 1, "height": 1}, {"id": 2, "x": 0, "y": 0, "width": -1, "height": 1}]}"#
            ],
            line: 1, .outOfRange(field: "windows[1].width", requirement: "be from 0 to 1000000", found: "-1")),
        BadTrace(
            "window title not a string",
            [#"{"windows": [{"id": 1, "title": 5, "x": 0, "y": 0, "width": 1, "height": 1}]}"#], line: 1,
            .wrongType(field: "windows[0].title", expected: "a string", found: "5")),
        BadTrace(
            "two windows with one id",
            [
                #"{"windows": [{"id": 1, "x": 0, "y": 0, "width": 1, "height": 1}, {"id": 1, "x": 0, "y": 0, "width": 1, "height": 1}]}"#
            ],
            line: 1, .duplicateWindow(id: 1)),
        BadTrace(
            "active names no window",
            [#"{"windows": [{"id": 1, "x": 0, "y": 0, "width": 1, "height": 1}], "active": 5}"#], line: 1,
            .unknownActiveWindow(id: 5)),
        BadTrace(
            "active as text", [#"{"windows": [], "active": "2"}"#], line: 1,
            .wrongType(field: "active", expected: "a whole number", found: #""2""#))
    ]

    @Test(arguments: jsonCases + fieldCases + sequenceCases + headerCases)
    func malformedTraceIsReportedOnItsLine(_ bad: BadTrace) {
        #expect(throws: TraceError(file: "trace.jsonl", line: bad.line, reason: bad.reason)) {
            try TraceReader.read(bad.lines.joined(separator: "\n"), file: "trace.jsonl")
        }
    }

    @Test func errorPrintsAsFileLineAndProblem() {
        let lines = [
            header, down1, "", #"{"t": 0.1, "touch": 1, "phase": "move", "x": 2, "y": 1}"#, "",
            #"{"t": 0.2}"#, #"{"t": 0.3, "touch": 1, "phase": "mvoe", "x": 3, "y": 1}"#
        ]
        do {
            _ = try TraceReader.read(lines.joined(separator: "\n"), file: "trace.jsonl")
            Issue.record("a misspelt phase was accepted")
        } catch {
            #expect(
                error.description
                    == #"trace.jsonl:7: "phase" must be one of down, move, up, cancel (found "mvoe")"#)
        }
    }

    @Test func longFoundValuesAreShortened() {
        let long = String(repeating: "a", count: 100)
        #expect(
            throws: TraceError(
                file: "f", line: 1,
                reason: .wrongType(
                    field: "t", expected: "a number", found: "\"" + String(repeating: "a", count: 38) + "…"))
        ) {
            try TraceReader.read(#"{"t": "\#(long)"}"#, file: "f")
        }
    }
}

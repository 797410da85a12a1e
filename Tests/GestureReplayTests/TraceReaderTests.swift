import Foundation
import GestureEngine
import Testing
@testable import GestureReplay

/// Reading well-formed traces: the contract's example, headers and their defaults, every event kind.
@Suite struct TraceReaderTests {
    static func read(_ lines: String...) throws -> Trace {
        try TraceReader.read(lines.joined(separator: "\n"), file: "trace.jsonl")
    }

    static func contractExample() throws -> String {
        let folder = try #require(Bundle.module.resourceURL)
        return try String(contentsOf: folder.appendingPathComponent("Traces/contract-example.jsonl"), encoding: .utf8)
    }

    @Test func contractExampleReadsWithItsMultiLineHeader() throws {
        let trace = try TraceReader.read(try Self.contractExample(), file: "contract-example.jsonl")
        #expect(trace.header.screen == Trace.Screen(width: 1920, height: 1080, dpi: 96))
        #expect(
            trace.header.windows == [
                Trace.Window(
                    id: 2, className: "Firefox", instance: "Navigator", title: "Docs",
                    x: 0, y: 0, width: 960, height: 1080)
            ])
        #expect(trace.header.activeWindow == 2)
        #expect(
            trace.events == [
                Trace.Event(
                    line: 5, time: 0,
                    input: .touch(TouchSample(id: TouchID(1), phase: .began, location: Point(x: 100, y: 300)))),
                Trace.Event(
                    line: 6, time: 0.02,
                    input: .touch(TouchSample(id: TouchID(1), phase: .moved, location: Point(x: 130, y: 300)))),
                Trace.Event(
                    line: 7, time: 0.08,
                    input: .touch(TouchSample(id: TouchID(1), phase: .ended, location: Point(x: 220, y: 300)))),
                Trace.Event(line: 8, time: 1, input: .clock),
                Trace.Event(
                    line: 9, time: 2, input: .pad(.init(kind: .swipe, phase: .began, fingers: 3, dx: 0, dy: 0))),
                Trace.Event(
                    line: 10, time: 2.01,
                    input: .pad(.init(kind: .swipe, phase: .updated, fingers: 3, dx: -20, dy: 0))),
                Trace.Event(
                    line: 11, time: 2.02, input: .pad(.init(kind: .swipe, phase: .ended, fingers: 3, dx: 0, dy: 0)))
            ])
    }

    @Test func traceWithoutHeaderGetsOneStandardScreenAndNoWindows() throws {
        let trace = try Self.read(#"{"t": 0, "touch": 1, "phase": "down", "x": 5, "y": 6}"#)
        #expect(trace.header == Trace.Header())
        #expect(trace.header.screen == Trace.Screen(width: 1920, height: 1080, dpi: 96))
        #expect(trace.header.windows.isEmpty)
        #expect(trace.header.activeWindow == nil)
        #expect(trace.header.screen.pointsPerPixel == 1)
    }

    @Test func headerFieldsLeftOutTakeTheirDefaults() throws {
        let trace = try Self.read(
            #"{"screen": {"width": 2880, "height": 1800}, "windows": [{"id": 7, "x": -10, "y": 0, "width": 5, "height": 5}]}"#,
            #"{"t": 0}"#)
        #expect(trace.header.screen == Trace.Screen(width: 2880, height: 1800, dpi: 96))
        #expect(trace.header.windows == [Trace.Window(id: 7, x: -10, y: 0, width: 5, height: 5)])
        #expect(trace.header.activeWindow == nil)
    }

    @Test func headerWithOnlyWindowsKeepsTheDefaultScreen() throws {
        let trace = try Self.read(#"{"windows": [], "active": null}"#)
        #expect(trace.header == Trace.Header())
        #expect(trace.events.isEmpty)
    }

    @Test(arguments: [(96.0, 1.0), (192.0, 0.5), (144.0, 96.0 / 144.0)])
    func dpiSetsPointsPerPixel(dpi: Double, pointsPerPixel: Double) throws {
        let trace = try Self.read(#"{"screen": {"width": 100, "height": 100, "dpi": \#(dpi)}}"#)
        #expect(trace.header.screen.pointsPerPixel == pointsPerPixel)
    }

    @Test func blankLinesAndCarriageReturnsAreSkippedAndLinesKeepTheirNumbers() throws {
        let text = "\n  \r\n{\"t\": 0}\r\n\n\t\n{\"t\": 0.5}\n\n"
        let trace = try TraceReader.read(text, file: "t")
        #expect(trace.events.map(\.line) == [3, 6])
        #expect(trace.events.map(\.time) == [0, 0.5])
    }

    @Test func emptyTraceReadsAsNoEvents() throws {
        #expect(try TraceReader.read("", file: "t") == Trace())
        #expect(try TraceReader.read("\n \n", file: "t") == Trace())
    }

    @Test func unknownFieldsAreIgnored() throws {
        let trace = try Self.read(
            #"{"screen": {"width": 10, "height": 10, "refresh": 60}, "recorder": "v2"}"#,
            #"{"t": 0, "touch": 3, "phase": "down", "x": 1, "y": 2, "pressure": 0.4, "device": {"id": 9}}"#)
        #expect(
            trace.events == [
                Trace.Event(
                    line: 2, time: 0,
                    input: .touch(TouchSample(id: TouchID(3), phase: .began, location: Point(x: 1, y: 2))))
            ])
    }

    @Test func pinchCarriesScaleAndAngle() throws {
        let trace = try Self.read(
            #"{"t": 0, "pad": "pinch", "phase": "begin", "fingers": 2, "dx": 0, "dy": 0, "scale": 1, "angle": 0}"#,
            #"{"t": 0.01, "pad": "pinch", "phase": "update", "fingers": 2, "dx": 1.5, "dy": -2, "scale": 1.25, "angle": -3.5}"#,
            #"{"t": 0.02, "pad": "pinch", "phase": "end", "fingers": 2, "dx": 0, "dy": 0, "scale": 1.25, "angle": 0}"#)
        #expect(
            trace.events[1].input
                == .pad(
                    .init(
                        kind: .pinch, phase: .updated, fingers: 2, dx: 1.5, dy: -2,
                        scale: 1.25, angle: -3.5)))
    }

    @Test func swipeHasNeutralScaleAndAngle() throws {
        let trace = try Self.read(
            #"{"t": 0, "pad": "swipe", "phase": "begin", "fingers": 4, "dx": 0, "dy": 0, "scale": 9}"#)
        #expect(
            trace.events[0].input
                == .pad(
                    .init(
                        kind: .swipe, phase: .began, fingers: 4, dx: 0, dy: 0,
                        scale: 1, angle: 0)))
    }

    @Test func padLinesMayCarryThePointerAndEndCancelled() throws {
        let trace = try Self.read(
            #"{"t": 0, "pad": "swipe", "phase": "begin", "fingers": 3, "dx": 0, "dy": 0, "x": 480, "y": 500.5}"#,
            #"{"t": 0.01, "pad": "swipe", "phase": "cancel", "fingers": 3, "dx": 0, "dy": 0}"#,
            #"{"t": 0.02, "pad": "swipe", "phase": "begin", "fingers": 3, "dx": 0, "dy": 0}"#)
        #expect(
            trace.events.map(\.input) == [
                .pad(.init(kind: .swipe, phase: .began, fingers: 3, dx: 0, dy: 0, pointer: Point(x: 480, y: 500.5))),
                .pad(.init(kind: .swipe, phase: .cancelled, fingers: 3, dx: 0, dy: 0)),
                .pad(.init(kind: .swipe, phase: .began, fingers: 3, dx: 0, dy: 0))
            ])
    }

    @Test func aPadLineWithOnlyOneCoordinateNamesTheOther() throws {
        #expect {
            try Self.read(#"{"t": 0, "pad": "swipe", "phase": "begin", "fingers": 3, "dx": 0, "dy": 0, "x": 4}"#)
        } throws: { "\($0)".contains("\"y\"") }
    }

    @Test func touchIDIsReusableAfterItsSequenceEnds() throws {
        let trace = try Self.read(
            #"{"t": 0, "touch": 1, "phase": "down", "x": 1, "y": 1}"#,
            #"{"t": 0.1, "touch": 1, "phase": "cancel", "x": 1, "y": 1}"#,
            #"{"t": 0.2, "touch": 1, "phase": "down", "x": 2, "y": 2}"#,
            #"{"t": 0.3, "touch": 1, "phase": "up", "x": 2, "y": 2}"#)
        #expect(trace.events.count == 4)
    }

    @Test func traceMayEndWithTouchesStillDown() throws {
        // A long press held past the end of the trace is a legitimate test: the clock runs on.
        let trace = try Self.read(#"{"t": 0, "touch": 1, "phase": "down", "x": 1, "y": 1}"#, #"{"t": 1}"#)
        #expect(trace.events.last?.input == .clock)
    }

    @Test func equalTimesAreAllowed() throws {
        let trace = try Self.read(
            #"{"t": 0.5, "touch": 1, "phase": "down", "x": 1, "y": 1}"#,
            #"{"t": 0.5, "touch": 2, "phase": "down", "x": 9, "y": 9}"#)
        #expect(trace.events.map(\.time) == [0.5, 0.5])
    }

    @Test func lineWithTimeAndScreenIsAnEventNotAHeader() throws {
        let trace = try Self.read(#"{"t": 0, "screen": {"width": 1, "height": 1}}"#)
        #expect(trace.header == Trace.Header())
        #expect(trace.events == [Trace.Event(line: 1, time: 0, input: .clock)])
    }

    @Test func windowStringsKeepEscapedAndForeignCharacters() throws {
        let trace = try Self.read(
            #"{"windows": [{"id": 1, "title": "Caf\u00e9 \"menu\"\n😀 \ud83d\ude00", "x": 0, "y": 0, "width": 1, "height": 1}]}"#
        )
        #expect(trace.header.windows.first?.title == "Café \"menu\"\n😀 😀")
    }

    /// A recording's lines of what the daemon did and met are read as such, never as input.
    @Test func aRecordingsDecisionsActionsAnswersAndHandOversAreNotInput() throws {
        let trace = try Self.read(
            #"{"t": 0, "touch": 3, "phase": "down", "x": 100, "y": 300}"#,
            #"{"t": 0.06, "answer": "focus", "window": 42, "value": false}"#,
            #"{"t": 0.06, "answer": "keyboard-grabbed", "value": false}"#,
            #"{"t": 0.151, "touch": 3, "delivery": "rejected"}"#,
            #"{"t": 0.152, "touch": 3, "handed-over": true}"#,
            #"{"t": 0.3, "gesture": "save", "action": {"keys": "ctrl+s"}, "outcome": "performed"}"#,
            #"{"t": 0.55, "touch": 3, "phase": "up", "x": 400, "y": 320}"#)
        #expect(trace.events.map(\.line) == [1, 7], "only the touch's own lines are input")
        #expect(
            trace.recorded.map(\.what) == [
                .answer(.focus(window: 42, false)), .answer(.keyboardGrabbed(false)),
                .delivery(TouchID(3), .rejected), .handedOver(TouchID(3)),
                .action(gesture: "save", parameters: #"{"keys": "ctrl+s"}"#, outcome: "performed")
            ])
        #expect(trace.recorded.map(\.time) == [0.06, 0.06, 0.151, 0.152, 0.3])
    }

    @Test func aRecordedLineWithABadValueSaysWhichLine() {
        #expect(throws: TraceError.self) {
            try Self.read(#"{"t": 0, "answer": "focus", "window": 42, "value": "yes"}"#)
        }
        #expect(throws: TraceError.self) {
            try Self.read(#"{"t": 0, "touch": 1, "delivery": "maybe"}"#)
        }
    }
}

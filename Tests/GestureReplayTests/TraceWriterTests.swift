import GestureConfig
import GestureRuntime
import GestureEngine
import Testing
@testable import GestureReplay

/// Writing traces as JSON Lines: the header first, keys in the contract's order, numbers exact and without exponents.
@Suite struct TraceWriterTests {
    @Test func everyKindOfLineIsWrittenInTheContractsForm() {
        let trace = Trace(
            header: Trace.Header(
                screen: Trace.Screen(width: 2560, height: 1440, dpi: 192),
                windows: [
                    Trace.Window(
                        id: 9, className: "kitty", title: "vim \"a\" ✓", x: -10, y: 0, width: 1280,
                        height: 1440),
                    Trace.Window(id: 4, x: 1280, y: 0, width: 1280, height: 1440)
                ],
                activeWindow: 9),
            events: [
                Trace.Event(
                    line: 2, time: 0,
                    input: .touch(TouchSample(id: TouchID(1), phase: .began, location: Point(x: 100, y: 300.25)))),
                Trace.Event(line: 3, time: 0.5, input: .clock),
                Trace.Event(
                    line: 4, time: 1, input: .pad(.init(kind: .swipe, phase: .began, fingers: 3, dx: 0, dy: -2))),
                Trace.Event(
                    line: 5, time: 1.01,
                    input: .pad(
                        .init(
                            kind: .pinch, phase: .updated, fingers: 2, dx: 1,
                            dy: 0, scale: 1.1, angle: -2.5))),
                Trace.Event(
                    line: 6, time: 1.02,
                    input: .pad(
                        .init(
                            kind: .pinch, phase: .cancelled, fingers: 2, dx: 0,
                            dy: 0, scale: 1.1, pointer: Point(x: 480, y: 20.5))))
            ])
        #expect(
            TraceWriter.write(trace) == """
                {"screen": {"width": 2560, "height": 1440, "dpi": 192}, "windows": [{"id": 9, "class": "kitty", \
                "title": "vim \\"a\\" ✓", "x": -10, "y": 0, "width": 1280, "height": 1440}, {"id": 4, "x": 1280, "y": 0, \
                "width": 1280, "height": 1440}], "active": 9}
                {"t": 0, "touch": 1, "phase": "down", "x": 100, "y": 300.25}
                {"t": 0.5}
                {"t": 1, "pad": "swipe", "phase": "begin", "fingers": 3, "dx": 0, "dy": -2}
                {"t": 1.01, "pad": "pinch", "phase": "update", "fingers": 2, "dx": 1, "dy": 0, "scale": 1.1, "angle": -2.5}
                {"t": 1.02, "pad": "pinch", "phase": "cancel", "fingers": 2, "dx": 0, "dy": 0, "scale": 1.1, "angle": 0, "x": 480, "y": 20.5}

                """)
    }

    @Test(arguments: [0.1 + 0.2, 1e-7, 123456789.123, Double.leastNonzeroMagnitude, 1e21, -0.0, 0.000001, 29.093991])
    func numbersReadBackAsTheSameDouble(value: Double) throws {
        let text = TraceWriter.number(value)
        #expect(!text.contains("e"), "\(text)")
        #expect(Double(text) == value, "\(text)")
    }

    @Test func aWrittenTraceReadsBackEqual() throws {
        let text = TraceWriter.write(try TraceReader.read(TraceReaderFuzzTests.richTrace, file: "rich.jsonl"))
        let trace = try TraceReader.read(text, file: "written.jsonl")
        #expect(TraceWriter.write(trace) == text)
        let original = try TraceReader.read(TraceReaderFuzzTests.richTrace, file: "rich.jsonl")
        #expect(trace.header == original.header)
        #expect(trace.events.map(\.input) == original.events.map(\.input))
        #expect(trace.events.map(\.time) == original.events.map(\.time))
    }

    @Test(arguments: ["1920x1080", "2560x1440@192", "800x480@96.5"])
    func screenArgumentsReadBack(argument: String) throws {
        let screen = try #require(Trace.Screen(argument: argument))
        #expect(Trace.Screen(argument: screen.argument) == screen)
        #expect(argument.contains("@") || screen.dpi == 96)
    }

    @Test(arguments: [
        "", "1920", "1920x", "x1080", "0x1080", "1920x1080@", "1920x1080@0", "-5x10", "1e3x10",
        "infxinf", "1920x1080@96@2", "1920×1080", "nanx1"
    ])
    func malformedScreenArgumentsAreRejected(argument: String) {
        #expect(Trace.Screen(argument: argument) == nil)
    }
}

/// An event written as a trace line and read back is the same event: the file's words for
/// phases (`TraceWords`) map each way.
@Suite struct TraceLineRoundTripTests {
    static let padEvents: [PadEvent] = PadEvent.Kind.allCases.flatMap { kind in
        PadEvent.Phase.allCases.flatMap { phase in
            [Point(x: 640, y: 360), nil].map { pointer in
                PadEvent(
                    kind: kind, phase: phase, fingers: kind == .pinch ? 2 : 3, dx: -4.5, dy: 2,
                    scale: kind == .pinch ? 1.25 : 1, angle: kind == .pinch ? -3 : 0, pointer: pointer)
            }
        }
    }

    @Test(arguments: padEvents)
    func everyPadKindAndPhaseSurvivesTheRoundTrip(event: PadEvent) throws {
        var begin = event
        begin.phase = .began
        let events = event.phase == .began ? [event] : [begin, event]
        let text = events.map { TraceWriter.eventLine(Trace.Event(line: 0, time: 1, input: .pad($0))) }
        let trace = try TraceReader.read(text.joined(separator: "\n"), file: "pad")
        #expect(trace.events.map(\.input) == events.map { .pad($0) })
    }

    @Test(arguments: [TouchPhase.moved, .ended, .cancelled])
    func everyTouchPhaseSurvivesTheRoundTrip(phase: TouchPhase) throws {
        let samples = [
            TouchSample(id: TouchID(4), phase: .began, location: Point(x: 10, y: 20.5)),
            TouchSample(id: TouchID(4), phase: phase, location: Point(x: 11, y: 21))
        ]
        let text = samples.map { TraceWriter.eventLine(Trace.Event(line: 0, time: 1, input: .touch($0))) }
        let trace = try TraceReader.read(text.joined(separator: "\n"), file: "touch")
        #expect(trace.events.map(\.input) == samples.map { .touch($0) })
    }
}

import Testing
@testable import GestureReplay

private typealias Touch = RecordingText.Touch

/// The quirks real recordings have, on small hand-written evemu input (protocol B).
@Suite struct RecordingQuirkTests {
    /// One finger in slot 0: down at (1000, 500), moved to (1010, 500) after 12 ms, lifted after 24 ms.
    static let oneFinger: [(Int64, String)] = [
        (0, "0003 002f 0"), (0, "0003 0039 10"), (0, "0003 0035 1000"), (0, "0003 0036 500"), (0, "0001 014a 1"),
        (0, "0000 0000 0"),
        (12000, "0003 0035 1010"), (12000, "0000 0000 0"),
        (24000, "0003 0039 -1"), (24000, "0001 014a 0"), (24000, "0000 0000 0")
    ]

    @Test(arguments: [Int64(1), 1_330_496_218_975_187])
    func epochAndZeroBasedTimesBothStartAtZero(base: Int64) throws {
        let text = RecordingText.evemuDescription() + RecordingText.evemuEvents(base: base, Self.oneFinger)
        let trace = try RecordingText.importTrace(text)
        #expect(
            RecordingText.touches(trace) == [
                Touch(0, 1, .began, 480, 270), Touch(0.012, 1, .moved, 484.8, 270), Touch(0.024, 1, .ended, 484.8, 270)
            ])
    }

    @Test func aFingerThatLiftsAndLandsAgainInTheSameSlotIsANewTouch() throws {
        let text =
            RecordingText.evemuDescription()
            + RecordingText.evemuEvents([
                (0, "0003 0039 10"), (0, "0003 0035 1000"), (0, "0003 0036 500"), (0, "0000 0000 0"),
                (12000, "0003 0039 -1"), (12000, "0000 0000 0"),
                // The kernel sends no unchanged value: y is still 500 from the last contact in the slot.
                (24000, "0003 0039 11"), (24000, "0003 0035 2000"), (24000, "0000 0000 0"),
                // A new tracking id without -1 ends the contact (at its last position) and starts another.
                (36000, "0003 0035 2010"), (36000, "0003 0039 12"), (36000, "0003 0035 3000"),
                (36000, "0003 0036 1000"),
                (36000, "0000 0000 0"),
                (48000, "0003 0039 -1"), (48000, "0000 0000 0")
            ])
        #expect(
            RecordingText.touches(try RecordingText.importTrace(text)) == [
                Touch(0, 1, .began, 480, 270), Touch(0.012, 1, .ended, 480, 270),
                Touch(0.024, 2, .began, 960, 270),
                Touch(0.036, 2, .ended, 964.8, 270), Touch(0.036, 3, .began, 1440, 540),
                Touch(0.048, 3, .ended, 1440, 540)
            ])
    }

    @Test func eventsBeforeTheFirstSynReportBelongToTheFirstFrame() throws {
        let text =
            RecordingText.evemuDescription()
            + RecordingText.evemuEvents([
                // The recording starts mid-frame: slot 0 has a finger whose tracking id was never recorded.
                (0, "0003 0036 777"),
                (0, "0003 002f 1"), (0, "0003 0039 5"), (0, "0003 0035 2000"), (0, "0003 0036 1000"),
                (50, "0000 0000 0"),
                (16000, "0003 002f 0"), (16000, "0003 0035 100"), (16000, "0003 002f 1"), (16000, "0003 0035 2100"),
                (16000, "0000 0000 0"),
                (32000, "0003 002f 0"), (32000, "0003 0039 -1"), (32000, "0000 0000 0"),
                (48000, "0003 002f 1"), (48000, "0003 0039 -1"), (48000, "0000 0000 0")
            ])
        // Time starts at the first SYN_REPORT; the unknown finger in slot 0 is left out.
        #expect(
            RecordingText.touches(try RecordingText.importTrace(text)) == [
                Touch(0, 1, .began, 960, 540), Touch(0.01595, 1, .moved, 1008, 540),
                Touch(0.04795, 1, .ended, 1008, 540)
            ])
    }

    @Test func fingersStillDownAtTheEndAreCancelledAtTheLastFrame() throws {
        let text =
            RecordingText.evemuDescription()
            + RecordingText.evemuEvents([
                (0, "0003 002f 0"), (0, "0003 0039 1"), (0, "0003 0035 1000"), (0, "0003 0036 500"),
                (0, "0003 002f 1"), (0, "0003 0039 2"), (0, "0003 0035 3000"), (0, "0003 0036 1500"),
                (0, "0000 0000 0"),
                (10000, "0003 002f 0"), (10000, "0003 0035 1100"), (10000, "0000 0000 0"),
                // Never synchronized: the recording stopped mid-frame.
                (20000, "0003 002f 1"), (20000, "0003 0035 3100")
            ])
        let trace = try RecordingText.importTrace(text)
        #expect(
            RecordingText.touches(trace) == [
                Touch(0, 1, .began, 480, 270), Touch(0, 2, .began, 1440, 810), Touch(0.01, 1, .moved, 528, 270),
                Touch(0.01, 1, .cancelled, 528, 270), Touch(0.01, 2, .cancelled, 1440, 810)
            ])
        // The description has 11 lines, so the second SYN_REPORT is line 11 + 12.
        #expect(trace.events.suffix(2).map(\.line) == [23, 23])
    }

    @Test func eventsAfterSynDroppedAreSkippedUpToTheNextReport() throws {
        let text =
            RecordingText.evemuDescription()
            + RecordingText.evemuEvents([
                (0, "0003 0039 1"), (0, "0003 0035 1000"), (0, "0003 0036 500"), (0, "0000 0000 0"),
                (10000, "0003 0035 2000"), (10000, "0000 0003 0"), (10000, "0003 0035 3000"), (10000, "0000 0000 0"),
                (20000, "0003 0035 1100"), (20000, "0000 0000 0"),
                (30000, "0003 0039 -1"), (30000, "0000 0000 0")
            ])
        #expect(
            RecordingText.touches(try RecordingText.importTrace(text)) == [
                Touch(0, 1, .began, 480, 270), Touch(0.02, 1, .moved, 528, 270), Touch(0.03, 1, .ended, 528, 270)
            ])
    }

    @Test func aContactWaitsForItsFirstPosition() throws {
        let text =
            RecordingText.evemuDescription()
            + RecordingText.evemuEvents([
                (0, "0003 002f 2"), (0, "0003 0039 1"), (0, "0000 0000 0"),
                (8000, "0003 0035 1000"), (8000, "0003 0036 500"), (8000, "0000 0000 0"),
                (16000, "0003 0039 -1"), (16000, "0000 0000 0")
            ])
        #expect(
            RecordingText.touches(try RecordingText.importTrace(text)) == [
                Touch(0.008, 1, .began, 480, 270), Touch(0.016, 1, .ended, 480, 270)
            ])
    }

    @Test(arguments: [
        // (x, y) resolution in units/mm, the --screen, and the trace's dpi.
        (0, 0, "1920x1080", 96.0),
        (0, 0, "1920x1080@120", 120),
        (10, 10, "1920x1080@120", 121.95),  // 399.9 mm wide: 1920 px over 15.74 in
        (10, 10, "3840x2160", 243.901),
        (0, 5, "1920x1080", 68.614)  // only y: 1080 px over 399.8 mm
    ])
    func theTraceDpiFollowsTheDevicesResolution(x: Int, y: Int, screen: String, dpi: Double) throws {
        let requested = try #require(Trace.Screen(argument: screen))
        let text = RecordingText.evemuDescription(resolution: (x, y)) + RecordingText.evemuEvents(Self.oneFinger)
        let trace = try RecordingText.importTrace(text, screen: requested)
        #expect(trace.header.screen == Trace.Screen(width: requested.width, height: requested.height, dpi: dpi))
    }

    @Test func oldEvemuFilesTakeTheResolutionFromTheirCommentBlock() throws {
        let text = """
            # EVEMU 1.1
            # Input device name: "Old Wacom"
            # Supported events:
            #   Event type 3 (EV_ABS)
            #     Event code 53 (ABS_MT_POSITION_X)
            #       Max     3999
            #       Resolution 10
            #     Event code 54 (ABS_MT_POSITION_Y)
            #       Resolution 10
            # Properties:
            N: Old Wacom
            I: 0003 056a 005d 0005
            A: 35 0 3999 4 0
            A: 36 0 1999 4 0

            """ + RecordingText.evemuEvents(Self.oneFinger)
        #expect(try RecordingText.importTrace(text).header.screen.dpi == 121.95)
    }

    @Test(arguments: [(Int32(0), 0.0), (3999, 1919.52), (4200, 1920), (-5, 0)])
    func deviceUnitsMapOntoTheScreenAndClampToIt(x: Int32, pixels: Double) throws {
        let text =
            RecordingText.evemuDescription()
            + RecordingText.evemuEvents([
                (0, "0003 0039 1"), (0, "0003 0035 \(x)"), (0, "0003 0036 0"), (0, "0000 0000 0")
            ])
        #expect(RecordingText.touches(try RecordingText.importTrace(text)).first?.x == pixels)
    }

    @Test func aSeparateDescriptionReplacesTheOneInTheRecording() throws {
        let text = RecordingText.evemuDescription() + RecordingText.evemuEvents(Self.oneFinger)
        let trace = try RecordingText.importTrace(
            text, description: RecordingText.evemuDescription(resolution: (10, 10)))
        #expect(trace.header.screen.dpi == 121.95)
    }

    @Test func aDescriptionAloneIsAnEmptyTrace() throws {
        let trace = try RecordingText.importTrace(RecordingText.evemuDescription(resolution: (10, 10)))
        #expect(trace.events.isEmpty)
        #expect(trace.header.screen == Trace.Screen(width: 1920, height: 1080, dpi: 121.95))
    }

    @Test(
        arguments: [
            ("{\"t\": 0}", TraceFormat.jsonLines),
            ("", .jsonLines),
            ("# EVEMU 1.3\n# Kernel: 4.9\nN: x", .evemu),
            ("E: 0.000001 0003 0035 1", .evemu),
            ("\n\n[   1807.354865] EV_SYN       SYN_REPORT           00000000", .getevent),
            ("add device 1: /dev/input/event2\n  name: \"touch\"", .getevent),
            ("version: 1\nndevices: 1\ndevices:", .libinputRecord)
        ] as [(String, TraceFormat)])
    func formatsAreToldApartByContent(text: String, format: TraceFormat) {
        #expect(TraceFormat.detect(text).format == format)
    }

    @Test func unknownContentIsAnErrorOnItsFirstLine() {
        #expect(
            throws: TraceInputError.recording(
                RecordingError(
                    file: "test.events", line: 3, reason: .unrecognizedFormat(found: "\"touches: 1\"")))
        ) {
            try RecordingText.importTrace("# a comment\n\ntouches: 1\n")
        }
    }
}

import Testing
@testable import GestureReplay

private typealias Touch = RecordingText.Touch

/// Multitouch protocol A (Android `getevent -lt`, old evemu recordings): lifts are contacts that stop being listed.
@Suite struct ProtocolAImportTests {
    /// A contact as getevent lists it, closed by SYN_MT_REPORT.
    static func contact(_ offset: Int64, id: Int?, x: Int, y: Int) -> [(Int64, String)] {
        (id.map { [(offset, "EV_ABS ABS_MT_TRACKING_ID \(hex($0))")] } ?? []) + [
            (offset, "EV_ABS ABS_MT_POSITION_X \(hex(x))"), (offset, "EV_ABS ABS_MT_POSITION_Y \(hex(y))"),
            (offset, "EV_ABS ABS_MT_PRESSURE 00000017"), (offset, "EV_SYN SYN_MT_REPORT 00000000")
        ]
    }

    static func report(_ offset: Int64) -> [(Int64, String)] { [(offset, "EV_SYN SYN_REPORT 00000000")] }

    static func hex(_ value: Int) -> String {
        let digits = String(UInt32(truncatingIfNeeded: value), radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Found by `make fuzz` (getevent): anonymous contacts at the two ends of the 32-bit range
    /// squared their distance past Int64 and trapped.
    @Test func anonymousContactsAtOppositeEndsOfTheRangeStillMatch() throws {
        let text = RecordingText.geteventLines(
            Self.contact(0, id: nil, x: Int(Int32.min), y: Int(Int32.min)) + Self.report(0)
                + Self.contact(16000, id: nil, x: Int(Int32.max), y: Int(Int32.max)) + Self.report(16000))
        let trace = try RecordingText.importTrace(text, description: RecordingText.pixelDescription)
        #expect(
            RecordingText.touches(trace).map(\.phase) == [.began, .moved, .cancelled],
            "one touch, moved, cancelled at the end")
    }

    @Test func aContactMissingFromAFrameHasLiftedAndAReturningIdIsANewTouch() throws {
        let text = RecordingText.geteventLines(
            Self.contact(0, id: 0, x: 100, y: 200) + Self.contact(0, id: 1, x: 300, y: 400) + Self.report(0)
                + Self.contact(16000, id: 1, x: 310, y: 400) + Self.report(16000)
                + [(32000, "EV_SYN SYN_MT_REPORT 00000000")] + Self.report(32000)
                + Self.contact(48000, id: 0, x: 100, y: 200) + Self.report(48000)
                // With BTN_TOUCH a driver may send no SYN_MT_REPORT at all when the last finger lifts.
                + [(64000, "EV_KEY BTN_TOUCH UP")] + Self.report(64000))
        // The description's units are pixels, so positions read as written.
        let trace = try RecordingText.importTrace(text, description: RecordingText.pixelDescription)
        #expect(
            RecordingText.touches(trace) == [
                Touch(0, 1, .began, 100, 200), Touch(0, 2, .began, 300, 400),
                Touch(0.016, 1, .ended, 100, 200), Touch(0.016, 2, .moved, 310, 400),
                Touch(0.032, 2, .ended, 310, 400),
                Touch(0.048, 3, .began, 100, 200),
                Touch(0.064, 3, .ended, 100, 200)
            ])
    }

    @Test func anonymousContactsFollowTheNearestContactOfTheFrameBefore() throws {
        let text = RecordingText.geteventLines(
            Self.contact(0, id: nil, x: 100, y: 100) + Self.contact(0, id: nil, x: 1000, y: 500) + Self.report(0)
                // Listed the other way round: matched by position, not by order.
                + Self.contact(10000, id: nil, x: 1005, y: 505) + Self.contact(10000, id: nil, x: 105, y: 100)
                + Self.report(10000)
                + Self.contact(20000, id: nil, x: 110, y: 100) + Self.report(20000))
        let trace = try RecordingText.importTrace(text, description: RecordingText.pixelDescription)
        #expect(
            RecordingText.touches(trace) == [
                Touch(0, 1, .began, 100, 100), Touch(0, 2, .began, 1000, 500),
                Touch(0.01, 2, .moved, 1005, 505), Touch(0.01, 1, .moved, 105, 100),
                Touch(0.02, 2, .ended, 1005, 505), Touch(0.02, 1, .moved, 110, 100),
                Touch(0.02, 1, .cancelled, 110, 100)
            ])
    }

    @Test func withoutAxisRangesTheContactsBoxFillsTheScreenWithoutDistortion() throws {
        let text = RecordingText.geteventLines(
            Self.contact(0, id: 0, x: 100, y: 500) + Self.report(0)
                + Self.contact(10000, id: 0, x: 1100, y: 600) + Self.report(10000))
        let trace = try RecordingText.importTrace(text)
        // One scale for both axes: 1920 px over 1001 units (the 101 units of y would allow more).
        #expect(
            RecordingText.touches(trace) == [
                Touch(0, 1, .began, 0, 0), Touch(0.01, 1, .moved, 1918.082, 191.808),
                Touch(0.01, 1, .cancelled, 1918.082, 191.808)
            ])
        #expect(trace.header.screen == Trace.Screen())
    }

    @Test func geteventWithoutLabelsAndWithDevicePathsKeepsTheTouchscreen() throws {
        let text = """
            add device 1: /dev/input/event1
              name:     "gpio-keys"
            add device 2: /dev/input/event2
              name:     "touchscreen"
            [    1807.000000] /dev/input/event1: 0001 0074 00000001
            [    1807.000000] /dev/input/event1: 0000 0000 00000000
            [    1807.010000] /dev/input/event2: 0003 0039 00000000
            [    1807.010000] /dev/input/event2: 0003 0035 00000064
            [    1807.010000] /dev/input/event2: 0003 0036 000000c8
            [    1807.010000] /dev/input/event2: 0000 0002 00000000
            [    1807.010000] /dev/input/event2: 0000 0000 00000000
            [    1807.020000] /dev/input/event1: 0001 0074 00000000
            [    1807.020000] /dev/input/event1: 0000 0000 00000000
            [    1807.030000] /dev/input/event2: 0000 0002 00000000
            [    1807.030000] /dev/input/event2: 0000 0000 00000000
            """
        let trace = try RecordingText.importTrace(text, description: RecordingText.pixelDescription)
        #expect(RecordingText.touches(trace) == [Touch(0, 1, .began, 100, 200), Touch(0.02, 1, .ended, 100, 200)])
    }

    @Test func evemuRecordingsOfProtocolADevicesDecodeTheSameWay() throws {
        let text =
            RecordingText.pixelDescription
            + RecordingText.evemuEvents([
                (0, "0003 0035 100"), (0, "0003 0036 200"), (0, "0000 0002 0"),
                (0, "0003 0035 900"), (0, "0003 0036 800"), (0, "0000 0002 0"), (0, "0000 0000 0"),
                (15000, "0003 0035 905"), (15000, "0003 0036 800"), (15000, "0000 0002 0"), (15000, "0000 0000 0"),
                (30000, "0000 0002 0"), (30000, "0000 0000 0")
            ])
        #expect(
            RecordingText.touches(try RecordingText.importTrace(text)) == [
                Touch(0, 1, .began, 100, 200), Touch(0, 2, .began, 900, 800),
                Touch(0.015, 1, .ended, 100, 200), Touch(0.015, 2, .moved, 905, 800),
                Touch(0.03, 2, .ended, 905, 800)
            ])
    }
}

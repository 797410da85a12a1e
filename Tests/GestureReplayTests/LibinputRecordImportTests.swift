import Foundation
import Testing
@testable import GestureReplay

private typealias Touch = RecordingText.Touch

/// `libinput record` YAML: the touchscreen among the recorded devices, its absinfo and its evdev frames.
@Suite struct LibinputRecordImportTests {
    /// Written by hand after libinput-record(1) and the recorder's output: a keyboard, then a touchscreen
    /// with libinput's own events between its evdev frames, comments, quoted strings and flow lists.
    static let record = """
        version: 1
        ndevices: 2
        libinput:
          version: "1.22.0"
          git: "unknown"
        system:
          os: "fedora:37"
          kernel: "6.0.7-301.fc37.x86_64"
          dmi: "dmi:bvnLENOVO:bvrN2HET63W(1.46):bd01/24/2022:svnLENOVO:pn20QDCTO1WW:"
        devices:
        - node: /dev/input/event3
          evdev:
            # Name: AT Translated Set 2 keyboard
            name: "AT Translated Set 2 keyboard"
            id: [17, 1, 1, 43841]
            codes:
              0: [0, 1, 4, 17, 20] # EV_SYN
              1: [1, 2, 3] # EV_KEY
            properties: []
          events:
          - evdev:
            - [  0,      0,   1,   2,       1] # EV_KEY / KEY_1                    1
            - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
        - node: /dev/input/event5
          evdev:
            # Name: Wacom Pen and multitouch sensor Finger
            # Size in mm: 294x165
            name: "Wacom Pen and multitouch sensor Finger"
            id: [3, 1386, 20806, 272]
            codes:
              0: [0, 1, 2, 3, 4] # EV_SYN
              1: [330] # EV_KEY
              3: [0, 1, 47, 53, 54, 57] # EV_ABS
            absinfo:
              0: [0, 2940, 0, 0, 10]
              1: [0, 1650, 0, 0, 10]
              47: [0, 9, 0, 0, 0]
              53: [0, 2940, 0, 0, 10]
              54: [0, 1650, 0, 0, 10]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          hid: [5, 13, 9, 4, 161, 1]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
          quirks:
          - 'ModelWacomTouchpad=1'
          libinput:
            size: [294, 165]
            capabilities: [touch]
          events:
          # Current time is 10:12:40
          - evdev:
            - [  0,      0,   3,  47,       0] # EV_ABS / ABS_MT_SLOT                0
            - [  0,      0,   3,  57,     300] # EV_ABS / ABS_MT_TRACKING_ID       300
            - [  0,      0,   3,  53,    1470] # EV_ABS / ABS_MT_POSITION_X     1470 (+1470)
            - [  0,      0,   3,  54,     825] # EV_ABS / ABS_MT_POSITION_Y      825 (+825)
            - [  0,      0,   1, 330,       1] # EV_KEY / BTN_TOUCH                1
            - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
          - libinput:
            - {time: 0.000000, type: TOUCH_DOWN, slot: 0, seat_slot: 0, point: [147.00, 82.50], transformed: [50.00, 50.00]}
            - {time: 0.000000, type: TOUCH_FRAME}
          - evdev:
            - [  0,  15000,   3,  53,    1500] # EV_ABS / ABS_MT_POSITION_X     1500 (+30)
            - [  0,  15000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +15ms
          - evdev:
            - [  0,  30000,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID        -1
            - [  0,  30000,   1, 330,       0] # EV_KEY / BTN_TOUCH                0
            - [  0,  30000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +15ms
                                         # Touch device in neutral state

        """

    @Test(arguments: ["[  0, ", "[1669021960, "])
    func theTouchscreenOfARecordImportsFromZeroOrKernelTimes(secondsField: String) throws {
        let text = Self.record.replacingOccurrences(of: "[  0, ", with: secondsField)
        #expect(TraceFormat.detect(text).format == .libinputRecord)
        let trace = try RecordingText.importTrace(text)
        // 2940 units at 10 units/mm: 294 mm, so 1920 px over 11.57 in.
        #expect(trace.header.screen == Trace.Screen(width: 1920, height: 1080, dpi: 165.878))
        #expect(
            RecordingText.touches(trace) == [
                Touch(0, 1, .began, 959.674, 539.673), Touch(0.015, 1, .moved, 979.259, 539.673),
                Touch(0.03, 1, .ended, 979.259, 539.673)
            ])
        // Each touch line carries the line of its frame's SYN_REPORT.
        #expect(trace.events.map(\.line) == [60, 66, 70])
    }

    @Test func aRecordCanDescribeTheDeviceOfAGeteventRecording() throws {
        let text = RecordingText.geteventLines([
            (0, "EV_ABS ABS_MT_TRACKING_ID 00000000"), (0, "EV_ABS ABS_MT_POSITION_X 000005be"),
            (0, "EV_ABS ABS_MT_POSITION_Y 00000339"), (0, "EV_SYN SYN_MT_REPORT 00000000"),
            (0, "EV_SYN SYN_REPORT 00000000")
        ])
        let trace = try RecordingText.importTrace(text, description: Self.record)
        #expect(trace.header.screen.dpi == 165.878)
        #expect(RecordingText.touches(trace).first == Touch(0, 1, .began, 959.674, 539.673))
    }

    @Test func aRecordWithoutATouchscreenIsAnError() {
        let keyboardOnly = Self.record.components(separatedBy: "- node: /dev/input/event5")[0]
        #expect(
            throws: TraceInputError.recording(
                RecordingError(
                    file: "test.events", line: 11, reason: .noTouchDevice(devices: 1)))
        ) {
            try RecordingText.importTrace(keyboardOnly)
        }
    }

    @Test func yamlScalarsFlowCollectionsAndCommentsParse() throws {
        let node = try RecordYAML.parse(
            """
            ---
            a: 'it''s'   # a comment
            b: "tab\\there: \\u00e9"
            c: [1, [2, 3], {d: e, f: "g, h"}, ]
            d:
            - x: 1
              y: [4,
                  5]
            - plain text # comment
            -
            e: a#b
            """, file: "t.yml")
        #expect(node["a"]?.scalar == "it's")
        #expect(node["b"]?.scalar == "tab\there: é")
        let c = try #require(node["c"]?.elements)
        #expect(c.count == 3 && c[0].scalar == "1" && c[1].elements?.count == 2)
        #expect(c[2]["d"]?.scalar == "e" && c[2]["f"]?.scalar == "g, h")
        let d = try #require(node["d"]?.elements)
        #expect(d.count == 3)
        #expect(d[0]["x"]?.integer == 1 && d[0]["y"]?.elements?.compactMap(\.integer) == [4, 5])
        #expect(d[1].scalar == "plain text" && d[2].scalar == "")
        #expect(node["e"]?.scalar == "a#b")
        #expect(node["e"]?.line == 11)
    }
}

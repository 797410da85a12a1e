import GestureEngine
import Testing
@testable import GestureReplay
import JSON

/// Replay output: the contract's JSON Lines, byte for byte, and the table for terminals.
@Suite struct ReplayWriterTests {
    /// The four records of the contract's output example.
    static let contractRecords: [ReplayRecord] = [
        .state(
            time: 0.020, gesture: "browser-back", kind: "pan", state: .began, x: 130, y: 300, touches: 1,
            fields: ReplayRecord.fields(
                for: .pan(
                    translation: Vector(dx: 20, dy: 0),
                    velocity: Vector(dx: 1500, dy: 0))),
            verbose: false),
        .state(
            time: 0.060, gesture: "next-desktop", kind: "swipe", state: .ended, x: 100, y: 300, touches: 3,
            fields: ReplayRecord.fields(for: .swipe(direction: .left)), verbose: false),
        .action(time: 0.060, gesture: "next-desktop", action: [("desktop", "next")]),
        .delivery(time: 0.060, touch: TouchID(1), delivery: .accepted)
    ]

    /// The contract's output example, as `replay.md` prints it.
    static let contractLines = [
        #"{"t": 0.020, "gesture": "browser-back", "kind": "pan", "state": "began", "x": 130, "y": 300, "touches": 1, "translation": [20, 0], "velocity": [1500, 0]}"#,
        #"{"t": 0.060, "gesture": "next-desktop", "kind": "swipe", "state": "ended", "x": 100, "y": 300, "touches": 3, "direction": "left"}"#,
        #"{"t": 0.060, "gesture": "next-desktop", "action": {"desktop": "next"}}"#,
        #"{"t": 0.060, "touch": 1, "delivery": "accepted"}"#
    ]

    @Test func contractExampleIsWrittenExactly() {
        #expect(
            ReplayWriter(format: .json).render(Self.contractRecords) == """
                {"t": 0.02, "gesture": "browser-back", "kind": "pan", "state": "began", "x": 130, "y": 300, "touches": 1, "translation": [20, 0], "velocity": [1500, 0]}
                {"t": 0.06, "gesture": "next-desktop", "kind": "swipe", "state": "ended", "x": 100, "y": 300, "touches": 3, "direction": "left"}
                {"t": 0.06, "gesture": "next-desktop", "action": {"desktop": "next"}}
                {"t": 0.06, "touch": 1, "delivery": "accepted"}

                """)
    }

    @Test(arguments: zip(contractRecords, contractLines))
    func outputHasTheContractsKeysValuesAndOrder(record: ReplayRecord, contractLine: String) throws {
        #expect(try JSONValue(parsing: ReplayWriter.jsonLine(for: record)) == JSONValue(parsing: contractLine))
    }

    @Test(arguments: [
        (GestureMeasurement.tap(taps: 2), #", "taps": 2}"#),
        (.pinch(scale: 1.234567, velocity: -0.00004), #", "scale": 1.2346, "velocity": 0}"#),
        (.rotation(rotation: -0.785398, velocity: 3.14159265), #", "rotation": -0.7854, "velocity": 3.1416}"#),
        (
            .pan(translation: Vector(dx: -20.00049, dy: 0.0006), velocity: Vector(dx: 1500.123456, dy: -0.5)),
            #", "translation": [-20, 0.001], "velocity": [1500.1235, -0.5]}"#
        ),
        (.longPress(translation: Vector(dx: 1.5, dy: -2)), #", "translation": [1.5, -2]}"#),
        (.swipe(direction: .down), #", "direction": "down"}"#),
        (.none, "}")
    ])
    func perKindFieldsFollowTheCommonOnes(measurement: GestureMeasurement, tail: String) {
        let record = ReplayRecord.state(
            time: 1.23456, gesture: "g", kind: "k", state: .changed, x: 10.0004,
            y: -0.0004, touches: 2, fields: ReplayRecord.fields(for: measurement),
            verbose: false)
        let common = #"{"t": 1.235, "gesture": "g", "kind": "k", "state": "changed", "x": 10, "y": 0, "touches": 2"#
        #expect(ReplayWriter.jsonLine(for: record) == common + tail)
    }

    @Test(arguments: [GestureRecognizer.State.failed, .possible])
    func verboseTransitionsAreMarkedLast(state: GestureRecognizer.State) {
        let record = ReplayRecord.state(
            time: 0.15, gesture: "double-tap", kind: "tap", state: state, x: 5, y: 6,
            touches: 0, fields: ReplayRecord.fields(for: .tap(taps: 1)), verbose: true)
        #expect(
            ReplayWriter.jsonLine(for: record) == """
                {"t": 0.15, "gesture": "double-tap", "kind": "tap", "state": "\(state)", "x": 5, "y": 6, \
                "touches": 0, "taps": 1, "verbose": true}
                """)
    }

    @Test func actionParametersKeepTheirOrderAndEscaping() {
        let record = ReplayRecord.action(
            time: 3, gesture: "launcher \"1\"",
            action: [
                ("command", "rofi -show drun\n"), ("keys", "super+a"), ("repeat", 2), ("amount", 0.123456),
                ("window", ["class": "Firefox", "title": "Tab\t\u{1B}[31m"])
            ])
        #expect(
            ReplayWriter.jsonLine(for: record) == #"""
                {"t": 3, "gesture": "launcher \"1\"", "action": {"command": "rofi -show drun\n", "keys": "super+a", "repeat": 2, "amount": 0.1235, "window": {"class": "Firefox", "title": "Tab\t\u001b[31m"}}}
                """#)
    }

    @Test(arguments: [(Delivery.accepted, "accepted"), (.rejected, "rejected")])
    func deliveryLinesNameTheTouchAndDecision(delivery: Delivery, word: String) {
        let record = ReplayRecord.delivery(time: 0.1504, touch: TouchID(12), delivery: delivery)
        #expect(ReplayWriter.jsonLine(for: record) == #"{"t": 0.15, "touch": 12, "delivery": "\#(word)"}"#)
    }

    @Test func emptyReplayPrintsNothingAsJSON() {
        #expect(ReplayWriter(format: .json).render([]) == "")
    }

    @Test func tableAlignsTheSameEvents() {
        var records = Self.contractRecords
        records.append(
            .state(
                time: 12.5, gesture: "my tap", kind: "tap", state: .failed, x: 1, y: 2, touches: 1,
                fields: ReplayRecord.fields(for: .tap(taps: 1)), verbose: true))
        records.append(.action(time: 12.5, gesture: "run", action: [("command", "rofi -show drun")]))
        records.append(.delivery(time: 12.5, touch: TouchID(2), delivery: .rejected))
        #expect(
            ReplayWriter(format: .table).render(records) == """
                  TIME  GESTURE       WHAT          DETAILS
                 0.020  browser-back  pan began     at 130, 300; 1 touch; translation [20, 0]; velocity [1500, 0]
                 0.060  next-desktop  swipe ended   at 100, 300; 3 touches; direction left
                 0.060  next-desktop  action        desktop next
                 0.060  touch 1       delivery      accepted (consumed by a gesture)
                12.500  "my tap"      (tap failed)  at 1, 2; 1 touch; taps 1
                12.500  run           action        command "rofi -show drun"
                12.500  touch 2       delivery      rejected (replayed to the application)

                """)
    }

    @Test func emptyTableSaysSo() {
        #expect(ReplayWriter(format: .table).render([]) == "TIME  GESTURE  WHAT  DETAILS\n(no events)\n")
    }

    @Test(arguments: [
        ("plain-name", "plain-name"), ("two words", #""two words""#), ("", #""""#),
        ("bell\u{07}", #""bell\u0007""#), ("semi;colon", #""semi;colon""#), ("Café", "Café")
    ])
    func tableCellsQuoteAnythingButOnePrintableWord(text: String, cell: String) {
        #expect(ReplayWriter.plain(text) == cell)
    }

    @Test(arguments: [(0.0, "0.000"), (0.02, "0.020"), (1.5, "1.500"), (12.3456, "12.346"), (100, "100.000")])
    func tableTimesHaveThreeDecimals(time: Double, text: String) {
        #expect(ReplayWriter.fixedTime(time) == text)
    }

    @Test(arguments: [(true, ReplayWriter.Format.table), (false, .json)])
    func terminalsGetATableAndPipesGetJSON(isTerminal: Bool, format: ReplayWriter.Format) {
        #expect(ReplayWriter.Format.standard(forTerminal: isTerminal) == format)
    }
}

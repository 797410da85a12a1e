import Foundation
import GestureConfig
import GestureEngine
import GestureReplay
import Testing

/// How long the real recordings' one-finger touches wait before the application gets them
/// when one-finger strokes are bound on the screen (issue 25): replayed under a config whose
/// only other binding is a 3-finger swipe, each lone one-finger touch (no other finger down
/// while it is) is timed from its landing to its hand-over. docs/strokes.md's "Strokes by one
/// finger" table is this.
@Suite("One-finger touches with one-finger strokes bound") struct OneFingerStrokeHoldTests {
    static let base = """
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { keys: ctrl+alt+Right }

        """

    /// Every built-in shape bound to one finger on the screen, with `extra` parameters.
    static func everyBuiltIn(_ extra: String = "") -> String {
        base
            + StrokeShapes.names.filter { !$0.hasPrefix("circle-") }.map { shape in
                "  - name: \(shape)\n    stroke: { shape: \(shape)\(extra) }\n    do: { keys: F1 }\n"
            }.joined()
    }

    static let configs: [(name: String, yaml: String)] = [
        ("no stroke", base),
        ("a checkmark", base + "  - name: save\n    stroke: { shape: checkmark }\n    do: { keys: ctrl+s }\n"),
        ("every built-in shape", everyBuiltIn()),
        ("every built-in shape, `start: hold`", everyBuiltIn(", start: hold"))
    ]

    /// A lone one-finger touch of a recording and how long it waited under each config.
    struct LoneTouch {
        enum Kind { case tap, press, drag }
        var recording: String
        var id: UInt32
        var kind: Kind
        /// Milliseconds from the landing to the hand-over, per config; nil: never handed over.
        var waits: [Int?]
        var lastedMilliseconds: Int
    }

    /// Replays every recording under every config and times its lone one-finger touches.
    static func measure() throws -> [LoneTouch] {
        var touches: [LoneTouch] = []
        let window = ScenarioRun.milliseconds(Thresholds.fingerWindow)
        for replay in RecordingReplay.all {
            let trace = try replay.trace()
            var down: [UInt32: (landed: Double, last: Point, length: Double, alone: Bool)] = [:]
            var lone: [(id: UInt32, landed: Double, lifted: Double, length: Double)] = []
            for event in trace.events {
                guard case .touch(let sample) = event.input else { continue }
                let id = sample.id.rawValue
                switch sample.phase {
                case .began:
                    for other in down.keys { down[other]?.alone = false }
                    down[id] = (event.time, sample.location, 0, down.isEmpty)
                case .moved:
                    guard let touch = down[id] else { continue }
                    down[id]?.length = touch.length + touch.last.distance(to: sample.location)
                    down[id]?.last = sample.location
                default:
                    guard let touch = down.removeValue(forKey: id) else { continue }
                    if touch.alone { lone.append((id, touch.landed, event.time, touch.length)) }
                }
            }
            guard !lone.isEmpty else { continue }
            let runs = try configs.map { try replay.with(config: $0.name, yaml: $0.yaml).run().rejections }
            for touch in lone {
                let lasted = ScenarioRun.milliseconds(touch.lifted - touch.landed)
                let kind: LoneTouch.Kind =
                    lasted <= window ? .tap : touch.length >= Thresholds.strokeMinimumLength ? .drag : .press
                touches.append(
                    LoneTouch(
                        recording: replay.recording, id: touch.id, kind: kind,
                        waits: runs.map { $0[touch.id].map { $0 - ScenarioRun.milliseconds(touch.landed) } },
                        lastedMilliseconds: lasted))
            }
        }
        return touches
    }

    /// docs/strokes.md's table: per config, how many drags and presses reach the application
    /// within the finger window, the longest wait, and the taps at their lift.
    static func table(_ touches: [LoneTouch]) -> String {
        let window = ScenarioRun.milliseconds(Thresholds.fingerWindow)
        func share(_ kind: LoneTouch.Kind, _ column: Int, _ test: (LoneTouch, Int) -> Bool) -> String {
            let some = touches.filter { $0.kind == kind }
            let passing = some.filter { touch in touch.waits[column].map { test(touch, $0) } ?? false }
            return "\(passing.count) of \(some.count)"
        }
        var lines = [
            "| bound on the screen | drags and flicks within \(window) ms | presses within \(window) ms | longest wait | taps at their lift |",
            "|---|---|---|---|---|"
        ]
        for (column, config) in configs.enumerated() {
            let longest = touches.compactMap { $0.waits[column] }.max() ?? 0
            lines.append(
                "| \(config.name) | \(share(.drag, column) { $1 <= window + 1 }) | "
                    + "\(share(.press, column) { $1 <= window + 1 }) | \(longest) ms | "
                    + "\(share(.tap, column) { $1 <= $0.lastedMilliseconds + 1 }) |")
        }
        return lines.joined(separator: "\n")
    }

    @Test func theReadmeTableIsWhatTheRecordingsMeasure() throws {
        let touches = try Self.measure()
        for touch in touches where touch.kind != .tap {
            print(
                "hold: \(touch.recording) touch \(touch.id) \(touch.kind), \(touch.lastedMilliseconds) ms: \(touch.waits)"
            )
        }
        let table = Self.table(touches)
        print(table)
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("docs/strokes.md"),
            encoding: .utf8)
        #expect(readme.contains(table), "docs/strokes.md's table is not what the recordings measure:\n\(table)")
        // With no stroke bound, every touch that outlasts the finger window is handed over when it closes.
        #expect(touches.filter { $0.kind != .tap }.allSatisfy { ($0.waits[0] ?? .max) <= 151 })
        // A touch is handed over at its lift at the latest (or never, when it drew a bound shape:
        // the Dell's flick up and right is `line-up-right`).
        for touch in touches {
            for wait in touch.waits.compactMap({ $0 }) { #expect(wait <= touch.lastedMilliseconds + 1, "\(touch)") }
        }
    }

    @Test func checkSaysWhatTheRecordingsMeasure() throws {
        let touches = try Self.measure()
        let window = ScenarioRun.milliseconds(Thresholds.fingerWindow)
        func drags(_ column: Int) -> String {
            let drags = touches.filter { $0.kind == .drag }
            return "\(drags.filter { ($0.waits[column] ?? .max) <= window + 1 }.count) of \(drags.count)"
        }
        let longestPress = touches.filter { $0.kind == .press }.compactMap { $0.waits[1] }.max() ?? 0
        let warning = try #require(
            try ConfigLoader.load(yaml: Self.configs[1].yaml).warnings.first?.message)
        #expect(
            warning.contains("with a checkmark bound, \(drags(1)) drags reached it within \(window) ms"), "\(warning)")
        #expect(
            warning.contains(String(format: "presses waited up to %.2f s", Double(longestPress) / 1000)), "\(warning)")
        #expect(warning.contains("with every built-in shape bound, \(drags(2).prefix { $0 != " " }) of"), "\(warning)")
        #expect(warning.contains("\(drags(3)) drags within \(window) ms"), "\(warning)")
    }
}

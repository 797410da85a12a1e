import Foundation
import GestureConfig
import GestureEngine
@testable import GestureReplay
import Testing

/// Strokes through replay: which shapes fire which binding, and none fires on the shared
/// recordings' ordinary taps, drags, swipes, pinches and turns.
@Suite struct StrokeTests {
    @Test(
        arguments: [
            ("checkmark.jsonl", "save", "checkmark"),
            ("circle-clockwise-two-fingers.jsonl", "reload", "circle-clockwise"),
            // The binding wants the clockwise circle: the other way round is not it.
            ("circle-counterclockwise-two-fingers.jsonl", nil, nil),
            ("v.jsonl", nil, nil),
            ("line-up-left.jsonl", "back", "line-up-left"),
            ("horizontal-drag.jsonl", nil, nil),
            ("wobble.jsonl", nil, nil)
        ] as [(String, String?, String?)])
    func aDrawnShapeFiresItsBinding(trace: String, gesture: String?, shape: String?) throws {
        let run = try ScenarioRun("strokes", trace: trace)
        #expect(run.actions().map(\.gesture) == (gesture.map { [$0] } ?? []))
        #expect(Self.shapes(run) == (shape.map { [$0] } ?? []))
    }

    /// A shape of your own (`strokes/spiral.yaml` beside the config) fires its binding whoever
    /// draws it, drawn the way it was recorded: the drawing order is part of the shape, so the
    /// spiral drawn from its outer end fires nothing (as in easystroke). The built-in circle
    /// beside it still fires for a circle.
    @Test(
        arguments: [
            ("spiral.jsonl", "lock", "spiral"), ("spiral-reversed.jsonl", nil, nil),
            ("circle.jsonl", "loop", "circle-clockwise")
        ] as [(String, String?, String?)])
    func aShapeOfYourOwnFiresItsBinding(trace: String, gesture: String?, shape: String?) throws {
        let run = try ScenarioRun("own-strokes", trace: trace)
        #expect(run.actions().map(\.gesture) == (gesture.map { [$0] } ?? []))
        #expect(Self.shapes(run) == (shape.map { [$0] } ?? []))
    }

    /// Without its template the spiral is nothing the config can name, and drawn beside a
    /// circle binding alone it is no circle.
    @Test func withoutItsTemplateTheSpiralIsUnknownAndFiresNothing() throws {
        let yaml = try ScenarioRun.text("own-strokes", "config.yaml")
        let errors = #expect(throws: ConfigErrors.self) { try ConfigLoader.load(yaml: yaml) }
        #expect(errors?.errors.map(\.message) == ["unknown shape 'spiral' for a stroke"])
        let circleOnly = "gestures:\n  - name: loop\n    stroke: { shape: circle }\n    do: { keys: F5 }\n"
        let trace = try TraceReader.read(try ScenarioRun.text("own-strokes", "spiral.jsonl"), file: "spiral.jsonl")
        let records = ReplayRunner.run(
            trace: trace, configuration: try ConfigLoader.load(yaml: circleOnly), verbose: false
        ).records
        #expect(!records.contains { if case .action = $0 { true } else { false } })
    }

    /// The shapes the `stroke` gestures of a run ended with.
    static func shapes(_ run: ScenarioRun) -> [String] {
        run.records.compactMap { record -> String? in
            guard case let .state(_, _, "stroke", .ended, _, _, _, fields, _) = record,
                case .string(let shape)? = Dictionary(fields, uniquingKeysWith: { a, _ in a })["shape"]
            else { return nil }
            return shape
        }
    }

    /// Every built-in shape but the lines bound for one, two and three fingers beside each real recording's
    /// own gestures (its config, as the README's table replays it): the strokes take part in
    /// the ordering rules like any recognizer, so the recordings' taps, drags, swipes, pinches
    /// and turns keep their gestures and fire no stroke. The one recording of a drawn shape,
    /// the ISDv4 2-finger circle, is a circle when no pan is bound beside it.
    @Test func noStrokeFiresOnTheRecordingsOrdinaryGestures() throws {
        // A straight diagonal line is a diagonal drag by another name, so lines are not bound
        // here: a 1-finger line fires on the Dell's diagonal drag at 13.9 s, and a 3-finger one
        // on the DTH2242's 3-finger diagonal drag at 20.8 s, which its config gives nothing else.
        let strokes = (1...3).map { fingers in
            let shapes = StrokeShapes.names.filter { !$0.hasPrefix("line-") }.joined(separator: ", ")
            return "  - name: stroke-\(fingers)\n    stroke: { shape: [\(shapes)], fingers: \(fingers) }\n"
                + "    do: { keys: F20 }\n"
        }.joined()
        var fired: [String] = []
        var sequences = 0
        for replay in RecordingReplay.all {
            let trace = try replay.trace()
            sequences +=
                trace.events.filter { if case .touch(let t) = $0.input { t.phase == .began } else { false } }
                .count
            var own = try ScenarioRun.text(of: "recordings/\(replay.config)")
            if !own.hasSuffix("\n") { own += "\n" }
            // The strokes go under the file's top-level gestures: list (every recording config has one).
            let yaml = own.replacingOccurrences(of: "\ngestures:\n", with: "\ngestures:\n" + strokes)
            #expect(yaml != own, "\(replay.config) has a top-level gestures: list")
            let configuration = try ConfigLoader.load(yaml: yaml, file: replay.config)
            for record in ReplayRunner.run(trace: trace, configuration: configuration, verbose: false).records {
                if case let .state(time, gesture, "stroke", .ended, _, _, _, fields, _) = record {
                    fired.append("\(replay.recording) \(gesture) at \(time): \(fields.map(\.1))")
                }
            }
        }
        print("strokes: \(fired.count) false fires over \(RecordingReplay.all.count) recordings (\(sequences) touches)")
        #expect(fired.isEmpty, "\(fired)")
    }

    @Test func theRecordedTwoFingerCircleIsACircle() throws {
        let replay = try #require(RecordingReplay.all.first { $0.recording.contains("double-center-circle") })
        let yaml = "gestures:\n  - name: loop\n    stroke: { shape: circle, fingers: 2 }\n    do: { keys: F5 }\n"
        let records = ReplayRunner.run(
            trace: try replay.trace(), configuration: try ConfigLoader.load(yaml: yaml), verbose: false
        ).records
        let shapes = records.compactMap { record -> String? in
            guard case let .state(_, "loop", _, .ended, _, _, _, fields, _) = record,
                case .string(let shape)? = Dictionary(fields, uniquingKeysWith: { a, _ in a })["shape"]
            else { return nil }
            return shape
        }
        #expect(shapes == ["circle-clockwise"])
    }
}

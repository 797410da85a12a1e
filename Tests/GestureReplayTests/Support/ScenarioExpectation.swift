import GestureConfig
import GestureEngine
import GestureReplay
import Testing
import JSON

/// A scenario's files: its folder under `Traces/scenarios`, a config and a trace.
struct ScenarioFiles: Sendable, CustomTestStringConvertible {
    var folder: String
    var config = "config.yaml"
    var trace: String

    var testDescription: String { "\(folder)/\(trace) under \(config)" }

    func run(verbose: Bool = false) throws -> ScenarioRun {
        try ScenarioRun(folder, config: config, trace: trace, verbose: verbose)
    }

    /// Every scenario replay in the folder, for the checks that hold for all of them.
    static let all: [ScenarioFiles] =
        [
            .init(folder: "taps", trace: "single-tap.jsonl"),
            .init(folder: "taps", trace: "double-tap.jsonl"),
            .init(folder: "taps", trace: "two-slow-taps.jsonl"),
            .init(folder: "pan-swipe", trace: "flick.jsonl"),
            .init(folder: "pan-swipe", trace: "slow-drag.jsonl"),
            .init(folder: "back-to-back", config: "swipes.yaml", trace: "swipes.jsonl"),
            .init(folder: "back-to-back", config: "pans.yaml", trace: "pans-lift-first.jsonl"),
            .init(folder: "back-to-back", config: "pans.yaml", trace: "pans-land-first.jsonl"),
            .init(folder: "pinch-rotate", config: "together.yaml", trace: "pinch-and-turn.jsonl"),
            .init(folder: "pinch-rotate", config: "apart.yaml", trace: "pinch-and-turn.jsonl"),
            .init(folder: "long-press", trace: "still.jsonl"),
            .init(folder: "long-press", trace: "drifting.jsonl"),
            .init(folder: "nested", trace: "in-window.jsonl"),
            .init(folder: "nested", trace: "outside-window.jsonl"),
            .init(folder: "nested", trace: "in-tab-strip.jsonl"),
            .init(folder: "inherit", trace: "over-evince.jsonl"),
            .init(folder: "inherit", trace: "over-okular.jsonl"),
            .init(folder: "inherit", trace: "over-desktop.jsonl"),
            .init(folder: "inherit", trace: "double-tap-over-okular.jsonl"),
            .init(folder: "cancel", trace: "cancelled.jsonl"),
            .init(folder: "cancel", trace: "lifted.jsonl"),
            .init(folder: "delivery", config: "three-fingers.yaml", trace: "resting-finger.jsonl"),
            .init(folder: "delivery", config: "three-fingers-slow.yaml", trace: "resting-finger.jsonl"),
            .init(folder: "delivery", config: "three-fingers.yaml", trace: "quick-tap.jsonl"),
            .init(folder: "delivery", config: "left-edge.yaml", trace: "resting-finger.jsonl"),
            .init(folder: "delivery", config: "left-edge.yaml", trace: "edge-drag.jsonl"),
            .init(folder: "steps", config: "pinch.yaml", trace: "pinch-out-then-in.jsonl"),
            .init(folder: "steps", config: "pinch.yaml", trace: "pinch-rests-on-a-step.jsonl"),
            .init(folder: "steps", config: "rotate.yaml", trace: "turn-then-back.jsonl"),
            .init(folder: "steps", config: "pan.yaml", trace: "drag-right-then-down.jsonl"),
            .init(folder: "steps", config: "pan.yaml", trace: "drag-right-then-down-at-192-dpi.jsonl"),
            .init(folder: "issue-example", trace: "three-finger-tap.jsonl"),
            .init(folder: "issue-example", trace: "three-finger-double-tap.jsonl"),
            .init(folder: "issue-example", trace: "two-finger-press.jsonl"),
            .init(folder: "issue-example", trace: "evince-toolbar-double-tap.jsonl"),
            .init(folder: "issue-example", trace: "evince-page-double-tap.jsonl"),
            .init(folder: "issue-example", trace: "edge-drag-over-firefox.jsonl"),
            .init(folder: "issue-example", trace: "firefox-pinch-and-turn.jsonl"),
            .init(folder: "action-target", trace: "drag-from-firefox-to-terminal.jsonl"),
            .init(folder: "action-target", trace: "hold-on-edge-over-firefox.jsonl"),
            .init(folder: "action-target", trace: "two-finger-tap-over-firefox.jsonl"),
            .init(folder: "phases", config: "on-begin.yaml", trace: "drag-up.jsonl"),
            .init(folder: "phases", config: "on-update.yaml", trace: "drag-up.jsonl"),
            .init(folder: "phases", config: "on-end.yaml", trace: "drag-up.jsonl")
        ] + touchpad + commit + prevention
        + [
            "left-over-firefox", "left-over-kitty", "right-over-firefox", "three-taps", "down-over-fullscreen-video",
            "down-over-maximized-firefox"
        ].map {
            ScenarioFiles(folder: "conditions", trace: "\($0).jsonl")
        }
        + [
            "checkmark", "circle-clockwise-two-fingers", "circle-counterclockwise-two-fingers", "v", "line-up-left",
            "horizontal-drag", "wobble"
        ].map { ScenarioFiles(folder: "strokes", trace: "\($0).jsonl") }
        + ["spiral", "spiral-reversed", "circle"].map { ScenarioFiles(folder: "own-strokes", trace: "\($0).jsonl") }
        + ["swipe-and-hold.jsonl", "press-and-hold.jsonl", "swipe-never-lifts.jsonl"].map {
            ScenarioFiles(folder: "repeat", trace: $0)
        }
        + [
            ("undo.yaml", "cancelled.jsonl"), ("undo.yaml", "lifted.jsonl"), ("passthrough.yaml", "single-tap.jsonl"),
            ("passthrough.yaml", "lifted.jsonl")
        ].map { ScenarioFiles(folder: "hooks", config: $0.0, trace: $0.1) }
        + ["down-right", "up-left", "up-right", "left-drifting", "steep-down-right", "too-steep"].map {
            ScenarioFiles(folder: "diagonal", trace: "\($0).jsonl")
        }

    /// One-way prevention.
    static let prevention: [ScenarioFiles] = ["oneway.yaml", "spare.yaml"].flatMap { config in
        ["pinch-and-turn.jsonl", "turn-then-spread.jsonl"].map {
            ScenarioFiles(folder: "prevention", config: config, trace: $0)
        }
    }

    /// Bindings that act at the lift: commit or cancel.
    static let commit: [ScenarioFiles] =
        [
            "swipe-left.jsonl", "swipe-left-and-back.jsonl", "swipe-back-and-on-again.jsonl",
            "swipe-part-way-back.jsonl", "swipe-left-cancelled.jsonl", "swipe-right.jsonl"
        ].map { ScenarioFiles(folder: "commit", config: "swipe.yaml", trace: $0) }
        + ["drag-right.jsonl", "drag-right-and-back.jsonl"].map {
            ScenarioFiles(folder: "commit", config: "pan.yaml", trace: $0)
        }
        + ["spread.jsonl", "spread-and-back.jsonl", "turn.jsonl", "turn-and-back.jsonl"].map {
            ScenarioFiles(folder: "commit", config: "pinch-rotate.yaml", trace: $0)
        }

    /// The touchpad scenarios: `pad` lines, and touches against touchpad-only bindings.
    static let touchpad: [ScenarioFiles] = [
        "swipe-3-left.jsonl", "swipe-3-right-over-terminal.jsonl", "swipe-3-right-over-firefox.jsonl",
        "swipe-4-up.jsonl", "swipe-3-down.jsonl", "swipe-3-up.jsonl", "pinch-out-then-in-over-firefox.jsonl",
        "pinch-over-terminal.jsonl", "touch-swipe-3-down.jsonl", "touch-swipe-3-up.jsonl"
    ].map { ScenarioFiles(folder: "touchpad", trace: $0) }
}

/// What a person expects of one replay: each gesture's states, the actions fired, and every touch's delivery.
struct Expectation: Sendable, CustomTestStringConvertible {
    var files: ScenarioFiles
    /// Each named gesture's states, runs of `changed` shown once; a gesture missing here must report none.
    var states: [String: [GestureRecognizer.State]]
    /// The actions, in order, with their times.
    var actions: [ScenarioRun.ActionLine]
    /// Every touch's one decision.
    var decisions: [UInt32: ScenarioRun.Decision]

    var testDescription: String { files.testDescription }

    static func action(_ gesture: String, at seconds: Double, _ json: String) -> ScenarioRun.ActionLine {
        .init(millisecond: ScenarioRun.milliseconds(seconds), gesture: gesture, action: json)
    }

    /// Checks a replay against the expectation, gesture by gesture.
    func check() throws {
        let run = try files.run()
        for (gesture, expected) in states {
            #expect(run.states(of: gesture) == expected, "states of \(gesture)")
        }
        #expect(run.gesturesWithStates.subtracting(states.keys).isEmpty, "gestures that should have stayed silent")
        #expect(run.actions() == actions)
        #expect(run.decisions == decisions.mapValues { [$0] })
        #expect(run.touchesInTrace == Set(decisions.keys), "every touch of the trace is decided")
    }
}

/// A stepped gesture and the runs of step actions it should fire, such as "7 ctrl+plus".
struct StepCase: Sendable, CustomTestStringConvertible {
    var files: ScenarioFiles
    var gesture: String
    var runs: [String]
    var testDescription: String { files.testDescription }

    /// Action lines as runs of the same action: "7 ctrl+plus"; a scroll is named by its direction.
    static func runs(of actions: [ScenarioRun.ActionLine]) -> [String] {
        var runs: [(String, Int)] = []
        for line in actions {
            let name = line.action.split(separator: "\"").dropFirst(3).first.map(String.init) ?? line.action
            if runs.last?.0 == name { runs[runs.count - 1].1 += 1 } else { runs.append((name, 1)) }
        }
        return runs.map { "\($0.1) \($0.0)" }
    }
}

extension ReplayRecord {
    /// Whether the line is marked `"verbose": true`.
    var isVerboseLine: Bool {
        switch self {
        case .state(_, _, _, _, _, _, _, _, let verbose), .commitment(_, _, _, _, _, let verbose): verbose
        case .action, .delivery: false
        }
    }

    /// Whether the line is a `failed` or `possible` state line.
    var isFailedOrPossible: Bool {
        guard case .state(_, _, _, let state, _, _, _, _, _) = self else { return false }
        return state == .failed || state == .possible
    }

    /// Whether the line says what a binding that acts at the lift will do or did.
    var isCommitment: Bool {
        guard case .commitment = self else { return false }
        return true
    }

    /// Whether the line is a delivery decision.
    var isDelivery: Bool {
        guard case .delivery = self else { return false }
        return true
    }
}

extension JSONValue {
    /// The value as a number, if it is one.
    var number: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    /// The first element of a `[dx, dy]` array.
    var vectorX: Double? {
        guard case .array(let elements) = self, let first = elements.first else { return nil }
        return first.number
    }
}

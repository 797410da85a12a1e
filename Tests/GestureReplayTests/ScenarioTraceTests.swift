import Foundation
import GestureConfig
import GestureEngine
import GestureReplay
import Testing

/// The issue's and the seeds' scenarios, replayed from hand-written traces through the real config, engine and bindings.
@Suite struct ScenarioTraceTests {
    typealias E = Expectation

    // MARK: 1. Single tap and double tap (`after:`)

    static let taps: [E] = [
        // The double tap fires at its second lift; the single tap, waiting on it, fails silently.
        E(
            files: .init(folder: "taps", trace: "double-tap.jsonl"),
            states: ["double": [.ended], "single": []],
            actions: [E.action("double", at: 0.290, #"{"keys": "ctrl+d"}"#)],
            decisions: [1: .accepted(at: 0.290), 2: .accepted(at: 0.290)]),
        // A single tap fires 0.35 s after its lift, when the double tap gives up; its touch waits until then.
        E(
            files: .init(folder: "taps", trace: "single-tap.jsonl"),
            states: ["single": [.ended], "double": []],
            actions: [E.action("single", at: 0.442, #"{"click": "left", "count": 1, "x": 400, "y": 300}"#)],
            decisions: [1: .accepted(at: 0.442)]),
        // Taps 0.44 s apart are two single taps, each 0.35 s after its own lift.
        E(
            files: .init(folder: "taps", trace: "two-slow-taps.jsonl"),
            states: ["single": [.ended, .ended], "double": []],
            actions: [
                E.action("single", at: 0.429, #"{"click": "left", "count": 1, "x": 400, "y": 300}"#),
                E.action("single", at: 0.951, #"{"click": "left", "count": 1, "x": 404, "y": 297}"#)
            ],
            decisions: [1: .accepted(at: 0.429), 2: .accepted(at: 0.951)])
    ]

    @Test(arguments: taps)
    func singleTapWaitsForTheDoubleTapToFail(_ expectation: Expectation) throws {
        try expectation.check()
    }

    // MARK: Back to back

    static let backToBack: [E] = [
        // Three swipes, each landing in the instant the last one lifts: three swipes.
        E(
            files: .init(folder: "back-to-back", config: "swipes.yaml", trace: "swipes.jsonl"),
            states: ["next-desktop": [.ended, .ended, .ended]],
            actions: [
                E.action("next-desktop", at: 0.024, #"{"desktop": "next"}"#),
                E.action("next-desktop", at: 0.084, #"{"desktop": "next"}"#),
                E.action("next-desktop", at: 0.144, #"{"desktop": "next"}"#)
            ],
            decisions: [
                1: .accepted(at: 0.024), 2: .accepted(at: 0.024), 3: .accepted(at: 0.024),
                4: .accepted(at: 0.084), 5: .accepted(at: 0.084), 6: .accepted(at: 0.084),
                7: .accepted(at: 0.144), 8: .accepted(at: 0.144), 9: .accepted(at: 0.144)
            ]),
        // A pan ends in the instant the next one lands, the lifts read first: two pans.
        E(
            files: .init(folder: "back-to-back", config: "pans.yaml", trace: "pans-lift-first.jsonl"),
            states: ["scroll": [.began, .changed, .ended, .began, .changed, .ended]],
            actions: [
                E.action("scroll", at: 0.012, #"{"keys": "ctrl+Home"}"#),
                E.action("scroll", at: 0.096, #"{"keys": "ctrl+Home"}"#)
            ],
            decisions: [
                1: .accepted(at: 0.012), 2: .accepted(at: 0.012),
                3: .accepted(at: 0.096), 4: .accepted(at: 0.096)
            ]),
        // The landings read before the lifts: X said the second pair landed while the first
        // was still down, so the first pan's end resets the recognizer they had joined (as in
        // UIKit when one event carries both). They are not lost: they reach the application.
        E(
            files: .init(folder: "back-to-back", config: "pans.yaml", trace: "pans-land-first.jsonl"),
            states: ["scroll": [.began, .changed, .ended]],
            actions: [E.action("scroll", at: 0.012, #"{"keys": "ctrl+Home"}"#)],
            decisions: [
                1: .accepted(at: 0.012), 2: .accepted(at: 0.012),
                3: .rejected(at: 0.084), 4: .rejected(at: 0.084)
            ])
    ]

    @Test(arguments: backToBack)
    func gesturesBackToBackEachFire(_ expectation: Expectation) throws {
        try expectation.check()
    }

    // MARK: 2. Pan after swipe

    static let panAndSwipe: [E] = [
        // A quick flick covers the swipe's 50 pt within 34 ms: a swipe, and the waiting pan fails.
        E(
            files: .init(folder: "pan-swipe", trace: "flick.jsonl"),
            states: ["next-desktop": [.ended], "scroll": []],
            actions: [E.action("next-desktop", at: 0.034, #"{"desktop": "next"}"#)],
            decisions: [1: .accepted(at: 0.034)]),
        // A slow drag has not covered 50 pt when the swipe's 0.5 s run out: the pan begins then.
        E(
            files: .init(folder: "pan-swipe", trace: "slow-drag.jsonl"),
            states: ["next-desktop": [], "scroll": [.began, .changed, .ended]],
            actions: [E.action("scroll", at: 0.500, #"{"keys": "ctrl+Home"}"#)],
            decisions: [1: .accepted(at: 0.500)])
    ]

    @Test(arguments: panAndSwipe)
    func quickFlickIsASwipeAndSlowDragIsAPan(_ expectation: Expectation) throws {
        try expectation.check()
    }

    @Test func panReleasedByTheSwipeFailingBeginsWithTheDragSoFar() throws {
        let run = try ScenarioRun("pan-swipe", trace: "slow-drag.jsonl")
        let lines = run.stateLines(of: "scroll")
        let began = try #require(lines.first { $0.state == .began })
        let firstChange = try #require(lines.first { $0.state == .changed })
        let (x0, x1) = (
            try #require(began.fields["translation"]?.vectorX),
            try #require(firstChange.fields["translation"]?.vectorX)
        )
        // The finger moves about 1 pt per frame; the reported translation should too, not jump.
        #expect(abs(firstChange.x - began.x) <= 3)
        #expect(abs(x1 - x0) <= 3, "translation jumps from \(x0) at began to \(x1) one frame later")

    }

    // MARK: 3. Pinch and rotate (`with:`)

    static let pinchAndRotate: [E] = [
        // With `with:` both run. The spread passes UIKit's 8 pt at 94 ms, while the fingers
        // still mostly spread (scaling dominates); the turn passes 7.5° at 154 ms.
        E(
            files: .init(folder: "pinch-rotate", config: "together.yaml", trace: "pinch-and-turn.jsonl"),
            states: ["zoom": [.began, .changed, .ended], "spin": [.began, .changed, .ended]],
            actions: [
                E.action("zoom", at: 0.094, #"{"keys": "ctrl+plus"}"#),
                E.action("spin", at: 0.154, #"{"keys": "ctrl+r"}"#)
            ],
            decisions: [1: .accepted(at: 0.094), 2: .accepted(at: 0.094)]),
        // Without it the first to begin excludes the other: the zoom, at 94 ms.
        E(
            files: .init(folder: "pinch-rotate", config: "apart.yaml", trace: "pinch-and-turn.jsonl"),
            states: ["zoom": [.began, .changed, .ended], "spin": []],
            actions: [E.action("zoom", at: 0.094, #"{"keys": "ctrl+plus"}"#)],
            decisions: [1: .accepted(at: 0.094), 2: .accepted(at: 0.094)])
    ]

    @Test(arguments: pinchAndRotate)
    func pinchAndRotateRunTogetherOnlyWhenAllowed(_ expectation: Expectation) throws {
        try expectation.check()
    }

    @Test func pinchAndTurnMeasuresTheSpreadAndTheClockwiseTurn() throws {
        let run = try ScenarioRun("pinch-rotate", config: "together.yaml", trace: "pinch-and-turn.jsonl")
        // The fingers go from 200 px apart to 320 while turning 40° clockwise.
        let zoom = try #require(run.stateLines(of: "zoom").last { $0.state == .ended })
        let spin = try #require(run.stateLines(of: "spin").last { $0.state == .ended })
        let scale = try #require(zoom.fields["scale"]?.number)
        let rotation = try #require(spin.fields["rotation"]?.number)
        #expect((1.5...1.7).contains(scale))
        #expect((35.0...45.0).contains(rotation * 180 / .pi))
    }

    // MARK: 4. Long press

    static let longPress: [E] = [
        // Held still (a pixel or two of tremor): begins at 0.5 s with a right click where the finger is.
        E(
            files: .init(folder: "long-press", trace: "still.jsonl"),
            states: ["context-menu": [.began, .changed, .ended]],
            actions: [E.action("context-menu", at: 0.500, #"{"click": "right", "count": 1, "x": 640, "y": 359}"#)],
            decisions: [1: .accepted(at: 0.500)]),
        // Drifting past 10 pt at 0.25 s: no long press, and the touch goes to the application then.
        E(
            files: .init(folder: "long-press", trace: "drifting.jsonl"),
            states: ["context-menu": []],
            actions: [],
            decisions: [1: .rejected(at: 0.250)])
    ]

    @Test(arguments: longPress)
    func longPressNeedsAStillFingerForItsDuration(_ expectation: Expectation) throws {
        try expectation.check()
    }

    // MARK: 5. Nested views: the deepest wins

    static let nested: [E] = [
        // Over Firefox both Firefox's and the screen's swipe see the fingers; the window's wins.
        E(
            files: .init(folder: "nested", trace: "in-window.jsonl"),
            states: ["forward": [.ended], "next-desktop": [], "next-tab": []],
            actions: [E.action("forward", at: 0.054, #"{"keys": "alt+Right", "window": 7}"#)],
            decisions: [1: .accepted(at: 0.054), 2: .accepted(at: 0.054)]),
        // Beside the window only the screen's swipe is on the fingers' path.
        E(
            files: .init(folder: "nested", trace: "outside-window.jsonl"),
            states: ["next-desktop": [.ended], "forward": [], "next-tab": []],
            actions: [E.action("next-desktop", at: 0.053, #"{"desktop": "next"}"#)],
            decisions: [1: .accepted(at: 0.053), 2: .accepted(at: 0.053)]),
        // In the tab strip the region wins over its window and the screen.
        E(
            files: .init(folder: "nested", trace: "in-tab-strip.jsonl"),
            states: ["next-tab": [.ended], "forward": [], "next-desktop": []],
            actions: [E.action("next-tab", at: 0.058, #"{"keys": "ctrl+Tab", "window": 7}"#)],
            decisions: [1: .accepted(at: 0.058), 2: .accepted(at: 0.058)])
    ]

    @Test(arguments: nested)
    func theDeepestViewUnderTheFingersWins(_ expectation: Expectation) throws {
        try expectation.check()
    }

    // MARK: 6. `inherit: false`

    static let inheritance: [E] = [
        // Evince inherits nothing and has no gestures: each touch is the application's as it lands.
        E(
            files: .init(folder: "inherit", trace: "over-evince.jsonl"),
            states: ["next-desktop": []],
            actions: [],
            decisions: [1: .rejected(at: 0), 2: .rejected(at: 0.011)]),
        // Okular's own one-finger double tap fails when the second finger lands; the screen's swipe never sees them.
        E(
            files: .init(folder: "inherit", trace: "over-okular.jsonl"),
            states: ["next-desktop": [], "fit-page": []],
            actions: [],
            decisions: [1: .rejected(at: 0.011), 2: .rejected(at: 0.011)]),
        // Okular's own gestures still work.
        E(
            files: .init(folder: "inherit", trace: "double-tap-over-okular.jsonl"),
            states: ["fit-page": [.ended]],
            actions: [E.action("fit-page", at: 0.262, #"{"keys": "ctrl+0", "window": 4}"#)],
            decisions: [1: .accepted(at: 0.262), 2: .accepted(at: 0.262)]),
        // On the bare desktop the screen's swipe fires as usual.
        E(
            files: .init(folder: "inherit", trace: "over-desktop.jsonl"),
            states: ["next-desktop": [.ended]],
            actions: [E.action("next-desktop", at: 0.056, #"{"desktop": "next"}"#)],
            decisions: [1: .accepted(at: 0.056), 2: .accepted(at: 0.056)])
    ]

    @Test(arguments: inheritance)
    func appsThatDoNotInheritKeepTheScreenGesturesOut(_ expectation: Expectation) throws {
        try expectation.check()
    }

    // MARK: 7. Touches cancelled mid-gesture

    static let cancellation: [E] = [
        // The system cancels the touches mid-drag: the pan is cancelled and its `on: end` action never runs.
        E(
            files: .init(folder: "cancel", trace: "cancelled.jsonl"),
            states: ["minimize": [.began, .changed, .cancelled]],
            actions: [],
            decisions: [1: .accepted(at: 0.052), 2: .accepted(at: 0.052), 3: .accepted(at: 0.052)]),
        // The same drag lifted normally ends, and minimizes the window under it.
        E(
            files: .init(folder: "cancel", trace: "lifted.jsonl"),
            states: ["minimize": [.began, .changed, .ended]],
            actions: [E.action("minimize", at: 0.331, #"{"window": "minimize", "target": 5}"#)],
            decisions: [1: .accepted(at: 0.052), 2: .accepted(at: 0.052), 3: .accepted(at: 0.052)])
    ]

    @Test(arguments: cancellation)
    func cancelledTouchesCancelTheGestureWithoutItsEndAction(_ expectation: Expectation) throws {
        try expectation.check()
    }

    // MARK: 8. When touches are decided

    static let deliveryTiming: [E] = [
        // Only three-finger gestures: a resting finger is rejected when the finger window closes.
        E(
            files: .init(folder: "delivery", config: "three-fingers.yaml", trace: "resting-finger.jsonl"),
            states: ["next-desktop": [], "overview": []], actions: [],
            decisions: [1: .rejected(at: 0.150)]),
        // The window is a setting.
        E(
            files: .init(folder: "delivery", config: "three-fingers-slow.yaml", trace: "resting-finger.jsonl"),
            states: ["next-desktop": [], "overview": []], actions: [],
            decisions: [1: .rejected(at: 0.250)]),
        // A finger lifted before the window closes is decided at its lift.
        E(
            files: .init(folder: "delivery", config: "three-fingers.yaml", trace: "quick-tap.jsonl"),
            states: ["next-desktop": [], "overview": []], actions: [],
            decisions: [1: .rejected(at: 0.071)]),
        // With no gesture on its path a touch is rejected as it lands.
        E(
            files: .init(folder: "delivery", config: "left-edge.yaml", trace: "resting-finger.jsonl"),
            states: ["edge-back": []], actions: [],
            decisions: [1: .rejected(at: 0)]),
        // A drag in from the edge is accepted as the edge pan begins, and acts when it ends.
        E(
            files: .init(folder: "delivery", config: "left-edge.yaml", trace: "edge-drag.jsonl"),
            states: ["edge-back": [.began, .changed, .ended]],
            actions: [E.action("edge-back", at: 0.254, #"{"keys": "alt+Left"}"#)],
            decisions: [1: .accepted(at: 0.012)])
    ]

    @Test(arguments: deliveryTiming)
    func touchesAreDecidedAsSoonAsTheOutcomeIsKnown(_ expectation: Expectation) throws {
        try expectation.check()
    }

    @Test func theEdgePanBeginsWhenItsTouchIsAccepted() throws {
        let run = try ScenarioRun("delivery", config: "left-edge.yaml", trace: "edge-drag.jsonl")
        #expect(run.millisecond(of: "edge-back", .began) == run.decisions[1]?.first?.millisecond)
    }

    // MARK: 9. Steps

    static let steps: [StepCase] = [
        // Spread to 1.75 times the starting distance, then close to 1.25: seven zoom-ins put the
        // mark at 1.7; coming back, each whole step below the mark (1.6 … 1.3) is a zoom-out: four.
        StepCase(
            files: .init(folder: "steps", config: "pinch.yaml", trace: "pinch-out-then-in.jsonl"),
            gesture: "zoom", runs: ["7 ctrl+plus", "4 ctrl+minus"]),
        // Turn 50° clockwise, then back to 20°: three 15° steps put the mark at 45°; back past 30° is one.
        StepCase(
            files: .init(folder: "steps", config: "rotate.yaml", trace: "turn-then-back.jsonl"),
            gesture: "spin", runs: ["3 ctrl+bracketright", "1 ctrl+bracketleft"]),
        // Drag 175 px right (165 pt past the hysteresis), then 80 down: three clicks right, one down.
        StepCase(
            files: .init(folder: "steps", config: "pan.yaml", trace: "drag-right-then-down.jsonl"),
            gesture: "scroll", runs: ["3 right", "1 down"]),
        // The same pixels on a 192 dpi screen are half the points: 77.5 pt right, 40 down.
        StepCase(
            files: .init(folder: "steps", config: "pan.yaml", trace: "drag-right-then-down-at-192-dpi.jsonl"),
            gesture: "scroll", runs: ["1 right"])
    ]

    @Test(arguments: steps)
    func stepsFireOncePerStepInTheDirectionOfTravel(_ step: StepCase) throws {
        let run = try step.files.run()
        #expect(StepCase.runs(of: run.actions(of: step.gesture)) == step.runs)
        // Steps run while the gesture runs, from its beginning to its end.
        let began = try #require(run.millisecond(of: step.gesture, .began))
        let ended = try #require(run.millisecond(of: step.gesture, .ended))
        #expect(run.actions(of: step.gesture).allSatisfy { (began...ended).contains($0.millisecond) })
    }

    @Test func fingersRestingOnAStepBoundaryDoNotFlapTheZoom() throws {
        // The same pinch, but it rests at exactly 1.7 and 1.2, where a pixel of tremor crosses a step.
        let run = try ScenarioRun("steps", config: "pinch.yaml", trace: "pinch-rests-on-a-step.jsonl")
        #expect(StepCase.runs(of: run.actions(of: "zoom")) == ["7 ctrl+plus", "5 ctrl+minus"])

    }

    // MARK: 10. `on: begin | update | end`

    @Test(arguments: [
        ("on-begin.yaml", [GestureRecognizer.State.began]),
        ("on-update.yaml", [.began, .changed]),
        ("on-end.yaml", [.ended])
    ])
    func continuousGestureActsOnTheChosenPhase(config: String, phases: [GestureRecognizer.State]) throws {
        let run = try ScenarioRun("phases", config: config, trace: "drag-up.jsonl")
        #expect(run.states(of: "page") == [.began, .changed, .ended])
        let expected = run.stateLines(of: "page").filter { phases.contains($0.state) }
            .map { ScenarioRun.milliseconds($0.time) }
        #expect(run.actions(of: "page").map(\.millisecond) == expected)
        #expect(run.actionObjects(of: "page").allSatisfy { $0 == #"{"keys": "Next"}"# })
    }

    @Test(arguments: [("on-begin.yaml", [28]), ("on-end.yaml", [300])])
    func beginAndEndActOnceAtTheirMoment(config: String, milliseconds: [Int]) throws {
        let run = try ScenarioRun("phases", config: config, trace: "drag-up.jsonl")
        #expect(run.actions(of: "page").map(\.millisecond) == milliseconds)
    }

    @Test func updateActsOnBeganAndEveryChange() throws {
        let run = try ScenarioRun("phases", config: "on-update.yaml", trace: "drag-up.jsonl")
        // The drag begins on its second move; each of the 19 moves after it is a change.
        #expect(run.actions(of: "page").count == 20)
    }

    // MARK: 10b. Commit or cancel: `on: end`, the default of a binding with feedback

    /// One binding that acts at the lift: when it acted (ms), or why it did not.
    struct CommitCase: CustomTestStringConvertible, Sendable {
        var config: String
        var trace: String
        var gesture: String
        var recognized: GestureRecognizer.State
        var acted: [Int]
        var withdrawn: String?
        var testDescription: String { "\(trace) under \(config)" }
    }

    static let commitCases: [CommitCase] = [
        // Recognized at 20 ms with the fingers down; acts when they lift, at 70.
        .init(
            config: "swipe.yaml", trace: "swipe-left.jsonl", gesture: "next-desktop", recognized: .ended, acted: [70]),
        // Taken back to where it started: nothing, and the line says why.
        .init(
            config: "swipe.yaml", trace: "swipe-left-and-back.jsonl", gesture: "next-desktop", recognized: .ended,
            acted: [], withdrawn: "moved back past where it started"),
        // Back below its 50 pt, then on again: the lift is what counts.
        .init(
            config: "swipe.yaml", trace: "swipe-back-and-on-again.jsonl", gesture: "next-desktop",
            recognized: .ended, acted: [150]),
        // Back, but still 80 pt along: it acts.
        .init(
            config: "swipe.yaml", trace: "swipe-part-way-back.jsonl", gesture: "next-desktop", recognized: .ended,
            acted: [110]),
        .init(
            config: "swipe.yaml", trace: "swipe-left-cancelled.jsonl", gesture: "next-desktop", recognized: .ended,
            acted: [], withdrawn: "its touches were cancelled"),
        // `on: begin`: as soon as it is recognized, feedback or not.
        .init(
            config: "swipe.yaml", trace: "swipe-right.jsonl", gesture: "previous-desktop", recognized: .ended,
            acted: [20]),
        .init(config: "pan.yaml", trace: "drag-right.jsonl", gesture: "page", recognized: .began, acted: [110]),
        .init(
            config: "pan.yaml", trace: "drag-right-and-back.jsonl", gesture: "page", recognized: .began, acted: [],
            withdrawn: "moved back within 10 pt of where it started"),
        .init(config: "pinch-rotate.yaml", trace: "spread.jsonl", gesture: "zoom", recognized: .began, acted: [110]),
        .init(
            config: "pinch-rotate.yaml", trace: "spread-and-back.jsonl", gesture: "zoom", recognized: .began,
            acted: [], withdrawn: "spread back within 8 pt of where it started"),
        .init(config: "pinch-rotate.yaml", trace: "turn.jsonl", gesture: "spin", recognized: .began, acted: [110]),
        .init(
            config: "pinch-rotate.yaml", trace: "turn-and-back.jsonl", gesture: "spin", recognized: .began,
            acted: [], withdrawn: "turned back within 7.5° of where it started")
    ]

    @Test(arguments: commitCases)
    func aBindingThatActsAtTheLiftActsOnlyIfStillPastItsThreshold(_ c: CommitCase) throws {
        let run = try ScenarioRun("commit", config: c.config, trace: c.trace)
        #expect(run.states(of: c.gesture).first == c.recognized)
        #expect(run.actions(of: c.gesture).map(\.millisecond) == c.acted)
        #expect(run.withdrawals(of: c.gesture).map(\.reason) == (c.withdrawn.map { [$0] } ?? []))
        // The touches were the gesture's from its recognition on, acted or not.
        #expect(
            run.records.filter(\.isDelivery).allSatisfy {
                if case .delivery(_, _, .accepted) = $0 { true } else { false }
            })
    }

    /// Verbose, a swipe taken back says when lifting stopped being an action, and how far back it was.
    @Test func verboseSaysWhenLiftingWouldNoLongerAct() throws {
        let run = try ScenarioRun("commit", config: "swipe.yaml", trace: "swipe-left-and-back.jsonl", verbose: true)
        let commits = run.records.compactMap { record -> String? in
            guard case let .commitment(time, "next-desktop", _, commit, reason, _) = record else { return nil }
            return "\(ScenarioRun.milliseconds(time)) \(commit)" + (reason.map { ": \($0)" } ?? "")
        }
        #expect(
            commits == [
                "20 will-act", "110 will-not-act: moved back to 30 pt of the 50 pt a swipe needs",
                "130 withdrawn: moved back past where it started"
            ])
    }

    // MARK: 10c. One-way prevention: `not-prevented-by` and `does-not-prevent`

    /// Which of the pinch (`zoom`) and the rotation (`spin`) act, by config and trace: in
    /// pinch-and-turn both begin in one frame (the zoom first), in turn-then-spread the spin
    /// begins 100 ms before the spread grows.
    @Test(arguments: [
        ("apart.yaml", "pinch-and-turn.jsonl", ["zoom"]),
        ("oneway.yaml", "pinch-and-turn.jsonl", ["zoom", "spin"]),
        ("spare.yaml", "pinch-and-turn.jsonl", ["zoom", "spin"]),
        ("apart.yaml", "turn-then-spread.jsonl", ["spin"]),
        // One way: the spin is not prevented by the zoom, but still prevents it.
        ("oneway.yaml", "turn-then-spread.jsonl", ["spin"]),
        ("spare.yaml", "turn-then-spread.jsonl", ["spin"])
    ])
    func preventionGoesOneWay(config: String, trace: String, acting: [String]) throws {
        // apart.yaml is pinch-rotate's, beside this folder's traces.
        let run = try ScenarioRun(
            "prevention", config: config == "apart.yaml" ? "../pinch-rotate/apart.yaml" : config, trace: trace,
            verbose: true)
        #expect(Set(run.actions().map(\.gesture)) == Set(acting))
        if !acting.contains("zoom") {
            #expect(run.millisecond(of: "zoom", .failed) != nil, "the spin's beginning failed the zoom")
        }
    }

    // MARK: 10d. Diagonal swipes

    /// Strokes at 45° and off it against diagonal bindings beside an axis: the direction
    /// reported, and which binding acted; a diagonal takes at most 22.5° either side.
    @Test(
        arguments: [
            ("down-right.jsonl", "tile-bottom-right", "down-right"),
            ("up-left.jsonl", "tile-top-left", "up-left"),
            ("up-right.jsonl", "back", "up-right"),
            ("left-drifting.jsonl", "back", "left"),
            ("steep-down-right.jsonl", "tile-bottom-right", "down-right"),
            ("too-steep.jsonl", nil, nil)
        ] as [(String, String?, String?)])
    func diagonalSwipesGoToTheNearestAllowedDirection(trace: String, gesture: String?, direction: String?) throws {
        let run = try ScenarioRun("diagonal", trace: trace)
        let recognized = run.records.compactMap { record -> (String, String)? in
            guard case let .state(_, name, _, .ended, _, _, _, fields, false) = record,
                case .string(let direction)? = Dictionary(fields, uniquingKeysWith: { a, _ in a })["direction"]
            else { return nil }
            return (name, direction)
        }
        #expect(recognized.map(\.0) == (gesture.map { [$0] } ?? []))
        #expect(recognized.map(\.1) == (direction.map { [$0] } ?? []))
        #expect(run.actions().map(\.gesture) == (gesture.map { [$0] } ?? []))
    }

    // MARK: 10e. `on: cancel` and `cancels-touches: false`

    /// The undo binding acts only when the touches are cancelled, after its partner began.
    @Test(arguments: [("cancelled.jsonl", ["overview 52", "overview-undo 331"]), ("lifted.jsonl", ["overview 52"])])
    func onCancelUndoesWhatTheGestureBegan(trace: String, actions: [String]) throws {
        let run = try ScenarioRun("hooks", config: "undo.yaml", trace: trace)
        #expect(run.actions().map { "\($0.gesture) \($0.millisecond)" } == actions)
    }

    /// The gesture acts and its touches go to the application, rejected once it is over: a
    /// tap's at its recognition, a pan's at its end.
    @Test(arguments: [("single-tap.jsonl", "notify", 92, [1]), ("lifted.jsonl", "follow", 52, [1, 2, 3])])
    func cancelsTouchesFalseHandsTheTouchesOnWhenTheGestureIsOver(
        trace: String, gesture: String, acted: Int, touches: [UInt32]
    ) throws {
        let run = try ScenarioRun("hooks", config: "passthrough.yaml", trace: trace)
        #expect(run.actions(of: gesture).map(\.millisecond) == [acted])
        let over = try #require(run.stateLines(of: gesture).last { $0.state == .ended })
        #expect(
            run.decisions
                == Dictionary(
                    uniqueKeysWithValues: touches.map {
                        ($0, [ScenarioRun.Decision.rejected(at: over.time)])
                    }), "\(run.decisions)")
    }

    // MARK: 10f. `repeat:`

    @Test(arguments: [
        // Recognized at 20 ms; again every 200 ms until the lift at 1 s.
        ("swipe-and-hold.jsonl", "volume-up", [20, 220, 420, 620, 820]),
        // Began at 0.5 s; again every 100 ms until the lift at 0.85 s.
        ("press-and-hold.jsonl", "next-item", [500, 600, 700, 800])
    ])
    func repeatActsAgainWhileTheFingersStayDown(trace: String, gesture: String, milliseconds: [Int]) throws {
        let run = try ScenarioRun("repeat", trace: trace)
        #expect(run.actions(of: gesture).map(\.millisecond) == milliseconds)
    }

    /// Fingers that never lift (a trace cut short) stop repeating after `maximumRepeats`.
    @Test func repeatsAreBounded() throws {
        let run = try ScenarioRun("repeat", trace: "swipe-never-lifts.jsonl")
        #expect(run.actions(of: "volume-up").count == 1 + Binding.maximumRepeats)
    }

    // MARK: 10g. `when:`

    @Test(arguments: [
        // Over Firefox, whose title has "Docs": the back swipe fires.
        ("left-over-firefox.jsonl", ["back 20"]),
        // Over the terminal: the back swipe's conditions say no, and the same swipe bound for
        // kitty fires instead (issue 27: that binding was refused as "can never fire").
        ("left-over-kitty.jsonl", ["clear 20"]),
        // Two windows, the switcher wants three.
        ("right-over-firefox.jsonl", []),
        // The second tap comes 0.5 s after the first, within its 1 s of quiet; the third after 1.5 s.
        ("three-taps.jsonl", ["help 80", "help 2080"]),
        // The overview wants a window that is not full screen: over a full-screen video it does not
        // begin and the swipe goes on to the player; over a maximized browser it fires.
        ("down-over-fullscreen-video.jsonl", []),
        ("down-over-maximized-firefox.jsonl", ["overview 50"])
    ])
    func whenConditionsGateTheGesture(trace: String, actions: [String]) throws {
        let run = try ScenarioRun("conditions", trace: trace, verbose: true)
        #expect(run.actions().map { "\($0.gesture) \($0.millisecond)" } == actions)
    }

    // MARK: The issue's example config, whole

    static let issueExample: [E] = [
        // Three fingers tapped once: the menu, 0.35 s after the last lift, once the double tap gives up.
        E(
            files: .init(folder: "issue-example", trace: "three-finger-tap.jsonl"),
            states: ["menu": [.ended], "launcher": []],
            actions: [E.action("menu", at: 0.447, #"{"keys": "super+a"}"#)],
            decisions: [1: .accepted(at: 0.447), 2: .accepted(at: 0.447), 3: .accepted(at: 0.447)]),
        // Tapped twice: the launcher at the second tap's last lift, and no menu.
        E(
            files: .init(folder: "issue-example", trace: "three-finger-double-tap.jsonl"),
            states: ["launcher": [.ended], "menu": []],
            actions: [E.action("launcher", at: 0.297, #"{"command": "rofi -show drun"}"#)],
            decisions: [
                1: .accepted(at: 0.297), 2: .accepted(at: 0.297), 3: .accepted(at: 0.297),
                4: .accepted(at: 0.297), 5: .accepted(at: 0.297), 6: .accepted(at: 0.297)
            ]),
        // Two fingers held on the desktop: a right click between them at 600 ms.
        E(
            files: .init(folder: "issue-example", trace: "two-finger-press.jsonl"),
            states: ["right-click": [.began, .changed, .ended]],
            actions: [E.action("right-click", at: 0.600, #"{"click": "right", "count": 1, "x": 1529.5, "y": 510.5}"#)],
            decisions: [1: .accepted(at: 0.600), 2: .accepted(at: 0.600)]),
        // Evince's toolbar double tap maximizes Evince; the screen's gestures are not inherited there.
        E(
            files: .init(folder: "issue-example", trace: "evince-toolbar-double-tap.jsonl"),
            states: ["apps.evince, okular.regions.toolbar.gestures[0]": [.ended]],
            actions: [
                E.action(
                    "apps.evince, okular.regions.toolbar.gestures[0]", at: 0.260,
                    #"{"window": "maximize", "target": 3}"#)
            ],
            decisions: [1: .accepted(at: 0.260), 2: .accepted(at: 0.260)]),
        // Below the toolbar Evince has nothing: the touches are its own as they land.
        E(
            files: .init(folder: "issue-example", trace: "evince-page-double-tap.jsonl"),
            states: [:], actions: [],
            decisions: [1: .rejected(at: 0), 2: .rejected(at: 0.190)]),
        // The left edge lies over Firefox: a drag in from it goes back in Firefox when it ends.
        E(
            files: .init(folder: "issue-example", trace: "edge-drag-over-firefox.jsonl"),
            states: ["edge-back": [.began, .changed, .ended]],
            actions: [E.action("edge-back", at: 0.254, #"{"keys": "alt+Left", "window": 2}"#)],
            decisions: [1: .accepted(at: 0.012)])
    ]

    @Test(arguments: issueExample)
    func theIssueExampleBehavesAsItsCommentsSay(_ expectation: Expectation) throws {
        try expectation.check()
    }

    @Test func firefoxZoomsAndSpinsInStepsDuringOnePinchAndTurn() throws {
        let run = try ScenarioRun("issue-example", trace: "firefox-pinch-and-turn.jsonl")
        #expect(run.states(of: "zoom") == [.began, .changed, .ended])
        #expect(run.states(of: "spin") == [.began, .changed, .ended])
        // Spread to about 1.59 times and turned about 39° clockwise: five zoom steps in, two 15° steps.
        let zoom = run.actionObjects(of: "zoom")
        let net = zoom.filter { $0.contains("ctrl+plus") }.count - zoom.filter { $0.contains("ctrl+minus") }.count
        #expect(net == 5)
        #expect(
            run.actionObjects(of: "spin") == Array(repeating: #"{"keys": "ctrl+bracketright", "window": 2}"#, count: 2))
        #expect(!zoom.contains { $0.contains("ctrl+minus") }, "fingers that only spread never zoom out")

    }

    @Test func theExampleConfigIsTheOneInConfigExamples() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Config/examples/issue-example.yaml").standardized
        let original = try String(contentsOf: repository, encoding: .utf8)
        #expect(try ScenarioRun.text("issue-example", "config.yaml") == original)
    }

    // MARK: Which window an action goes to

    @Test func targetActiveSendsTheKeysToTheFocusedWindow() throws {
        // Tapped over Firefox (2) while the terminal (3) has the focus.
        try E(
            files: .init(folder: "action-target", trace: "two-finger-tap-over-firefox.jsonl"),
            states: ["screenshot": [.ended]],
            actions: [E.action("screenshot", at: 0.088, #"{"keys": "Print", "window": 3}"#)],
            decisions: [1: .accepted(at: 0.088), 2: .accepted(at: 0.088)]
        ).check()
    }

    @Test func keysGoToTheWindowUnderTheGesturesFirstTouch() throws {
        // `target: under` is "the window under the gesture's first touch": Firefox, where the drag began.
        let run = try ScenarioRun("action-target", trace: "drag-from-firefox-to-terminal.jsonl")
        #expect(run.states(of: "close-tab") == [.began, .changed, .ended])
        #expect(run.actions(of: "close-tab").map(\.millisecond) == [413])
        #expect(run.actionObjects(of: "close-tab") == [#"{"keys": "ctrl+w", "window": 2}"#])

    }

    @Test func anEdgeGestureActsOnTheWindowBeneathTheEdge() throws {
        let run = try ScenarioRun("action-target", trace: "hold-on-edge-over-firefox.jsonl")
        #expect(run.states(of: "edge-menu") == [.began, .changed, .ended])
        #expect(run.actions(of: "edge-menu").map(\.millisecond) == [500])
        #expect(run.actionObjects(of: "edge-menu") == [#"{"keys": "F10", "window": 2}"#])

    }

    // MARK: 11. `--verbose`

    @Test(arguments: ScenarioFiles.all)
    func verboseAddsOnlyMarkedFailedPossibleAndCommitmentLines(_ files: ScenarioFiles) throws {
        let quiet = try files.run(verbose: false)
        let verbose = try files.run(verbose: true)
        #expect(!quiet.records.contains { $0.isVerboseLine || $0.isFailedOrPossible })
        // A binding that acts at the lift says, verbosely, whether it will and that it did.
        #expect(verbose.records.filter { $0.isVerboseLine }.allSatisfy { $0.isFailedOrPossible || $0.isCommitment })
        #expect(verbose.records.filter { $0.isFailedOrPossible }.allSatisfy { $0.isVerboseLine })
        #expect(verbose.records.filter { !$0.isVerboseLine } == quiet.records, "everything else is the same output")
        // A gesture that ran is reset when it is over: verbose shows it back in possible.
        for gesture in quiet.gesturesWithStates {
            let last = verbose.stateLines(of: gesture).last
            #expect(last?.state == .possible && last?.isVerbose == true, "\(gesture) ends in possible")
        }
    }

    @Test(arguments: [
        (ScenarioFiles(folder: "taps", trace: "double-tap.jsonl"), "single", 0.290),
        (ScenarioFiles(folder: "pan-swipe", trace: "flick.jsonl"), "scroll", 0.034),
        (ScenarioFiles(folder: "pan-swipe", trace: "slow-drag.jsonl"), "next-desktop", 0.500),
        (ScenarioFiles(folder: "pinch-rotate", config: "apart.yaml", trace: "pinch-and-turn.jsonl"), "spin", 0.094),
        (ScenarioFiles(folder: "nested", trace: "in-tab-strip.jsonl"), "forward", 0.058),
        (
            ScenarioFiles(folder: "delivery", config: "three-fingers.yaml", trace: "resting-finger.jsonl"), "overview",
            0.150
        )
    ])
    func verboseShowsTheLoserFailing(files: ScenarioFiles, loser: String, seconds: Double) throws {
        let verbose = try files.run(verbose: true)
        #expect(verbose.stateLines(of: loser).map(\.state) == [.failed, .possible])
        #expect(verbose.millisecond(of: loser, .failed) == ScenarioRun.milliseconds(seconds))
        #expect(try files.run(verbose: false).stateLines(of: loser).isEmpty)
    }

    @Test(arguments: ["over-evince.jsonl", "over-okular.jsonl"])
    func theScreenSwipeNeverSeesTouchesOverAnAppThatDoesNotInherit(trace: String) throws {
        let verbose = try ScenarioRun("inherit", trace: trace, verbose: true)
        #expect(verbose.stateLines(of: "next-desktop").isEmpty)
    }

    // MARK: 12. Malformed traces

    @Test(arguments: [
        ("typo-in-phase.jsonl", 5, #""phase" must be one of down, move, up, cancel (found "mvoe")"#),
        ("time-runs-back.jsonl", 7, #""t" must not decrease (found 0.053 after 0.534)"#),
        ("unclosed-object.jsonl", 3, "invalid JSON")
    ])
    func malformedLineFailsTheWholeTraceWithItsLineNumber(file: String, line: Int, message: String) throws {
        let text = try ScenarioRun.text("malformed", file)
        let error = #expect(throws: TraceError.self) { try TraceReader.read(text, file: file) }
        #expect(error?.line == line)
        #expect(error?.description.hasPrefix("\(file):\(line): ") == true)
        #expect(error?.description.contains(message) == true)
        // The lines before it make a replay with output: none of it is printed, because nothing runs.
        let before = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(line - 1)
        let prefix = try TraceReader.read(before.joined(separator: "\n"), file: file)
        let configuration = try ConfigLoader.load(yaml: try ScenarioRun.text("taps", "config.yaml"))
        #expect(!ReplayRunner.run(trace: prefix, configuration: configuration, verbose: false).records.isEmpty)
    }

    // MARK: Every scenario

    @Test func theListOfAllScenariosNamesEveryWellFormedTrace() throws {
        let folder = try #require(Bundle.module.resourceURL).appendingPathComponent("Traces/scenarios")
        var onDisk: Set<String> = []
        for scenario in try FileManager.default.contentsOfDirectory(atPath: folder.path) where scenario != "malformed" {
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(scenario).path))
                ?? []
            for file in files where file.hasSuffix(".jsonl") { onDisk.insert("\(scenario)/\(file)") }
        }
        #expect(Set(ScenarioFiles.all.map { "\($0.folder)/\($0.trace)" }) == onDisk)
    }

    @Test(arguments: ScenarioFiles.all)
    func everyTouchIsDecidedExactlyOnceAndOnlyAfterItLands(_ files: ScenarioFiles) throws {
        let run = try files.run()
        #expect(Set(run.decisions.keys) == run.touchesInTrace)
        for (touch, decisions) in run.decisions {
            #expect(decisions.count == 1, "touch \(touch): \(decisions)")
            let down = run.trace.events.first { event in
                if case .touch(let input) = event.input {
                    input.id.rawValue == touch && input.phase == .began
                } else {
                    false
                }
            }
            #expect(down.map { ScenarioRun.milliseconds($0.time) <= decisions[0].millisecond } == true)
        }
        #expect(run.records.map(\.time) == run.records.map(\.time).sorted(), "output is in time order")
    }
}

import Testing
@testable import GestureConfig
@testable import GestureEngine
@testable import GestureRuntime

/// What the indicator shows for a session's gestures, frame by frame.
@Suite("The indicator's model")
struct FeedbackTrackerTests {
    static let yaml = """
        settings:
          feedback: on
        gestures:
          - swipe: { fingers: 3, direction: left }
            do: { keys: ctrl+Right }
          - name: zoom
            pinch: { fingers: 2 }
            steps: { every: 1.25, out: { keys: ctrl+plus }, in: { keys: ctrl+minus } }
        """

    /// Runs `frames` (time, touches) through a session and the tracker: every effect, in order.
    static func effects(
        _ frames: [(Double, [TouchSample])], cancelAt: Double? = nil, until end: Double, yaml: String = yaml,
        scene: SceneDescription = SceneDescription(), following: Bool = false
    ) throws -> [FeedbackTracker.Effect] {
        let configuration = try ConfigLoader.load(yaml: yaml)
        let session = GestureSession(configuration: configuration, scene: scene)
        var tracker = FeedbackTracker()
        var effects: [FeedbackTracker.Effect] = []
        func collect() {
            for output in session.outputs {
                if let effect = tracker.handle(
                    output, scene: session.scene, enabled: configuration.settings.feedback,
                    style: configuration.settings.feedbackStyle)
                {
                    effects.append(effect)
                }
            }
            session.removeAllOutputs()
        }
        for (time, touches) in frames {
            if let deadline = tracker.nextDeadline, deadline <= time, let effect = tracker.advance(to: deadline) {
                effects.append(effect)
            }
            session.handle(touches, at: time)
            collect()
            // As the daemon does after each touch event: the label goes on with the fingers.
            let down = session.engine.touches
            if following, !down.isEmpty,
                let effect = tracker.follow(
                    fingersAt: TouchGeometry.centroid(of: down), count: down.count, scene: session.scene)
            {
                effects.append(effect)
            }
        }
        if let cancelAt {
            session.cancelAll(at: cancelAt)
            collect()
        }
        if let effect = tracker.advance(to: end) { effects.append(effect) }
        return effects
    }

    static func touches(_ phase: TouchPhase, _ points: [(Double, Double)]) -> [TouchSample] {
        points.enumerated().map {
            TouchSample(
                id: TouchID(UInt32($0.offset + 1)), phase: phase, location: Point(x: $0.element.0, y: $0.element.1))
        }
    }

    static func threeFingerSwipe() -> [(Double, [TouchSample])] {
        var frames: [(Double, [TouchSample])] = [(0, touches(.began, [(1200, 500), (1300, 500), (1400, 500)]))]
        for step in 1...6 {
            let dx = -30.0 * Double(step)
            frames.append(
                (0.01 * Double(step), touches(.moved, [(1200 + dx, 500), (1300 + dx, 500), (1400 + dx, 500)])))
        }
        frames.append((0.08, touches(.ended, [(1020, 500), (1120, 500), (1220, 500)])))
        return frames
    }

    static func spread(_ phase: TouchPhase, _ half: Double) -> [TouchSample] {
        touches(phase, [(960 - half, 540), (960 + half, 540)])
    }

    static func location(_ effect: FeedbackTracker.Effect?) -> Point? {
        if case .show(let indicator) = effect { indicator.location } else { nil }
    }

    /// Issue 27: a swipe's label stayed where the swipe was recognized, about 190 px behind the
    /// fingers by the lift. It now goes on with them until they lift.
    @Test func aSwipesLabelGoesOnWithTheFingers() throws {
        var frames = Self.threeFingerSwipe()
        frames.removeLast()
        // The hand goes on 180 px past where the swipe was recognized, then lifts there.
        for step in 7...12 {
            let dx = -30.0 * Double(step)
            frames.append(
                (0.01 * Double(step), Self.touches(.moved, [(1200 + dx, 500), (1300 + dx, 500), (1400 + dx, 500)])))
        }
        frames.append((0.13, Self.touches(.ended, [(840, 500), (940, 500), (1040, 500)])))
        let effects = try Self.effects(frames, until: 1, following: true)
        let xs = effects.compactMap { Self.location($0)?.x }
        #expect(xs.last == 940, "the label ends over the fingers' last centre: \(xs)")
        #expect(xs.count > 3, "\(xs)")
    }

    /// Issue 27: at a pinch's lift its label jumped onto the last finger (128 px in 2 of 8
    /// runs): a continuous gesture's end is shown where its last change was, and a lift stops
    /// the label following.
    @Test func aPinchsLabelStaysWhereTheHandWasAtTheLift() throws {
        var frames: [(Double, [TouchSample])] = [(0, Self.spread(.began, 100))]
        for step in 1...8 { frames.append((0.02 * Double(step), Self.spread(.moved, 100 + 20 * Double(step)))) }
        // One finger lifts first; the other stays a moment, then lifts.
        frames.append((0.2, [TouchSample(id: TouchID(1), phase: .ended, location: Point(x: 700, y: 540))]))
        frames.append((0.25, [TouchSample(id: TouchID(2), phase: .ended, location: Point(x: 1220, y: 540))]))
        let effects = try Self.effects(frames, until: 1, following: true)
        let xs = effects.compactMap { Self.location($0)?.x }
        #expect(!xs.isEmpty)
        #expect(xs.allSatisfy { abs($0 - 960) < 1 }, "the label stays over the hand's centre: \(xs)")
    }

    /// Recognized with the fingers down: what lifting will do, at the fingers; at the lift, done.
    @Test func aSwipeShowsWhatItWillDoThenThatItDidThenGoesAway() throws {
        let effects = try Self.effects(Self.threeFingerSwipe(), until: 1)
        #expect(effects.count == 3, "\(effects)")
        guard case .show(let indicator) = effects.first, case .show(let done) = effects.dropFirst().first else {
            Issue.record("no indicator: \(effects)")
            return
        }
        #expect(indicator.text == "ctrl+Right ←", "what the config says, and the direction")
        #expect(indicator.tone == .pending, "acts at the lift")
        #expect(indicator.location.x < 1300 && indicator.location.y == 500, "at the fingers")
        #expect(done.text == "ctrl+Right ←" && done.tone == .committed)
        #expect(effects.last == .hide)
    }

    /// The window manager switches desktops after the swipe acted, animating for 0.5 s over the
    /// label (mutter): the "done" label stays its whole linger after the animation, on the new
    /// desktop; a switch while a gesture is under way changes nothing.
    @Test func aDesktopSwitchKeepsTheDoneLabelForItsLingerAfterTheAnimation() throws {
        let configuration = try ConfigLoader.load(yaml: Self.yaml)
        let session = GestureSession(configuration: configuration, scene: SceneDescription())
        var tracker = FeedbackTracker()
        func feed(_ frames: ArraySlice<(Double, [TouchSample])>) {
            for (time, touches) in frames {
                session.handle(touches, at: time)
                for output in session.outputs { _ = tracker.handle(output, scene: session.scene) }
                session.removeAllOutputs()
            }
        }
        let swipe = Self.threeFingerSwipe()
        feed(swipe.dropLast())
        tracker.desktopSwitched(at: 0.07, animation: 0.5)
        #expect(tracker.nextDeadline == nil, "under way: no linger to stretch")
        feed(swipe.suffix(1))
        #expect(tracker.nextDeadline == 0.08 + FeedbackTracker.linger, "done at the lift")
        tracker.desktopSwitched(at: 0.2, animation: 0.5)
        let end = 0.2 + 0.5 + FeedbackTracker.linger
        #expect(tracker.nextDeadline == end)
        #expect(tracker.advance(to: end - 0.01) == nil, "still up after the animation")
        #expect(tracker.advance(to: end) == .hide)
        tracker.desktopSwitched(at: 2, animation: 0.5)
        #expect(tracker.nextDeadline == nil, "nothing shown, nothing to keep")
    }

    /// A binding that switches desktops lingers through the switch's animation from the moment it
    /// acted, even if the switch is noticed late (a daemon behind its touches); others do not.
    @Test(arguments: [("{ desktop: next }", 0.5), ("{ keys: ctrl+Right }", 0.0), ("{ desktop: show }", 0.0)])
    func aDesktopSwitchingBindingLingersThroughTheAnimation(action: String, extra: Double) throws {
        let yaml =
            "settings:\n  feedback: on\ngestures:\n  - swipe: { fingers: 3, direction: left }\n    do: \(action)\n"
        let session = GestureSession(configuration: try ConfigLoader.load(yaml: yaml), scene: SceneDescription())
        var tracker = FeedbackTracker()
        tracker.desktopSwitchAnimation = 0.5
        for (time, touches) in Self.threeFingerSwipe() {
            session.handle(touches, at: time)
            for output in session.outputs { _ = tracker.handle(output, scene: session.scene) }
            session.removeAllOutputs()
        }
        let deadline = try #require(tracker.nextDeadline)
        #expect(abs(deadline - (0.08 + FeedbackTracker.linger + extra)) < 1e-9, "\(action): \(deadline)")
    }

    /// A swipe taken back before the lift: red with "lift to cancel" while back, then cancelled.
    @Test func aReversedSwipeSaysItWillCancelThenThatItDid() throws {
        var frames = Array(Self.threeFingerSwipe().dropLast())
        for step in 1...6 {
            let dx = -180.0 + 30.0 * Double(step)
            frames.append(
                (
                    0.06 + 0.01 * Double(step),
                    Self.touches(.moved, [(1200 + dx, 500), (1300 + dx, 500), (1400 + dx, 500)])
                ))
        }
        frames.append((0.13, Self.touches(.ended, [(1200, 500), (1300, 500), (1400, 500)])))
        let shown = try Self.effects(frames, until: 0.2).compactMap { effect -> FeedbackTracker.Indicator? in
            if case .show(let indicator) = effect { return indicator }
            return nil
        }
        #expect(shown.map(\.tone) == [.pending, .cancelled, .cancelled], "\(shown)")
        #expect(shown.dropFirst().first?.text == "ctrl+Right ←" + FeedbackTracker.liftToCancel)
        #expect(shown.last?.text == "ctrl+Right ←" + FeedbackTracker.cancelledSuffix)
        #expect((shown.dropFirst().first?.location.x ?? 0) > 1250, "the label follows the fingers back")
    }

    /// A `start: hold` stroke: once the finger has rested, the label says to draw; then that the
    /// drawing acted, or that it was none of the shapes.
    @Test(arguments: [true, false])
    func aStrokeThatStartsWithAHoldSaysWhenToDraw(drawsTheShape: Bool) throws {
        let yaml = """
            settings:
              feedback: on
            gestures:
              - name: save
                stroke: { shape: checkmark, start: hold }
                do: { keys: ctrl+s }
            """
        var frames: [(Double, [TouchSample])] = [(0, Self.touches(.began, [(300, 300)]))]
        frames.append((0.6, Self.touches(.moved, [(301, 301)])))
        // A checkmark of about 200 pt from where the finger rests, or a short wobble to the left.
        var path: [(Double, Double)] = []
        if drawsTheShape {
            for step in 1...14 { path.append((301 + Double(step) * 5, 301 + Double(step) * 7)) }
            for step in 1...30 { path.append((371 + Double(step) * 6, 399 - Double(step) * 9)) }
        } else {
            for step in 1...10 { path.append((301 - Double(step) * 3, 301)) }
        }
        for (index, point) in path.enumerated() {
            frames.append((0.61 + Double(index) * 0.008, Self.touches(.moved, [point])))
        }
        let last = path[path.count - 1]
        frames.append((0.7 + Double(path.count) * 0.008, Self.touches(.ended, [last])))
        let effects = try Self.effects(frames, until: 3, yaml: yaml)
        let shown = effects.compactMap { effect -> (String, FeedbackTracker.Indicator.Tone)? in
            if case .show(let indicator) = effect { return (indicator.text, indicator.tone) }
            return nil
        }
        #expect(shown.first.map { $0.0 == "save · draw checkmark" && $0.1 == .pending } == true, "\(shown)")
        let final = try #require(shown.last)
        #expect(drawsTheShape ? final.1 == .committed : final.1 == .cancelled, "\(shown)")
        #expect(effects.last == .hide)
    }

    @Test func theIndicatorNamesTheMonitorUnderTheFingers() throws {
        let left = Rect(x: 0, y: 0, width: 960, height: 1080), right = Rect(x: 960, y: 0, width: 960, height: 1080)
        let effects = try Self.effects(
            Self.threeFingerSwipe(), until: 1, scene: SceneDescription(monitors: [left, right]))
        guard case .show(let indicator) = effects.first else {
            Issue.record("no indicator: \(effects)")
            return
        }
        #expect(indicator.monitor == right, "the fingers were at x \(indicator.location.x)")
    }

    @Test func aPinchShowsItsScaleAsItChangesAndCommitsAtTheEnd() throws {
        var frames: [(Double, [TouchSample])] = [(0, Self.spread(.began, 100))]
        for step in 1...10 { frames.append((0.01 * Double(step), Self.spread(.moved, 100 + 10 * Double(step)))) }
        frames.append((0.12, Self.spread(.ended, 200)))
        let effects = try Self.effects(frames, until: 0.2)
        let shown = effects.compactMap { effect -> FeedbackTracker.Indicator? in
            if case .show(let indicator) = effect { return indicator }
            return nil
        }
        #expect(shown.first?.text.hasPrefix("zoom ×") == true && shown.first?.tone == .pending, "\(shown)")
        // Steps every 1.25 of scale: the next one is at ×2.25.
        #expect(
            shown.contains { $0.text == "zoom ×2.00 · next ×2.25" && $0.tone == .pending }, "\(shown.map(\.text))")
        #expect(shown.last?.tone == .committed)
        #expect(effects.last != .hide, "still lingering at 0.2 s")
    }

    @Test func aCancelledPinchSaysSo() throws {
        var frames: [(Double, [TouchSample])] = [(0, Self.spread(.began, 100))]
        for step in 1...6 { frames.append((0.01 * Double(step), Self.spread(.moved, 100 + 10 * Double(step)))) }
        let effects = try Self.effects(frames, cancelAt: 0.07, until: 1)
        #expect(
            effects.suffix(2).first.map { if case .show(let i) = $0 { i.tone == .cancelled } else { false } } == true,
            "\(effects)")
        #expect(effects.last == .hide)
    }

    /// `settings: feedback` for all, a binding's own `feedback` for itself.
    @Test(arguments: [
        ("", "", false), ("feedback: on", "", true), ("feedback: on", "    feedback: off\n", false),
        ("feedback: off", "    feedback: on\n", true), ("feedback: on", "    feedback: on\n", true)
    ])
    func theSettingAndTheBindingDecide(setting: String, binding: String, shown: Bool) throws {
        let yaml = """
            settings:
              \(setting.isEmpty ? "finger-window: 150ms" : setting)
            gestures:
              - swipe: { fingers: 3, direction: left }
                do: { keys: ctrl+Right }

            """ + binding
        #expect(try Self.effects(Self.threeFingerSwipe(), until: 1, yaml: yaml).isEmpty == !shown)
    }

    @Test func aLongCommandIsCutSoTheLabelFitsTheScreen() throws {
        let yaml = """
            settings:
              feedback: on
            gestures:
              - swipe: { fingers: 3, direction: left }
                do: { command: "\(String(repeating: "notify-send hello; ", count: 200))" }
            """
        guard case .show(let indicator) = try Self.effects(Self.threeFingerSwipe(), until: 1, yaml: yaml).first else {
            Issue.record("no indicator")
            return
        }
        #expect(indicator.text.hasPrefix("command: notify-send hello;"))
        #expect(indicator.text.hasSuffix("… ←"), "cut, then the direction: \(indicator.text)")
        #expect(indicator.text.count == FeedbackTracker.maximumDescriptionLength + 2)
    }

    @Test func aBadFeedbackWordIsReportedWithItsLine() {
        #expect {
            try ConfigLoader.load(
                yaml: "gestures:\n  - swipe: { fingers: 3 }\n    do: { keys: a }\n    feedback: maybe\n", file: "f.yaml"
            )
        } throws: { error in
            "\(error)".contains("f.yaml:4") && "\(error)".contains("unknown value 'maybe' for 'feedback'")
        }
    }

    @Test(arguments: [
        (1.0, 2, "1.00"), (1.234, 2, "1.23"), (0.995, 2, "1.00"), (-0.5, 0, "-1"), (29.6, 0, "30"), (0.05, 2, "0.05")
    ])
    func figuresAreRoundedWithoutFoundation(value: Double, places: Int, text: String) {
        #expect(FixedDecimal.text(value, decimals: places) == text)
    }
}

/// The next step's threshold, in the direction of travel, as a label shows it.
@Suite("The next step in a label")
struct NextStepTests {
    @Test(arguments: [
        (Steps.pinch(every: 0.25, inward: [], outward: []), GestureMeasurement.pinch(scale: 1.4, velocity: 0), "×1.50"),
        (.pinch(every: 0.25, inward: [], outward: []), .pinch(scale: 0.8, velocity: 0), "×0.75"),
        (.pinch(every: 0.25, inward: [], outward: []), .pinch(scale: 1.0, velocity: 0), "×1.25"),
        (.rotate(every: .pi / 12, clockwise: [], counterclockwise: []), .rotation(rotation: 0.3, velocity: 0), "30°"),
        (.rotate(every: .pi / 12, clockwise: [], counterclockwise: []), .rotation(rotation: -0.3, velocity: 0), "-30°"),
        (
            .pan(every: 100, left: [], right: [], up: [], down: []),
            .pan(translation: Vector(dx: 130, dy: 20), velocity: Vector(dx: 0, dy: 0)), "200 pt →"
        ),
        (
            .pan(every: 100, left: [], right: [], up: [], down: []),
            .pan(translation: Vector(dx: 10, dy: -250), velocity: Vector(dx: 0, dy: 0)), "300 pt ↑"
        )
    ])
    func theNextThresholdIsShown(steps: Steps, measurement: GestureMeasurement, expected: String) {
        #expect(FeedbackTracker.nextStep(steps, measurement) == expected)
    }
}

/// `feedback: { show, size, where }`: per binding over `settings`, read from the config and
/// honoured by the indicator's model.
@Suite("The indicator's size and place")
struct FeedbackStyleTests {
    static let firefox = SceneWindow(
        info: WindowInfo(id: 7, windowClass: "Firefox", instance: "Navigator"),
        frame: Rect(x: 960, y: 0, width: 960, height: 600))

    @Test(arguments: [
        // (settings' feedback, binding's feedback, size, at the fingers, where)
        ("on", "", 18.0, true, nil as Point?),
        ("{ size: 30 }", "", 30.0, true, nil),
        ("{ size: 30pt, where: window }", "", 30.0, false, Point(x: 1440, y: 300)),
        ("on", "{ where: window }", 18.0, false, Point(x: 1440, y: 300)),
        ("{ where: window, size: 12 }", "{ where: fingers }", 12.0, true, nil),
        ("off", "{ size: 40 }", 40.0, true, nil)
    ])
    func theBindingsStyleOverTheSettings(setting: String, binding: String, size: Double, atFingers: Bool, at: Point?)
        throws
    {
        let yaml = """
            settings:
              feedback: \(setting)
            gestures:
              - swipe: { fingers: 3, direction: left }
                do: { keys: ctrl+Right }
            \(binding.isEmpty ? "" : "    feedback: \(binding)")
            """
        let effects = try FeedbackTrackerTests.effects(
            FeedbackTrackerTests.threeFingerSwipe(), until: 1, yaml: yaml,
            scene: SceneDescription(windows: [Self.firefox]))
        guard case .show(let indicator) = effects.first else {
            Issue.record("no indicator: \(effects)")
            return
        }
        #expect(indicator.size == size)
        #expect(indicator.isAtFingers == atFingers)
        if let at { #expect(indicator.location == at, "the middle of the window the swipe started over") }
    }

    @Test(arguments: [
        ("feedback: { size: 100 }", "f.yaml:4:23: 'size' must be from 8 to 72 pt, found '100'"),
        ("feedback: { where: corner }", "f.yaml:4:24: unknown value 'corner' for 'where'"),
        ("feedback: { colour: red }", "f.yaml:4:17: unknown key 'colour' in feedback")
    ])
    func aBadStyleIsReportedWithItsPlace(line: String, message: String) {
        #expect {
            try ConfigLoader.load(
                yaml: "gestures:\n  - swipe: { fingers: 3 }\n    do: { keys: a }\n    \(line)\n", file: "f.yaml")
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}

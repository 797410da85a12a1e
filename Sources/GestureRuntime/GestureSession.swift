import GestureConfig
import GestureEngine

/// The engine, the scene and the bindings together: touches in pixels, decisions and actions out.
///
/// `replay` and the daemon run the same session. The desktop and the config can
/// change at any time; a new scene or config takes effect once no touch is down
/// and no recognizer is busy, because the recognizers of a touch are fixed when
/// it lands (UIKit's rule) and must outlive it.
public final class GestureSession {
    /// What a session reports, in order.
    public enum Output {
        /// A recognizer's action message, for logs and replay.
        case state(GestureRecognizer, GestureRecognizer.State, GestureSnapshot, time: Double)
        /// Any transition with its cause, for verbose logs.
        case transition(
            GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State,
            cause: TransitionCause, time: Double)
        /// An action a binding fires.
        case action(FiredAction)
        /// A touch's delivery decision, made once.
        case delivery(TouchID, Delivery, time: Double)
        /// Whether a binding that acts at the lift (`on: end`) will act, and at the end whether it did.
        case commitment(GestureRecognizer, Commitment, time: Double)
        /// The decision for a pen's or mouse's press that a stroke binding grabs: rejected, the
        /// application gets the click or drag it was.
        case pointerDelivery(PointerDelivery)
    }

    /// The config in effect.
    public private(set) var configuration: Configuration
    /// The scene in effect.
    public private(set) var scene: GestureScene
    /// What happened since the caller last cleared it.
    public private(set) var outputs: [Output] = []

    let engine: GestureEngine
    /// The touches down now, as the engine has them: the indicator follows their centre.
    public var touchesDown: [Touch] { engine.touches }
    var runtime: BindingRuntime
    private var pendingDescription: SceneDescription?
    private var pendingConfiguration: Configuration?
    /// The configuration's stroke classifier, worked out when the configuration comes.
    private var strokeClassifier: StrokeClassifier?
    var samples: [TouchSample] = []
    /// The touches that stand for the touchpad's fingers (`handle(pad:at:)`).
    var pad = PadGestureSynthesizer()
    /// When a gesture last began or was recognized, for `when: { quiet }`.
    var lastGestureTime: Double?
    /// The scene's `start: hold` strokes, whose rest ending is reported (`reportRestsEnded`),
    /// and for each the rest end last reported.
    private var restingStrokes: [StrokeGestureRecognizer] = []
    private var reportedRestEnds: [Double?] = []

    /// Starts a session on a desktop.
    public init(configuration: Configuration, scene description: SceneDescription) {
        self.configuration = configuration
        strokeClassifier = SceneBuilder.strokeClassifier(for: configuration)
        scene = SceneBuilder.build(configuration, scene: description, strokeClassifier: strokeClassifier)
        engine = GestureEngine(root: scene.root)
        runtime = BindingRuntime(scene: scene)
        restingStrokes = Self.restingStrokes(in: scene)
        reportedRestEnds = restingStrokes.map { _ in nil }
        outputs.reserveCapacity(64)
        installConditions()
        samples.reserveCapacity(16)
    }

    /// The earliest time at which `advance(to:)` has work to do: a recognizer's timer or a repeat.
    public var nextDeadline: Double? {
        guard let due = runtime.nextRepeat else { return engine.nextDeadline }
        return min(engine.nextDeadline ?? due, due)
    }

    /// The session's clock: the time of the last frame, timer or advance. It never goes back.
    public var time: Double { engine.now }

    /// How many recognizers are taking part right now (for `bench`).
    public var activeRecognizerCount: Int { engine.activeRecognizerCount }

    /// Whether a touch is down or a recognizer is still busy with the last one.
    public var isBusy: Bool { !engine.touches.isEmpty || engine.activeRecognizerCount > 0 }

    /// Processes one frame of touches, with locations in screen pixels.
    public func handle(_ frame: [TouchSample], at time: Double) {
        if runtime.nextRepeat != nil { advance(to: time) }
        applyPendingChanges()
        samples.removeAll(keepingCapacity: true)
        let description = scene.description
        for sample in frame {
            samples.append(
                TouchSample(
                    id: sample.id, phase: sample.phase,
                    location: description.points(fromPixels: sample.location)))
        }
        engine.handle(samples, at: time)
        collect()
        reportRestsEnded()
        follow(samples, at: time)
    }

    /// Lets the bindings waiting for a lift follow the frame's fingers (points).
    func follow(_ frame: [TouchSample], at time: Double) {
        runtime.follow(frame, time: engine.now, into: &outputs)
        runtime.stopRepeats(liftedIn: frame)
    }

    /// Fires the timers due by `time`, each at its own time.
    public func advance(to time: Double) {
        while let deadline = nextDeadline, deadline <= time {
            if let due = runtime.nextRepeat, due == deadline {
                runtime.fireRepeat(at: deadline, into: &outputs)
            } else {
                engine.advance(to: deadline)
                collect()
                reportRestsEnded()
            }
        }
        engine.advance(to: time)
        collect()
        applyPendingChanges()
    }

    static func restingStrokes(in scene: GestureScene) -> [StrokeGestureRecognizer] {
        scene.recognizers.compactMap { recognizer, _ in
            (recognizer as? StrokeGestureRecognizer).flatMap { $0.holdDuration == nil ? nil : $0 }
        }
    }

    /// A `start: hold` stroke whose fingers have just rested long enough stays possible, so the
    /// engine reports no transition; the session reports one, possible to possible by its timer,
    /// so that the indicator can say a stroke is being drawn (`FeedbackTracker`).
    /// The engine fires a due timer in `advance(to:)` or before a frame's touches, so both ask.
    private func reportRestsEnded() {
        for index in restingStrokes.indices {
            let stroke = restingStrokes[index]
            guard let time = stroke.restEndedAt, reportedRestEnds[index] != time, stroke.state == .possible else {
                continue
            }
            reportedRestEnds[index] = time
            outputs.append(.transition(stroke, from: .possible, to: .possible, cause: .timer, time: time))
        }
    }

    /// Ends every gesture and decides every touch now: for shutdown and lost devices.
    public func cancelAll(at time: Double) {
        engine.cancelAll(at: time)
        collect()
        runtime.withdrawAll(time: engine.now, into: &outputs)
        runtime.stopAllRepeats()
        applyPendingChanges()
    }

    /// Uses a new desktop layout from the next idle moment on.
    public func update(scene description: SceneDescription) {
        pendingDescription = description
        applyPendingChanges()
    }

    /// Uses a new config from the next idle moment on.
    public func update(configuration: Configuration) {
        pendingConfiguration = configuration
        applyPendingChanges()
    }

    /// Forgets the reported outputs, keeping their storage.
    public func removeAllOutputs() {
        outputs.removeAll(keepingCapacity: true)
    }

    func applyPendingChanges() {
        guard pendingDescription != nil || pendingConfiguration != nil, !isBusy else { return }
        if let configuration = pendingConfiguration {
            self.configuration = configuration
            strokeClassifier = SceneBuilder.strokeClassifier(for: configuration)
        }
        let description = pendingDescription ?? scene.description
        pendingDescription = nil
        pendingConfiguration = nil
        scene = SceneBuilder.build(configuration, scene: description, strokeClassifier: strokeClassifier)
        runtime = BindingRuntime(scene: scene)
        restingStrokes = Self.restingStrokes(in: scene)
        reportedRestEnds = restingStrokes.map { _ in nil }
        engine.root = scene.root
        installConditions()
    }

    func collect() {
        for event in engine.events {
            switch event {
            case let .action(recognizer, state, snapshot, time):
                if state == .began || state == .ended, scene.binding(for: recognizer) != nil { lastGestureTime = time }
                outputs.append(.state(recognizer, state, snapshot, time: time))
                runtime.handle(
                    recognizer, state: state, snapshot: snapshot, time: time, liveTouches: engine.touches,
                    into: &outputs)
            case let .transition(recognizer, from, to, cause, time):
                outputs.append(.transition(recognizer, from: from, to: to, cause: cause, time: time))
            case let .delivery(id, delivery, time):
                outputs.append(.delivery(id, delivery, time: time))
            }
        }
        engine.removeAllEvents()
        if !engine.pointerDeliveries.isEmpty {
            for delivery in engine.pointerDeliveries { outputs.append(.pointerDelivery(delivery)) }
            engine.pointerDeliveries.removeAll(keepingCapacity: true)
        }
    }
}

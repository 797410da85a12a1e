import GestureConfig
import GestureRuntime
import GestureEngine

/// Runs the daemon's own runtime (`BridgeRuntime`: engine, bindings, stand-aside gates, action
/// queue) over a trace on a virtual clock, and records its effects instead of performing them.
///
/// The replay contract (`docs/replay-contract.md`): touch lines at the same time form
/// one frame (`BridgeRuntime`'s frames, as in the daemon); timers fire at their own virtual time between lines; after the last
/// line the clock runs on until no timer is pending. Nothing is injected anywhere. A recording's
/// `answer` lines are the desktop's answers to the daemon's runtime (a window's focus, a
/// keyboard grab): they are given back in order, each at its own time, so the actions come out
/// when and in the order the daemon performed them. A trace without them is answered as an
/// idle desktop would: every window has the focus, no one holds the keyboard.
public enum ReplayRunner {
    /// What a replay produced.
    public struct Outcome: Sendable {
        /// The output lines, in time order.
        public var records: [ReplayRecord]
        /// Things the user should know that are not output lines, such as ignored input.
        public var warnings: [String]
    }

    /// Replays a trace under a configuration.
    public static func run(trace: Trace, configuration: Configuration, verbose: Bool) -> Outcome {
        let session = GestureSession(configuration: configuration, scene: sceneDescription(of: trace.header))
        // What the daemon's runtime met besides input: the desktop's answers, and the touches it
        // handed to applications while their fingers were down.
        let met = trace.recorded.filter { recorded in
            switch recorded.what {
            case .answer, .handedOver, .scene: true
            case .delivery, .action: false
            }
        }
        let desktop = RecordedDesktop(
            answers: met.compactMap { recorded in
                if case .answer(let answer) = recorded.what { (recorded.time, answer) } else { nil }
            })
        let runtime = BridgeRuntime(session: session, desktop: desktop)
        var recorder = ReplayRecorder(scene: session.scene, verbose: verbose)
        /// Where each touch down is, and the touches the gestures no longer see.
        var positions: [TouchID: Point] = [:]
        var handedOver: Set<TouchID> = []

        // In file order: an answer was asked after the input read before it. At an answer's time
        // the runtime runs (the daemon asked while it did); a handed-over touch ends for the gestures.
        var nextMet = 0
        func meet(until line: Int) {
            while nextMet < met.count, met[nextMet].line < line {
                let recorded = met[nextMet]
                nextMet += 1
                switch recorded.what {
                case .handedOver(let id):
                    guard let location = positions[id], handedOver.insert(id).inserted else { continue }
                    runtime.touch(TouchSample(id: id, phase: .ended, location: location), at: recorded.time)
                case .scene(let header):
                    // The daemon's loop took the new windows between two reads.
                    runtime.advance(to: recorded.time)
                    runtime.session.update(scene: sceneDescription(of: header))
                default:
                    runtime.advance(to: recorded.time)
                }
                recorder.record(runtime)
            }
        }
        for event in trace.events {
            meet(until: event.line)
            switch event.input {
            case .touch(let sample):
                positions[sample.id] = sample.phase.isFinished ? nil : sample.location
                if handedOver.contains(sample.id) {
                    if sample.phase.isFinished { handedOver.remove(sample.id) }
                    continue
                }
                runtime.touch(sample, at: event.time)
            case .clock:
                runtime.advance(to: event.time)
            case .pad(let pad):
                runtime.pad(pad, at: event.time)
            }
            recorder.record(runtime)
        }
        meet(until: .max)
        runtime.flush()
        recorder.record(runtime)
        while let deadline = runtime.nextDeadline {
            runtime.advance(to: deadline)
            recorder.record(runtime)
        }
        var warnings: [String] = []
        if desktop.mismatches > 0 || desktop.unused > 0 {
            warnings.append(
                "the recording's desktop answers did not all fit this replay (\(desktop.mismatches) asked otherwise, "
                    + "\(desktop.unused) never asked): the config or the trace differs from the daemon's, and "
                    + "actions may come at other times than they did")
        }
        return Outcome(records: recorder.records, warnings: warnings)
    }

    /// The scene a trace header describes, in pixels.
    public static func sceneDescription(of header: Trace.Header) -> SceneDescription {
        let windows = header.windows.map { window in
            SceneWindow(
                info: WindowInfo(
                    id: UInt64(window.id), windowClass: window.className,
                    instance: window.instance, title: window.title, isFullscreen: window.isFullscreen,
                    isMaximized: window.isMaximized),
                frame: window.frame)
        }
        return SceneDescription(
            width: header.screen.width, height: header.screen.height, dpi: header.screen.dpi,
            windows: windows, activeWindow: header.activeWindow.map(UInt64.init))
    }
}

/// Turns the runtime's effects into replay records: what the daemon would send and perform.
struct ReplayRecorder {
    let scene: GestureScene
    let verbose: Bool
    private(set) var records: [ReplayRecord] = []

    init(scene: GestureScene, verbose: Bool) {
        self.scene = scene
        self.verbose = verbose
    }

    mutating func record(_ runtime: BridgeRuntime) {
        for effect in runtime.effects {
            switch effect {
            case .output(let output):
                record(output)
            case let .perform(fired, _, time):
                records.append(.action(time: time, gesture: fired.gesture, action: fired.resolvedParameters))
            case .passThrough(let id):
                records.append(.delivery(time: runtime.time, touch: id, delivery: .rejected))
            case .passThroughPress, .keep, .stoodAside, .activate, .withheld, .heard, .mark, .trail:
                // A pen's press is not in a trace; nothing is held for recording; the rest says
                // what the daemon did with the focus and a locked screen, or what the tools hear
                // of the input (the trace itself), not an output line.
                continue
            }
        }
        runtime.removeAllEffects()
    }

    mutating func record(_ output: GestureSession.Output) {
        switch output {
        case let .state(recognizer, state, snapshot, time):
            records.append(stateRecord(recognizer, state, snapshot, time: time, verbose: false))
        case .action:
            // Actions come through the runtime's queue (`.perform`).
            return
        case let .transition(recognizer, from, to, _, time):
            // Action lines already cover began, changed, ended and cancelled.
            guard verbose, to == .failed || (to == .possible && from != .possible) else { return }
            records.append(stateRecord(recognizer, to, recognizer.snapshot(), time: time, verbose: true))
        case let .delivery(id, delivery, time):
            records.append(.delivery(time: time, touch: id, delivery: delivery))
        case .pointerDelivery:
            // A trace holds touches and touchpad gestures; a pen's or mouse's button never.
            return
        case let .commitment(recognizer, commitment, time):
            let (commit, reason): (String, String?) =
                switch commitment {
                case .willAct: ("will-act", nil)
                case .willNotAct(let reason, _): ("will-not-act", reason)
                case .acted: ("acted", nil)
                case .withdrawn(let reason): ("withdrawn", reason)
                }
            let isWithdrawn = if case .withdrawn = commitment { true } else { false }
            guard verbose || isWithdrawn else { return }
            records.append(
                .commitment(
                    time: time, gesture: scene.binding(for: recognizer)?.name ?? recognizer.name,
                    kind: recognizer.kind.description, commit: commit, reason: reason, verbose: !isWithdrawn))
        }
    }

    func stateRecord(
        _ recognizer: GestureRecognizer, _ state: GestureRecognizer.State,
        _ snapshot: GestureSnapshot, time: Double, verbose: Bool
    ) -> ReplayRecord {
        let name = scene.binding(for: recognizer)?.name ?? recognizer.name
        let location = scene.description.pixels(fromPoints: snapshot.location)
        return .state(
            time: time, gesture: name, kind: recognizer.kind.description, state: state,
            x: location.x, y: location.y, touches: snapshot.numberOfTouches,
            fields: ReplayRecord.fields(for: snapshot.measurement), verbose: verbose)
    }
}

import GestureConfig
import GestureRuntime
import GestureEngine

/// Runs the real engine, config and bindings over a trace on a virtual clock.
///
/// The replay contract (`docs/replay-contract.md`): touch lines at the same time form
/// one frame (`TouchFeed`, as in the daemon); timers fire at their own virtual time between lines; after the last
/// line the clock runs on until no timer is pending. Nothing is injected anywhere.
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
        var recorder = ReplayRecorder(scene: session.scene, verbose: verbose)
        let feed = TouchFeed(session: session)
        func record() { recorder.record(session) }

        for event in trace.events {
            switch event.input {
            case .touch(let sample):
                feed.add(sample, at: event.time, afterInput: record)
            case .clock:
                feed.advance(to: event.time, afterInput: record)
            case .pad(let pad):
                feed.add(pad: pad, at: event.time, afterInput: record)
            }
        }
        feed.flush(afterInput: record)
        while let deadline = session.nextDeadline {
            session.advance(to: deadline)
            recorder.record(session)
        }
        return Outcome(records: recorder.records, warnings: [])
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

/// Turns a session's outputs into replay records.
struct ReplayRecorder {
    let scene: GestureScene
    let verbose: Bool
    private(set) var records: [ReplayRecord] = []

    init(scene: GestureScene, verbose: Bool) {
        self.scene = scene
        self.verbose = verbose
    }

    mutating func record(_ session: GestureSession) {
        for output in session.outputs {
            switch output {
            case let .state(recognizer, state, snapshot, time):
                records.append(stateRecord(recognizer, state, snapshot, time: time, verbose: false))
            case .action(let fired):
                records.append(.action(time: fired.time, gesture: fired.gesture, action: fired.resolvedParameters))
            case let .transition(recognizer, from, to, _, time):
                // Action lines already cover began, changed, ended and cancelled.
                guard verbose, to == .failed || (to == .possible && from != .possible) else { continue }
                records.append(stateRecord(recognizer, to, recognizer.snapshot(), time: time, verbose: true))
            case let .delivery(id, delivery, time):
                records.append(.delivery(time: time, touch: id, delivery: delivery))
            case .pointerDelivery:
                // A trace holds touches and touchpad gestures; a pen's or mouse's button never.
                continue
            case let .commitment(recognizer, commitment, time):
                let (commit, reason): (String, String?) =
                    switch commitment {
                    case .willAct: ("will-act", nil)
                    case .willNotAct(let reason, _): ("will-not-act", reason)
                    case .acted: ("acted", nil)
                    case .withdrawn(let reason): ("withdrawn", reason)
                    }
                let isWithdrawn = if case .withdrawn = commitment { true } else { false }
                guard verbose || isWithdrawn else { continue }
                records.append(
                    .commitment(
                        time: time, gesture: scene.binding(for: recognizer)?.name ?? recognizer.name,
                        kind: recognizer.kind.description, commit: commit, reason: reason, verbose: !isWithdrawn))
            }
        }
        session.removeAllOutputs()
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

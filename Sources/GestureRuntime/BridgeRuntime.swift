import GestureConfig
import GestureEngine

/// Everything that decides, between the input the daemon reads and the effects it performs:
/// the machine the daemon and `replay` both run.
///
/// In the style of swift-nio's state machines: each call takes an input (touches, touchpad
/// gestures, pen or mouse presses, the clock) at its time and appends effects to `effects`,
/// which the driver performs in order and clears (the daemon sends the decisions, types the
/// keys and draws; `replay` prints them). What the machine must ask the desktop (does the
/// window have the focus, does another client hold the keyboard) it asks `desktop`
/// synchronously; the daemon answers from the X server and records each answer, `replay`
/// gives the recorded ones back (`RecordedDesktop`). So a replay of a recording decides what
/// the daemon decided, at the same times.
///
/// Inside, in order: the stand-aside gates (a screen locker or menu holding the keyboard gets
/// the touches whole), the `record --stroke` hold, the frames (`FrameAssembler`: one per
/// instant, the timers due before it fired first) into the gesture session, and the action
/// queue (keys wait for their window's focus; a locked screen runs nothing; `try` without
/// `--act` runs nothing). The daemon calls `read` once per read of the X connection; `replay`
/// calls `touch`, `pad` and `advance` once per line of its trace.
public final class BridgeRuntime {
    /// What the driver does, in order.
    public enum Effect {
        /// A session output other than an action: a delivery to send (the daemon decides the
        /// touch), a state, transition or commitment to log and show.
        case output(GestureSession.Output)
        /// Hand this touch to its application now: gestures never see it (another client holds the keyboard).
        case passThrough(TouchID)
        /// Hand the pen's or mouse's press being followed to its application now.
        case passThroughPress(PointerPress)
        /// Keep this touch for good: a drawing for `record --stroke` ended.
        case keep(TouchID)
        /// The touch sequence under way goes to the client holding the keyboard: every gesture ended.
        case stoodAside(time: Double)
        /// Ask the window manager to focus the window; the action's keys wait for it.
        case activate(window: UInt64, FiredAction, time: Double)
        /// Perform the action now. `focusTimedOut` names the window that did not take the focus in
        /// time: the keys go wherever the focus is.
        case perform(FiredAction, focusTimedOut: UInt64?, time: Double)
        /// The action is not performed, and why.
        case withheld(FiredAction, Withheld, time: Double)
        /// An input the tools hear of (`monitor`, `record`, `try`) and the log shows, at its time
        /// on the daemon's clock (`read`).
        case heard(Heard, time: Double)
        /// Show this touch as a mark: it is kept for `record --stroke`, or `try` shows touches.
        case mark(TouchSample)
        /// A pen's or mouse's press the gestures follow: draw the line under it.
        case trail(PointerPress)
    }

    /// An input as the tools hear of it.
    public enum Heard: Hashable, Sendable {
        /// A touch the gestures saw.
        case touch(TouchSample)
        /// The end of a touch that went to an application, the finger still down.
        case handedOver(TouchSample)
        /// A move or the real lift of a touch handed to an application.
        case followed(TouchSample)
        /// A touch another client's pointer grab took (a menu, a drag, a screen locker).
        /// `firstOfRun`: the first since the daemon last got a touch, the one the log says.
        case elsewhere(TouchSample, firstOfRun: Bool)
        /// A touchpad gesture event.
        case pad(PadEvent)
        /// A pen's or mouse's grabbed press, move or release.
        case pointer(PointerPress)
    }

    /// Why an action was not performed.
    public enum Withheld: Hashable, Sendable, CustomStringConvertible {
        /// `gesturebridge try` runs without `--act`: it shows what would run.
        case dryRun
        /// Another client (a screen locker, a menu) holds the keyboard.
        case keyboardGrabbed

        public var description: String {
            switch self {
            case .dryRun: "not performed in a dry run; --act performs it"
            case .keyboardGrabbed: "not performed: another client holds the keyboard"
            }
        }
    }

    /// Where a touch sample went.
    public enum TouchRoute: Equatable, Sendable {
        /// To the gestures.
        case session
        /// Kept for `record --stroke`: no gesture sees it.
        case held
        /// Handed to its application (`.passThrough`), or a later event of such a touch.
        case passedThrough
    }

    public let session: GestureSession
    /// The effects since the driver last cleared them.
    public private(set) var effects: [Effect] = []
    /// Who answers the machine's questions.
    public let desktop: any DesktopAnswers
    /// Whether actions are only shown (`try` without `--act` listens).
    public var isDryRun = false
    /// Whether a `record --stroke` client listens: new touches are kept for it.
    public var isRecordingStroke = false
    /// Whether the touches the gestures see are shown as marks (`try` listens; `read`).
    public var showsTouches = false

    /// The server's stamps on the daemon's clock (`read`).
    var serverClock = ServerClock()
    /// Whether the last touch went to another client's pointer grab (`read`).
    var othersHoldThePointer = false

    /// Touches gathered into one frame per instant, for the session.
    private var frames = FrameAssembler()
    private var gate = StandAsideGate()
    private var padGate = StandAsideGate()
    private var pointerGate = StandAsideGate()
    private var hold = RecordingHold()
    private var actions = ActionQueue()
    /// The touches the session has and has not decided yet: the gate asks only while some are held.
    private var undecided: Set<TouchID> = []
    /// The most undecided touches remembered (a device that never ends its touches cannot grow it).
    static let undecidedCapacity = 64

    public init(session: GestureSession, desktop: any DesktopAnswers) {
        self.session = session
        self.desktop = desktop
        effects.reserveCapacity(64)
        undecided.reserveCapacity(Self.undecidedCapacity)
    }

    /// The latest instant given.
    public var time: Double { max(session.time, frames.time) }

    /// When the machine next has something to do by itself: a gesture's timer, or keys whose wait ends.
    public var nextDeadline: Double? {
        guard let queued = actions.nextDeadline else { return session.nextDeadline }
        return min(queued, session.nextDeadline ?? queued)
    }

    /// Whether touches are kept for `record --stroke` now.
    public var isHoldingForRecording: Bool { hold.isHolding }

    /// Whether a gesture is under way or actions wait.
    public var isBusy: Bool { session.isBusy || !actions.isEmpty }

    /// Forgets the effects performed.
    public func removeAllEffects() { effects.removeAll(keepingCapacity: true) }

    func append(_ effect: Effect) { effects.append(effect) }

    /// A touch sample at its time. An end may be a hand-over (the touch went to an application,
    /// the finger still down): the session forgets it as at a lift. While `isRecordingStroke`,
    /// new touches are kept for the `record --stroke` client.
    @discardableResult
    public func touch(_ sample: TouchSample, at time: Double) -> TouchRoute {
        // A frame this sample completes goes first, so the gate sees the touches in the order the
        // session does, whether they came in one read (a replay) or several (the daemon).
        if frames.startsNewFrame(sample, at: time) { flush() }
        switch gate.route(sample.id, sample.phase) {
        case .recognize:
            break
        case .passThrough:
            effects.append(.passThrough(sample.id))
            return .passedThrough
        case .drop:
            return .passedThrough
        }
        switch hold.route(sample.id, sample.phase, recording: isRecordingStroke) {
        case .session:
            if sample.phase == .began {
                if undecided.count >= Self.undecidedCapacity { undecided.removeAll() }
                undecided.insert(sample.id)
            }
            frames.add(sample, at: time) { frame, instant in handle(frame, at: instant) }
            return .session
        case .held:
            return .held
        case .accept:
            effects.append(.keep(sample.id))
            return .held
        }
    }

    /// A touchpad gesture event: its own step, after the frame being gathered.
    public func pad(_ pad: PadEvent, at time: Double) {
        flush()
        guard
            padGate.route(pad.phase, keyboardIsGrabbed: { desktop.keyboardIsGrabbed(at: time, before: nil) })
                == .recognize
        else { return }
        session.advance(to: time)
        session.handle(pad: pad, at: time)
        collect()
    }

    /// A pen's or mouse's grabbed press, move or release.
    @discardableResult
    public func pointer(_ press: PointerPress, at time: Double) -> TouchRoute {
        flush()
        switch pointerGate.route(
            press: press.phase, keyboardIsGrabbed: { desktop.keyboardIsGrabbed(at: time, before: nil) })
        {
        case .recognize:
            session.handle(pointer: press, at: max(time, session.time))
            collect()
            return .session
        case .passThrough:
            effects.append(.passThroughPress(press))
            return .passedThrough
        case .drop:
            return .passedThrough
        }
    }

    /// Moves the clock to `time`: the frame being gathered goes first, the timers due by then
    /// fire at their own times, and keys waiting for their window's focus ask again.
    public func advance(to time: Double) {
        flush()
        session.advance(to: time)
        collect()
        drainActions(atTime: max(time, self.time))
    }

    /// Lets keys waiting for their window's focus ask again at `time`, without moving the
    /// gestures' clock: the daemon does this before it reads the X events that came meanwhile, so
    /// those keep their own server times and a timer between them still fires between them.
    public func drainActions(at time: Double) {
        drainActions(atTime: max(time, self.time))
    }

    /// Ends every gesture and decides every touch now: for shutdown and lost devices.
    public func cancelAll(at time: Double) {
        session.cancelAll(at: max(time, session.time))
        collect()
    }

    /// Forgets the actions waiting for a focus (the daemon is stopping).
    public func removeAllActions() { actions.removeAll() }

    /// Hands the session the frame being gathered, if any: the end of what one read brought.
    public func flush() {
        frames.flush { frame, instant in handle(frame, at: instant) }
    }

    /// One frame: the timers due by its instant fire first, so a timer between two instants
    /// fires between them.
    private func handle(_ frame: [TouchSample], at time: Double) {
        session.advance(to: time)
        session.handle(frame, at: time)
        collect()
    }

    /// The session's outputs as effects, actions through the queue; then, once per touch
    /// sequence that leaves touches held, whether to stand aside (`StandAsideGate.settle`).
    private func collect() {
        for output in session.outputs {
            switch output {
            case .action(let fired):
                enqueue(fired)
            case let .delivery(id, _, _):
                undecided.remove(id)
                effects.append(.output(output))
            default:
                effects.append(.output(output))
            }
        }
        session.removeAllOutputs()
        standAsideIfTheKeyboardIsGrabbed()
    }

    private func standAsideIfTheKeyboardIsGrabbed() {
        guard gate.mayAsk else { return }
        let time = session.time
        guard
            gate.settle(
                holding: !undecided.isEmpty, keyboardIsGrabbed: { desktop.keyboardIsGrabbed(at: time, before: nil) })
        else { return }
        effects.append(.stoodAside(time: time))
        session.cancelAll(at: time)
        collect()
    }

    /// An action at the time it fired (a timer's own time, even when the clock has moved past it).
    private func enqueue(_ fired: FiredAction) {
        let time = fired.time
        // `try` shows what would happen; a release still goes, so no key stays down.
        if isDryRun, !Self.releasesKeys(fired.action) {
            effects.append(.withheld(fired, .dryRun, time: time))
            return
        }
        apply(actions.enqueue(fired, now: time, hasFocus: { desktop.hasFocus($0, at: time) }), at: time)
    }

    private func drainActions(atTime time: Double) {
        guard !actions.isEmpty else { return }
        apply(actions.drain(now: time, hasFocus: { desktop.hasFocus($0, at: time) }), at: time)
    }

    private func apply(_ queued: [ActionQueue.Effect], at time: Double) {
        for effect in queued {
            switch effect {
            case let .activate(window, fired):
                effects.append(.activate(window: window, fired, time: time))
            case let .perform(fired, timedOut):
                // No action while the screen is locked; a release always runs: a key is never left pressed.
                if !Self.releasesKeys(fired.action), desktop.keyboardIsGrabbed(at: time, before: fired) {
                    effects.append(.withheld(fired, .keyboardGrabbed, time: time))
                } else {
                    effects.append(.perform(fired, focusTimedOut: timedOut, time: time))
                }
            }
        }
    }

    /// Whether the action lifts a held chord: it always runs.
    static func releasesKeys(_ action: Action) -> Bool {
        if case .hold(_, false) = action { true } else { false }
    }
}

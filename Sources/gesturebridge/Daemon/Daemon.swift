import GestureConfig
import GestureRuntime
import GestureEngine
import GestureReplay
import Glibc
import Logging
import X11Bridge
import ControlStreams

/// The daemon: one single-threaded poll loop over the X connection, signals, config changes and timers.
///
/// As in sxhkd, everything happens here, in order: signal handlers only set flags.
/// Each turn drains the X events, feeds touches and touchpad gestures to the session, fires due timers,
/// and turns the session's outputs into touch decisions and actions. While idle it
/// sleeps in `poll(2)` with no timeout: no polling, no periodic timer.
final class Daemon {
    let logger: Logger
    let verbose: Bool
    let connection: X11Connection
    let capture: TouchCapture
    let performer: ActionPerformer
    /// Sets the matrices of the devices the config maps onto a monitor (`output:`).
    let outputs: OutputMapper
    /// Follows the desktop's windows on a connection of its own, so the capture's
    /// event pump (which keeps only XInput events) never swallows its notifications.
    let tracker: WindowTracker
    /// Everything that decides: the machine `replay` runs too. The daemon feeds it what it reads
    /// and performs the effects it returns (`performEffects`).
    let runtime: BridgeRuntime
    /// The runtime's questions (focus, who holds the keyboard), answered from the server.
    let desktop: LiveDesktop
    var session: GestureSession { runtime.session }
    let reloader: ConfigReloader
    let watcher: ConfigWatcher
    /// The socket `gesturebridge monitor` and `record` read from; nil when it could not be made.
    let control: ControlServer?
    /// Says on the desktop that a reload failed.
    let notifier: DesktopNotifier
    /// The on-screen indicator (Daemon+Feedback.swift).
    var feedbackState = FeedbackState()
    /// The window manager as last seen, to notice a change.
    var windowManager: WindowManagerInfo?
    private var captured: [CaptureEvent] = []
    /// What `captured` holds for the runtime, in its order (kept, so a read allocates nothing).
    private var serverEvents: [ServerEvent] = []

    init(connection: X11Connection, reloader: ConfigReloader, logger: Logger, verbose: Bool) throws {
        self.connection = connection
        self.reloader = reloader
        self.logger = logger
        self.verbose = verbose
        let devices = reloader.current.devices
        capture = TouchCapture(
            connection: connection,
            filter: DeviceFilter(include: devices.include, exclude: devices.exclude))
        outputs = OutputMapper(connection: connection)
        // Its own connection too: the key injector reads keyboard-map changes (a layout
        // switch) from its events, which the capture's pump would drop.
        performer = try ActionPerformer(connection: try X11Connection(displayName: connection.name))
        performer.commands.keepsOutput = reloader.current.settings.commandOutput == .log
        notifier = DesktopNotifier(environment: ProcessEnvironment.current, spawner: performer.commands, logger: logger)
        watcher = try ConfigWatcher(path: reloader.path)
        tracker = WindowTracker(
            connection: try X11Connection(displayName: connection.name),
            dpi: reloader.current.settings.dpi)
        desktop = LiveDesktop(
            tracker: tracker, lockProbe: ScreenLockProbe(connection: performer.connection), keys: performer.keys,
            logger: logger)
        runtime = BridgeRuntime(
            session: GestureSession(configuration: reloader.current, scene: tracker.scene), desktop: desktop)
        windowManager = tracker.windowManager
        feedbackState.tracker.desktopSwitchAnimation = windowManager?.desktopSwitchAnimation ?? 0
        // One answer to "which window manager, supporting what" for focus waits and actions.
        performer.windows.windowManager = { [tracker] in tracker.windowManager }
        performer.windows.userTime = { [capture] in capture.lastEventTime }
        do {
            control = try ControlServer(paths: .current, display: connection.name)
            // Losing the X server ends the process in Xlib's handler: the socket goes with it.
            if let path = control?.path { X11Connection.removeOnConnectionLoss(path) }
        } catch {
            // Gestures matter more than the tools: run on without them.
            logger.warning("no monitor or record: \(error)")
            control = nil
        }
        captured.reserveCapacity(64)
        serverEvents.reserveCapacity(64)
        desktop.answered = { [weak self] answer, time in self?.control?.publish(.answer(answer, time: time)) }
    }

    /// Runs until SIGTERM or SIGINT; returns the exit status.
    func run() -> Int32 {
        applyOutputs(reloader.current.devices)
        releaseKeysLeftDown(when: "at start")
        let devices = capture.devices.touchscreens.map(\.name)
        logger.notice(
            "ready on \(connection.name): touchscreens \(devices), touchpads \(capture.devices.touchpads.map(\.name)), \(Wording.count(session.configuration.allBindings.count, "binding")) from \(reloader.path)"
        )
        if session.configuration.allBindings.isEmpty {
            logger.warning("\(reloader.path) binds no gesture: every touch goes to the applications")
        }
        logger.notice("window manager: \(windowManager.map(\.description) ?? "none")")
        if capture.placement == .topLevelWindows { logGrabBelow() }
        // Another gesture daemon, as `doctor` finds it (Linux Mint starts Touchégg for Cinnamon).
        let conflicts = Doctor(displayName: nil, configPath: nil, environment: ProcessEnvironment.current).conflicts()
        if let fix = conflicts.fix { logger.warning("\(conflicts.message); to fix: \(fix)") }
        if let reason = capture.gesturesUnavailableReason {
            logger.warning("touchpad gestures are unavailable: \(reason)")
        }
        grabStrokeButtons(session.configuration.pointerStrokeButtons)
        var fds = [
            pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalFlags.readFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: tracker.connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: performer.connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: reloader.fileDescriptor, events: Int16(POLLIN), revents: 0)
        ]
        while true {
            // Xlib may already hold events it read while answering a request.
            followWindows()
            performer.processPendingEvents()
            performer.connection.flush()
            drainActions(now: MonotonicClock.now())
            pumpX(now: MonotonicClock.now())
            connection.flush()
            control?.flush()
            // No gesture under way: the round trips a chord would wait for (nothing once cached).
            if !runtime.isBusy { performer.prepareForActions() }
            // Events Xlib read while waiting for a reply are invisible to poll(2): don't sleep on them.
            let queued =
                connection.hasQueuedEvents || tracker.connection.hasQueuedEvents
                || performer.connection.hasQueuedEvents
            let timeout = queued ? 0 : pollTimeout(now: MonotonicClock.now())
            fds.removeSubrange(Self.fixedDescriptors...)
            control?.appendPollDescriptors(to: &fds)
            for index in fds.indices { fds[index].revents = 0 }
            if poll(&fds, nfds_t(fds.count), timeout) < 0, errno != EINTR {
                logger.critical("poll failed: \(String(cString: strerror(errno)))")
                return shutdown(status: 1)
            }
            let now = MonotonicClock.now()
            let signals = SignalFlags.take()
            if signals.terminate { return shutdown(status: 0) }
            if signals.childExited { performer.commands.reapChildren() }
            if signals.reload { reloader.reload() }
            if fds[2].revents != 0 { watcher.readEvents(now: now) }
            control?.handle(fds[Self.fixedDescriptors...], now: now, status: controlStatus)
            if control?.isTrying != true && !runtime.isHoldingForRecording { clearTouchMarks() }
            showRecordingIndicator(control?.isRecordingStroke == true)
            if watcher.takeDueReload(now: now) { reloader.reload() }
            if fds[5].revents != 0 { reloaded() }
            pumpX(now: now)
            runtime.isDryRun = control?.isDryRun == true
            runtime.advance(to: now)
            performEffects()
            advanceFeedback(to: now)
            capture.timerFired(at: now)
            if let due = performer.nextDeadline, due <= now {
                do { try performer.timerFired(at: now) } catch { logger.error("\(error)") }
            }
        }
    }

    /// The poll set's entries before the control socket's: X, signals, config, windows, actions, reloads.
    static let fixedDescriptors = 6

    /// What a tool that connects to the control socket is told first.
    var controlStatus: ControlStatus {
        ControlStatus(
            display: connection.name, configPath: reloader.path,
            bindings: session.configuration.allBindings.count, scene: tracker.scene)
    }

    /// Applies window changes to the session (it swaps scenes once no touch is down).
    func followWindows() {
        let changed = tracker.processPendingEvents()
        if tracker.takeDesktopSwitch() {
            feedbackState.tracker.desktopSwitched(
                at: MonotonicClock.now(), animation: feedbackState.tracker.desktopSwitchAnimation)
        }
        if changed {
            followWindowManager()
            session.update(scene: tracker.scene)
            control?.publish(.windows(tracker.scene, time: MonotonicClock.now()))
            logger.debug("windows: \(tracker.scene.windows.map { "\($0.info.windowClass) \($0.frame)" })")
        }
        tracker.connection.flush()
    }

    /// Milliseconds until the earliest deadline, or -1 to sleep until something happens.
    func pollTimeout(now: Double) -> Int32 {
        let deadlines = [
            runtime.nextDeadline, watcher.reloadDeadline, performer.nextDeadline,
            capture.nextDeadline, feedbackState.tracker.nextDeadline, feedbackState.pacer.nextDeadline,
            control?.nextDeadline
        ].compactMap { $0 }
        guard let earliest = deadlines.min() else { return -1 }
        return Int32(max(0, ((earliest - now) * 1000).rounded(.up)))
    }

    /// Drains the X events and gives them to the runtime in one call (`BridgeRuntime.read`,
    /// which times each by the server's stamp), then performs what it decided.
    func pumpX(now: Double) {
        captured.removeAll(keepingCapacity: true)
        capture.nextEvents(into: &captured)
        guard !captured.isEmpty else { return }
        runtime.isDryRun = control?.isDryRun == true
        runtime.isRecordingStroke = control?.isRecordingStroke == true
        runtime.showsTouches = control?.isTrying == true
        serverEvents.removeAll(keepingCapacity: true)
        for event in captured { if let input = event.serverEvent { serverEvents.append(input) } }
        runtime.read(serverEvents, now: now)
        for event in captured {
            switch event {
            case .pointerDevicesChanged:
                grabStrokeButtons(session.configuration.pointerStrokeButtons)
            case .device(let change):
                logger.notice("input device \(change)")
                control?.publish(.device("\(change)", time: now))
                if case .added(let device) = change {
                    applyOutput(reloader.current.devices, to: device.id, name: device.name)
                }
                if case .enabled(let device) = change {
                    applyOutput(reloader.current.devices, to: device.id, name: device.name)
                }
            case .touch, .followed, .elsewhere, .gesture, .pointer:
                break
            }
        }
        performEffects()
        followFingers()
        drawTouchMarks()
        drawTrail()
    }

    /// What the tools hear and the log says of an input the runtime read.
    private func hear(_ heard: BridgeRuntime.Heard, at time: Double) {
        func said(_ sample: TouchSample) -> String {
            "\(time.shortDescription) touch \(sample.id) \(sample.phase) at (\(sample.location.x.shortDescription), \(sample.location.y.shortDescription))"
        }
        switch heard {
        case .touch(let sample):
            if verbose { logger.debug("\(said(sample))") }
            control?.publish(.touch(sample, time: time))
        case .handedOver(let sample):
            if verbose { logger.debug("\(said(sample)), handed to the application") }
            control?.publish(.handedOver(sample, time: time))
        case .followed(let sample):
            if verbose { logger.debug("\(said(sample)), followed") }
            control?.publish(.touch(sample, time: time))
        case let .elsewhere(sample, firstOfRun):
            if firstOfRun {
                logger.notice(
                    "touch \(sample.id) at (\(sample.location.x.shortDescription), \(sample.location.y.shortDescription)) went to another client that holds the pointer (a menu, a drag or a screen locker): no gesture sees touches until it lets go"
                )
            }
            control?.publish(.elsewhere(sample, time: time))
        case .pad(let event):
            if verbose { logger.debug("touchpad \(event)") }
            control?.publish(.pad(event, time: time))
        case .pointer(let press):
            if verbose { logger.debug("\(time.shortDescription) \(press)") }
        }
    }

    /// Performs the runtime's effects in order: decisions to the server, actions, logs, the
    /// tools' events, the indicator.
    func performEffects() {
        desktop.forgetHolder()
        // Most touch events decide nothing yet: no flush, no drawing for them.
        guard !runtime.effects.isEmpty else { return }
        for effect in runtime.effects {
            switch effect {
            case .output(let output):
                perform(output)
            case .passThrough(let id):
                capture.decide(id, .rejected)
                if verbose { logger.debug("touch \(id) passed through: another client holds the keyboard") }
                control?.publish(.delivery(id, .rejected, time: runtime.time))
            case .passThroughPress(let press):
                capture.decideStrokePress(.rejected, now: MonotonicClock.now())
                if verbose {
                    logger.debug("\(press.device.rawValue) press passed through: another client holds the keyboard")
                }
            case .keep(let id):
                capture.decide(id, .accepted)
                if verbose { logger.debug("touch \(id) kept for record --stroke") }
            case .stoodAside(let time):
                logger.notice(
                    "another client holds the keyboard (a screen locker or an open menu): this touch sequence goes to it whole, no gesture sees it"
                )
                control?.publish(.keyboardHeld(time: time))
            case let .activate(window, fired, _):
                do {
                    try performer.windows.activate(WindowID(rawValue: window))
                } catch {
                    logger.warning("\(fired.gesture): could not focus window \(WindowID(rawValue: window)): \(error)")
                }
            case let .perform(fired, timedOut, time):
                if let timedOut {
                    logger.warning(
                        "\(fired.gesture): window \(WindowID(rawValue: timedOut)) did not take the focus in time")
                }
                do {
                    let outcome = try performer.perform(fired)
                    logger.info("\(fired.gesture): \(fired.action) (\(outcome))")
                    control?.publish(.action(fired, outcome: "\(outcome)", time: time))
                } catch {
                    logger.error("\(fired.gesture): \(fired.action) failed: \(error)")
                    control?.publish(.action(fired, outcome: "failed: \(error)", time: time))
                }
            case let .withheld(fired, why, time):
                switch why {
                case .dryRun: logger.info("\(fired.gesture): \(fired.action) (\(why))")
                case .keyboardGrabbed:
                    logger.warning(
                        "\(fired.gesture): \(fired.action) not run: the keyboard is grabbed by another client")
                }
                control?.publish(.action(fired, outcome: "\(why)", time: time))
            case let .heard(heard, time):
                hear(heard, at: time)
            case .mark(let sample):
                noteTouchMark(sample)
            case .trail(let press):
                followTrail(press)
            }
        }
        runtime.removeAllEffects()
        connection.flush()
        // The frame's keys and clicks go out before any drawing: an action never waits for it.
        performer.connection.flush()
        drawFeedback(now: MonotonicClock.now())
    }

    /// One session output: a decision to send, a line to log, a tool's event, the indicator.
    private func perform(_ output: GestureSession.Output) {
        switch output {
        case let .delivery(id, delivery, time):
            decide(id, delivery)
            if verbose { logger.debug("\(EngineEvent.delivery(id, delivery, time: time))") }
            control?.publish(.delivery(id, delivery, time: time))
        case .pointerDelivery(let decision):
            capture.decideStrokePress(decision.delivery, now: MonotonicClock.now())
            if verbose { logger.debug("\(decision.type) press \(decision.delivery)") }
        case .action:
            // Actions come through the runtime's queue as `.perform`.
            break
        case let .state(recognizer, state, _, _):
            logger.debug("\(recognizer): \(state)")
            noteFeedback(output)
        case let .commitment(recognizer, commitment, time):
            if case .withdrawn(let reason) = commitment {
                logger.info("\(recognizer): withdrawn, nothing done: \(reason)")
            }
            noteFeedback(output)
            control?.publish(.commitment(recognizer, commitment, time: time))
        case let .transition(recognizer, from, to, cause, time):
            if verbose {
                logger.debug("\(EngineEvent.transition(recognizer, from: from, to: to, cause: cause, time: time))")
            }
            control?.publish(.transition(recognizer, from: from, to: to, cause: cause, time: time))
            // A `start: hold` stroke's rest ending, and a failure of what the indicator shows.
            noteFeedback(output)
        }
    }

    /// Applies a reload that finished on its thread (`ConfigReloader`).
    func reloaded() {
        let started = MonotonicClock.now()
        defer {
            // The only part of a reload the loop waits for: the file was read and parsed on the thread.
            logger.info(
                "reload applied on the loop in \(Int(((MonotonicClock.now() - started) * 1_000_000).rounded())) µs")
        }
        let devices = reloader.current.devices
        guard let (reloaded, outcome) = reloader.finish() else { return }
        control?.publish(.reload(path: reloader.path, outcome: outcome, time: MonotonicClock.now()))
        if case .failed(let errors) = outcome { notifier.configFailed(path: reloader.path, errors: errors) }
        guard let configuration = reloaded else { return }
        tracker.dpiOverride = configuration.settings.dpi
        if configuration.devices.include != devices.include || configuration.devices.exclude != devices.exclude {
            logger.warning("the devices section changed; it takes effect when the daemon restarts")
        }
        applyOutputs(configuration.devices)
        do { try performer.releaseAll() } catch { logger.error("releasing keys: \(error)") }
        performer.commands.keepsOutput = configuration.settings.commandOutput == .log
        session.update(configuration: configuration)
        grabStrokeButtons(configuration.pointerStrokeButtons)
    }

    /// Grabs the pen and mouse buttons that stroke bindings draw with, and says where. A press
    /// under way whose device went away ends now.
    func grabStrokeButtons(_ buttons: [PointerStrokeButton]) {
        let grabbed = capture.grabStrokeButtons(buttons)
        let cancelled = capture.takeCancelledPresses()
        if !cancelled.isEmpty {
            runtime.read(cancelled.compactMap { CaptureEvent.pointer($0).serverEvent }, now: MonotonicClock.now())
            performEffects()
        }
        guard !buttons.isEmpty else { return }
        if grabbed.isEmpty {
            logger.warning(
                "strokes drawn with \(buttons.map(\.description).joined(separator: ", ")): no such device is plugged in"
            )
        } else {
            let devices = grabbed.map(\.description).joined(separator: ", ")
            logger.notice("strokes drawn with \(buttons.map(\.description).joined(separator: ", ")) on \(devices)")
        }
    }

    /// Lifts whatever keys the X server holds down through XTest (a daemon that was killed
    /// with a chord held leaves them down), and says which.
    func releaseKeysLeftDown(when: String) {
        do {
            let keys = try performer.keys.releaseKeysLeftDown()
            if !keys.isEmpty { logger.notice("released keys left down \(when): keycodes \(keys)") }
        } catch {
            logger.error("releasing the keys left down: \(error)")
        }
        do {
            let buttons = try performer.pointer.releaseButtonsLeftDown()
            if !buttons.isEmpty { logger.notice("released buttons left down \(when): \(buttons)") }
        } catch {
            logger.error("releasing the buttons left down: \(error)")
        }
    }

    /// Releases every key, answers every pending touch, ungrabs; returns `status`.
    func shutdown(status: Int32) -> Int32 {
        runtime.removeAllActions()
        do { try performer.releaseAll() } catch { logger.error("releasing keys: \(error)") }
        releaseKeysLeftDown(when: "at exit")
        runtime.cancelAll(at: MonotonicClock.now())
        for effect in runtime.effects {
            if case let .output(.delivery(id, delivery, _)) = effect { capture.decide(id, delivery) }
        }
        runtime.removeAllEffects()
        capture.releaseAll()
        connection.flush()
        control?.close()
        if feedbackState.drawings > 0 {
            logger.notice(
                "the indicator was drawn \(feedbackState.drawings) times, \(feedbackState.pacer.coalesced) changes folded into a later frame"
            )
        }
        logger.notice("stopped: keys released, touches answered")
        return status
    }
}

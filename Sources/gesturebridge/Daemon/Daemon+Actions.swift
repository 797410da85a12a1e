import GestureConfig
import GestureRuntime
import Logging
import X11Bridge

/// The daemon's actions: focus first for keys, keep their order, and none while the screen is locked.
extension Daemon {
    /// Hands a fired action to the queue (`ActionQueue`: keys wait for their window's focus,
    /// and the actions behind them keep their order), and does what it says.
    func enqueue(_ fired: FiredAction, now: Double) {
        // `try` shows what would happen; a release still goes, so no key stays down.
        let releasesKeys = if case .hold(_, false) = fired.action { true } else { false }
        if control?.isDryRun == true, !releasesKeys {
            logger.info("\(fired.gesture): \(fired.action) (not performed: gesturebridge try is running without --act)")
            control?.publish(.action(fired, outcome: Self.dryRunOutcome, time: now))
            return
        }
        apply(actions.enqueue(fired, now: now, hasFocus: hasFocus))
    }

    /// Performs the queued actions whose window has the focus or whose wait is over.
    func drainPending(now: Double) {
        guard !actions.isEmpty else { return }
        apply(actions.drain(now: now, hasFocus: hasFocus))
    }

    private func apply(_ effects: [ActionQueue.Effect]) {
        defer { holderWithFocus = nil }
        for effect in effects {
            switch effect {
            case let .activate(window, fired):
                do {
                    try performer.windows.activate(WindowID(rawValue: window))
                } catch {
                    logger.warning("\(fired.gesture): could not focus window \(window): \(error)")
                }
            case let .perform(fired, timedOut):
                if let timedOut {
                    logger.warning("\(fired.gesture): window \(timedOut) did not take the focus in time")
                }
                perform(fired)
            }
            holderWithFocus = nil
        }
    }

    /// Whether keys would reach `window` now: the client has the keyboard focus, and the window
    /// manager, where it reports the active window, reports this one (mutter announces the active
    /// window a moment before the focus moves; a manager being replaced reports nothing).
    /// The events can lag the server by a moment (a manager busy after a restart), so the server
    /// is asked last, only when the events say yes: one round trip, which also asks who holds
    /// the keyboard for the action about to run (`holderWithFocus`).
    func hasFocus(_ window: UInt64) -> Bool {
        guard
            window == tracker.focusedClient
                && (!tracker.windowManagerReportsFocus || window == tracker.scene.activeWindow)
        else { return false }
        let (focus, holder) = lockProbe.focusAndKeyboardHolder()
        holderWithFocus = holder
        return focus.rawValue == window
    }

    /// Whether another client (a screen locker, a menu) holds the keyboard; logged when it does.
    /// For an action, the answer its focus check got in the same round trip, if it had one.
    func keyboardIsGrabbed() -> Bool {
        let holder = holderWithFocus ?? lockProbe.keyboardHolder()
        holderWithFocus = nil
        guard holder == .anotherClient else { return false }
        logger.info("another client holds the keyboard (a screen locker or an open menu): standing aside")
        return true
    }

    /// What `try` and `monitor` say of an action `try` kept from running.
    static let dryRunOutcome = "not performed: try without --act"

    func perform(_ fired: FiredAction) {
        // No action while the screen is locked. A held chord's own keys can start a grab
        // (a window manager's Alt+Tab switcher), so the probe waits until none is held,
        // and a release always runs: a key is never left pressed.
        let releasesKeys = if case .hold(_, false) = fired.action { true } else { false }
        if !releasesKeys, performer.keys.heldKeycodes.isEmpty, keyboardIsGrabbed() {
            logger.warning("\(fired.gesture): \(fired.action) not run: the keyboard is grabbed by another client")
            return
        }
        do {
            let outcome = try performer.perform(fired)
            logger.info("\(fired.gesture): \(fired.action) (\(outcome))")
            control?.publish(.action(fired, outcome: "\(outcome)", time: MonotonicClock.now()))
        } catch {
            logger.error("\(fired.gesture): \(fired.action) failed: \(error)")
            control?.publish(.action(fired, outcome: "failed: \(error)", time: MonotonicClock.now()))
        }
    }
}

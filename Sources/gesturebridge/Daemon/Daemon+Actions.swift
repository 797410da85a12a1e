import GestureConfig
import GestureRuntime
import X11Bridge

/// The daemon's actions: focus first for keys, keep their order, and none while the screen is locked.
extension Daemon {
    /// Performs an action, first focusing the window under the gesture for keys.
    ///
    /// XTest types at the keyboard, so keys land in the focused window, and a consumed
    /// touch focuses nothing. Keys for a window that does not have the focus wait until an
    /// activation request has moved it there (its `FocusIn`, and `_NET_ACTIVE_WINDOW` where the
    /// window manager reports it), at most `focusWait`; actions behind them wait too, so a
    /// binding's actions keep their order. Without a window manager the focus moves by
    /// `XSetInputFocus`, and the wait is one round trip.
    func enqueue(_ fired: FiredAction, now: Double) {
        var target: UInt64?
        if let window = fired.context.window, Self.typesKeys(fired.action),
           !hasFocus(window.id) {
            target = window.id
        }
        if !pending.isEmpty {
            pending.append(PendingAction(fired: fired, target: nil, deadline: pending[0].deadline))
            return
        }
        guard let target else {
            perform(fired)
            return
        }
        do {
            try performer.windows.activate(WindowID(rawValue: target))
        } catch {
            logger.warning("\(fired.gesture): could not focus window \(target): \(error)")
        }
        pending.append(PendingAction(fired: fired, target: target, deadline: now + Self.focusWait))
    }

    /// Performs the queued actions whose window has the focus or whose wait is over.
    func drainPending(now: Double) {
        while let head = pending.first {
            let focused = head.target.map(hasFocus) ?? true
            guard focused || now >= head.deadline else { return }
            if !focused { logger.warning("\(head.fired.gesture): window \(head.target ?? 0) did not take the focus in time") }
            pending.removeFirst()
            perform(head.fired)
        }
    }

    /// Whether keys would reach `window` now: the client has the keyboard focus, and the window
    /// manager, where it reports the active window, reports this one (mutter announces the active
    /// window a moment before the focus moves; a manager being replaced reports nothing).
    /// The events can lag the server by a moment (a manager busy after a restart), so the server
    /// is asked last: one round trip, only when the events say yes.
    func hasFocus(_ window: UInt64) -> Bool {
        window == tracker.focusedClient && (!tracker.windowManagerReportsFocus || window == tracker.scene.activeWindow)
            && performer.connection.inputFocus().rawValue == window
    }

    static func typesKeys(_ action: Action) -> Bool {
        switch action {
        case .keys: true
        case let .hold(_, pressed): pressed
        case .command, .click, .scroll, .window, .desktop: false
        }
    }

    /// Whether another client (a screen locker, a menu) holds the keyboard; logged when it does.
    func keyboardIsGrabbed() -> Bool {
        guard lockProbe.keyboardHolder() == .anotherClient else { return false }
        logger.info("another client holds the keyboard (a screen locker or an open menu): standing aside")
        return true
    }

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

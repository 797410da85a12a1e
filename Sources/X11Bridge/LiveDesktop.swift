import GestureConfig
import GestureRuntime
import Logging

/// The runtime's questions answered from the X server, each answer told to `answered` so that
/// a recording keeps it and `replay` decides as the daemon did.
public final class LiveDesktop: DesktopAnswers {
    let tracker: WindowTracker
    /// Asks whether a screen locker (or a menu) holds the keyboard; on the performer's connection.
    let lockProbe: ScreenLockProbe
    let keys: KeyInjector
    let logger: Logger
    /// Who held the keyboard when the action about to run had its focus checked: asked in the
    /// same round trip (`hasFocus`), so the lock check before it runs need not ask again.
    /// Forgotten after each runtime step (`forgetHolder`).
    private var holderWithFocus: ScreenLockProbe.Holder?
    /// Each answer, with the runtime's time it was asked at.
    public var answered: (DesktopAnswer, Double) -> Void = { _, _ in }

    public init(tracker: WindowTracker, lockProbe: ScreenLockProbe, keys: KeyInjector, logger: Logger) {
        self.tracker = tracker
        self.lockProbe = lockProbe
        self.keys = keys
        self.logger = logger
    }

    /// Whether keys would reach `window` now: the client, or a window inside it (a toolkit's focus
    /// window, as GTK's and Java's), has the keyboard focus, and the window
    /// manager, where it reports the active window, reports this one (mutter announces the active
    /// window a moment before the focus moves; a manager being replaced reports nothing).
    /// The events can lag the server by a moment (a manager busy after a restart), so the server
    /// is asked last, only when the events say yes: one round trip, which also asks who holds
    /// the keyboard for the action about to run.
    public func hasFocus(_ window: UInt64, at time: Double) -> Bool {
        var focused = false
        if window == tracker.focusedClient
            && (!tracker.windowManagerReportsFocus || window == tracker.scene.activeWindow)
        {
            let (focus, holder) = lockProbe.focusAndKeyboardHolder()
            holderWithFocus = holder
            focused = tracker.focus(focus, isOn: window)
        }
        answered(.focus(window: window, focused), time)
        return focused
    }

    /// Whether another client (a screen locker, a menu) holds the keyboard; logged when it does.
    /// Before an action: not asked while a chord of the daemon's own is held (its keys can start
    /// a grab, a window manager's Alt+Tab switcher), and the answer of its focus check when it had one.
    public func keyboardIsGrabbed(at time: Double, before action: FiredAction?) -> Bool {
        var grabbed = false
        if action == nil || keys.heldKeycodes.isEmpty {
            let holder = holderWithFocus ?? lockProbe.keyboardHolder()
            holderWithFocus = nil
            grabbed = holder == .anotherClient
        }
        if grabbed {
            logger.info("another client holds the keyboard (a screen locker or an open menu): standing aside")
        }
        answered(.keyboardGrabbed(grabbed), time)
        return grabbed
    }

    /// Forgets the keyboard's holder asked with a focus: the next question asks again.
    public func forgetHolder() { holderWithFocus = nil }
}

internal import CX11
import Glibc

/// Tells whether another client holds the keyboard grab: a screen locker, or an open menu.
///
/// Every X screen locker (i3lock, slock, xsecurelock, xscreensaver, light-locker's
/// greeter, GNOME's and KDE's lock screens) grabs the keyboard while it is up, and so
/// does an open popup menu. While one does, gestures stand aside: touches pass
/// through to whoever holds the grab (the unlock dialog, the menu), and no action
/// runs, so no injected key lands in a password field.
///
/// The probe asks for a keyboard grab on a window of its own that is never mapped.
/// The server answers `AlreadyGrabbed` when another client holds the keyboard and
/// `GrabNotViewable` otherwise, and in neither case grabs anything: unlike a real
/// grab and ungrab, it sends no focus events to the focused application
/// (dix/events.c, `GrabDevice`: the owner check comes before the viewable check).
/// One round trip, done once a touch sequence holds touches and before an action runs; for an
/// action whose window's focus is checked, the same round trip as that check
/// (`focusAndKeyboardHolder`). The corresponding Xlib call is `XGrabKeyboard`.
public final class ScreenLockProbe {
    /// Who holds the keyboard, as far as the probe can tell.
    public enum Holder: Hashable, Sendable, CustomStringConvertible {
        /// Nobody but possibly this client: gestures work.
        case nobody
        /// Another client: a screen locker or an open menu.
        case anotherClient

        public var description: String {
            switch self {
            case .nobody: "nobody"
            case .anotherClient: "another client (a screen locker or an open menu)"
            }
        }
    }

    let connection: X11Connection
    private let window: Window

    /// Creates the probe's unmapped 1×1 input-only window (`XCreateWindow`).
    public init(connection: X11Connection) {
        self.connection = connection
        var attributes = XSetWindowAttributes()
        window = XCreateWindow(
            connection.display, Window(connection.root.rawValue), -10, -10, 1, 1, 0, 0,
            UInt32(InputOnly), nil, 0, &attributes)
    }

    deinit { XDestroyWindow(connection.display, window) }

    /// The focus window and who holds the keyboard, asked together: one round trip for both
    /// (`GetInputFocus` and the probe's `GrabKeyboard`, sent through XCB before either reply
    /// is awaited). The focus is `.none` for None or PointerRoot.
    public func focusAndKeyboardHolder() -> (focus: WindowID, holder: Holder) {
        var focus: Window = 0
        let status = cx11_FocusAndGrabStatus(connection.display, window, &focus)
        let holder: Holder = status == AlreadyGrabbed || status == GrabFrozen ? .anotherClient : .nobody
        return (focus <= 1 ? .none : WindowID(rawValue: UInt64(focus)), holder)
    }

    /// Who holds the keyboard now; one round trip to the server.
    public func keyboardHolder() -> Holder {
        let status = XGrabKeyboard(connection.display, window, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        switch status {
        case AlreadyGrabbed, GrabFrozen:
            return .anotherClient
        case GrabSuccess:
            // Only if the window were viewable, which it never is; undo it all the same.
            XUngrabKeyboard(connection.display, UInt(CurrentTime))
            return .nobody
        default:
            // GrabNotViewable (the usual answer) and GrabInvalidTime: nobody else holds it.
            return .nobody
        }
    }
}

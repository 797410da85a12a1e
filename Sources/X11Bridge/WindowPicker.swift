internal import CX11
import Glibc

/// A window the user picked: what a per-application binding matches on.
public struct PickedWindow: Hashable, Sendable {
    /// The client window (the one carrying `WM_STATE`, below the window manager's frame).
    public var id: WindowID
    /// `WM_CLASS`'s class part, such as "Firefox"; empty when unset.
    public var windowClass: String
    /// `WM_CLASS`'s instance part, such as "Navigator"; empty when unset.
    public var instance: String
    public var title: String
    /// The client's rectangle in root pixels.
    public var x: Int, y: Int, width: Int, height: Int
    /// Where the pointer (or the emulating touch) was, in root pixels.
    public var pointerX: Int, pointerY: Int
}

/// How a pick ended.
public enum PickOutcome: Hashable, Sendable {
    /// A button-1 press (or a touch, which the server emulates as one) on a window.
    case picked(PickedWindow)
    /// A press on the root window, where no client is.
    case noWindow
    /// Escape or a right click.
    case cancelled
    /// Nothing came before the timeout.
    case timedOut
}

/// Waits for the next click or touch on a window and names it, as `xprop` and `xwininfo` do.
///
/// Grabs the pointer on the root with a crosshair cursor, and the keyboard for Escape.
/// A touch no gesture wants reaches the grab as an emulated button-1 press (the X
/// server's pointer emulation of the first touch), with or without a running daemon:
/// the daemon rejects such a touch, and the next listener, this grab, gets it.
/// Both grabs are released on every path. The corresponding Xlib calls are
/// `XGrabPointer`, `XGrabKeyboard`, `XUngrabPointer` and `XUngrabKeyboard`.
public final class WindowPicker {
    private let connection: X11Connection
    private let tracker: WindowTracker
    private var display: OpaquePointer { connection.display }

    /// A picker on its own connection.
    public init(connection: X11Connection) {
        self.connection = connection
        tracker = WindowTracker(connection: connection)
    }

    /// Grabs, calls `grabbed` (to prompt the user), waits up to `timeout` seconds (nil: for ever)
    /// for a press, ungrabs, and says what was picked.
    public func pick(timeout: Double?, grabbed: () -> Void = {}) throws(X11Error) -> PickOutcome {
        let root = Window(connection.root.rawValue)
        let cursor = XCreateFontCursor(display, 34)  // XC_crosshair
        defer {
            XUngrabPointer(display, Time(CurrentTime))
            XUngrabKeyboard(display, Time(CurrentTime))
            XFreeCursor(display, cursor)
            XSync(display, 0)
        }
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask)
        let pointer = XGrabPointer(
            display, root, 0, mask, GrabModeAsync, GrabModeAsync, root, cursor, Time(CurrentTime))
        guard pointer == GrabSuccess else {
            throw .requestFailed("XGrabPointer (another program holds the pointer; status \(pointer))")
        }
        // The keyboard, for Escape; another client may hold it a moment (a key being typed, a
        // menu closing), so ask again for up to a second, as screen lockers do. Without it
        // Escape cannot cancel; a right click still does.
        for _ in 0..<50 {
            guard XGrabKeyboard(display, root, 0, GrabModeAsync, GrabModeAsync, Time(CurrentTime)) != GrabSuccess
            else { break }
            usleep(20_000)
        }
        XSync(display, 0)
        grabbed()
        let deadline = timeout.map { MonotonicClock.now() + $0 }
        var chosen: (window: Window, x: Int32, y: Int32)?
        while true {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                switch event.type {
                case ButtonPress:
                    let button = event.xbutton
                    if button.button == 3 { return .cancelled }
                    if button.button == 1 { chosen = (button.subwindow, button.x_root, button.y_root) }
                case ButtonRelease:
                    // The press chose; waiting for its release keeps the release from reaching the app alone.
                    if event.xbutton.button == 1, let chosen {
                        return outcome(topLevel: chosen.window, x: chosen.x, y: chosen.y)
                    }
                case KeyPress:
                    if XLookupKeysym(&event.xkey, 0) == KeySym(XK_Escape) { return .cancelled }
                default:
                    continue
                }
            }
            var remaining: Int32 = -1
            if let deadline {
                let left = deadline - MonotonicClock.now()
                if left <= 0 { return chosen.map { outcome(topLevel: $0.window, x: $0.x, y: $0.y) } ?? .timedOut }
                remaining = Int32((left * 1000).rounded(.up))
            }
            var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, remaining) < 0, errno != EINTR { throw .connectionLost }
            if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 { throw .connectionLost }
        }
    }

    /// The client at or below the top-level window that was pressed, with its class, title and frame.
    private func outcome(topLevel: Window, x: Int32, y: Int32) -> PickOutcome {
        guard topLevel != 0 else { return .noWindow }
        let client =
            tracker.client(forTopLevel: WindowID(rawValue: UInt64(topLevel))).map { Window($0.rawValue) } ?? topLevel
        let (instance, windowClass) = tracker.windowClass(of: client) ?? ("", "")
        let frame = tracker.viewableFrame(of: client)?.frame ?? (x: 0, y: 0, width: 0, height: 0)
        return .picked(
            PickedWindow(
                id: WindowID(rawValue: UInt64(client)), windowClass: windowClass, instance: instance,
                title: tracker.title(of: client), x: Int(frame.x), y: Int(frame.y),
                width: Int(frame.width), height: Int(frame.height), pointerX: Int(x), pointerY: Int(y)))
    }
}

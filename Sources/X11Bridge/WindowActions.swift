internal import CX11
import GestureConfig

/// Asks the window manager to close, minimize, maximize, stack, move or activate a window,
/// and to switch desktops, with EWMH client messages.
///
/// Requests go to the root window with `SubstructureRedirectMask |
/// SubstructureNotifyMask`, as EWMH says, marked as coming from a pager (source 2)
/// because a gesture is a direct user action. Where the window manager does not list a
/// request in `_NET_SUPPORTED`, the ICCCM or core equivalent is used: `WM_DELETE_WINDOW`
/// for close, `XSetInputFocus` for activate, `XRaiseWindow`/`XLowerWindow` for stacking.
/// Window ids are client windows, never frames: the window manager finds its frame.
///
/// Every method waits for the server to accept its requests and throws the refusal
/// (a `BadWindow` for a window that went away); it does not wait for the window
/// manager to act. Methods return whether they sent a request: switching past the
/// last desktop sends none.
public final class WindowActions {
    let connection: X11Connection
    let atoms: EWMHAtoms

    /// Interns the EWMH atoms.
    public init(connection: X11Connection) throws(X11Error) {
        self.connection = connection
        atoms = try EWMHAtoms(connection: connection)
    }

    /// Performs a `window:` action on `window`.
    @discardableResult
    public func perform(_ action: WindowAction, on window: WindowID) throws(X11Error) -> Bool {
        switch action {
        case .close: return try close(window)
        case .minimize: try minimize(window)
        case .maximize: try toggleMaximized(window)
        case .fullscreen: try toggleFullscreen(window)
        case .activate: try activate(window)
        case .raise: try restack(window, above: true)
        case .lower: try restack(window, above: false)
        case .moveToDesktop(let target): return try move(window, toDesktop: target)
        }
        return true
    }

    /// Asks the window to close: `_NET_CLOSE_WINDOW`, else `WM_DELETE_WINDOW` if the window
    /// takes it. Never kills the client. Returns false if neither applies.
    @discardableResult
    public func close(_ window: WindowID) throws(X11Error) -> Bool {
        try connection.checked("_NET_CLOSE_WINDOW for \(window)") { () -> Bool in
            if isSupported(atoms.closeWindow) {
                connection.sendToWindowManager(atoms.closeWindow, about: window, data: [0, ewmhSourcePager])
                return true
            }
            guard connection.atoms(atoms.wmProtocols, of: window).contains(atoms.deleteWindow) else { return false }
            connection.sendClientMessage(atoms.wmProtocols, about: window, data: [Int(atoms.deleteWindow), 0],
                                         to: window, mask: NoEventMask)
            return true
        }
    }

    /// Iconifies the window. The corresponding Xlib call is `XIconifyWindow`, which sends
    /// ICCCM's `WM_CHANGE_STATE` to the window manager.
    public func minimize(_ window: WindowID) throws(X11Error) {
        try connection.checked("XIconifyWindow \(window)") {
            XIconifyWindow(connection.display, Window(window.rawValue), cx11_DefaultScreen(connection.display))
        }
    }

    /// Toggles maximized, both ways at once (`_NET_WM_STATE_MAXIMIZED_VERT` and `_HORZ`).
    public func toggleMaximized(_ window: WindowID) throws(X11Error) {
        try toggleState(window, Int(atoms.maximizedVertical), Int(atoms.maximizedHorizontal))
    }

    /// Toggles full screen (`_NET_WM_STATE_FULLSCREEN`).
    public func toggleFullscreen(_ window: WindowID) throws(X11Error) {
        try toggleState(window, Int(atoms.fullscreen), 0)
    }

    /// Focuses and raises the window, switching to its desktop: `_NET_ACTIVE_WINDOW`,
    /// else raise it and `XSetInputFocus`.
    public func activate(_ window: WindowID) throws(X11Error) {
        try connection.checked("_NET_ACTIVE_WINDOW for \(window)") {
            if isSupported(atoms.activeWindow) {
                connection.sendToWindowManager(atoms.activeWindow, about: window, data: [ewmhSourcePager, CurrentTime, 0])
            } else {
                XRaiseWindow(connection.display, Window(window.rawValue))
                XSetInputFocus(connection.display, Window(window.rawValue), RevertToParent, UInt(CurrentTime))
            }
        }
    }

    /// Puts the window above (or below) every other: `_NET_RESTACK_WINDOW` with no sibling,
    /// else `XRaiseWindow` or `XLowerWindow`, which a window manager sees as a configure request.
    public func restack(_ window: WindowID, above: Bool) throws(X11Error) {
        try connection.checked("_NET_RESTACK_WINDOW for \(window)") {
            if isSupported(atoms.restackWindow) {
                connection.sendToWindowManager(atoms.restackWindow, about: window,
                                               data: [ewmhSourcePager, 0, Int(above ? Above : Below)])
            } else if above {
                XRaiseWindow(connection.display, Window(window.rawValue))
            } else {
                XLowerWindow(connection.display, Window(window.rawValue))
            }
        }
    }

    /// Sends the window to another desktop (`_NET_WM_DESKTOP`); relative targets count from the
    /// window's own desktop (the current one for a window on all desktops), without wrapping.
    /// Returns false when there is no such desktop.
    @discardableResult
    public func move(_ window: WindowID, toDesktop target: DesktopTarget) throws(X11Error) -> Bool {
        try connection.checked("_NET_WM_DESKTOP for \(window)") { () -> Bool in
            let own = connection.cardinal(atoms.wmDesktop, of: window).flatMap { $0 == Self.allDesktops ? nil : $0 }
            guard let current = own ?? currentDesktop, let count = numberOfDesktops,
                  let desktop = Self.desktop(target, from: current, count: count)
            else { return false }
            connection.sendToWindowManager(atoms.wmDesktop, about: window, data: [desktop, ewmhSourcePager])
            return true
        }
    }

    /// Whether the window manager lists `atom` in `_NET_SUPPORTED`.
    func isSupported(_ atom: Atom) -> Bool {
        connection.atoms(atoms.supported, of: connection.root).contains(atom)
    }

    /// Sends a `_NET_WM_STATE` toggle (action 2) of one or two states.
    private func toggleState(_ window: WindowID, _ first: Int, _ second: Int) throws(X11Error) {
        try connection.checked("_NET_WM_STATE for \(window)") {
            connection.sendToWindowManager(atoms.wmState, about: window, data: [2, first, second, ewmhSourcePager])
        }
    }
}

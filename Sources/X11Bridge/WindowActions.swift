internal import CX11
import GestureConfig

/// Asks the window manager to close, minimize, maximize, stack, move or activate a window,
/// and to switch desktops, with EWMH client messages.
///
/// Requests go to the root window with `SubstructureRedirectMask |
/// SubstructureNotifyMask`, as EWMH says, marked as coming from a pager (source 2)
/// because a gesture is a direct user action. What the window manager supports comes
/// from one place, `windowManager` (the daemon hands it the tracker's answer). Where
/// the window manager does not list a request, the ICCCM or core equivalent is used when
/// one exists: `WM_DELETE_WINDOW` for close, `XSetInputFocus` for activate,
/// `XRaiseWindow`/`XLowerWindow` for stacking. Where none exists (showing the desktop
/// under i3, desktops without an EWMH manager) nothing is sent and the result says why.
/// Window ids are client windows, never frames: the window manager finds its frame.
///
/// Every method waits for the server to accept its requests and throws the refusal
/// (a `BadWindow` for a window that went away); it does not wait for the window
/// manager to act.
public final class WindowActions {
    /// What a request came to.
    public enum Result: Hashable, Sendable, CustomStringConvertible {
        /// The request was sent, and the server took it.
        case sent
        /// Nothing was sent, for this reason.
        case skipped(String)

        public var wasSent: Bool { self == .sent }

        public var description: String {
            switch self {
            case .sent: "sent"
            case .skipped(let reason): "skipped: \(reason)"
            }
        }
    }

    let connection: X11Connection
    let atoms: EWMHAtoms
    /// Who manages the windows now; by default read afresh for each request. The daemon
    /// sets it to its window tracker's answer, the one it also waits for focus by.
    public var windowManager: () -> WindowManagerInfo?
    /// The server time of the user's input that asked for the action, in milliseconds; 0
    /// when unknown. `_NET_ACTIVE_WINDOW` and `_NET_CURRENT_DESKTOP` carry it, so a window
    /// manager with focus-stealing prevention (mutter, KWin) honours them.
    public var userTime: () -> UInt64 = { 0 }

    /// Interns the EWMH atoms.
    public init(connection: X11Connection) throws(X11Error) {
        self.connection = connection
        atoms = try EWMHAtoms(connection: connection)
        windowManager = { [unowned connection] in connection.readWindowManager() }
    }

    /// Performs a `window:` action on `window`.
    @discardableResult
    public func perform(_ action: WindowAction, on window: WindowID) throws(X11Error) -> Result {
        switch action {
        case .close: try close(window)
        case .minimize: try minimize(window)
        case .maximize: try toggleMaximized(window)
        case .fullscreen: try toggleFullscreen(window)
        case .activate: try activate(window)
        case .raise: try restack(window, above: true)
        case .lower: try restack(window, above: false)
        case .moveToDesktop(let target): try move(window, toDesktop: target)
        }
    }

    /// Asks the window to close: `_NET_CLOSE_WINDOW`, else `WM_DELETE_WINDOW` if the window
    /// takes it. Never kills the client.
    @discardableResult
    public func close(_ window: WindowID) throws(X11Error) -> Result {
        let manager = windowManager()
        return try connection.checked("_NET_CLOSE_WINDOW for \(window)") { () -> Result in
            if manager?.supports(atoms.closeWindow) == true {
                connection.sendToWindowManager(atoms.closeWindow, about: window, data: [0, ewmhSourcePager])
                return .sent
            }
            guard connection.atoms(atoms.wmProtocols, of: window).contains(atoms.deleteWindow) else {
                return .skipped("neither the window manager nor \(window) takes a close request")
            }
            connection.sendClientMessage(
                atoms.wmProtocols, about: window, data: [Int(atoms.deleteWindow), 0],
                to: window, mask: NoEventMask)
            return .sent
        }
    }

    /// Iconifies the window. The corresponding Xlib call is `XIconifyWindow`, which sends
    /// ICCCM's `WM_CHANGE_STATE` to the window manager. Skipped without a window manager,
    /// and under an EWMH one that has no hidden state to show for it (i3 never iconifies).
    @discardableResult
    public func minimize(_ window: WindowID) throws(X11Error) -> Result {
        guard let manager = windowManager() else { return .skipped("no window manager runs to minimize \(window)") }
        if manager.isEWMH, !manager.supports(atoms.hidden) {
            return .skipped("\(manager.name) does not minimize windows (it lists no _NET_WM_STATE_HIDDEN)")
        }
        return try connection.checked("XIconifyWindow \(window)") { () -> Result in
            XIconifyWindow(connection.display, Window(window.rawValue), cx11_DefaultScreen(connection.display))
            return .sent
        }
    }

    /// Toggles maximized, both ways at once (`_NET_WM_STATE_MAXIMIZED_VERT` and `_HORZ`).
    @discardableResult
    public func toggleMaximized(_ window: WindowID) throws(X11Error) -> Result {
        try toggleState(
            window, atoms.maximizedVertical, atoms.maximizedHorizontal,
            names: "_NET_WM_STATE_MAXIMIZED_VERT and _HORZ")
    }

    /// Toggles full screen (`_NET_WM_STATE_FULLSCREEN`).
    @discardableResult
    public func toggleFullscreen(_ window: WindowID) throws(X11Error) -> Result {
        try toggleState(window, atoms.fullscreen, nil, names: "_NET_WM_STATE_FULLSCREEN")
    }

    /// Focuses and raises the window, switching to its desktop: `_NET_ACTIVE_WINDOW` with the
    /// user's input time, else raise it and `XSetInputFocus`.
    @discardableResult
    public func activate(_ window: WindowID) throws(X11Error) -> Result {
        let manager = windowManager(), time = Int(truncatingIfNeeded: userTime())
        return try connection.checked("_NET_ACTIVE_WINDOW for \(window)") { () -> Result in
            if manager?.supports(atoms.activeWindow) == true {
                connection.sendToWindowManager(atoms.activeWindow, about: window, data: [ewmhSourcePager, time, 0])
            } else {
                XRaiseWindow(connection.display, Window(window.rawValue))
                XSetInputFocus(connection.display, Window(window.rawValue), RevertToParent, UInt(time))
            }
            return .sent
        }
    }

    /// Puts the window above (or below) every other: `_NET_RESTACK_WINDOW` with no sibling,
    /// else `XRaiseWindow` or `XLowerWindow`, which a window manager sees as a configure request.
    @discardableResult
    public func restack(_ window: WindowID, above: Bool) throws(X11Error) -> Result {
        let manager = windowManager()
        return try connection.checked("_NET_RESTACK_WINDOW for \(window)") { () -> Result in
            if manager?.supports(atoms.restackWindow) == true {
                connection.sendToWindowManager(
                    atoms.restackWindow, about: window,
                    data: [ewmhSourcePager, 0, Int(above ? Above : Below)])
            } else if above {
                XRaiseWindow(connection.display, Window(window.rawValue))
            } else {
                XLowerWindow(connection.display, Window(window.rawValue))
            }
            return .sent
        }
    }

    /// Sends the window to another desktop (`_NET_WM_DESKTOP`); relative targets count from the
    /// window's own desktop (the current one for a window on all desktops), without wrapping.
    @discardableResult
    public func move(_ window: WindowID, toDesktop target: DesktopTarget) throws(X11Error) -> Result {
        if let missing = unsupported(atoms.wmDesktop, "_NET_WM_DESKTOP") { return missing }
        return try connection.checked("_NET_WM_DESKTOP for \(window)") { () -> Result in
            let own = connection.cardinal(atoms.wmDesktop, of: window).flatMap { $0 == Self.allDesktops ? nil : $0 }
            guard let current = own ?? currentDesktop, let count = numberOfDesktops else {
                return .skipped("the window manager names no desktops")
            }
            guard let desktop = Self.desktop(target, from: current, count: count) else {
                return .skipped("no desktop \(target) from desktop \(current + 1) of \(count) for \(window)")
            }
            connection.sendToWindowManager(atoms.wmDesktop, about: window, data: [desktop, ewmhSourcePager])
            return .sent
        }
    }

    /// Skipped, with the reason, when no window manager runs or it does not list `atom`; nil when it does.
    func unsupported(_ atom: Atom, _ name: String) -> Result? {
        guard let manager = windowManager() else { return .skipped("no window manager runs (\(name) needs one)") }
        guard manager.supports(atom) else { return .skipped("\(manager.name) does not support \(name)") }
        return nil
    }

    /// Sends a `_NET_WM_STATE` toggle (action 2) of one or two states the window manager lists.
    private func toggleState(_ window: WindowID, _ first: Atom, _ second: Atom?, names: String) throws(X11Error)
        -> Result
    {
        for atom in [atoms.wmState, first] + (second.map { [$0] } ?? []) {
            if let missing = unsupported(atom, names) { return missing }
        }
        return try connection.checked("_NET_WM_STATE for \(window)") { () -> Result in
            connection.sendToWindowManager(
                atoms.wmState, about: window,
                data: [2, Int(first), Int(second ?? 0), ewmhSourcePager])
            return .sent
        }
    }
}

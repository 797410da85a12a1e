internal import CX11
import Logging

/// Where the touch grabs sit, and moving them: the root when it is free, else every top-level window.
extension TouchCapture {
    /// Grabs every top-level window now and each new one as it appears, below the root's grabber.
    ///
    /// Selects `SubstructureNotifyMask` on the root, on the capture's own connection, to
    /// follow windows created on the root, reparented to or from it, and destroyed. A
    /// window reparented into a frame loses its grab, so that no touch meets two grabs of
    /// ours. The corresponding Xlib calls are `XSelectInput`, `XQueryTree` and `XIGrabTouchBegin`.
    func placeGrabsOnTopLevelWindows() {
        let display = connection.display, root = Window(connection.root.rawValue)
        placement = .topLevelWindows
        XSelectInput(display, root, SubstructureNotifyMask)
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0 else { return }
        let windows = children.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
        if let children { XFree(children) }
        for window in windows { grab(WindowID(rawValue: UInt64(window))) }
    }

    /// Follows a core event on the capture's connection: top-level windows to grab or forget.
    func followTopLevel(_ event: XEvent) {
        guard placement == .topLevelWindows else { return }
        let root = Window(connection.root.rawValue)
        switch event.type {
        case CreateNotify where event.xcreatewindow.parent == root:
            grab(WindowID(rawValue: UInt64(event.xcreatewindow.window)))
        case ReparentNotify:
            let window = WindowID(rawValue: UInt64(event.xreparent.window))
            if event.xreparent.parent == root {
                grab(window)
            } else if grabbedWindows.remove(window) != nil {
                connection.ungrabTouches(on: window)
                connection.flush()
            }
        case DestroyNotify:
            grabbedWindows.remove(WindowID(rawValue: UInt64(event.xdestroywindow.window)))
        default:
            break
        }
    }

    private func grab(_ window: WindowID) {
        guard !grabbedWindows.contains(window) else { return }
        // A window that vanished, or that another client grabbed first, is skipped.
        if connection.grabTouches(on: window) { grabbedWindows.insert(window) }
    }

    /// Takes the root's grab if it is free, dropping the windows' grabs; true when the capture holds it.
    ///
    /// For a window manager that held the root's grab and is gone.
    @discardableResult
    public func moveGrabToRoot() -> Bool {
        if holdsRootGrab { return true }
        guard connection.grabTouches(on: connection.root) else { return false }
        holdsRootGrab = true
        XSelectInput(connection.display, Window(connection.root.rawValue), NoEventMask)
        for window in grabbedWindows { connection.ungrabTouches(on: window) }
        grabbedWindows.removeAll()
        placement = .root
        // Windows vanished meanwhile answer BadWindow: dropped with the other stale errors.
        connection.sync()
        dropStaleDecisionErrors()
        return true
    }

    /// Gives the root's grab up and grabs below it, for a window manager that needs the root
    /// (mutter: it may take it when it next starts). Touches already down keep their grab.
    public func yieldRootGrab() {
        guard holdsRootGrab else { return }
        connection.ungrabTouches(on: connection.root)
        holdsRootGrab = false
        placeGrabsOnTopLevelWindows()
        connection.sync()
    }

    /// Lets go of every grab: the root's or the windows'.
    func ungrabAll() {
        if holdsRootGrab {
            connection.ungrabTouches(on: connection.root)
            holdsRootGrab = false
        }
        for window in grabbedWindows { connection.ungrabTouches(on: window) }
        grabbedWindows.removeAll()
    }

    /// `X_XIAllowEvents`, `X_XIPassiveGrabDevice` and `X_XIPassiveUngrabDevice`: the minor
    /// opcodes of `XIAllowTouchEvents`, `XIGrabTouchBegin` and `XIUngrabTouchBegin` (XI2proto.h).
    static let expectedErrorMinorOpcodes: Set<UInt8> = [53, 54, 55]

    /// Drops the errors the server sent for decisions about touches that were no longer ours,
    /// and for grabs on windows that vanished.
    ///
    /// Below another grabber, a touch it accepted ends for the capture at once, and the
    /// decision the capture then sends is refused (`BadValue` or `BadAccess` for
    /// `XIAllowEvents`); a top-level window may be destroyed before its grab is dropped
    /// (`BadWindow`). That is expected; any other error is logged.
    func dropStaleDecisionErrors() {
        for error in connection.takeErrors() {
            let isExpected =
                Int32(error.requestCode) == connection.xinputOpcode
                && Self.expectedErrorMinorOpcodes.contains(error.minorCode)
            if !isExpected { logger.warning("X error on the touch connection: \(error)") }
        }
    }
}

internal import CX11
import GestureConfig
import GestureRuntime
import GestureEngine
import Glibc

/// Keeps a live description of the desktop's windows, updated from X events, never by polling.
///
/// The client list comes from the window manager's `_NET_CLIENT_LIST_STACKING`
/// (bottom-to-top, reversed here to top-most first); without a live EWMH window
/// manager (`_NET_SUPPORTING_WM_CHECK`) it falls back to the root's children (`XQueryTree`) and the client under each by
/// `WM_STATE`. For each client it reads `WM_CLASS`, the title and the frame in root
/// pixels, skipping windows that are not viewable (unmapped, iconic, other desktops).
/// The focused window is `_NET_ACTIVE_WINDOW`.
///
/// Property and structure events mark the scene dirty; `scene` rebuilds it on the
/// next read. The tracker selects `PropertyChangeMask | SubstructureNotifyMask` on the
/// root, `PropertyChangeMask | StructureNotifyMask` on each client and its frame, and
/// XRandR screen, CRTC and output changes for `monitors`. (Xorg sends no event for a
/// monitor set with `xrandr --setmonitor` alone: such a change is seen at the next
/// screen change.)
public final class WindowTracker {
    /// Where the client list came from in the last rebuild.
    public enum ClientListSource: Hashable, Sendable {
        /// The window manager's `_NET_CLIENT_LIST_STACKING`.
        case windowManager
        /// `XQueryTree` on the root and `WM_STATE` (no EWMH window manager).
        case queryTree
    }

    /// The connection the tracker reads; give it one of its own and poll its descriptor.
    public let connection: X11Connection
    var display: OpaquePointer { connection.display }
    let atoms: TrackerAtoms
    /// XRandR's first event number, or nil when the server lacks XRandR.
    private let randrEventBase: Int32?
    private var isDirty = true
    private var cached = SceneDescription()
    /// Windows whose events are selected: clients and their frames.
    private var watched: Set<Window> = []
    /// The resolution given by the user, overriding the screen's.
    public var dpiOverride: Double? {
        didSet { isDirty = true }
    }
    /// The monitors' rectangles in screen pixels (`XRRGetMonitors`); the whole screen without XRandR.
    public private(set) var monitors: [Rect] = []
    /// Where the client list came from in the last rebuild.
    public private(set) var clientListSource: ClientListSource = .queryTree
    /// Who manages the windows, as of the last rebuild; nil when no window manager runs.
    /// The daemon's one answer to that question: focus waits and every action use it.
    public var windowManager: WindowManagerInfo? {
        if isDirty { rebuild() }
        return manager
    }
    private var manager: WindowManagerInfo?

    /// The client window that has the keyboard focus, from its `FocusIn` (nil before any, or
    /// once it lost it): where XTest's keys go, which `_NET_ACTIVE_WINDOW` may say a moment early.
    public private(set) var focusedClient: UInt64?
    /// Whether the window manager switched desktops (`_NET_CURRENT_DESKTOP` changed on the root)
    /// since `takeDesktopSwitch()` last asked. Not a scene change by itself: the windows that
    /// come and go with the switch are.
    private var desktopSwitched = false

    /// Whether the window manager activates windows on request and reports the active one
    /// (`_NET_ACTIVE_WINDOW`): keys then wait for the report; else focus moves at once.
    public var windowManagerReportsFocus: Bool {
        windowManager?.supports(atoms.activeWindow) == true
    }
    /// Each decorated client's rectangle, by its frame (the top-level window around it).
    private var clientsByFrame: [WindowID: Rect] = [:]

    /// Starts tracking: selects the root's events and reads the monitors.
    ///
    /// The corresponding Xlib calls are `XSelectInput` and `XRRSelectInput` on the root.
    public init(connection: X11Connection, dpi: Double? = nil) {
        self.connection = connection
        let display = connection.display
        atoms = TrackerAtoms(display: display)
        dpiOverride = dpi
        let root = Window(connection.root.rawValue)
        XSelectInput(display, root, PropertyChangeMask | SubstructureNotifyMask)
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        if XRRQueryExtension(display, &eventBase, &errorBase) != 0 {
            randrEventBase = eventBase
            XRRSelectInput(
                display, root, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        } else {
            randrEventBase = nil
        }
        monitors = readMonitors()
        connection.flush()
    }

    /// The screen's resolution: the override, else from the screen's size in millimetres, else 96.
    public var dpi: Double {
        if let dpiOverride { return dpiOverride }
        let size = connection.screenSize
        guard size.widthMM > 0 else { return 96 }
        return Double(size.width) * 25.4 / Double(size.widthMM)
    }

    /// Whether an event since the last rebuild may have changed the scene.
    public var needsRebuild: Bool { isDirty }

    /// The desktop now: windows top-most first, frames in screen pixels, the active window.
    public var scene: SceneDescription {
        if isDirty { rebuild() }
        return cached
    }

    /// Reads every event already received without blocking, and applies it; true when the scene changed.
    ///
    /// The entry point for a loop that gives the connection to the tracker alone; a
    /// loop that shares it passes each core event to `handle(event:)` instead.
    @discardableResult
    public func processPendingEvents() -> Bool {
        var changed = false
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            changed = handle(event: &event) || changed
        }
        return changed
    }

    /// Applies one event from the loop's pump; true when it may have changed the scene.
    @discardableResult
    func handle(event: inout XEvent) -> Bool {
        switch event.type {
        case PropertyNotify:
            let window = event.xproperty.window, atom = event.xproperty.atom
            if window == Window(connection.root.rawValue), atom == atoms.currentDesktop {
                desktopSwitched = true
                return false
            }
            let relevant =
                window == Window(connection.root.rawValue) ? atoms.concernsRoot(atom) : atoms.concernsClient(atom)
            guard relevant else { return false }
        case ConfigureNotify, MapNotify, UnmapNotify, ReparentNotify, CreateNotify:
            break
        case FocusIn, FocusOut:
            followFocus(event.xfocus)
            return false
        case DestroyNotify:
            watched.remove(event.xdestroywindow.window)
        default:
            // Screen, CRTC and output changes (a monitor plugged, a mode set) can move the monitors.
            guard let randrEventBase,
                event.type == randrEventBase + RRScreenChangeNotify || event.type == randrEventBase + RRNotify
            else {
                return false
            }
            XRRUpdateConfiguration(&event)
            monitors = readMonitors()
            isDirty = true
        }
        isDirty = true
        return true
    }

    /// Whether the desktop switched since the last call; the events are read by
    /// `processPendingEvents()` (or the loop's `handle(event:)`).
    public func takeDesktopSwitch() -> Bool {
        defer { desktopSwitched = false }
        return desktopSwitched
    }

    /// Keeps `focusedClient`: a client's own focus changes, not its children's nor a grab's.
    private func followFocus(_ event: XFocusChangeEvent) {
        guard event.mode == NotifyNormal || event.mode == NotifyWhileGrabbed, event.detail != NotifyInferior,
            event.detail != NotifyPointer
        else { return }
        let window = UInt64(event.window)
        if event.type == FocusIn {
            focusedClient = window
        } else if focusedClient == window {
            focusedClient = nil
        }
    }

    /// The client window at or below a top-level window (a frame), found by `WM_STATE`.
    ///
    /// Under a reparenting window manager, the window under a touch (`XIDeviceEvent.child`)
    /// is the frame; the client is the descendant carrying `WM_STATE`, searched depth-first
    /// from the top of the stacking order. Nil when no window below has it.
    /// The corresponding Xlib calls are `XGetWindowProperty` and `XQueryTree`.
    public func client(forTopLevel window: WindowID) -> WindowID? {
        clientWindow(below: Window(window.rawValue)).map { WindowID(rawValue: UInt64($0)) }
    }

    private func clientWindow(below window: Window) -> Window? {
        if wmState(of: window) != nil { return window }
        guard let (_, children) = tree(of: window) else { return nil }
        for child in children.reversed() {
            if let found = clientWindow(below: child) { return found }
        }
        return nil
    }

    /// Reads the client list, each client's class, title and frame, and the active window.
    private func rebuild() {
        let firstSerial = XNextRequest(display)
        let clients: [Window]
        manager = connection.readWindowManager()
        let hasWindowManager = manager != nil
        // xfwm4 leaves the stacking list empty until it first restacks: read the tree then.
        if hasWindowManager, let stacking = windowList(atoms.clientListStacking), !stacking.isEmpty {
            clientListSource = .windowManager
            clients = stacking.reversed()
        } else {
            clientListSource = .queryTree
            clients = queryTreeClients()
        }
        var windows: [SceneWindow] = []
        var stillWatched: Set<Window> = []
        clientsByFrame.removeAll()
        for client in clients {
            let topLevel = watch(client, into: &stillWatched)
            guard wmState(of: client) != 3, let (frame, _) = viewableFrame(of: client) else { continue }
            let (instance, windowClass) = self.windowClass(of: client) ?? ("", "")
            let state = windowState(of: client)
            let info = WindowInfo(
                id: UInt64(client), windowClass: windowClass, instance: instance, title: title(of: client),
                isFullscreen: state.fullscreen, isMaximized: state.maximized)
            let rect = Rect(
                x: Double(frame.x), y: Double(frame.y), width: Double(frame.width), height: Double(frame.height))
            windows.append(SceneWindow(info: info, frame: rect))
            if topLevel != client { clientsByFrame[WindowID(rawValue: UInt64(topLevel))] = rect }
        }
        watched = stillWatched
        // Focus events come only from clients watched already: read where the focus is now.
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        focusedClient = client(containing: focus, among: Set(clients)).map { UInt64($0) }
        let active =
            manager?.isEWMH == true ? windowList(atoms.activeWindow)?.first.flatMap { $0 == 0 ? nil : UInt64($0) } : nil
        let size = connection.screenSize
        cached = SceneDescription(
            width: Double(size.width), height: Double(size.height), dpi: dpi,
            windows: windows, activeWindow: active, monitors: monitors)
        isDirty = false
        keepOthersErrors(since: firstSerial)
    }

    /// Top-level windows that are viewable and not override-redirect, top-most first, as their clients.
    ///
    /// A top-level with no `WM_STATE` below it (no window manager set one) counts as
    /// its own client when it has `WM_CLASS`.
    private func queryTreeClients() -> [Window] {
        guard let (_, children) = tree(of: Window(connection.root.rawValue)) else { return [] }
        return children.reversed().compactMap { topLevel in
            guard let (_, overrideRedirect) = viewableFrame(of: topLevel), !overrideRedirect else { return nil }
            if let client = clientWindow(below: topLevel) { return client }
            return windowClass(of: topLevel) == nil ? nil : topLevel
        }
    }

    /// Selects property and structure events on a client and its frame, once each; returns the frame.
    private func watch(_ client: Window, into stillWatched: inout Set<Window>) -> Window {
        let frame = topLevel(of: client)
        for window in frame == client ? [client] : [client, frame] {
            stillWatched.insert(window)
            if !watched.contains(window) {
                // Focus changes only on the client: the keys go to it.
                XSelectInput(
                    display, window, PropertyChangeMask | StructureNotifyMask | (window == client ? FocusChangeMask : 0)
                )
            }
        }
        return frame
    }

    /// Whether `point` (root pixels) lies on the window manager's decorations: `window`, the
    /// window under it, is or is inside a frame, and the point is outside the client the frame
    /// holds (a title bar, a border, a button).
    ///
    /// False on a window that is its own top-level (no frame), on unknown windows (menus) and
    /// on the bare root. Walks up from `window` (`XQueryTree`): for a touch's decision, not per event.
    public func isDecoration(at point: Point, under window: WindowID) -> Bool {
        if isDirty { rebuild() }
        guard window != .none, window != connection.root else { return false }
        let frame = WindowID(rawValue: UInt64(topLevel(of: Window(window.rawValue))))
        guard let client = clientsByFrame[frame] else { return false }
        return !client.contains(point)
    }

    /// Drops the errors this rebuild caused (windows that vanished meanwhile) and keeps everyone else's.
    private func keepOthersErrors(since firstSerial: UInt) {
        XSync(display, 0)
        for error in connection.takeErrors() where error.serial < UInt64(firstSerial) {
            X11ErrorStore.record(error, for: display)
        }
    }

    /// The monitors' rectangles, or the whole screen when XRandR reports none.
    ///
    /// The corresponding XRandR call is `XRRGetMonitors`.
    private func readMonitors() -> [Rect] {
        var count: Int32 = 0
        var rects: [Rect] = []
        if randrEventBase != nil, let list = XRRGetMonitors(display, Window(connection.root.rawValue), 1, &count) {
            defer { XRRFreeMonitors(list) }
            rects = (0..<Int(count)).map {
                Rect(
                    x: Double(list[$0].x), y: Double(list[$0].y), width: Double(list[$0].width),
                    height: Double(list[$0].height))
            }
        }
        if rects.isEmpty {
            let size = connection.screenSize
            rects = [Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))]
        }
        return rects
    }
}

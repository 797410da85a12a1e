internal import CX11
import Glibc

/// The atoms of the EWMH and ICCCM requests GestureBridge sends, interned once.
struct EWMHAtoms {
    var supported: Atom
    var activeWindow: Atom
    var closeWindow: Atom
    var restackWindow: Atom
    var wmState: Atom
    var maximizedVertical: Atom
    var maximizedHorizontal: Atom
    var fullscreen: Atom
    var wmDesktop: Atom
    var currentDesktop: Atom
    var numberOfDesktops: Atom
    var showingDesktop: Atom
    var wmProtocols: Atom
    var deleteWindow: Atom
    var hidden: Atom

    static let names = [
        "_NET_SUPPORTED", "_NET_ACTIVE_WINDOW", "_NET_CLOSE_WINDOW", "_NET_RESTACK_WINDOW", "_NET_WM_STATE",
        "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ", "_NET_WM_STATE_FULLSCREEN",
        "_NET_WM_DESKTOP", "_NET_CURRENT_DESKTOP", "_NET_NUMBER_OF_DESKTOPS", "_NET_SHOWING_DESKTOP",
        "WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_STATE_HIDDEN"
    ]

    /// Interns every name in one round trip. The corresponding Xlib call is `XInternAtoms`.
    init(connection: X11Connection) throws(X11Error) {
        var cNames: [UnsafeMutablePointer<CChar>?] = Self.names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: Self.names.count)
        guard XInternAtoms(connection.display, &cNames, Int32(cNames.count), 0, &atoms) != 0,
            !atoms.contains(0)
        else { throw .requestFailed("XInternAtoms (the EWMH atoms)") }
        (supported, activeWindow, closeWindow, restackWindow, wmState) = (
            atoms[0], atoms[1], atoms[2], atoms[3], atoms[4]
        )
        (maximizedVertical, maximizedHorizontal, fullscreen) = (atoms[5], atoms[6], atoms[7])
        (wmDesktop, currentDesktop, numberOfDesktops, showingDesktop) = (atoms[8], atoms[9], atoms[10], atoms[11])
        (wmProtocols, deleteWindow, hidden) = (atoms[12], atoms[13], atoms[14])
    }
}

/// EWMH's source indication for requests from pagers and other direct user actions,
/// which window managers obey without focus-stealing checks.
let ewmhSourcePager = 2

extension X11Connection {
    /// Sends a 32-bit client message about `window` to the root window, with the masks EWMH
    /// asks for, so the window manager receives it.
    ///
    /// The corresponding Xlib call is `XSendEvent(display, root, False,
    /// SubstructureRedirectMask | SubstructureNotifyMask, event)`.
    func sendToWindowManager(_ type: Atom, about window: WindowID, data: [Int]) {
        sendClientMessage(
            type, about: window, data: data, to: root,
            mask: SubstructureRedirectMask | SubstructureNotifyMask)
    }

    /// Sends a 32-bit client message (up to five values) to `destination`.
    func sendClientMessage(_ type: Atom, about window: WindowID, data: [Int], to destination: WindowID, mask: Int) {
        precondition(data.count <= 5, "a client message holds five 32-bit values")
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.send_event = 1
        event.xclient.display = display
        event.xclient.window = Window(window.rawValue)
        event.xclient.message_type = type
        event.xclient.format = 32
        let values = data + Array(repeating: 0, count: 5 - data.count)
        event.xclient.data.l = (values[0], values[1], values[2], values[3], values[4])
        XSendEvent(display, Window(destination.rawValue), 0, mask, &event)
    }

    /// The 32-bit items of a property, or nil when the window lacks it or it has another type.
    ///
    /// The corresponding Xlib call is `XGetWindowProperty`.
    func property32(_ property: Atom, of window: WindowID, type: Atom, maximumItems: Int = 1024) -> [UInt]? {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, Window(window.rawValue), property, 0, maximumItems, 0, type,
            &actualType, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, actualType == type, format == 32, let data else { return nil }
        // Xlib hands 32-bit items back as C longs.
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(count)))
        }
    }

    /// A CARDINAL property's first value, such as `_NET_CURRENT_DESKTOP`.
    func cardinal(_ property: Atom, of window: WindowID) -> Int? {
        property32(property, of: window, type: Atom(XA_CARDINAL))?.first.map { Int(UInt32(truncatingIfNeeded: $0)) }
    }

    /// An ATOM[] property, such as `_NET_SUPPORTED` or `WM_PROTOCOLS`.
    func atoms(_ property: Atom, of window: WindowID) -> [Atom] {
        property32(property, of: window, type: Atom(XA_ATOM)).map { $0.map { Atom($0) } } ?? []
    }
}

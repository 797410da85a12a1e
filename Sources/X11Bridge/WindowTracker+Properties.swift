internal import CX11
import Glibc

/// The atoms the tracker reads, interned once.
///
/// Wraps Xlib's `XInternAtom` for each name.
struct TrackerAtoms {
    let clientListStacking: Atom
    let supportingWMCheck: Atom
    let supported: Atom
    let activeWindow: Atom
    let wmState: Atom
    let wmName: Atom
    let netWMName: Atom
    let utf8String: Atom
    let wmClass: Atom
    let netWMState: Atom
    let fullscreen: Atom
    let maximizedVertical: Atom
    let maximizedHorizontal: Atom
    let currentDesktop: Atom

    init(display: OpaquePointer) {
        func intern(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        clientListStacking = intern("_NET_CLIENT_LIST_STACKING")
        supportingWMCheck = intern("_NET_SUPPORTING_WM_CHECK")
        supported = intern("_NET_SUPPORTED")
        activeWindow = intern("_NET_ACTIVE_WINDOW")
        wmState = intern("WM_STATE")
        wmName = Atom(XA_WM_NAME)
        netWMName = intern("_NET_WM_NAME")
        utf8String = intern("UTF8_STRING")
        wmClass = Atom(XA_WM_CLASS)
        netWMState = intern("_NET_WM_STATE")
        fullscreen = intern("_NET_WM_STATE_FULLSCREEN")
        maximizedVertical = intern("_NET_WM_STATE_MAXIMIZED_VERT")
        maximizedHorizontal = intern("_NET_WM_STATE_MAXIMIZED_HORZ")
        currentDesktop = intern("_NET_CURRENT_DESKTOP")
    }

    /// Whether a change of this property on a client can change the scene.
    func concernsClient(_ atom: Atom) -> Bool {
        atom == wmState || atom == wmName || atom == netWMName || atom == wmClass || atom == netWMState
    }

    /// Whether a change of this property on the root can change the scene.
    func concernsRoot(_ atom: Atom) -> Bool {
        atom == clientListStacking || atom == activeWindow || atom == supportingWMCheck || atom == supported
    }
}

/// One property's value as the server returned it.
struct PropertyValue {
    /// The property's type atom.
    var type: Atom
    /// 8, 16 or 32.
    var format: Int32
    /// The raw bytes; for format 32 each item is a C `long`, as Xlib hands it out.
    var bytes: [UInt8]
    var itemCount: Int

    /// The items of a format-32 property (window ids, atoms, cardinals).
    var longs: [UInt64] {
        guard format == 32 else { return [] }
        return bytes.withUnsafeBytes { raw in
            (0..<itemCount).map {
                UInt64(UInt(bitPattern: raw.load(fromByteOffset: $0 * MemoryLayout<Int>.size, as: Int.self)))
            }
        }
    }
}

extension WindowTracker {
    /// Reads a whole property, or nil when the window lacks it or is gone.
    ///
    /// The corresponding Xlib call is `XGetWindowProperty`.
    func property(of window: Window, _ name: Atom, type: Atom = Atom(AnyPropertyType)) -> PropertyValue? {
        var actualType: Atom = 0, format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, window, name, 0, 1 << 20, 0, type,
            &actualType, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, actualType != 0, let data else { return nil }
        let unit = format == 32 ? MemoryLayout<Int>.size : Int(format / 8)
        let bytes = Array(UnsafeBufferPointer(start: data, count: Int(count) * unit))
        return PropertyValue(type: actualType, format: format, bytes: bytes, itemCount: Int(count))
    }

    /// The window list a root property holds (`_NET_CLIENT_LIST_STACKING`), or nil without it.
    func windowList(_ name: Atom) -> [Window]? {
        guard let value = property(of: Window(connection.root.rawValue), name, type: Atom(XA_WINDOW)) else {
            return nil
        }
        return value.longs.map { Window($0) }
    }

    /// The ICCCM state of a client: 1 normal, 3 iconic, 0 withdrawn; nil when it has no `WM_STATE`.
    func wmState(of window: Window) -> Int? {
        guard let value = property(of: window, atoms.wmState, type: atoms.wmState), let first = value.longs.first else {
            return nil
        }
        return Int(first)
    }

    /// `WM_CLASS` as (instance, class); empty strings when unset.
    ///
    /// The corresponding Xlib call is `XGetClassHint`.
    func windowClass(of window: Window) -> (instance: String, windowClass: String)? {
        var hint = XClassHint()
        guard XGetClassHint(display, window, &hint) != 0 else { return nil }
        defer {
            if let name = hint.res_name { XFree(name) }
            if let name = hint.res_class { XFree(name) }
        }
        return (hint.res_name.map { String(cString: $0) } ?? "", hint.res_class.map { String(cString: $0) } ?? "")
    }

    /// Whether the window manager shows the window full screen, and maximized both ways (`_NET_WM_STATE`).
    func windowState(of window: Window) -> (fullscreen: Bool, maximized: Bool) {
        guard let states = property(of: window, atoms.netWMState, type: Atom(XA_ATOM))?.longs else {
            return (false, false)
        }
        let atoms = Set(states)
        return (
            atoms.contains(UInt64(self.atoms.fullscreen)),
            atoms.contains(UInt64(self.atoms.maximizedVertical))
                && atoms.contains(UInt64(self.atoms.maximizedHorizontal))
        )
    }

    /// The title: `_NET_WM_NAME`, else `WM_NAME`, whichever is set and not empty, in the encoding
    /// its type names (UTF8_STRING; STRING is Latin-1, as `xdotool set_window --name` writes even
    /// `_NET_WM_NAME`; COMPOUND_TEXT is converted).
    func title(of window: Window) -> String {
        for name in [atoms.netWMName, atoms.wmName] {
            if let value = property(of: window, name), value.format == 8, !value.bytes.isEmpty {
                return text(of: value)
            }
        }
        return ""
    }

    /// A text property's characters, decoded by its type.
    private func text(of value: PropertyValue) -> String {
        if value.type == Atom(XA_STRING) {
            return String(String.UnicodeScalarView(value.bytes.map { Unicode.Scalar($0) }))
        }
        if value.type == atoms.utf8String { return String(decoding: value.bytes, as: UTF8.self) }
        return convertedText(value)
    }

    /// COMPOUND_TEXT and other encodings through Xlib's converter (`Xutf8TextPropertyToTextList`).
    private func convertedText(_ value: PropertyValue) -> String {
        var bytes = value.bytes
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var text = XTextProperty(
                value: buffer.baseAddress, encoding: value.type, format: value.format,
                nitems: UInt(value.itemCount))
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            var count: Int32 = 0
            guard Xutf8TextPropertyToTextList(display, &text, &list, &count) >= Success, let list else { return "" }
            defer { XFreeStringList(list) }
            return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }.joined()
        }
    }

    /// The window's direct children, bottom-to-top, and its parent.
    ///
    /// The corresponding Xlib call is `XQueryTree`.
    func tree(of window: Window) -> (parent: Window, children: [Window])? {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, window, &root, &parent, &children, &count) != 0 else { return nil }
        defer { if let children { XFree(children) } }
        return (parent, children.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? [])
    }

    /// How many windows up from the focus a client is looked for: GTK's and Java's focus window is
    /// the client's child (one level); deeper nesting is no toolkit's focus proxy.
    static let focusNestingLimit = 4

    /// The client that `window` is, or holds it (GTK 3 and 4 keep the keyboard focus on GDK's
    /// 1×1 child of their top-level, Java on AWT's `FocusProxy`), among `clients`; nil when none
    /// does. One `XQueryTree` round trip per level climbed, none when `window` is a client.
    func client(containing window: Window, among clients: Set<Window>) -> Window? {
        let root = Window(connection.root.rawValue)
        var current = window
        for _ in 0...Self.focusNestingLimit {
            if clients.contains(current) { return current }
            guard current > 1, current != root, let (parent, _) = tree(of: current), parent != 0 else { return nil }
            current = parent
        }
        return nil
    }

    /// Whether the keyboard focus `focus` is on `client` or inside it (a toolkit's focus window):
    /// keys typed now reach that client.
    public func focus(_ focus: WindowID, isOn client: UInt64) -> Bool {
        self.client(containing: Window(focus.rawValue), among: [Window(client)]) != nil
    }

    /// The top-level ancestor of a window (the frame under a reparenting window manager), itself if top-level.
    func topLevel(of window: Window) -> Window {
        let root = Window(connection.root.rawValue)
        var current = window
        while let (parent, _) = tree(of: current), parent != root, parent != 0 {
            current = parent
        }
        return current
    }

    /// The window's frame in root coordinates, if it is viewable.
    ///
    /// The corresponding Xlib calls are `XGetWindowAttributes` and `XTranslateCoordinates`.
    func viewableFrame(of window: Window) -> (
        frame: (x: Int32, y: Int32, width: Int32, height: Int32),
        overrideRedirect: Bool
    )? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0, attributes.map_state == IsViewable else {
            return nil
        }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(display, window, Window(connection.root.rawValue), 0, 0, &x, &y, &child) != 0 else {
            return nil
        }
        return ((x, y, attributes.width, attributes.height), attributes.override_redirect != 0)
    }
}

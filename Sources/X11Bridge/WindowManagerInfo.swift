internal import CX11
import Glibc
import TextSearch

/// The window manager running on the screen, as far as X lets a client see it: the one
/// answer to "is there one, which, and what does it support".
///
/// A window manager counts as running when it owns the ICCCM selection `WM_S<screen>`
/// or when the root's `_NET_SUPPORTING_WM_CHECK` names a live window that names itself.
/// Either alone is enough: after `mutter --replace` the check property is gone for good
/// (the old mutter deletes it after the new one set it), while the selection is owned;
/// a few window managers (fluxbox) set the check but own no selection. Its EWMH support is
/// the root's `_NET_SUPPORTED`, read only while one runs, so a dead manager's leftovers
/// count for nothing. The tracker reads it on every scene rebuild, which the root's
/// property changes and the manager's windows' destruction trigger; the daemon hands the
/// tracker's value to `WindowActions`, so focus waits, activation and actions agree.
public struct WindowManagerInfo: Hashable, Sendable, CustomStringConvertible {
    /// Its name, from `_NET_WM_NAME` on its check window or selection window, else `WM_CLASS`;
    /// "an unnamed window manager" when it gives none.
    public var name: String
    /// The atoms of `_NET_SUPPORTED`; empty for a manager that is not EWMH.
    public var supported: Set<UInt64>
    /// Whether the selection `WM_S<screen>` has an owner.
    public var ownsSelection: Bool
    /// Whether `_NET_SUPPORTING_WM_CHECK` names a live window.
    public var hasLiveCheckWindow: Bool

    public init(name: String, supported: Set<UInt64>, ownsSelection: Bool, hasLiveCheckWindow: Bool) {
        self.name = name
        self.supported = supported
        self.ownsSelection = ownsSelection
        self.hasLiveCheckWindow = hasLiveCheckWindow
    }

    /// Whether it speaks EWMH: it lists what it supports.
    public var isEWMH: Bool { !supported.isEmpty }

    /// Whether it lists `atom` in `_NET_SUPPORTED`.
    public func supports(_ atom: AtomID) -> Bool { supported.contains(atom.rawValue) }

    /// Whether it is mutter or one of its descendants (GNOME Shell, Cinnamon's muffin, Budgie's
    /// magpie), whose X11 backend takes the root's touch grab for its own touchscreen gestures.
    ///
    /// mutter grabs at start-up, before it claims the screen, and never again: a grab it
    /// found taken is lost until it restarts.
    public var grabsRootTouches: Bool {
        let lowered = name.lowercased()
        return ["mutter", "gnome shell", "gnome-shell", "muffin", "magpie"].contains { lowered.contains(text: $0) }
    }

    /// How long, in seconds, the manager animates a switch of desktops over every window,
    /// override-redirect ones too (the on-screen indicator lingers that much longer after a switch,
    /// so its "done" label is seen on the new desktop). mutter's default plugin moves the two
    /// desktops' windows into actors above the whole window group for 500 ms (`ANIMATION_SWITCH`
    /// in src/compositor/plugins/default.c); GNOME Shell's slide is shorter; 0.5 s covers the
    /// family. The others here switch at once, or (a compositing KWin) keep such windows above.
    public var desktopSwitchAnimation: Double { grabsRootTouches ? 0.5 : 0 }

    public var description: String {
        let how = isEWMH ? "EWMH, \(supported.count) hints" : "not EWMH"
        return "\(name) (\(how))"
    }
}

extension X11Connection {
    /// Reads who manages the screen now, or nil when no window manager runs.
    ///
    /// The corresponding Xlib calls are `XGetSelectionOwner` and `XGetWindowProperty`.
    public func readWindowManager() -> WindowManagerInfo? {
        let check = liveCheckWindow()
        let selection = XInternAtom(display, "WM_S\(cx11_DefaultScreen(display))", 0)
        let owner = XGetSelectionOwner(display, selection)
        guard check != nil || owner != 0 else { return nil }
        // Without the root's property, the manager's check window is still there to name it.
        let orphan = check == nil ? orphanedCheckWindow() : nil
        let named = [check.map { Window($0.rawValue) }, orphan, owner == 0 ? nil : owner].compactMap { $0 }
        let name = firstName(of: named) ?? "an unnamed window manager"
        let supported = Set(atoms(XInternAtom(display, "_NET_SUPPORTED", 0), of: root).map { UInt64($0) })
        return WindowManagerInfo(
            name: name, supported: supported, ownsSelection: owner != 0,
            hasLiveCheckWindow: check != nil)
    }

    /// The first `_NET_WM_NAME` of `windows`, else the first class name.
    ///
    /// Each window is read once. Not `lazy.compactMap`: the standard library's lazy
    /// compactMap runs its transform twice per element (filter, then map with a force
    /// unwrap), and a manager's window that dies or renames itself between the two reads
    /// (as openbox's does during `--restart`) trapped the daemon.
    private func firstName(of windows: [Window]) -> String? {
        for window in windows { if let name = utf8Name(of: window) { return name } }
        for window in windows { if let name = className(of: window) { return name } }
        return nil
    }

    /// The window `_NET_SUPPORTING_WM_CHECK` names, if it is alive and names itself.
    ///
    /// A window manager that died leaves its root properties behind, stale.
    func liveCheckWindow() -> WindowID? {
        let atom = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        guard let check = property32(atom, of: root, type: Atom(XA_WINDOW))?.first, check != 0,
            let echo = property32(atom, of: WindowID(rawValue: UInt64(check)), type: Atom(XA_WINDOW))?.first,
            echo == check
        else { return nil }
        return WindowID(rawValue: UInt64(check))
    }

    /// A top-level window whose `_NET_SUPPORTING_WM_CHECK` names itself, when the root's property
    /// is gone (after `mutter --replace` the old mutter deletes it behind the new one). Reads
    /// every top-level window: only while the root lacks the property.
    private func orphanedCheckWindow() -> Window? {
        let atom = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, Window(root.rawValue), &rootReturn, &parent, &children, &count) != 0,
            let children
        else { return nil }
        defer { XFree(children) }
        return UnsafeBufferPointer(start: children, count: Int(count)).last { window in
            property32(atom, of: WindowID(rawValue: UInt64(window)), type: Atom(XA_WINDOW))?.first == UInt(window)
        }
    }

    /// `_NET_WM_NAME` of a window, if set and not empty.
    private func utf8Name(of window: Window) -> String? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, window, XInternAtom(display, "_NET_WM_NAME", 0), 0, 256, 0,
            XInternAtom(display, "UTF8_STRING", 0), &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 8, count > 0, let data else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }

    /// The class part of `WM_CLASS`, if set.
    private func className(of window: Window) -> String? {
        var hint = XClassHint()
        guard XGetClassHint(display, window, &hint) != 0 else { return nil }
        defer {
            if let name = hint.res_name { XFree(name) }
            if let name = hint.res_class { XFree(name) }
        }
        return hint.res_class.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension WindowManagerInfo {
    /// Whether it lists the Xlib atom `atom` in `_NET_SUPPORTED`.
    func supports(_ atom: Atom) -> Bool { supported.contains(UInt64(atom)) }
}

internal import CX11

extension X11Connection {
    /// Takes a passive touch grab on `window` for all master devices and any modifiers;
    /// false when the server refused it (another client holds a grab there).
    ///
    /// The grab selects `XI_TouchOwnership` too, so a capture below another grabber sees
    /// each touch as it happens and decides early. Waits for the server's answer. The
    /// corresponding Xlib call is `XIGrabTouchBegin`.
    func grabTouches(on window: WindowID) -> Bool {
        var bits = [UInt8](repeating: 0, count: Int(cx11_XIMaskLen(XI_LASTEVENT)))
        for event in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership] { cx11_XISetMask(&bits, event) }
        var modifiers = XIGrabModifiers(modifiers: cx11_XIAnyModifier(), status: 0)
        let failed = bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(
                deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabTouchBegin(display, XIAllMasterDevices, Window(window.rawValue), 0, &mask, 1, &modifiers)
        }
        let errors = sync()
        return failed == 0 && errors.isEmpty && modifiers.status == 0
    }

    /// Gives up the touch grab on `window`. The corresponding Xlib call is `XIUngrabTouchBegin`.
    func ungrabTouches(on window: WindowID) {
        var modifiers = XIGrabModifiers(modifiers: cx11_XIAnyModifier(), status: 0)
        XIUngrabTouchBegin(display, XIAllMasterDevices, Window(window.rawValue), 1, &modifiers)
    }

    /// Whether this client could take the root touch grab now: tries it and releases it at once.
    ///
    /// False when another client holds it (GNOME Shell and mutter do, for their own touchscreen
    /// gestures, as do other gesture daemons): only one client may grab touches on a window.
    public func canGrabTouches() -> Bool {
        guard grabTouches(on: root) else { return false }
        ungrabTouches(on: root)
        sync()
        return true
    }
}

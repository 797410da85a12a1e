internal import CX11

extension X11Connection {
    /// Whether this client could take the root touch grab now: tries it and releases it at once.
    ///
    /// False when another client holds it (a gesture daemon: only one client may grab
    /// touches on a window). The corresponding Xlib calls are `XIGrabTouchBegin` and
    /// `XIUngrabTouchBegin` on the root for `XIAllMasterDevices`, any modifiers.
    public func canGrabTouches() -> Bool {
        let root = Window(self.root.rawValue)
        var bits = [UInt8](repeating: 0, count: Int(cx11_XIMaskLen(XI_LASTEVENT)))
        for event in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership] { cx11_XISetMask(&bits, event) }
        var modifiers = XIGrabModifiers(modifiers: cx11_XIAnyModifier(), status: 0)
        let failed = bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabTouchBegin(display, XIAllMasterDevices, root, 0, &mask, 1, &modifiers)
        }
        let errors = sync()
        let isGrabbed = failed == 0 && errors.isEmpty && modifiers.status == 0
        if isGrabbed {
            XIUngrabTouchBegin(display, XIAllMasterDevices, root, 1, &modifiers)
            sync()
        }
        return isGrabbed
    }
}

internal import CX11

extension X11Connection {
    /// Runs `body`, waits for the server to process its requests (`XSync`), and throws the
    /// first error the server sent for them, named with `call`.
    ///
    /// Errors of earlier requests, made outside `body`, are left in the connection's
    /// store for `takeErrors()`. Costs one round trip: for actions, not per touch event.
    @discardableResult
    func checked<Result>(_ call: String, _ body: () throws(X11Error) -> Result) throws(X11Error) -> Result {
        let first = UInt64(XNextRequest(display))
        let result = try body()
        let errors = sync()
        for earlier in errors where earlier.serial < first {
            X11ErrorStore.record(earlier, for: display)
        }
        if let error = errors.first(where: { $0.serial >= first }) {
            throw .requestFailed("\(call): \(error.text) for 0x\(String(error.resourceID, radix: 16))")
        }
        return result
    }
}

extension X11Connection {
    /// The window that has the keyboard focus now (`.none` for None or PointerRoot): one round trip.
    ///
    /// The corresponding Xlib call is `XGetInputFocus`.
    public func inputFocus() -> WindowID {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        return focus <= 1 ? .none : WindowID(rawValue: UInt64(focus))
    }
}

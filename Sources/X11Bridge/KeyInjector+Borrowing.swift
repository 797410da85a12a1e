internal import CX11
import GestureConfig

/// A keysym the keymap lacks, put for the moment on a keycode that had nothing.
struct BorrowedKey {
    /// The keycode lent to the keysym.
    var keycode: UInt8
    /// The keycode's core mapping row before, written back on return.
    var originalRow: [KeySym]
    /// When the key was last released (or borrowed), in monotonic seconds.
    var lastUse: Double
}

extension KeyInjector {
    /// How long a borrowed keycode keeps its keysym after its last release, in seconds.
    ///
    /// A client turns a keycode into a keysym when it reads the key event, and Xlib
    /// refetches the map then, after the `MappingNotify` our borrowing caused: if
    /// the map were restored at once, a client a few milliseconds behind would read
    /// the restored map and see NoSymbol (xdotool has the same race). Half a second
    /// covers a busy client; typing the same keysym again within it reuses the keycode.
    public static let borrowedKeyLifetime = 0.5

    /// When the earliest borrowed keycode is due back (monotonic seconds), or nil if none is
    /// lent or one is held down. The daemon's loop arms a timer for it and calls
    /// `restoreBorrowedKeys(at:)`.
    public var nextRestoreTime: Double? {
        borrowed.values.filter { !heldKeycodes.contains($0.keycode) }
            .map { $0.lastUse + Self.borrowedKeyLifetime }.min()
    }

    /// The keysyms lent to unused keycodes now, with their keycodes.
    public var borrowedKeycodes: [(keysym: UInt32, keycode: UInt8)] {
        borrowed.map { ($0.key, $0.value.keycode) }.sorted { $0.keycode < $1.keycode }
    }

    /// Gives back every borrowed keycode whose lifetime ended by `now` and that no one holds:
    /// its mapping row is written back as it was.
    ///
    /// Pass `.infinity` to give back all that are not held. The corresponding Xlib call is
    /// `XChangeKeyboardMapping`.
    public func restoreBorrowedKeys(at now: Double) throws(X11Error) {
        let due = borrowed.filter {
            !heldKeycodes.contains($0.value.keycode) && $0.value.lastUse + Self.borrowedKeyLifetime <= now
        }
        guard !due.isEmpty else { return }
        for keysym in due.keys { borrowed[keysym] = nil }
        try connection.checked("XChangeKeyboardMapping (restoring borrowed keycodes)") {
            for key in due.values {
                var row = key.originalRow
                XChangeKeyboardMapping(connection.display, Int32(key.keycode), Int32(row.count), &row, 1)
            }
        }
        keyboardMappingDidChange()
    }

    /// A stroke for a keysym the keymap lacks: the keycode already lent to it, or an unused
    /// keycode given the keysym on both levels of its first group.
    ///
    /// Both levels, as xdotool does: with one keysym, the core protocol would treat a
    /// letter as a lowercase/uppercase pair and `A` alone would type `a`.
    func borrow(_ keysym: Keysym, layout: KeyboardLayout) throws(X11Error) -> KeyboardLayout.Stroke {
        if let key = borrowed[keysym.value] {
            borrowed[keysym.value]?.lastUse = clock()
            return KeyboardLayout.Stroke(keycode: key.keycode, modifiers: 0)
        }
        let lent = Set(borrowed.values.map(\.keycode))
        guard let keycode = layout.unusedKeycodes.first(where: { !lent.contains($0) }) else {
            throw .requestFailed(
                "XChangeKeyboardMapping: no unused keycode left to type '\(keysym.name)', which the keymap lacks")
        }
        let originalRow = try coreRow(keycode)
        var symbols = [KeySym(keysym.value), KeySym(keysym.value)]
        try connection.checked("XChangeKeyboardMapping (lending keycode \(keycode) to '\(keysym.name)')") {
            XChangeKeyboardMapping(connection.display, Int32(keycode), Int32(symbols.count), &symbols, 1)
        }
        borrowed[keysym.value] = BorrowedKey(keycode: keycode, originalRow: originalRow, lastUse: clock())
        return KeyboardLayout.Stroke(keycode: keycode, modifiers: 0)
    }

    /// Marks a borrowed keycode used now, so it stays lent for another lifetime.
    func keyReleased(_ keycode: UInt8) {
        guard let entry = borrowed.first(where: { $0.value.keycode == keycode }) else { return }
        borrowed[entry.key]?.lastUse = clock()
    }

    /// One keycode's row of the core keyboard mapping, every keysym per keycode.
    ///
    /// The corresponding Xlib call is `XGetKeyboardMapping`.
    func coreRow(_ keycode: UInt8) throws(X11Error) -> [KeySym] {
        var perKeycode: Int32 = 0
        guard let symbols = XGetKeyboardMapping(connection.display, keycode, 1, &perKeycode) else {
            throw .requestFailed("XGetKeyboardMapping (keycode \(keycode))")
        }
        defer { XFree(symbols) }
        return (0..<Int(perKeycode)).map { symbols[$0] }
    }
}

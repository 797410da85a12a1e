internal import CX11
import GestureConfig
import Glibc

/// Types key chords and sequences into the focused window through XTest, and never leaves a key down.
///
/// Each keysym resolves to a keycode of the current layout and group; Shift or
/// AltGr (or whichever modifier the key type asks for) is added only when the
/// keysym sits on that level, so `plus` on a US layout is Shift with the `equal`
/// key, and `shift+plus` presses Shift once. A keysym the keymap lacks is put on
/// an unused keycode for the moment (see `KeyInjector+Borrowing.swift`).
///
/// A ledger counts every key this injector holds down. A key two bindings hold
/// is pressed once and released when the last one lets go; `releaseAll()` lets go
/// of everything, for cancel, errors, config reloads and signals. Taps release
/// their keys before returning.
///
/// The corresponding Xlib calls are `XTestFakeKeyEvent` and, for the map, `XkbGetMap`.
public final class KeyInjector {
    let connection: X11Connection
    /// The keyboard map; nil once a mapping change made it stale, read again on next use.
    var cachedLayout: KeyboardLayout?
    /// The keyboard's effective group (layout), kept by `XkbStateNotify` events once read:
    /// asking the server with every chord was a round trip between a gesture and its keys.
    var cachedGroup: Int?
    /// The XKB extension's first event number, which tags `XkbMapNotify` and friends.
    let xkbEventBase: Int32
    /// How many holders each pressed keycode has.
    private var pressCounts: [UInt8: Int] = [:]
    /// Pressed keycodes in press order, for releasing in reverse.
    private var pressOrder: [UInt8] = []
    /// The keycodes each `press(_:)` pressed, per chord and in order, so `release(_:)` lets go
    /// of the same keys even if the map changed in between.
    private var holds: [KeyChord: [[UInt8]]] = [:]
    /// Keysyms put on unused keycodes, by keysym.
    var borrowed: [UInt32: BorrowedKey] = [:]
    /// Monotonic seconds, for the borrowed keys' lifetime.
    let clock: () -> Double

    /// Checks for XTest and asks for keyboard map changes (`XkbMapNotify`, `XkbNewKeyboardNotify`)
    /// and group changes (`XkbStateNotify`, for the group only: no event per modifier press).
    ///
    /// - Parameter clock: monotonic seconds; the default reads `CLOCK_MONOTONIC`.
    public init(connection: X11Connection, clock: @escaping () -> Double = MonotonicClock.now) throws(X11Error) {
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(connection.display, &event, &error, &major, &minor) != 0 else {
            throw .missingExtension("XTEST", required: "2.2")
        }
        var opcode: Int32 = 0, xkbEvent: Int32 = 0, xkbError: Int32 = 0
        var xkbMajor = Int32(XkbMajorVersion), xkbMinor = Int32(XkbMinorVersion)
        guard XkbQueryExtension(connection.display, &opcode, &xkbEvent, &xkbError, &xkbMajor, &xkbMinor) != 0 else {
            throw .missingExtension("XKEYBOARD", required: "1.0")
        }
        let mapEvents = UInt32(XkbMapNotifyMask | XkbNewKeyboardNotifyMask)
        XkbSelectEvents(connection.display, UInt32(XkbUseCoreKbd), mapEvents, mapEvents)
        let group = UInt(XkbGroupStateMask)
        XkbSelectEventDetails(connection.display, UInt32(XkbUseCoreKbd), UInt32(XkbStateNotify), group, group)
        self.connection = connection
        self.xkbEventBase = xkbEvent
        self.clock = clock
    }

    /// Lets go of every key and gives back borrowed keycodes, so a discarded injector leaves
    /// neither stuck keys nor a changed keymap behind.
    deinit {
        try? releaseAll()
    }

    /// The keycodes this injector holds down now, in press order.
    public var heldKeycodes: [UInt8] { pressOrder }

    /// Presses and releases each chord in turn.
    ///
    /// Every keysym is resolved before the first key goes down, so an unknown keysym
    /// fails the whole sequence without typing half of it.
    public func tap(_ sequence: KeySequence) throws(X11Error) {
        let plans = try sequence.chords.map { (chord) throws(X11Error) in try plan(chord) }
        try connection.checked("XTestFakeKeyEvent (typing \(sequence))") { () throws(X11Error) in
            for keys in plans {
                keys.forEach(pressKey)
                keys.reversed().forEach(releaseKey)
            }
        }
    }

    /// Presses one chord and releases it.
    public func tap(_ chord: KeyChord) throws(X11Error) {
        try tap(KeySequence(chords: [chord]))
    }

    /// Presses a chord's keys (modifiers first) and keeps them down until `release(_:)` or `releaseAll()`.
    ///
    /// For hold-style bindings: press when the gesture begins, release when it ends or is cancelled.
    public func press(_ chord: KeyChord) throws(X11Error) {
        let keys = try plan(chord)
        keys.forEach(pressKey)
        holds[chord, default: []].append(keys)
        do {
            try connection.checked("XTestFakeKeyEvent (pressing \(chord))") {}
        } catch {
            try? release(chord)
            throw error
        }
    }

    /// Releases the keys the latest `press(_:)` of this chord pressed, key first; nothing if none.
    public func release(_ chord: KeyChord) throws(X11Error) {
        guard let keys = holds[chord]?.popLast() else { return }
        if holds[chord]?.isEmpty == true { holds[chord] = nil }
        try connection.checked("XTestFakeKeyEvent (releasing \(chord))") {
            keys.reversed().forEach(releaseKey)
        }
    }

    /// Releases every key this injector holds, newest first, and gives back every borrowed keycode.
    ///
    /// Does all its work before throwing the first error it met.
    public func releaseAll() throws(X11Error) {
        holds.removeAll()
        let keys = pressOrder
        pressCounts.removeAll()
        pressOrder.removeAll()
        var failure: X11Error?
        do {
            try connection.checked("XTestFakeKeyEvent (releasing every key)") {
                for keycode in keys.reversed() { XTestFakeKeyEvent(connection.display, UInt32(keycode), 0, 0) }
            }
        } catch {
            failure = error
        }
        do {
            try restoreBorrowedKeys(at: .infinity)
        } catch {
            failure = failure ?? error
        }
        if let failure { throw failure }
    }

    /// Forgets the cached keyboard map, so the next key reads it again.
    ///
    /// Call on `MappingNotify`, `XkbMapNotify` or `XkbNewKeyboardNotify`; `handleMappingEvent`
    /// does so for events read in this module.
    public func keyboardMappingDidChange() {
        cachedLayout = nil
        cachedGroup = nil
    }

    /// Forgets the map if `event` says the keyboard map changed; true if it was such an event.
    ///
    /// Core `MappingNotify` also goes to `XRefreshKeyboardMapping`, for Xlib's own tables.
    func handleMappingEvent(_ event: inout XEvent) -> Bool {
        if event.type == MappingNotify {
            guard event.xmapping.request != MappingPointer else { return false }
            XRefreshKeyboardMapping(&event.xmapping)
            keyboardMappingDidChange()
            return true
        }
        guard event.type == xkbEventBase else { return false }
        let kind = withUnsafeBytes(of: &event) { $0.load(as: XkbAnyEvent.self).xkb_type }
        if kind == XkbStateNotify {
            cachedGroup = Int(withUnsafeBytes(of: &event) { $0.load(as: XkbStateNotifyEvent.self).group })
            return true
        }
        guard kind == XkbMapNotify || kind == XkbNewKeyboardNotify else { return false }
        keyboardMappingDidChange()
        return true
    }

    /// Reads the keyboard map and group now if they are not cached (at start, and after the
    /// keyboard changed), so that a chord does not wait for those round trips: the daemon calls
    /// it when it is about to sleep with no gesture under way. The first chord after each start
    /// took 1.2-2 ms instead of 0.6 for them, the latency benchmark's worst gestures.
    public func prepare() {
        drainEvents()
        _ = try? layout()
        _ = try? currentGroup()
    }

    /// The keyboard map, read from the server if stale.
    func layout() throws(X11Error) -> KeyboardLayout {
        if let cachedLayout { return cachedLayout }
        let layout = try KeyboardLayout(connection: connection)
        cachedLayout = layout
        return layout
    }

    /// The effective group: the one the last `XkbStateNotify` said, read from the server
    /// only the first time (and after a keyboard change).
    func currentGroup() throws(X11Error) -> Int {
        // An event already in the socket (a layout switched a moment ago) comes first.
        if XPending(connection.display) > 0 { drainEvents() }
        if let cachedGroup { return cachedGroup }
        let group = try KeyboardLayout.currentGroup(connection: connection)
        cachedGroup = group
        return group
    }

    /// Reads the events waiting on the injector's connection (map and group changes).
    func drainEvents() {
        while XPending(connection.display) > 0 {
            var event = XEvent()
            XNextEvent(connection.display, &event)
            _ = handleMappingEvent(&event)
        }
    }

    /// The keycodes to press for a chord, in order: for each of its keysyms (modifiers, then
    /// the key), the modifiers of the keysym's level not already held, then its key.
    func plan(_ chord: KeyChord) throws(X11Error) -> [UInt8] {
        let layout = try layout()
        let group = try currentGroup()
        var keys: [UInt8] = []
        var held: UInt8 = 0
        for keysym in chord.modifiers.map(\.keysym) + [chord.key] {
            let stroke: KeyboardLayout.Stroke
            if let found = layout.stroke(for: keysym.value, group: group) {
                stroke = found
            } else {
                stroke = try borrow(keysym, layout: layout)
            }
            for modifier in layout.modifierKeycodes(for: stroke.modifiers & ~held) where !keys.contains(modifier) {
                keys.append(modifier)
                held |= layout.keys[modifier]?.modifiers ?? 0
            }
            if !keys.contains(stroke.keycode) {
                keys.append(stroke.keycode)
                held |= layout.keys[stroke.keycode]?.modifiers ?? 0
            }
        }
        return keys
    }

    /// Sends a press unless the key is already down for another holder, and counts the holder.
    private func pressKey(_ keycode: UInt8) {
        let count = pressCounts[keycode, default: 0]
        if count == 0 {
            XTestFakeKeyEvent(connection.display, UInt32(keycode), 1, 0)
            pressOrder.append(keycode)
        }
        pressCounts[keycode] = count + 1
    }

    /// Uncounts a holder and sends the release when it was the last one.
    private func releaseKey(_ keycode: UInt8) {
        guard let count = pressCounts[keycode] else { return }
        if count > 1 {
            pressCounts[keycode] = count - 1
            return
        }
        pressCounts[keycode] = nil
        pressOrder.removeAll { $0 == keycode }
        XTestFakeKeyEvent(connection.display, UInt32(keycode), 0, 0)
        keyReleased(keycode)
    }
}

extension KeyInjector {
    /// Releases, through XTest, every key the server holds down; returns their keycodes.
    ///
    /// A daemon killed while it held a chord (SIGKILL, the OOM killer) leaves its XTest
    /// device's keys down, and nothing else ever lifts them: the next real key would arrive
    /// as Ctrl+Alt+key. A key held on a real keyboard belongs to another device, and the
    /// server ignores an XTest release for it. For start-up and exit, not while this injector
    /// holds keys of its own. The corresponding Xlib calls are `XQueryKeymap` and `XTestFakeKeyEvent`.
    @discardableResult
    public func releaseKeysLeftDown() throws(X11Error) -> [UInt8] {
        var bits = [CChar](repeating: 0, count: 32)
        XQueryKeymap(connection.display, &bits)
        let down = (8..<256).filter { UInt8(bitPattern: bits[$0 / 8]) & (1 << UInt8($0 % 8)) != 0 }.map { UInt8($0) }
        guard !down.isEmpty else { return [] }
        try connection.checked("XTestFakeKeyEvent (releasing the keys left down)") {
            for keycode in down { XTestFakeKeyEvent(connection.display, UInt32(keycode), 0, 0) }
        }
        return down
    }
}

import CX11
import Foundation
import GestureConfig
import Testing
@testable import X11Bridge

/// Keys typed through XTest reach a real client window with the right keysyms and modifiers,
/// and leave nothing pressed and the keymap as it was.
@Suite("Typing keys into a real client", .serialized, .xServer([.keyboard]))
struct KeyInjectorTests {
    let server: XServer
    let connection: X11Connection
    let injector: KeyInjector

    init() throws {
        server = try XServer.shared()
        connection = try X11Connection.toTestServer(server.display)
        injector = try KeyInjector(connection: connection)
    }

    /// A client window that has the focus, as the window under a gesture has once activated.
    func focusedClient() throws -> TestClient {
        let client = try TestClient.launch(display: server.display, flags: [.focus])
        try client.waitForEvent("FocusIn") { $0.type == "FocusIn" }
        return client
    }

    /// The keycodes the server holds down now, from every keyboard (`XQueryKeymap`).
    func pressedKeycodes() -> [Int] {
        var bits = [CChar](repeating: 0, count: 32)
        XQueryKeymap(connection.display, &bits)
        return (0..<256).filter { UInt8(bitPattern: bits[$0 / 8]) & (1 << ($0 % 8)) != 0 }
    }

    struct Typing: Sendable, CustomStringConvertible {
        /// What the config says.
        var keys: String
        /// (type, keysym at index 0, keysym with modifiers, state) of each key event, in order.
        var events: [(String, String, String, UInt32)]
        var description: String { keys }
    }

    static let shift: UInt32 = 1, control: UInt32 = 4, mod1: UInt32 = 8, mod4: UInt32 = 64

    @Test(arguments: [
        Typing(
            keys: "ctrl+alt+Left",
            events: [
                ("KeyPress", "Control_L", "Control_L", 0), ("KeyPress", "Alt_L", "Alt_L", control),
                ("KeyPress", "Left", "Left", control | mod1), ("KeyRelease", "Left", "Left", control | mod1),
                ("KeyRelease", "Alt_L", "Alt_L", control | mod1), ("KeyRelease", "Control_L", "Control_L", control)
            ]),
        // `plus` sits on the `equal` key's second level: Shift is added, and only then.
        Typing(
            keys: "plus",
            events: [
                ("KeyPress", "Shift_L", "Shift_L", 0), ("KeyPress", "equal", "plus", shift),
                ("KeyRelease", "equal", "plus", shift), ("KeyRelease", "Shift_L", "Shift_L", shift)
            ]),
        Typing(
            keys: "shift+plus",
            events: [
                ("KeyPress", "Shift_L", "Shift_L", 0), ("KeyPress", "equal", "plus", shift),
                ("KeyRelease", "equal", "plus", shift), ("KeyRelease", "Shift_L", "Shift_L", shift)
            ]),
        Typing(keys: "equal", events: [("KeyPress", "equal", "equal", 0), ("KeyRelease", "equal", "equal", 0)]),
        Typing(
            keys: "super", events: [("KeyPress", "Super_L", "Super_L", 0), ("KeyRelease", "Super_L", "Super_L", mod4)]),
        Typing(
            keys: "ctrl+c ctrl+v",
            events: [
                ("KeyPress", "Control_L", "Control_L", 0), ("KeyPress", "c", "c", control),
                ("KeyRelease", "c", "c", control), ("KeyRelease", "Control_L", "Control_L", control),
                ("KeyPress", "Control_L", "Control_L", 0), ("KeyPress", "v", "v", control),
                ("KeyRelease", "v", "v", control), ("KeyRelease", "Control_L", "Control_L", control)
            ]),
        Typing(
            keys: "XF86AudioRaiseVolume",
            events: [
                ("KeyPress", "XF86AudioRaiseVolume", "XF86AudioRaiseVolume", 0),
                ("KeyRelease", "XF86AudioRaiseVolume", "XF86AudioRaiseVolume", 0)
            ])
    ])
    func keysArriveAtTheFocusedClientWithTheirModifiersAndNothingStaysPressed(_ typing: Typing) throws {
        let client = try focusedClient()
        defer { client.kill() }
        try injector.tap(KeySequence(parsing: typing.keys))
        let keys = try client.waitForEvents("\(typing.events.count) key events", count: typing.events.count) {
            $0.type == "KeyPress" || $0.type == "KeyRelease"
        }
        let received = keys.map { "\($0.type) \($0.keysym ?? "") \($0.lookup ?? "") \($0.state ?? 0)" }
        #expect(received == typing.events.map { "\($0.0) \($0.1) \($0.2) \($0.3)" })
        try client.sync()
        #expect(client.events.filter { $0.type.hasPrefix("Key") }.count == typing.events.count, "no stray key events")
        #expect(pressedKeycodes().isEmpty)
        #expect(injector.heldKeycodes.isEmpty)
        #expect(injector.borrowedKeycodes.isEmpty, "every keysym is in the keymap")
    }

    /// A keysym no US keymap holds.
    static let missing = Keysym(name: "Greek_alpha", value: 0x7e1)

    /// The daemon calls `prepare` when idle, so that a chord after a keyboard change (or the
    /// first after start) does not wait for the map and group round trips.
    @Test func prepareReadsTheMapAndGroupAheadOfTheNextChord() throws {
        injector.keyboardMappingDidChange()
        #expect(injector.cachedLayout == nil && injector.cachedGroup == nil)
        injector.prepare()
        #expect(injector.cachedLayout != nil)
        #expect(injector.cachedGroup == 0)
    }

    @Test func aKeysymMissingFromTheKeymapIsTypedOnABorrowedKeycodeThenTheMapIsRestored() throws {
        let layout = try KeyboardLayout(connection: connection)
        try #require(layout.stroke(for: Self.missing.value, group: 0) == nil, "the keymap lacks Greek_alpha")
        let spare = try #require(layout.unusedKeycodes.first)
        let before = try injector.coreRow(spare)
        let client = try focusedClient()
        defer { client.kill() }

        try injector.tap(KeyChord(key: Self.missing))
        let press = try client.waitForEvent("KeyPress Greek_alpha") { $0.type == "KeyPress" }
        #expect(press.keysym == "Greek_alpha" && press.lookup == "Greek_alpha" && press.keycode == Int(spare))
        try client.waitForEvent("KeyRelease") { $0.type == "KeyRelease" && $0.keycode == Int(spare) }
        #expect(pressedKeycodes().isEmpty)

        // Lent for a while after use; then written back exactly as it was.
        let due = try #require(injector.nextRestoreTime)
        try injector.restoreBorrowedKeys(at: due - 0.01)
        #expect(injector.borrowedKeycodes.map(\.keycode) == [spare])
        #expect(try injector.coreRow(spare).first == KeySym(Self.missing.value))
        try injector.restoreBorrowedKeys(at: due)
        #expect(injector.borrowedKeycodes.isEmpty && injector.nextRestoreTime == nil)
        #expect(try injector.coreRow(spare) == before)
        #expect(try KeyboardLayout(connection: connection) == layout)
    }

    /// Why borrowed keycodes are not given back at once: a client reads the keymap when it
    /// handles the key, which may be after the restore.
    @Test(arguments: [false, true])
    func aClientThatReadsTheKeyLateSeesTheBorrowedKeysymOnlyIfTheMapWaits(restoresAtOnce: Bool) throws {
        let client = try focusedClient()
        defer { client.kill() }
        kill(client.process.processIdentifier, SIGSTOP)
        try injector.tap(KeyChord(key: Self.missing))
        if restoresAtOnce {
            try injector.restoreBorrowedKeys(at: .infinity)
        } else {
            try injector.restoreBorrowedKeys(at: MonotonicClock.now())
        }
        kill(client.process.processIdentifier, SIGCONT)
        let press = try client.waitForEvent("KeyPress") { $0.type == "KeyPress" }
        #expect(press.lookup == (restoresAtOnce ? "" : "Greek_alpha"))
        try injector.restoreBorrowedKeys(at: .infinity)
    }

    @Test func aHeldChordStaysDownUntilReleasedAndSharedKeysUntilTheLastHolderLetsGo() throws {
        let client = try focusedClient()
        defer { client.kill() }
        let alt = try KeySequence(parsing: "alt").chords[0], altTab = try KeySequence(parsing: "alt+Tab").chords[0]
        try injector.press(alt)
        try injector.press(altTab)
        try client.waitForEvent("KeyPress Tab") { $0.type == "KeyPress" && $0.keysym == "Tab" }
        #expect(pressedKeycodes().count == 2)
        try injector.release(altTab)
        try client.sync()
        #expect(pressedKeycodes().count == 1, "alt is still held by the first press")
        #expect(client.events(ofType: "KeyPress").count == 2, "alt was pressed once")
        try injector.release(alt)
        try client.waitForEvent("KeyRelease Alt_L") { $0.type == "KeyRelease" && $0.keysym == "Alt_L" }
        #expect(pressedKeycodes().isEmpty && injector.heldKeycodes.isEmpty)
        try injector.release(alt)
        try client.sync()
        #expect(client.events(ofType: "KeyRelease").count == 2, "releasing again sends nothing")
    }

    @Test func releaseAllLetsGoOfEveryHeldKeyAndGivesBackBorrowedKeycodes() throws {
        let client = try focusedClient()
        defer { client.kill() }
        try injector.press(try KeySequence(parsing: "ctrl+shift+Left").chords[0])
        try injector.press(KeyChord(modifiers: [.super], key: Self.missing))
        try client.waitForEvents("five presses", count: 5) { $0.type == "KeyPress" }
        #expect(pressedKeycodes().count == 5)
        #expect(injector.nextRestoreTime == nil, "a held borrowed key is never given back")
        try injector.releaseAll()
        try client.waitForEvents("five releases", count: 5) { $0.type == "KeyRelease" }
        #expect(pressedKeycodes().isEmpty)
        #expect(injector.heldKeycodes.isEmpty && injector.borrowedKeycodes.isEmpty)
        let pressed = client.events(ofType: "KeyPress").compactMap(\.keycode)
        #expect(client.events(ofType: "KeyRelease").compactMap(\.keycode) == pressed.reversed(), "newest first")
    }

    @Test func aKeymapChangeIsNoticedFromItsEventAndTheNewMapIsUsed() throws {
        // Another client (a layout switcher) puts Greek_beta on an unused keycode.
        let other = try X11Connection.toTestServer(server.display)
        let layout = try injector.layout()
        let keycode = try #require(layout.unusedKeycodes.first)
        let original = try injector.coreRow(keycode)
        var symbols = [KeySym(0x7e2), KeySym(0x7e2)]
        XChangeKeyboardMapping(other.display, Int32(keycode), 2, &symbols, 1)
        XSync(other.display, 0)
        defer {
            var row = original
            XChangeKeyboardMapping(other.display, Int32(keycode), Int32(row.count), &row, 1)
            XSync(other.display, 0)
        }

        XSync(connection.display, 0)
        var noticed = false
        while XPending(connection.display) > 0 {
            var event = XEvent()
            XNextEvent(connection.display, &event)
            noticed = injector.handleMappingEvent(&event) || noticed
        }
        #expect(noticed)
        #expect(injector.cachedLayout == nil, "the cached map is dropped")
        let client = try focusedClient()
        defer { client.kill() }
        try injector.tap(KeyChord(key: Keysym(name: "Greek_beta", value: 0x7e2)))
        let press = try client.waitForEvent("KeyPress") { $0.type == "KeyPress" }
        #expect(press.keycode == Int(keycode) && press.lookup == "Greek_beta")
        #expect(injector.borrowedKeycodes.isEmpty, "typed with the new map, not borrowed")
    }

    @Test func keysymsResolveInTheCurrentGroup() throws {
        try runSetxkbmap("us,ru")
        defer {
            XkbLockGroup(connection.display, UInt32(XkbUseCoreKbd), 0)
            XSync(connection.display, 0)
            try? runSetxkbmap("us")
        }
        XkbLockGroup(connection.display, UInt32(XkbUseCoreKbd), 1)
        XSync(connection.display, 0)
        injector.keyboardMappingDidChange()
        #expect(try KeyboardLayout.currentGroup(connection: connection) == 1)
        let client = try focusedClient()
        defer { client.kill() }

        // Cyrillic_a is on the `f` key in the Russian group; Latin `a` is in no key of that group.
        try injector.tap(KeySequence(parsing: "Cyrillic_a a"))
        let presses = try client.waitForEvents("two KeyPress", count: 2) { $0.type == "KeyPress" }
        #expect(presses.map(\.lookup) == ["Cyrillic_a", "a"])
        #expect(injector.borrowedKeycodes.map(\.keysym) == [0x61], "only `a` needed a borrowed keycode")
        try injector.restoreBorrowedKeys(at: .infinity)
    }

    /// The group is kept from `XkbStateNotify` rather than asked with every chord: a layout
    /// switched by another client (the desktop's layout switcher) after a chord is followed.
    @Test func aLayoutSwitchByAnotherClientIsFollowedFromItsEvent() throws {
        try runSetxkbmap("us,ru")
        let other = try X11Connection.toTestServer(server.display)
        defer {
            XkbLockGroup(other.display, UInt32(XkbUseCoreKbd), 0)
            XSync(other.display, 0)
            try? runSetxkbmap("us")
        }
        // setxkbmap's map events reach this connection by the round trip; read them now, so
        // that only the group switch below can tell the injector anything.
        XSync(connection.display, 0)
        injector.drainEvents()
        let client = try focusedClient()
        defer { client.kill() }
        // The first XTest key makes the XTest keyboard the core keyboard's source, which the
        // server announces as XkbNewKeyboardNotify (the group is read again then); the
        // second leaves a group cached that only an XkbStateNotify can correct.
        for _ in 0..<2 {
            try injector.tap(KeySequence(parsing: "a"))
            XSync(connection.display, 0)
            injector.drainEvents()
        }
        try injector.tap(KeySequence(parsing: "a"))
        #expect(injector.cachedGroup == 0)
        XkbLockGroup(other.display, UInt32(XkbUseCoreKbd), 1)
        XSync(other.display, 0)
        // The server has sent the injector's connection its XkbStateNotify by now.
        XSync(connection.display, 0)
        try injector.tap(KeySequence(parsing: "Cyrillic_a"))
        let presses = try client.waitForEvents("four KeyPress", count: 4) { $0.type == "KeyPress" }
        #expect(presses.map(\.lookup) == ["a", "a", "a", "Cyrillic_a"])
        #expect(injector.cachedGroup == 1)
        #expect(!injector.borrowedKeycodes.contains { $0.keysym == 0x6c1 }, "Cyrillic_a typed from the ru group")
        try injector.restoreBorrowedKeys(at: .infinity)
    }

    func runSetxkbmap(_ layout: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setxkbmap")
        process.arguments = ["-display", server.display, "-layout", layout]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "setxkbmap -layout \(layout)")
    }
}

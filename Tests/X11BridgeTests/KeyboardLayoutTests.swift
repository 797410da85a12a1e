import Testing
@testable import X11Bridge

/// The keysym-to-keycode rules, on a hand-made map shaped like XKB's `pc+us` with a second group.
@Suite("Resolving keysyms on a keyboard map")
struct KeyboardLayoutTests {
    static let shift: UInt8 = 1 << 0, lock: UInt8 = 1 << 1, control: UInt8 = 1 << 2, mod1: UInt8 = 1 << 3
    static let mod5: UInt8 = 1 << 7

    /// Types: 0 ONE_LEVEL, 1 TWO_LEVEL, 2 ALPHABETIC, 3 FOUR_LEVEL.
    static let types = [
        KeyboardLayout.KeyType(modifierMask: 0, entries: []),
        KeyboardLayout.KeyType(modifierMask: shift, entries: [(shift, 1)]),
        KeyboardLayout.KeyType(modifierMask: shift | lock, entries: [(shift, 1), (lock, 1)]),
        KeyboardLayout.KeyType(modifierMask: shift | mod5, entries: [(shift, 1), (mod5, 2), (shift | mod5, 3)])
    ]

    static func key(
        _ groups: [[UInt32]], types: [Int], modifiers: UInt8 = 0,
        overflow: KeyboardLayout.GroupOverflow = .wrap
    ) -> KeyboardLayout.Key {
        KeyboardLayout.Key(groups: groups, types: types, overflow: overflow, modifiers: modifiers)
    }

    static let layout = KeyboardLayout(
        minKeycode: 8, maxKeycode: 30, types: types,
        keys: [
            10: key([[0x31, 0x21]], types: [1]),  // 1 exclam
            21: key([[0x3d, 0x2b]], types: [1]),  // equal plus
            24: key([[0x71, 0x51], [0x6ca, 0x6ea]], types: [2, 2]),  // q Q | Cyrillic_shorti
            26: key([[0x65, 0x45, 0x20ac, 0x45]], types: [3]),  // e E EuroSign E
            12: key([[0x2b, 0x2a]], types: [1]),  // plus asterisk: a second `plus`, at level 0
            14: key([[0xff51]], types: [0], overflow: .clamp),  // Left
            15: key([[0xff52]], types: [0], overflow: .redirect(0)),  // Up
            37: key([[0xffe3]], types: [0], modifiers: control),  // Control_L (outside min...max: never used)
            16: key([[0xffe3]], types: [0], modifiers: control),  // Control_L
            17: key([[0xffe1]], types: [0], modifiers: shift),  // Shift_L
            18: key([[0xffe2]], types: [0], modifiers: shift),  // Shift_R
            13: key([[0xff7e]], types: [0], modifiers: mod5),  // Mode_switch, the lower Mod5 key
            19: key([[0xfe03]], types: [0], modifiers: mod5),  // ISO_Level3_Shift
            20: key([[0xffe9, 0xffe7]], types: [1], modifiers: mod1),  // Alt_L Meta_L
            25: key([[0x6c1]], types: [0]),  // Cyrillic_a, a key with one group
            28: key([], types: []),
            29: key([[0, 0]], types: [1])
        ])

    struct Case: Sendable, CustomStringConvertible {
        var keysym: UInt32
        var group: Int
        var expected: KeyboardLayout.Stroke?
        var description: String { "0x\(String(keysym, radix: 16)) in group \(group)" }
    }

    @Test(arguments: [
        Case(keysym: 0x3d, group: 0, expected: .init(keycode: 21, modifiers: 0)),
        // `plus` is on two keys: the one without Shift wins.
        Case(keysym: 0x2b, group: 0, expected: .init(keycode: 12, modifiers: 0)),
        Case(keysym: 0x21, group: 0, expected: .init(keycode: 10, modifiers: shift)),
        // ALPHABETIC reaches level 2 with Shift or Lock: never Lock.
        Case(keysym: 0x51, group: 0, expected: .init(keycode: 24, modifiers: shift)),
        Case(keysym: 0x20ac, group: 0, expected: .init(keycode: 26, modifiers: mod5)),
        Case(keysym: 0x6ea, group: 1, expected: .init(keycode: 24, modifiers: shift)),
        // A Cyrillic keysym of group 2 is not typed while the keyboard is in group 1.
        Case(keysym: 0x6ca, group: 0, expected: nil),
        // Keys with fewer groups: wrap (the default), clamp, redirect.
        Case(keysym: 0x6c1, group: 1, expected: .init(keycode: 25, modifiers: 0)),
        Case(keysym: 0xff51, group: 3, expected: .init(keycode: 14, modifiers: 0)),
        Case(keysym: 0xff52, group: 2, expected: .init(keycode: 15, modifiers: 0)),
        Case(keysym: 0xffe7, group: 0, expected: .init(keycode: 20, modifiers: shift)),
        Case(keysym: 0x1008ff13, group: 0, expected: nil),
        Case(keysym: 0, group: 0, expected: nil)
    ])
    func aKeysymResolvesToTheKeyAndLevelWithTheFewestModifiers(_ test: Case) {
        #expect(Self.layout.stroke(for: test.keysym, group: test.group) == test.expected)
    }

    @Test func aModifierBitIsHeldWithItsCanonicalKey() {
        #expect(Self.layout.modifierKeycode(forBit: 0) == 17, "Shift_L before Shift_R")
        #expect(Self.layout.modifierKeycode(forBit: 7) == 19, "ISO_Level3_Shift, not the lower Mode_switch")
        #expect(Self.layout.modifierKeycode(forBit: 2) == 16, "only keycodes in min...max")
        #expect(Self.layout.modifierKeycode(forBit: 4) == nil)
        #expect(Self.layout.modifierKeycodes(for: Self.shift | Self.mod5) == [17, 19])
    }

    @Test func aLevelNeedingAModifierNoKeyHoldsIsUnreachable() {
        let layout = Self.layout.removingKeys([13, 19])
        #expect(layout.stroke(for: 0x20ac, group: 0) == nil)
        #expect(layout.stroke(for: 0x45, group: 0) == .init(keycode: 26, modifiers: Self.shift))
    }

    @Test func unusedKeycodesAreTheEmptyOnesHighestFirst() {
        let unused = Self.layout.unusedKeycodes
        #expect(unused.prefix(3) == [30, 29, 28], "30 has no entry, 29 only NoSymbol, 28 no groups")
        #expect(!unused.contains(21) && !unused.contains(16))
        #expect(unused.last == 8)
    }
}

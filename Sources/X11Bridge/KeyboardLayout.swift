/// A snapshot of the server's keyboard map: which keycode and modifiers type each keysym.
///
/// Holds what XKB's client map says (`XkbGetMap`): per keycode, its keysyms per
/// group and level, the key type of each group (which modifiers select which
/// level), how out-of-range groups fold back, and the keycode's real modifier
/// bits (the modifier map). It answers, for the current group, "press which key
/// with which modifiers to type this keysym", preferring the fewest modifiers:
/// `plus` on a US layout is Shift plus the `equal` key, `Left` is its own key.
/// Pure data, so its rules are tested without a server.
struct KeyboardLayout: Equatable, CustomStringConvertible {
    /// A key type: the modifiers it looks at and which combinations select which level.
    struct KeyType: Equatable {
        /// The real modifier bits the type considers (`XkbKeyTypeRec.mods.mask`).
        var modifierMask: UInt8
        /// The active map entries: this exact combination of considered bits selects `level`.
        var entries: [(modifiers: UInt8, level: Int)]

        static func == (lhs: KeyType, rhs: KeyType) -> Bool {
            lhs.modifierMask == rhs.modifierMask
                && lhs.entries.elementsEqual(rhs.entries) { $0.modifiers == $1.modifiers && $0.level == $1.level }
        }

        /// The level these modifiers select: the entry that matches exactly, else level 0 (XKB's rule).
        func level(for modifiers: UInt8) -> Int {
            let considered = modifiers & modifierMask
            return entries.first { $0.modifiers == considered }?.level ?? 0
        }
    }

    /// What XKB does with a group number past a key's last group (`XkbOutOfRangeGroupInfo`).
    enum GroupOverflow: Equatable {
        /// Wrap around: group modulo the key's group count (XKB's default).
        case wrap
        /// Use the key's last group.
        case clamp
        /// Use this group.
        case redirect(Int)
    }

    /// One keycode: its keysyms and key types per group, and its modifier bits.
    struct Key: Equatable {
        /// `groups[g][level]` is the keysym (0 for NoSymbol).
        var groups: [[UInt32]]
        /// Index into `KeyboardLayout.types` of each group's key type.
        var types: [Int]
        var overflow: GroupOverflow = .wrap
        /// The real modifier bits this key sets when pressed (the modifier map).
        var modifiers: UInt8 = 0

        /// Whether the key has no keysym at all and sets no modifier: free to borrow.
        var isUnused: Bool { modifiers == 0 && groups.allSatisfy { $0.allSatisfy { $0 == 0 } } }

        /// The group the key uses when the keyboard is in `group`, or nil for a key without groups.
        func effectiveGroup(_ group: Int) -> Int? {
            guard !groups.isEmpty else { return nil }
            guard group >= groups.count || group < 0 else { return group }
            switch overflow {
            case .wrap: return ((group % groups.count) + groups.count) % groups.count
            case .clamp: return group < 0 ? 0 : groups.count - 1
            case .redirect(let target): return target < groups.count ? target : 0
            }
        }
    }

    /// How to type one keysym: press `keycode` while `modifiers` (real modifier bits) are held.
    struct Stroke: Equatable {
        var keycode: UInt8
        var modifiers: UInt8
    }

    /// The Shift bit (`ShiftMask`) and the Lock bit (`LockMask`) of the core protocol.
    static let shiftBit: UInt8 = 1 << 0
    static let lockBit: UInt8 = 1 << 1
    /// The keysyms preferred for holding a modifier bit: `Shift_L` for Shift, `ISO_Level3_Shift`
    /// for the level-three bit. Mod5 often also holds `Mode_switch`, which switches groups instead.
    static let preferredModifierKeysyms: [UInt32] = [0xffe1, 0xfe03, 0xffe3, 0xffe9, 0xffeb]

    let minKeycode: UInt8
    let maxKeycode: UInt8
    let types: [KeyType]
    /// Keys by keycode; keycodes outside `minKeycode...maxKeycode` are never used.
    let keys: [UInt8: Key]
    /// The keycodes (in `minKeycode...maxKeycode`, ascending) whose keysyms include each keysym,
    /// so resolving a keysym looks at a key or two instead of every keycode.
    let keycodesByKeysym: [UInt32: [UInt8]]

    init(minKeycode: UInt8, maxKeycode: UInt8, types: [KeyType], keys: [UInt8: Key]) {
        self.minKeycode = minKeycode
        self.maxKeycode = maxKeycode
        self.types = types
        self.keys = keys
        var index: [UInt32: [UInt8]] = [:]
        for keycode in minKeycode...maxKeycode {
            for keysym in Set((keys[keycode]?.groups ?? []).joined()) where keysym != 0 {
                index[keysym, default: []].append(keycode)
            }
        }
        keycodesByKeysym = index
    }

    /// The same map without `keycodes`, as after a keyboard swap that drops keys.
    func removingKeys(_ keycodes: [UInt8]) -> KeyboardLayout {
        var keys = keys
        for keycode in keycodes { keys[keycode] = nil }
        return KeyboardLayout(minKeycode: minKeycode, maxKeycode: maxKeycode, types: types, keys: keys)
    }

    /// The best way to type `keysym` in `group`: the fewest modifier bits, Lock never,
    /// then a key that is itself a modifier (for `Control_L` and friends), then the lowest keycode.
    /// Nil when no key holds the keysym in that group, or a needed modifier has no key.
    func stroke(for keysym: UInt32, group: Int) -> Stroke? {
        guard keysym != 0 else { return nil }
        var best: (stroke: Stroke, rank: (Int, Int, Int))?
        for keycode in keycodesByKeysym[keysym] ?? [] {
            guard let key = keys[keycode], let g = key.effectiveGroup(group),
                let level = key.groups[g].firstIndex(of: keysym),
                let modifiers = modifiers(reaching: level, of: types[key.types[g]])
            else { continue }
            let rank = (modifiers.nonzeroBitCount, key.modifiers == 0 ? 1 : 0, Int(keycode))
            if best == nil || rank < best!.rank {
                best = (Stroke(keycode: keycode, modifiers: modifiers), rank)
            }
        }
        return best?.stroke
    }

    /// The modifier bits that select `level` of `type` with the fewest bits and no Lock,
    /// each of them held by some key; nil if no such combination exists.
    func modifiers(reaching level: Int, of type: KeyType) -> UInt8? {
        let candidates = [UInt8(0)] + type.entries.map(\.modifiers)
        return
            candidates
            .filter { type.level(for: $0) == level && $0 & Self.lockBit == 0 && canHold($0) }
            .min { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
    }

    /// Whether every bit of `modifiers` has a key in the modifier map.
    func canHold(_ modifiers: UInt8) -> Bool {
        (0..<8).allSatisfy { bit in modifiers & (1 << bit) == 0 || modifierKeycode(forBit: bit) != nil }
    }

    /// The key to hold for one real modifier bit (0 Shift … 7 Mod5): one whose first keysym is
    /// a preferred modifier keysym, else the lowest keycode the modifier map gives that bit.
    func modifierKeycode(forBit bit: Int) -> UInt8? {
        let mask = UInt8(1) << bit
        let holders = (minKeycode...maxKeycode).filter { keys[$0].map { $0.modifiers & mask != 0 } ?? false }
        for preferred in Self.preferredModifierKeysyms {
            if let keycode = holders.first(where: { keys[$0]?.groups.first?.first == preferred }) { return keycode }
        }
        return holders.first
    }

    /// The keys to hold for `modifiers`, one per bit, lowest bit first.
    func modifierKeycodes(for modifiers: UInt8) -> [UInt8] {
        (0..<8).compactMap { bit in modifiers & (1 << bit) == 0 ? nil : modifierKeycode(forBit: bit) }
    }

    /// A one-line summary for logs and test failures; the whole map is thousands of lines.
    var description: String {
        let used = keys.values.filter { !$0.isUnused }.count
        return "keyboard map: keycodes \(minKeycode)...\(maxKeycode), \(used) in use, \(types.count) key types"
    }

    /// Keycodes with no keysym and no modifier, highest first: the ones `KeyInjector` may borrow.
    ///
    /// Highest first because low keycodes are the ones real keyboards send.
    var unusedKeycodes: [UInt8] {
        (minKeycode...maxKeycode).reversed().filter { keys[$0]?.isUnused ?? true }
    }
}

internal import CX11

extension KeyboardLayout {
    /// Reads the core keyboard's map from the server: key types, keysyms and the modifier map.
    ///
    /// The corresponding Xlib call is `XkbGetMap(display, XkbKeyTypesMask | XkbKeySymsMask |
    /// XkbModifierMapMask, XkbUseCoreKbd)`.
    init(connection: X11Connection) throws(X11Error) {
        let parts = UInt32(XkbKeyTypesMask | XkbKeySymsMask | XkbModifierMapMask)
        guard let description = XkbGetMap(connection.display, parts, UInt32(XkbUseCoreKbd)) else {
            throw .requestFailed("XkbGetMap (reading the keyboard map)")
        }
        defer { XkbFreeKeyboard(description, 0, 1) }
        guard let map = description.pointee.map else { throw .requestFailed("XkbGetMap (no client map)") }
        let client = map.pointee

        var types: [KeyType] = []
        for index in 0..<Int(client.num_types) {
            let type = client.types[index]
            var entries: [(modifiers: UInt8, level: Int)] = []
            for entryIndex in 0..<Int(type.map_count) {
                let entry = type.map[entryIndex]
                // An entry whose virtual modifiers are bound to no real modifier is inactive.
                if entry.active != 0 { entries.append((entry.mods.mask, Int(entry.level))) }
            }
            types.append(KeyType(modifierMask: type.mods.mask, entries: entries))
        }

        let minimum = description.pointee.min_key_code, maximum = description.pointee.max_key_code
        var keys: [UInt8: Key] = [:]
        for keycode in minimum...maximum {
            let symbols = client.key_sym_map[Int(keycode)]
            let groupInfo = symbols.group_info
            let groupCount = Int(groupInfo & 0x0f)
            let width = Int(symbols.width)
            let kindex = [symbols.kt_index.0, symbols.kt_index.1, symbols.kt_index.2, symbols.kt_index.3]
            var groups: [[UInt32]] = []
            var keyTypes: [Int] = []
            for group in 0..<min(groupCount, 4) {
                let typeIndex = Int(kindex[group])
                let levels = typeIndex < types.count ? Int(client.types[typeIndex].num_levels) : width
                groups.append(
                    (0..<min(levels, width)).map { level in
                        UInt32(truncatingIfNeeded: client.syms[Int(symbols.offset) + group * width + level])
                    })
                keyTypes.append(min(typeIndex, max(types.count - 1, 0)))
            }
            let overflow: GroupOverflow
            // XkbOutOfRangeGroupInfo: 0x80 redirect into (info >> 4) & 3, 0x40 clamp, else wrap.
            if groupInfo & 0x80 != 0 {
                overflow = .redirect(Int((groupInfo >> 4) & 0x03))
            } else if groupInfo & 0x40 != 0 {
                overflow = .clamp
            } else {
                overflow = .wrap
            }
            keys[keycode] = Key(
                groups: groups, types: keyTypes, overflow: overflow, modifiers: client.modmap[Int(keycode)])
        }
        self.init(minKeycode: minimum, maxKeycode: maximum, types: types, keys: keys)
    }

    /// The keyboard's effective group now (0 is the first layout).
    ///
    /// The corresponding Xlib call is `XkbGetState`.
    static func currentGroup(connection: X11Connection) throws(X11Error) -> Int {
        var state = XkbStateRec()
        guard XkbGetState(connection.display, UInt32(XkbUseCoreKbd), &state) == Success else {
            throw .requestFailed("XkbGetState (reading the keyboard group)")
        }
        return Int(state.group)
    }
}

/// An X keysym: a name that `XStringToKeysym(3)` knows, and its value.
///
/// Names are case-sensitive, as in X: `a` and `A` are different keysyms.
public struct Keysym: Hashable, Sendable, CustomStringConvertible {
    /// The name as written, such as `Left`, `plus` or `XF86AudioRaiseVolume`.
    public var name: String
    /// The keysym value, such as 0xff51 for `Left`.
    public var value: UInt32

    /// Creates a keysym from a known name and value.
    public init(name: String, value: UInt32) {
        self.name = name
        self.value = value
    }

    /// Looks a name up as `XStringToKeysym` does: the names of keysymdef.h and
    /// XF86keysym.h, `U20AC`-style Unicode names, and `0xff51`-style numbers.
    public init?(named name: String) {
        if let value = Keysym.valuesByName[name] {
            self.init(name: name, value: value)
        } else if let value = Keysym.unicodeValue(name) ?? Keysym.hexValue(name) {
            self.init(name: name, value: value)
        } else {
            return nil
        }
    }

    public var description: String { name }

    /// Every known name with its value, built once from the generated table.
    static let valuesByName: [String: UInt32] = Dictionary(
        KeysymTable.entries.map { ($0.name, $0.value) },
        uniquingKeysWith: { first, _ in first }
    )

    /// The MouseKeys keysyms (`Pointer_Button1`, `Pointer_Left`, …, 0xfee0-0xfeff): XKB turns them
    /// into pointer actions only while MouseKeys is on, and no key of a usual keymap sends them,
    /// so a chord of one can never be typed.
    static let mouseKeys: ClosedRange<UInt32> = 0xfee0...0xfeff

    /// The names people write for keys whose X names differ, lowercased, with X's name:
    /// `Enter` is `Return`, `Esc` is `Escape`. Only names that are no keysym of their own.
    static let commonNames: [String: String] = [
        "enter": "Return", "esc": "Escape", "del": "Delete", "bksp": "BackSpace",
        "ins": "Insert", "pgup": "Page_Up", "pageup": "Page_Up", "pgdn": "Page_Down", "pgdown": "Page_Down",
        "pagedown": "Page_Down", "caps": "Caps_Lock", "capslock": "Caps_Lock",
        "prtsc": "Print", "printscreen": "Print", "print_screen": "Print", "altgr": "ISO_Level3_Shift",
        "volumeup": "XF86AudioRaiseVolume", "volumedown": "XF86AudioLowerVolume", "mute": "XF86AudioMute",
        "playpause": "XF86AudioPlay", "brightnessup": "XF86MonBrightnessUp",
        "brightnessdown": "XF86MonBrightnessDown", "arrowleft": "Left", "arrowright": "Right", "arrowup": "Up",
        "arrowdown": "Down", "spacebar": "space", "numlock": "Num_Lock", "scrolllock": "Scroll_Lock"
    ]

    /// X's name for a key people call `name` (`Enter` → `Return`), ignoring case; nil when it has none.
    static func xName(forCommonName name: String) -> String? { commonNames[name.lowercased()] }

    /// The name of the keysym for a Latin-1 character, or the `U` name for others, so that
    /// an error can say `write 'slash' for '/'`.
    static func name(forCharacter scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        let isLatin1 = (0x20...0x7e).contains(value) || (0xa0...0xff).contains(value)
        if isLatin1, let entry = KeysymTable.entries.first(where: { $0.value == value && $0.name.count > 1 }) {
            return entry.name
        }
        return "U" + String(value, radix: 16, uppercase: true)
    }

    /// `U20AC` → 0x10020ac; `U41` → 0x41, as libX11 maps Latin-1 to its own keysyms.
    private static func unicodeValue(_ name: String) -> UInt32? {
        guard name.hasPrefix("U"), name.count >= 2, name.count <= 7,
            let code = UInt32(name.dropFirst(), radix: 16), code <= 0x10FFFF,
            name.dropFirst().allSatisfy(\.isHexDigit)
        else { return nil }
        if code < 0x20 || (0x7f..<0xa0).contains(code) { return nil }
        return code < 0x100 ? code : 0x0100_0000 | code
    }

    /// `0xff51` → 0xff51.
    private static func hexValue(_ name: String) -> UInt32? {
        guard name.hasPrefix("0x") || name.hasPrefix("0X"), name.count > 2, name.count <= 10,
            name.dropFirst(2).allSatisfy(\.isHexDigit)
        else { return nil }
        return UInt32(name.dropFirst(2), radix: 16)
    }
}

/// A modifier held down while a chord's key is pressed.
///
/// The file's words: `ctrl`/`control`, `alt`, `shift`, `super` (also `win`,
/// `meta` and `logo`, since KDE calls the Windows key Meta), `hyper` and `altgr`.
/// Case does not matter. Before a `+`, the modifier keys' own keysym names, as xdotool
/// writes chords, name them too: `Control_L+Right`, `Super_R+1`, `ISO_Level3_Shift+e`. The X11 layer finds the modifier bit through each one's
/// keysym, so the keyboard map decides which physical key that is.
public enum KeyModifier: String, Hashable, Sendable, CaseIterable {
    case control = "ctrl"
    case alt
    case shift
    case `super`
    case hyper
    case altGr = "altgr"

    /// The keysym pressed to hold this modifier, such as `Control_L`.
    public var keysym: Keysym {
        switch self {
        case .control: Keysym(name: "Control_L", value: 0xffe3)
        case .alt: Keysym(name: "Alt_L", value: 0xffe9)
        case .shift: Keysym(name: "Shift_L", value: 0xffe1)
        case .super: Keysym(name: "Super_L", value: 0xffeb)
        case .hyper: Keysym(name: "Hyper_L", value: 0xffed)
        case .altGr: Keysym(name: "ISO_Level3_Shift", value: 0xfe03)
        }
    }

    /// Every word the file accepts for a modifier, canonical names first.
    public static let words: [String] = allCases.map(\.rawValue) + ["control", "win", "meta", "logo"]

    /// The modifier a key's keysym name stands for in a chord, as xdotool writes them:
    /// `Control_L` and `Control_R` are ctrl, and so on (case as X writes them).
    public static func heldBy(keysymName name: String) -> KeyModifier? {
        switch name {
        case "Control_L", "Control_R": .control
        case "Alt_L", "Alt_R": .alt
        case "Shift_L", "Shift_R": .shift
        case "Super_L", "Super_R", "Meta_L", "Meta_R": .super
        case "Hyper_L", "Hyper_R": .hyper
        case "ISO_Level3_Shift": .altGr
        default: nil
        }
    }

    /// The modifier a word names, ignoring case: `Ctrl`, `control`, `win`, ….
    public static func named(_ word: String) -> KeyModifier? {
        switch word.lowercased() {
        case "ctrl", "control": .control
        case "alt": .alt
        case "shift": .shift
        case "super", "win", "meta", "logo": .super
        case "hyper": .hyper
        case "altgr": .altGr
        default: nil
        }
    }
}

/// One chord: modifiers held while one key is pressed and released, as in `ctrl+alt+Left`.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The modifiers, in the order written (and pressed).
    public var modifiers: [KeyModifier]
    /// The key pressed last. A chord of a modifier alone, such as `super`, has that
    /// modifier's keysym here and no modifiers.
    public var key: Keysym

    /// Creates a chord.
    public init(modifiers: [KeyModifier] = [], key: Keysym) {
        self.modifiers = modifiers
        self.key = key
    }

    public var description: String {
        (modifiers.map(\.rawValue) + [key.name]).joined(separator: "+")
    }
}

/// The chord a key press in the settings app's capture field makes, in the config's words
/// (`ctrl+alt+t`, `super`, `ctrl+shift+Left`): X's key names, as xdotool writes them.
public enum KeyChordText {
    /// The modifiers held, as GDK reports them.
    public struct Modifiers: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1 << 0)
        public static let control = Modifiers(rawValue: 1 << 2)
        public static let alt = Modifiers(rawValue: 1 << 3)
        public static let `super` = Modifiers(rawValue: 1 << 26)
    }

    /// The keys that are modifiers themselves: pressed alone they start a chord, not end one.
    static let modifierNames: Set<String> = [
        "Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Meta_L", "Meta_R", "Super_L", "Super_R",
        "ISO_Level3_Shift", "Caps_Lock", "Hyper_L", "Hyper_R"
    ]

    /// The chord of `key` (its X name; its lowercase name for a letter) with `modifiers` held;
    /// nil for a modifier key alone, which waits for the key it modifies.
    public static func chord(key: String, modifiers: Modifiers) -> String? {
        guard !key.isEmpty, !modifierNames.contains(key) else { return nil }
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.alt) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        if modifiers.contains(.super) { parts.append("super") }
        return (parts + [key]).joined(separator: "+")
    }
}

import GestureConfig
import GestureSettings
import Testing

/// The capture field's chords, which the config must read back as the same keys.
@Suite struct KeyChordTextTests {
    static let control = KeyChordText.Modifiers.control.rawValue, alt = KeyChordText.Modifiers.alt.rawValue
    static let shift = KeyChordText.Modifiers.shift.rawValue, superKey = KeyChordText.Modifiers.super.rawValue

    @Test(arguments: [
        ("t", control | alt, "ctrl+alt+t"), ("a", control | shift, "ctrl+shift+a"), ("Left", alt, "alt+Left"),
        ("F5", 0, "F5"), ("Next", superKey, "super+Next")
    ])
    func aPressMakesTheChordTheConfigReads(key: String, modifiers: UInt32, chord: String) throws {
        #expect(KeyChordText.chord(key: key, modifiers: .init(rawValue: modifiers)) == chord)
        _ = try KeySequence(parsing: chord)
    }

    @Test func aModifierAloneWaitsForItsKey() {
        #expect(KeyChordText.chord(key: "Control_L", modifiers: [.control]) == nil)
        #expect(KeyChordText.chord(key: "Super_L", modifiers: []) == nil)
    }
}

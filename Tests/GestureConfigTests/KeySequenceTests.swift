import Testing
@testable import GestureConfig

/// Key chords and sequences as `keys` actions write them.
@Suite struct KeySequenceTests {
    @Test(arguments: [
        ("ctrl+alt+Left", [KeyModifier.control, .alt], "Left", UInt32(0xff51)),
        ("Ctrl+Shift+t", [.control, .shift], "t", 0x74),
        ("control+c", [.control], "c", 0x63),
        ("ctrl+plus", [.control], "plus", 0x2b),
        ("ctrl+minus", [.control], "minus", 0x2d),
        ("win+d", [.super], "d", 0x64),
        ("meta+d", [.super], "d", 0x64),
        ("logo+Return", [.super], "Return", 0xff0d),
        ("altgr+e", [.altGr], "e", 0x65),
        ("hyper+x", [.hyper], "x", 0x78),
        ("shift+F5", [.shift], "F5", 0xffc2),
        ("XF86AudioRaiseVolume", [], "XF86AudioRaiseVolume", 0x1008_ff13),
        ("XF86MonBrightnessUp", [], "XF86MonBrightnessUp", 0x1008_ff02),
        ("ctrl+bracketleft", [.control], "bracketleft", 0x5b),
        ("U20AC", [], "U20AC", 0x0100_20ac),
        ("0xff51", [], "0xff51", 0xff51),
        ("super", [], "Super_L", 0xffeb),
        ("ctrl+shift", [.control], "Shift_L", 0xffe1),
        ("A", [], "A", 0x41),
        // xdotool's spellings: the modifier keys' keysym names before a '+'.
        ("Control_L+Right", [.control], "Right", 0xff53),
        ("Super_R+Alt_L+1", [.super, .alt], "1", 0x31),
        ("Shift_R+ISO_Level3_Shift+e", [.shift, .altGr], "e", 0x65),
        // Alone, a keysym name is that key.
        ("Control_R", [], "Control_R", 0xffe4)
    ])
    func chordParsesModifiersAndKeysym(text: String, modifiers: [KeyModifier], name: String, value: UInt32) throws {
        let sequence = try KeySequence(parsing: text)
        #expect(sequence.chords == [KeyChord(modifiers: modifiers, key: Keysym(name: name, value: value))])
    }

    @Test func spacesSeparateChordsPressedInTurn() throws {
        let sequence = try KeySequence(parsing: "  ctrl+c   ctrl+v ")
        #expect(sequence.chords.map(\.description) == ["ctrl+c", "ctrl+v"])
        #expect(sequence.chords.map(\.key.value) == [0x63, 0x76])
    }

    @Test func descriptionUsesCanonicalModifierNames() throws {
        #expect(try KeySequence(parsing: "control+win+Left  Return").description == "ctrl+super+Left Return")
    }

    @Test(arguments: [
        ("ctrl+left", 5, "left", "unknown key name 'left'; did you mean 'Left'?"),
        ("ctl+c", 0, "ctl", "unknown modifier 'ctl'; did you mean 'ctrl'?"),
        ("ctl", 0, "ctl", "unknown key name 'ctl'; did you mean 'ctrl'?"),
        ("ctrl+", 5, "ctrl+", "'ctrl+' ends with '+'; the + key is 'plus': write 'ctrl+plus'"),
        ("ctrl++", 5, "ctrl++", "'ctrl++' ends with '+'; the + key is 'plus': write 'ctrl+plus'"),
        ("ctrl+/", 5, "/", "unknown key name '/'; keys are named as X names them: write 'slash' for '/'"),
        (
            "a+b", 0, "a",
            "'a' is not a modifier; only the last key of a chord may be an ordinary key; "
                + "separate keys pressed in turn with spaces"
        ),
        (
            "XF86AudioRaiseVolum", 0, "XF86AudioRaiseVolum",
            "unknown key name 'XF86AudioRaiseVolum'; did you mean 'XF86AudioRaiseVolume'?"
        ),
        ("ctrl+c alt+Retrun", 11, "Retrun", "unknown key name 'Retrun'; did you mean 'Return'?"),
        // The names people use where X's differ.
        ("Enter", 0, "Enter", "unknown key name 'Enter'; did you mean 'Return'?"),
        ("ctrl+Esc", 5, "Esc", "unknown key name 'Esc'; did you mean 'Escape'?"),
        ("PgDn", 0, "PgDn", "unknown key name 'PgDn'; did you mean 'Page_Down'?"),
        ("VolumeUp", 0, "VolumeUp", "unknown key name 'VolumeUp'; did you mean 'XF86AudioRaiseVolume'?"),
        // A keysym no key sends.
        (
            "Pointer_Button1", 0, "Pointer_Button1",
            "'Pointer_Button1' is a MouseKeys keysym, which no key sends: X cannot press it; "
                + "to click, use 'do: { click: left }' (or middle, right); a binding cannot hold a button"
        ),
        (
            "ctrl+Pointer_Left", 5, "Pointer_Left",
            "'Pointer_Left' is a MouseKeys keysym, which no key sends: X cannot press it; "
                + "to click, use 'do: { click: left }' (or middle, right); a binding cannot hold a button"
        ),
        ("ctrl+ctrl+a", 5, "ctrl", "modifier 'ctrl' given twice in 'ctrl+ctrl+a'; write each modifier once"),
        ("", 0, "", "empty key sequence; write one or more chords, such as 'ctrl+c' or 'ctrl+c ctrl+v'"),
        (
            "bogus+a", 0, "bogus",
            "unknown modifier 'bogus'; modifiers are 'ctrl', 'alt', 'shift', 'super', 'hyper' or 'altgr'"
        )
    ])
    func badNameIsRejectedWithWhereAndWhatToWrite(text: String, offset: Int, found: String, description: String) {
        do {
            let sequence = try KeySequence(parsing: text)
            Issue.record("parsed '\(text)' as \(sequence)")
        } catch {
            #expect(error.offset == offset)
            #expect(error.found == found)
            #expect(error.description == description)
        }
    }

    /// Each name people use points at a keysym X has, and is none itself in any case.
    @Test func commonNamesLeadToRealKeysyms() {
        for (common, usual) in Keysym.commonNames {
            #expect(Keysym(named: usual) != nil, "\(common) → \(usual)")
            #expect(!Keysym.valuesByName.keys.contains { $0.lowercased() == common }, "\(common) is a keysym")
        }
    }

    @Test func keysymTableIsSortedUniqueAndComplete() {
        let names = KeysymTable.entries.map(\.name)
        #expect(names.count > 2000)
        #expect(names == names.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) })
        #expect(Set(names).count == names.count)
        #expect(Keysym(named: "Left")?.value == 0xff51)
        #expect(Keysym(named: "XF86AudioMute")?.value == 0x1008_ff12)
        #expect(Keysym(named: "left") == nil)
    }

    @Test(arguments: KeyModifier.allCases)
    func everyModifierKeysymIsInTheTable(modifier: KeyModifier) {
        #expect(Keysym(named: modifier.keysym.name) == modifier.keysym)
        #expect(KeyModifier.named(modifier.rawValue) == modifier)
        #expect(KeyModifier.named(modifier.rawValue.uppercased()) == modifier)
    }
}

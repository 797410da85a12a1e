/// Chords pressed one after another, written as `"ctrl+c ctrl+v"` in a `keys` action.
///
/// Each space-separated word is a chord: modifiers joined by `+`, then one key by
/// its keysym name. The `+` key itself is `plus`.
public struct KeySequence: Hashable, Sendable, CustomStringConvertible {
    /// The chords, in the order they are pressed.
    public var chords: [KeyChord]

    /// Creates a sequence from chords.
    public init(chords: [KeyChord]) {
        self.chords = chords
    }

    /// Parses `"ctrl+alt+Left"` or `"ctrl+c ctrl+v"`, checking every name.
    public init(parsing text: String) throws(KeyNameError) {
        let scalars = Array(text.unicodeScalars)
        var chords: [KeyChord] = []
        var index = 0
        while index < scalars.count {
            if scalars[index].properties.isWhitespace {
                index += 1
                continue
            }
            let start = index
            while index < scalars.count, !scalars[index].properties.isWhitespace { index += 1 }
            chords.append(try KeySequence.chord(scalars[start..<index], at: start))
        }
        guard !chords.isEmpty else {
            throw KeyNameError(
                offset: 0, found: text, message: "empty key sequence",
                suggestion: "write one or more chords, such as 'ctrl+c' or 'ctrl+c ctrl+v'"
            )
        }
        self.chords = chords
    }

    public var description: String { chords.map(\.description).joined(separator: " ") }

    /// Parses one chord, `word` starting `offset` scalars into the whole text.
    private static func chord(_ word: ArraySlice<Unicode.Scalar>, at offset: Int) throws(KeyNameError) -> KeyChord {
        let wordText = String(String.UnicodeScalarView(word))
        // Split on "+", remembering where each part starts.
        var parts: [(text: String, offset: Int)] = []
        var partStart = word.startIndex
        for position in word.indices where word[position] == "+" {
            parts.append((String(String.UnicodeScalarView(word[partStart..<position])), partStart))
            partStart = position + 1
        }
        parts.append((String(String.UnicodeScalarView(word[partStart..<word.endIndex])), partStart))

        if let empty = parts.firstIndex(where: { $0.text.isEmpty }) {
            let isTrailing = empty == parts.count - 1 || wordText.hasSuffix("++")
            let fixed = parts.filter { !$0.text.isEmpty }.map(\.text) + (isTrailing ? ["plus"] : [])
            throw KeyNameError(
                offset: parts[empty].offset, found: wordText,
                message: isTrailing ? "'\(wordText)' ends with '+'" : "empty key name in '\(wordText)'",
                suggestion: isTrailing
                    ? "the + key is 'plus': write '\(fixed.joined(separator: "+"))'"
                    : "join modifiers and the key with single '+' signs, such as 'ctrl+c'"
            )
        }

        var modifiers: [KeyModifier] = []
        for part in parts.dropLast() {
            guard let modifier = KeyModifier.named(part.text) ?? KeyModifier.heldBy(keysymName: part.text) else {
                throw notAModifier(part.text, offset: part.offset)
            }
            if modifiers.contains(modifier) {
                throw KeyNameError(
                    offset: part.offset, found: part.text,
                    message: "modifier '\(part.text)' given twice in '\(wordText)'",
                    suggestion: "write each modifier once"
                )
            }
            modifiers.append(modifier)
        }
        let last = parts[parts.count - 1]
        return KeyChord(modifiers: modifiers, key: try key(last.text, offset: last.offset))
    }

    /// The keysym for the last part of a chord: a modifier word alone, or a keysym name.
    private static func key(_ name: String, offset: Int) throws(KeyNameError) -> Keysym {
        if let modifier = KeyModifier.named(name) { return modifier.keysym }
        if let keysym = Keysym(named: name) {
            if Keysym.mouseKeys.contains(keysym.value) {
                throw KeyNameError(
                    offset: offset, found: name,
                    message: "'\(name)' is a MouseKeys keysym, which no key sends: X cannot press it",
                    suggestion: "to click, use 'do: { click: left }' (or middle, right); a binding cannot hold a button"
                )
            }
            return keysym
        }
        if let usual = Keysym.xName(forCommonName: name) {
            throw KeyNameError(
                offset: offset, found: name, message: "unknown key name '\(name)'",
                suggestion: "did you mean '\(usual)'?")
        }
        let scalars = Array(name.unicodeScalars)
        if scalars.count == 1 {
            // Letters and digits are keysym names already; punctuation and other characters are not.
            let keysymName = Keysym.name(forCharacter: scalars[0])
            throw KeyNameError(
                offset: offset, found: name, message: "unknown key name '\(name)'",
                suggestion: "keys are named as X names them: write '\(keysymName)' for '\(name)'"
            )
        }
        let candidates = KeyModifier.words + KeysymTable.entries.lazy.map(\.name)
        throw KeyNameError(
            offset: offset, found: name, message: "unknown key name '\(name)'",
            suggestion: Suggestion.didYouMean(name, among: candidates)
                ?? "use an X keysym name such as 'Left', 'a', 'Return', 'F5' or 'XF86AudioRaiseVolume'"
        )
    }

    /// The error for a word before a `+` that is not a modifier.
    private static func notAModifier(_ word: String, offset: Int) -> KeyNameError {
        if let hint = Suggestion.didYouMean(word, among: KeyModifier.words) {
            return KeyNameError(offset: offset, found: word, message: "unknown modifier '\(word)'", suggestion: hint)
        }
        let isKey = Keysym(named: word) != nil
        return KeyNameError(
            offset: offset, found: word,
            message: isKey ? "'\(word)' is not a modifier" : "unknown modifier '\(word)'",
            suggestion: isKey
                ? "only the last key of a chord may be an ordinary key; separate keys pressed in turn with spaces"
                : "modifiers are \(Suggestion.list(KeyModifier.allCases.map(\.rawValue)))"
        )
    }
}

/// Why a key sequence could not be parsed: where, what was found, and what to write instead.
public struct KeyNameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// How many Unicode scalars into the text the bad part starts.
    public var offset: Int
    /// The bad part as written.
    public var found: String
    /// What is wrong: `unknown key name 'left'`.
    public var message: String
    /// What to write instead: `did you mean 'Left'?`.
    public var suggestion: String?

    /// Creates an error.
    public init(offset: Int, found: String, message: String, suggestion: String?) {
        self.offset = offset
        self.found = found
        self.message = message
        self.suggestion = suggestion
    }

    public var description: String {
        suggestion.map { "\(message); \($0)" } ?? message
    }
}

import Testing
import TextSearch

/// Substring search by characters, the replacement for `_StringProcessing`'s string methods.
@Suite struct TextSearchTests {
    @Test(arguments: [
        ("wacom pen", "pen", true), ("wacom pen", "com p", true), ("wacom", "wacom", true),
        ("wacom", "wacomx", false), ("aab", "ab", true), ("aaab", "aab", true), ("abab", "abb", false), ("", "", true),
        ("x", "", true), ("", "x", false), ("café", "e", false), ("café", "é", true),
        ("mutter (gnome shell)", "gnome shell", true)
    ])
    func containsMatchesWholeCharacters(text: String, other: String, expected: Bool) {
        #expect(text.contains(text: other) == expected)
        // The standard library's answer, where the tests have it.
        #expect(text.contains(other) == expected)
    }

    @Test(arguments: [
        ("a, b, c", ", ", ["a", "b", "c"]), ("a, b, ", ", ", ["a", "b", ""]), ("abc", "::", ["abc"]),
        ("::a::::b", "::", ["", "a", "", "b"]), ("", ",", [""]), ("aaa", "aa", ["", "a"])
    ])
    func splitKeepsEmptyPieces(text: String, separator: String, pieces: [String]) {
        #expect(text.splitText(by: separator).map(String.init) == pieces)
    }

    @Test(arguments: [
        ("kill PID; wait PID", "PID", "42", "kill 42; wait 42"), ("none", "PID", "1", "none"),
        ("PIDPID", "PID", "", "")
    ])
    func replacingEveryOccurrence(text: String, target: String, replacement: String, result: String) {
        #expect(text.replacingText(target, with: replacement) == result)
    }

    @Test func theRangeIsTheFirstOccurrence() throws {
        let text = "one two two"
        let range = try #require(text.range(ofText: "two"))
        #expect(text.distance(from: text.startIndex, to: range.lowerBound) == 4)
        #expect(text[range] == "two")
        #expect(text.range(ofText: "three") == nil)
    }
}

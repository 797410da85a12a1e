import TestSupport
import Testing
@testable import GestureConfig

/// Random damage to the issue example: the loader loads or throws located errors, never anything else.
@Suite struct LoaderFuzzTests {
    /// Characters that matter to YAML and to the schema, plus some that do not.
    static let alphabet: [Character] = Array(":-[]{},#&*!|>'\"%@`?~ \n\t0123456789.+abcdefghijklmnopqrstuvwxyzA%°é€")
    /// Words that reach deeper into the schema than random letters do.
    static let words = [
        "tap", "swipe", "pan", "pinch", "rotate", "long-press", "fingers: 0", "taps: 0", "after: [menu]",
        "with: [zoom]", "steps: {}", "do: []", "on: end", "every: -1", "direction: []", "keys: ctrl+",
        "area: { x: 200% }", "name: launcher", "inherit: x", "- ", "&a", "*a", "<<: *a", "!!str", "150ms", "600"
    ]

    @Test(arguments: 0..<8)
    func damagedExampleLoadsOrThrowsLocatedErrors(seed: Int) throws {
        let original = try Fixture.text("Config/examples/issue-example.yaml")
        var generator = SplitMix64(seed: UInt64(seed) &* 0x1234_5678_9ABC)
        var kinds: Set<ConfigError.Kind> = []
        var loaded = 0
        for _ in 0..<150 {
            let text = Self.damage(original, using: &generator)
            do {
                let configuration = try ConfigLoader.load(yaml: text, file: "fuzz.yaml")
                #expect(configuration.warnings.isEmpty)
                loaded += 1
            } catch {
                #expect(!error.errors.isEmpty)
                kinds.formUnion(error.errors.map(\.kind))
                for problem in error.errors {
                    #expect(problem.file == "fuzz.yaml")
                    #expect(problem.line >= 1 && problem.column >= 1, "\(problem)")
                    #expect(!problem.message.isEmpty)
                }
            }
        }
        // The damage must reach past the YAML parser into the schema checks, and leave some files whole.
        #expect(kinds.count >= 4, "only \(kinds)")
        #expect(loaded > 0)
    }

    @Test func everyTruncationLoadsOrThrows() throws {
        let original = Array(try Fixture.text("Config/examples/issue-example.yaml"))
        for length in stride(from: 0, through: original.count, by: 7) {
            do {
                _ = try ConfigLoader.load(yaml: String(original[..<length]))
            } catch {
                #expect(!error.errors.isEmpty)
            }
        }
    }

    @Test(arguments: [2000, 5000])
    func deeplyNestedListsAreASyntaxErrorNotACrash(depth: Int) {
        let text = "gestures: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        do {
            _ = try ConfigLoader.load(yaml: text)
            Issue.record("loaded \(depth) nested lists")
        } catch {
            #expect(error.errors.map(\.kind) == [.syntax])
        }
    }

    /// One to four random edits: deletions, insertions, swapped or repeated lines, a truncation.
    static func damage(_ text: String, using generator: inout SplitMix64) -> String {
        var characters = Array(text)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            guard !characters.isEmpty else { break }
            let position = Int.random(in: 0..<characters.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                let end = min(characters.count, position + Int.random(in: 1...12, using: &generator))
                characters.removeSubrange(position..<end)
            case 1:
                characters.insert(alphabet.randomElement(using: &generator) ?? " ", at: position)
            case 2:
                let word = words.randomElement(using: &generator) ?? ""
                characters.insert(contentsOf: word, at: position)
            case 3:
                var lines = String(characters).split(separator: "\n", omittingEmptySubsequences: false)
                let first = Int.random(in: 0..<lines.count, using: &generator)
                let second = Int.random(in: 0..<lines.count, using: &generator)
                lines.swapAt(first, second)
                characters = Array(lines.joined(separator: "\n"))
            case 4:
                var lines = String(characters).split(separator: "\n", omittingEmptySubsequences: false)
                let line = Int.random(in: 0..<lines.count, using: &generator)
                lines.insert(lines[line], at: line)
                characters = Array(lines.joined(separator: "\n"))
            default:
                characters.removeSubrange(position...)
            }
        }
        return String(characters)
    }
}

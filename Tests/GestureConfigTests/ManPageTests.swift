import Foundation
import Testing
@testable import GestureConfig
import GestureEngine

/// gesturebridge.yaml(5) documents every word the loader accepts.
@Suite struct ManPageTests {
    /// The page's text with roff's hyphen and font escapes removed.
    static let page: String = {
        let source = (try? Fixture.text("Packaging/gesturebridge.yaml.5")) ?? ""
        return
            source
            .replacingOccurrences(of: "\\-", with: "-")
            .replacingOccurrences(of: "\\fB", with: "")
            .replacingOccurrences(of: "\\fI", with: "")
            .replacingOccurrences(of: "\\fR", with: "")
            .replacingOccurrences(of: "\\fP", with: "")
    }()

    /// Every key and keyword of the schema, with where it belongs.
    static let words: [String] = {
        var words = ConfigParser.topLevelKeys + ConfigParser.settingsKeys + ConfigParser.edgeKeys
        words += ConfigParser.appKeys + ConfigParser.regionKeys + ConfigParser.areaKeys + ConfigParser.bindingKeys
        words += GestureKind.builtIn.flatMap(\.parameterKeys) + ConfigParser.actionKeys
        words += GestureKind.builtIn.flatMap { ConfigParser.stepSides(of: $0) ?? [] } + ["every"]
        words += WindowAction.keywords + ["next", "previous", "show"] + ["count", "button", "amount", "direction"]
        words += MouseButton.allCases.map(\.rawValue) + ScrollDirection.allCases.map(\.rawValue)
        words += LogLevel.allCases.map(\.rawValue) + KeyModifier.words
        words += ActionPhase.allCases.map(\.rawValue) + ActionTarget.allCases.map(\.rawValue)
        words += InputDevice.allCases.map(\.rawValue) + StrokeDevice.allCases.map(\.rawValue)
        words += ["ms", "pt", "deg", "rad", "%"]
        return Array(Set(words)).sorted()
    }()

    @Test(arguments: words)
    func pageMentionsSchemaWord(word: String) {
        #expect(Self.page.contains(word), "gesturebridge.yaml.5 does not mention '\(word)'")
    }

    /// Every kind of gesture is in the page's list of recognizer keys, has a section of its own,
    /// and has a row in the README's table of gestures.
    @Test(arguments: GestureKind.builtIn)
    func everyGestureKindIsDocumented(kind: GestureKind) throws {
        let bindings = try #require(Self.section("BINDINGS"))
        let list =
            bindings.components(separatedBy: "exactly one recognizer key").dropFirst().first?
            .components(separatedBy: "see").first ?? ""
        #expect(list.split(whereSeparator: \.isNewline).contains { $0.contains(" \(kind.description)") }, "\(list)")
        #expect(Self.page.contains(".SS \(kind.description)\n"), "no section for \(kind.description) under RECOGNIZERS")
        let table = try Fixture.text("docs/gestures.md")
        #expect(
            table.contains("\n| `\(kind.description)` |"),
            "docs/gestures.md's table of gestures has no \(kind.description)")
    }

    /// The text of the page's `.SH name` section, up to the next one.
    static func section(_ name: String) -> String? {
        page.components(separatedBy: ".SH \(name)\n").dropFirst().first?.components(separatedBy: "\n.SH ").first
    }

    @Test func pageIsAManualPageInSectionFive() {
        #expect(Self.page.hasPrefix(".\\\""))
        #expect(Self.page.contains(".TH GESTUREBRIDGE.YAML 5 "))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "FILES", "EXAMPLES", "SEE ALSO"] {
            #expect(Self.page.contains(".SH \(section)"))
        }
    }
}

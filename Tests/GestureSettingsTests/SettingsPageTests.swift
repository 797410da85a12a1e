import Foundation
import GestureConfig
import GestureSettings
import Testing

/// What the settings app shows of a config, read without a display.
@Suite struct SettingsPageTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func page(_ relative: String) throws -> SettingsPage {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(relative), encoding: .utf8)
        return SettingsPage(document: try ConfigDocument(text: text, file: relative))
    }

    @Test func theShippedConfigIsShownGroupedAsTheFileGroupsIt() throws {
        let page = try Self.page("Config/config.yaml")
        #expect(
            page.sections.map(\.title) == [
                "Anywhere on the screen", "From the left edge",
                "In firefox, firefox-esr, navigator, chromium, chromium-browser, google-chrome"
            ])
        let first = try #require(page.sections.first?.rows.first)
        #expect(first.title == "next-desktop")
        #expect(first.subtitle == "swipe { fingers: 3, direction: left } → { desktop: next }")
        #expect(first.picture == .init(kind: "swipe", fingers: 3, detail: "left"))
        #expect(
            !page.sections.flatMap(\.rows).contains { $0.title == "right-click" },
            "the two-finger right click is a commented example: it holds every two-finger touch")
        #expect(page.sections.flatMap(\.rows).count == 8)
        #expect(page.sections.flatMap(\.rows).allSatisfy { $0.readOnlyReason == nil })
    }

    @Test func regionsAreSectionsOfTheirOwnAndUnnamedBindingsSayWhichTheyAre() throws {
        let page = try Self.page("Config/examples/issue-example.yaml")
        let toolbar = try #require(page.sections.first { $0.group == .region(app: "evince, okular", name: "toolbar") })
        #expect(toolbar.title == "In evince, okular: toolbar")
        #expect(toolbar.rows.map(\.title) == ["gesture 1"])
        #expect(toolbar.rows[0].gesture == "tap { taps: 2 }")
        let menu = try #require(page.sections.flatMap(\.rows).first { $0.title == "menu" })
        #expect(menu.conditions == "after: [launcher]")
    }

    @Test func aSwitchedOffBindingIsShownOff() throws {
        let document = try ConfigDocument(
            text: "gestures:\n  - name: a\n    tap: {}\n    enabled: false\n    do: { keys: a }\n")
        let row = try #require(SettingsPage(document: document).sections.first?.rows.first)
        #expect(!row.isEnabled)
        #expect(row.conditions == nil, "the switch says it, not the subtitle")
    }

    @Test func aBindingTheEditorWillNotRewriteIsShownWithTheReason() throws {
        let document = try ConfigDocument(
            text: "gestures:\n  - { name: b, swipe: { fingers: 3, direction: right }, do: { keys: ctrl+b } }\n")
        let row = try #require(SettingsPage(document: document).sections.first?.rows.first)
        #expect(row.title == "b")
        #expect(row.readOnlyReason?.contains("flow style") == true)
    }
}

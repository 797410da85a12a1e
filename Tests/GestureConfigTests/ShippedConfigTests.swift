import Foundation
import Testing
@testable import GestureConfig

/// The default configuration and the examples that ship with the package.
@Suite struct ShippedConfigTests {
    /// Every example, by path below the package root.
    static let examples: [String] = {
        let directory = Fixture.path("Config/examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "Config/examples/\($0)" }
    }()

    @Test func thereAreTheIssueExampleAndAtLeastTwoMore() {
        #expect(Self.examples.contains("Config/examples/issue-example.yaml"))
        #expect(Self.examples.count >= 3)
    }

    @Test(arguments: ["Config/config.yaml"] + examples)
    func shippedFileLoadsWithoutErrors(path: String) throws {
        let configuration = try ConfigLoader.load(yaml: Fixture.text(path), file: path)
        #expect(!configuration.allBindings.isEmpty)
    }

    /// The browsers' bindings apply to the WM_CLASS (instance, class) the browsers of Debian and
    /// Ubuntu really set, as `xprop WM_CLASS` shows them; Debian's Firefox ESR is not "firefox".
    @Test(arguments: [
        ("Navigator", "firefox-esr"), ("Navigator", "firefox"), ("Navigator", "Firefox"),
        ("chromium", "Chromium"), ("chromium-browser", "Chromium-browser"), ("google-chrome", "Google-chrome")
    ])
    func defaultBrowserBindingsMatchTheBrowsersAsTheyNameTheirWindows(instance: String, windowClass: String) throws {
        let configuration = try ConfigLoader.load(yaml: Fixture.text("Config/config.yaml"))
        let browsers = configuration.apps.filter { $0.bindings.contains { $0.name == "browser-zoom" } }
        #expect(browsers.count == 1)
        #expect(browsers.first?.matches(windowClass: windowClass, instance: instance) == true)
    }

    @Test func defaultConfigLeavesOneFingerAloneOnTheScreen() throws {
        let configuration = try ConfigLoader.load(yaml: Fixture.text("Config/config.yaml"))
        for binding in configuration.screenBindings + configuration.apps.flatMap(\.bindings) {
            #expect(Self.fewestFingers(binding.recognizer) >= 2, "\(binding.name) takes one finger")
        }
    }

    /// Anything bound to two fingers anywhere holds every two-finger touch until it has moved,
    /// and the application then sees its first finger go alone (a GTK 4 text view selects text).
    @Test func defaultConfigLeavesTwoFingersToApplicationsOutsideBrowsers() throws {
        let configuration = try ConfigLoader.load(yaml: Fixture.text("Config/config.yaml"))
        for binding in configuration.screenBindings {
            #expect(Self.fewestFingers(binding.recognizer) >= 3, "\(binding.name) takes two fingers anywhere")
        }
    }

    @Test func defaultConfigHasDesktopsOverviewZoomAndAnEdge() throws {
        let configuration = try ConfigLoader.load(yaml: Fixture.text("Config/config.yaml"))
        let actions = configuration.screenBindings.flatMap(\.actions)
        #expect(actions.contains(.desktop(.switchTo(.next))))
        #expect(actions.contains(.desktop(.switchTo(.previous))))
        #expect(actions.contains(.keys(KeySequence(chords: [KeyChord(key: KeyModifier.super.keysym)]))))
        let swipeFingers = configuration.screenBindings.compactMap { binding -> Int? in
            guard case .swipe(let parameters) = binding.recognizer else { return nil }
            return parameters.numberOfTouchesRequired
        }
        #expect(Set(swipeFingers) == [3, 4])

        let browsers = try #require(configuration.app(windowClass: "Google-chrome", instance: "google-chrome"))
        #expect(configuration.app(windowClass: "firefox", instance: "Navigator") == browsers)
        #expect(configuration.app(windowClass: "Chromium", instance: "chromium") == browsers)
        let zoom = try #require(browsers.bindings.first { $0.recognizer.kind == .pinch })
        guard case .pinch(_, let inward, let outward) = zoom.steps else {
            Issue.record("browser zoom has no pinch steps")
            return
        }
        #expect(!inward.isEmpty && !outward.isEmpty)
        #expect(!(configuration.edge(.left)?.bindings.isEmpty ?? true))
    }

    /// The fewest fingers a recognizer accepts, with UIKit's defaults for unset counts.
    static func fewestFingers(_ spec: RecognizerSpec) -> Int {
        switch spec {
        case .tap(let parameters): parameters.numberOfTouchesRequired ?? 1
        case .longPress(let parameters): parameters.numberOfTouchesRequired ?? 1
        case .pan(let parameters): parameters.minimumNumberOfTouches ?? 1
        case .swipe(let parameters): parameters.numberOfTouchesRequired ?? 1
        case .pinch(let parameters): parameters.numberOfTouchesRequired ?? 2
        case .rotate(let parameters): parameters.numberOfTouchesRequired ?? 2
        case .stroke(let parameters): parameters.numberOfTouchesRequired ?? 1
        }
    }
}

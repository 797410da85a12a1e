import GestureEngine
import Testing
@testable import GestureConfig

/// The example from the issue, loaded as written, field by field.
@Suite struct IssueExampleTests {
    let configuration: Configuration

    init() throws {
        configuration = try ConfigLoader.load(
            yaml: Fixture.text("Config/examples/issue-example.yaml"), file: "issue-example.yaml"
        )
    }

    @Test func settingsReadTheFingerWindowInMilliseconds() {
        #expect(configuration.settings == Settings(fingerWindow: 0.150, dpi: nil, logLevel: nil))
        #expect(configuration.warnings.isEmpty)
    }

    @Test func screenBindingsKeepTheirOrderNamesAndParameters() throws {
        let bindings = configuration.screenBindings
        #expect(bindings.map(\.name) == ["next-desktop", "launcher", "menu", "right-click"])
        #expect(bindings.allSatisfy { $0.scope == .screen && !$0.isNameGenerated })

        #expect(bindings[0].recognizer == .swipe(SwipeParameters(numberOfTouchesRequired: 3, direction: .left)))
        #expect(bindings[0].actions == [.desktop(.switchTo(.next))])
        // No `on:` and no feedback: the swipe acts as soon as it is recognized, as in UIKit.
        #expect(bindings[0].phase == .begin)
        #expect(bindings[0].location == SourceLocation(file: "issue-example.yaml", line: 4, column: 5))

        #expect(bindings[1].recognizer == .tap(TapParameters(numberOfTouchesRequired: 3, numberOfTapsRequired: 2)))
        #expect(bindings[1].actions == [.command("rofi -show drun")])

        #expect(bindings[2].recognizer == .tap(TapParameters(numberOfTouchesRequired: 3)))
        #expect(bindings[2].requiresFailureOf == ["launcher"])
        let superA = KeySequence(chords: [KeyChord(modifiers: [.super], key: Keysym(name: "a", value: 0x61))])
        #expect(bindings[2].actions == [.keys(superA)])

        let longPress = LongPressParameters(
            numberOfTouchesRequired: 2, minimumPressDuration: 0.6, allowableMovement: 10)
        #expect(bindings[3].recognizer == .longPress(longPress))
        #expect(bindings[3].actions == [.click(.right, count: 1)])
        #expect(bindings[3].phase == .begin)
        #expect(bindings.allSatisfy { $0.target == .under && $0.device == .any && $0.steps == nil })
    }

    @Test func leftEdgeHasItsWidthAndAPanThatActsOnEnd() throws {
        #expect(configuration.edges.count == 1)
        let edge = try #require(configuration.edge(.left))
        #expect(edge.width == 16)
        let back = try #require(edge.bindings.first)
        #expect(back.name == "edge-back")
        #expect(back.scope == .edge(.left))
        #expect(
            back.recognizer
                == .pan(
                    PanParameters(
                        minimumNumberOfTouches: 1, maximumNumberOfTouches: 1, allowedDirections: .right
                    )))
        #expect(back.phase == .end)
        let altLeft = KeyChord(modifiers: [.alt], key: Keysym(name: "Left", value: 0xff51))
        #expect(back.actions == [.keys(KeySequence(chords: [altLeft]))])
    }

    @Test func firefoxHasZoomAndSpinStepsThatRunTogether() throws {
        let firefox = try #require(configuration.app(windowClass: "Firefox", instance: "Navigator"))
        #expect(firefox.key == "firefox")
        #expect(firefox.names == ["firefox"])
        #expect(firefox.inheritsScreenBindings)
        #expect(firefox.bindings.map(\.name) == ["zoom", "spin", "back"])

        let zoom = firefox.bindings[0]
        #expect(zoom.scope == .app("firefox"))
        #expect(zoom.recognizer == .pinch(PinchParameters(numberOfTouchesRequired: 2)))
        #expect(zoom.recognizesSimultaneouslyWith == ["spin"])
        #expect(zoom.actions.isEmpty)
        let ctrl = { (name: String, value: UInt32) in
            Action.keys(KeySequence(chords: [KeyChord(modifiers: [.control], key: Keysym(name: name, value: value))]))
        }
        #expect(zoom.steps == .pinch(every: 0.1, inward: [ctrl("minus", 0x2d)], outward: [ctrl("plus", 0x2b)]))

        let spin = firefox.bindings[1]
        #expect(spin.recognizer == .rotate(RotationParameters(numberOfTouchesRequired: 2)))
        let expectedSpin = Steps.rotate(
            every: 15 * .pi / 180,
            clockwise: [ctrl("bracketright", 0x5d)],
            counterclockwise: [ctrl("bracketleft", 0x5b)]
        )
        #expect(spin.steps == expectedSpin)

        let back = firefox.bindings[2]
        #expect(back.recognizer == .swipe(SwipeParameters(numberOfTouchesRequired: 2, direction: .right)))
    }

    @Test func documentViewersBlockTheScreenAndHaveAToolbarRegion() throws {
        let viewers = try #require(configuration.apps.last)
        #expect(viewers.key == "evince, okular")
        #expect(viewers.names == ["evince", "okular"])
        #expect(viewers.matches(windowClass: "Okular", instance: "okular"))
        #expect(viewers.matches(windowClass: "EVINCE", instance: ""))
        #expect(!viewers.matches(windowClass: "Firefox", instance: "evince-like"))
        #expect(!viewers.inheritsScreenBindings)
        #expect(viewers.bindings.isEmpty)

        let toolbar = try #require(viewers.regions.first)
        #expect(toolbar.name == "toolbar")
        #expect(toolbar.area == RegionArea(x: .points(0), y: .points(0), width: .percent(100), height: .points(48)))
        #expect(toolbar.area.rect(inWindowOfWidth: 800, height: 600) == Rect(x: 0, y: 0, width: 800, height: 48))

        let tap = try #require(toolbar.bindings.first)
        #expect(tap.name == "apps.evince, okular.regions.toolbar.gestures[0]")
        #expect(tap.isNameGenerated)
        #expect(tap.scope == .region(app: "evince, okular", region: "toolbar"))
        #expect(tap.recognizer == .tap(TapParameters(numberOfTapsRequired: 2)))
        #expect(tap.actions == [.window(.maximize)])
    }

    @Test func everyBindingCanBeFoundByName() {
        let names = configuration.allBindings.map(\.name)
        #expect(names.count == 9)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(configuration.binding(named: name)?.name == name)
        }
        #expect(configuration.binding(named: "nothing") == nil)
    }
}

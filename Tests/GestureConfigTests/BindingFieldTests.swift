import GestureEngine
import Testing
@testable import GestureConfig

/// Every recognizer parameter, action form and binding option lands in its model field.
@Suite struct BindingFieldTests {
    /// The single screen binding of `yaml`, which must load.
    static func onlyBinding(_ yaml: String) throws -> Binding {
        let configuration = try ConfigLoader.load(yaml: yaml)
        return try #require(configuration.screenBindings.first)
    }

    /// A binding with `recognizer` (one flow mapping line) and a harmless action.
    static func binding(recognizer: String) throws -> Binding {
        try onlyBinding("gestures:\n  - \(recognizer)\n    do: { keys: a }\n")
    }

    /// A swipe binding whose `do` is `action`.
    static func binding(action: String) throws -> Binding {
        try onlyBinding("gestures:\n  - swipe: {}\n    do: \(action)\n")
    }

    static let degree = Double.pi / 180

    /// A keys action; a sequence that fails to parse becomes an empty one, which no binding equals.
    static func keys(_ text: String) -> Action {
        .keys((try? KeySequence(parsing: text)) ?? KeySequence(chords: []))
    }

    @Test(arguments: [
        ("tap: {}", RecognizerSpec.tap(TapParameters())),
        (
            "tap: { fingers: 2, taps: 3, movement: 20pt, interval: 300ms, max-duration: 1s }",
            .tap(
                TapParameters(
                    numberOfTouchesRequired: 2, numberOfTapsRequired: 3, allowableMovement: 20,
                    maximumTapInterval: 0.3, maximumTapDuration: 1))
        ),
        (
            "long-press: { fingers: 1, taps: 1, duration: 0, movement: 4 }",
            .longPress(
                LongPressParameters(
                    numberOfTouchesRequired: 1, numberOfTapsRequired: 1,
                    minimumPressDuration: 0, allowableMovement: 4))
        ),
        (
            "pan: { min-fingers: 2, max-fingers: 4, hysteresis: 12, direction: [up, down] }",
            .pan(
                PanParameters(
                    minimumNumberOfTouches: 2, maximumNumberOfTouches: 4, hysteresis: 12,
                    allowedDirections: [.up, .down]))
        ),
        ("pan: { min-fingers: 3 }", .pan(PanParameters(minimumNumberOfTouches: 3))),
        (
            "swipe: { fingers: 4, direction: [left, right, up], distance: 80, max-duration: 0.4s, max-angle: 20 }",
            .swipe(
                SwipeParameters(
                    numberOfTouchesRequired: 4, direction: [.left, .right, .up], minimumDistance: 80,
                    maximumDuration: 0.4, maximumAngle: 20 * degree))
        ),
        ("pinch: { fingers: 3, hysteresis: 16 }", .pinch(PinchParameters(numberOfTouchesRequired: 3, hysteresis: 16))),
        (
            "rotate: { fingers: 2, hysteresis: 0.2rad }",
            .rotate(RotationParameters(numberOfTouchesRequired: 2, hysteresis: 0.2))
        ),
        ("long-press:", .longPress(LongPressParameters()))
    ])
    func recognizerParametersBecomeOverrides(recognizer: String, expected: RecognizerSpec) throws {
        #expect(try Self.binding(recognizer: recognizer).recognizer == expected)
    }

    @Test(arguments: [
        ("{ keys: \"ctrl+c ctrl+v\" }", [Self.keys("ctrl+c ctrl+v")]),
        ("{ command: \"notify-send hi\" }", [.command("notify-send hi")]),
        ("{ click: middle }", [.click(.middle, count: 1)]),
        ("{ click: { button: left, count: 2 } }", [.click(.left, count: 2)]),
        ("{ click: { button: back } }", [.click(.back, count: 1)]),
        ("{ scroll: down }", [.scroll(.down, amount: 1)]),
        ("{ scroll: { direction: left, amount: 3 } }", [.scroll(.left, amount: 3)]),
        ("{ window: close }", [.window(.close)]),
        ("{ window: fullscreen }", [.window(.fullscreen)]),
        ("{ window: move-to-desktop 2 }", [.window(.moveToDesktop(.number(2)))]),
        ("{ window: move-to-desktop previous }", [.window(.moveToDesktop(.previous))]),
        ("{ desktop: 3 }", [.desktop(.switchTo(.number(3)))]),
        ("{ desktop: show }", [.desktop(.showDesktop)]),
        (
            "[{ window: raise }, { window: activate }, { keys: Escape }]",
            [.window(.raise), .window(.activate), Self.keys("Escape")]
        )
    ])
    func actionFormsBecomeActions(action: String, expected: [Action]) throws {
        #expect(try Self.binding(action: action).actions == expected)
    }

    @Test func bindingOptionsBecomeFields() throws {
        let binding = try Self.onlyBinding(
            """
            gestures:
              - name: scrub
                pan: { fingers: 3 }
                on: update
                target: active
                device: touchpad
                do: { keys: Right }
                steps: { every: 40pt, left: { keys: Left }, down: [{ scroll: down }, { scroll: down }] }
            """)
        #expect(binding.phase == .update)
        #expect(binding.target == .active)
        #expect(binding.device == .touchpad)
        #expect(
            binding.steps
                == .pan(
                    every: 40, left: [.keys(try KeySequence(parsing: "Left"))], right: [], up: [],
                    down: [.scroll(.down, amount: 1), .scroll(.down, amount: 1)]
                ))
        #expect(binding.steps?.allActions.count == 3)
    }

    @Test(arguments: [("every: 10%", 0.1), ("every: 0.25", 0.25)])
    func pinchStepAcceptsPercent(every: String, scale: Double) throws {
        let binding = try Self.onlyBinding("gestures:\n  - pinch: {}\n    steps: { \(every), out: { keys: a } }\n")
        #expect(abs((binding.steps?.every ?? 0) - scale) < 1e-12)
    }

    @Test func unnamedBindingsGetNamesFromTheirPlace() throws {
        let configuration = try ConfigLoader.load(
            yaml: """
                gestures:
                  - tap: {}
                    do: { keys: a }
                edges:
                  top:
                    gestures:
                      - swipe: { direction: down }
                        do: { keys: b }
                apps:
                  Firefox:
                    gestures:
                      - name: named
                        tap: {}
                        do: { keys: c }
                      - tap: { taps: 2 }
                        after: "screen.gestures[0]"
                        do: { keys: d }
                    regions:
                      - gestures:
                          - tap: {}
                            do: { keys: e }
                """)
        #expect(
            configuration.allBindings.map(\.name) == [
                "screen.gestures[0]", "edges.top.gestures[0]", "named", "apps.Firefox.gestures[1]",
                "apps.Firefox.regions[0].gestures[0]"
            ])
        #expect(configuration.allBindings.map(\.isNameGenerated) == [true, true, false, true, true])
        #expect(configuration.edge(.top)?.width == EdgeConfiguration.defaultWidth)
        #expect(configuration.apps.first?.names == ["firefox"])
        #expect(configuration.apps.first?.regions.first?.area == RegionArea())
    }

    @Test(arguments: [
        (
            RegionArea(x: .percent(90), y: .points(48), width: .percent(10), height: .points(100)),
            Rect(x: 720, y: 48, width: 80, height: 100)
        ),
        (RegionArea(y: .points(550), height: .points(100)), Rect(x: 0, y: 550, width: 800, height: 50)),
        (RegionArea(), Rect(x: 0, y: 0, width: 800, height: 600))
    ])
    func regionAreaResolvesInsideTheWindow(area: RegionArea, rect: Rect) {
        #expect(area.rect(inWindowOfWidth: 800, height: 600) == rect)
    }
}

/// `enabled: false`: the binding is checked but not bound; its name still answers references.
@Suite struct EnabledBindingTests {
    @Test func aSwitchedOffBindingIsCheckedButNotBound() throws {
        let configuration = try ConfigLoader.load(
            yaml: """
                gestures:
                  - name: off
                    tap: { fingers: 3, taps: 2 }
                    enabled: false
                    do: { keys: ctrl+a }
                  - name: on
                    tap: { fingers: 3 }
                    after: [off]
                    enabled: true
                    do: { keys: ctrl+b }
                """)
        #expect(configuration.screenBindings.map(\.name) == ["on"])
        #expect(configuration.screenBindings[0].requiresFailureOf == ["off"])
    }

    @Test func aSwitchedOffBindingMustStillBeValid() {
        #expect {
            try ConfigLoader.load(
                yaml: "gestures:\n  - tap: { fingers: 11 }\n    enabled: false\n    do: { keys: a }\n")
        } throws: { error in
            (error as? ConfigErrors)?.errors.first?.line == 2
        }
        #expect {
            try ConfigLoader.load(yaml: "gestures:\n  - tap: {}\n    enabled: maybe\n    do: { keys: a }\n")
        } throws: { error in
            let first = (error as? ConfigErrors)?.errors.first
            return first?.line == 3 && first?.column == 14
        }
    }
}

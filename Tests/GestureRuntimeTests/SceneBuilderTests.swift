import Testing
@testable import GestureConfig
@testable import GestureRuntime
@testable import GestureEngine

@Suite("Building views and recognizers from a config")
struct SceneBuilderTests {
    static let yaml = """
        settings:
          finger-window: 200ms
        gestures:
          - name: launcher
            tap: { fingers: 3, taps: 2 }
            do: { command: "rofi -show drun" }
          - name: menu
            tap: { fingers: 3 }
            after: [launcher]
            do: { keys: super+a }
        edges:
          left:
            width: 16
            gestures:
              - name: edge-back
                pan: { fingers: 1, direction: right }
                on: end
                do: { keys: alt+Left }
        apps:
          firefox:
            gestures:
              - name: zoom
                pinch: { fingers: 2 }
                with: [spin]
                steps: { every: 0.1, in: { keys: ctrl+minus }, out: { keys: ctrl+plus } }
              - name: spin
                rotate: { fingers: 2 }
                steps: { every: 15deg, clockwise: { keys: ctrl+bracketright }, counterclockwise: { keys: ctrl+bracketleft } }
          "evince, okular":
            inherit: false
            regions:
              - name: toolbar
                area: { x: 0, y: 0, width: 100%, height: 48 }
                gestures:
                  - name: max
                    tap: { taps: 2 }
                    do: { window: maximize }
        """

    static func build(dpi: Double = 96) throws -> GestureScene {
        let configuration = try ConfigLoader.load(yaml: yaml, file: "scene.yaml")
        let scene = SceneDescription(
            width: 1920, height: 1080, dpi: dpi,
            windows: [
                SceneWindow(
                    info: WindowInfo(id: 2, windowClass: "Firefox", instance: "Navigator"),
                    frame: Rect(x: 0, y: 0, width: 960, height: 1080)),
                SceneWindow(
                    info: WindowInfo(id: 3, windowClass: "Evince", instance: "evince"),
                    frame: Rect(x: 960, y: 0, width: 960, height: 1080)),
                SceneWindow(
                    info: WindowInfo(id: 4, windowClass: "XTerm", instance: "xterm"),
                    frame: Rect(x: 100, y: 100, width: 500, height: 500))
            ],
            activeWindow: 2)
        return SceneBuilder.build(configuration, scene: scene)
    }

    @Test func theTreeHasTheScreenWindowsTopMostLastAndEdgesOnTop() throws {
        let scene = try Self.build()
        let kinds = scene.root.subviews.map(\.description)
        // Scene windows run top-most first; subviews bottom-most first; edges above all.
        #expect(kinds == ["xterm", "evince", "firefox", "left edge"])
        #expect(scene.root.gestureRecognizers.map(\.name) == ["launcher", "menu"])
        #expect(scene.root.subviews[2].gestureRecognizers.map(\.name) == ["zoom", "spin"])
        #expect(scene.root.subviews[0].gestureRecognizers.isEmpty, "xterm has no app config")
    }

    @Test(arguments: [
        (5.0, 500.0, "left edge"), (500.0, 500.0, "firefox"), (1000.0, 20.0, "region toolbar"),
        (1000.0, 500.0, "evince"), (300.0, 300.0, "firefox")
    ])
    func hitTestingFollowsTheStacking(x: Double, y: Double, expected: String) throws {
        let scene = try Self.build()
        #expect(scene.root.hitTest(Point(x: x, y: y))?.description == expected)
    }

    @Test func anAppWithoutInheritKeepsTheScreensGesturesAway() throws {
        let scene = try Self.build()
        let evince = scene.root.subviews[1]
        #expect(evince.blocksAncestorRecognizers)
        #expect(!scene.root.subviews[2].blocksAncestorRecognizers)
        let toolbar = try #require(evince.subviews.first)
        #expect(toolbar.responderChain.map(\.description) == ["region toolbar", "evince"])
    }

    @Test(arguments: [96.0, 192.0])
    func pixelsBecomePointsAtTheScreensDpi(dpi: Double) throws {
        let scene = try Self.build(dpi: dpi)
        let scale = 96 / dpi
        #expect(scene.root.frame == Rect(x: 0, y: 0, width: 1920 * scale, height: 1080 * scale))
        let evince = scene.root.subviews[1]
        #expect(evince.frame == Rect(x: 960 * scale, y: 0, width: 960 * scale, height: 1080 * scale))
        // Config distances are points whatever the dpi: the edge and the toolbar keep their size.
        #expect(scene.root.subviews[3].frame == Rect(x: 0, y: 0, width: 16, height: 1080 * scale))
        #expect(evince.subviews.first?.frame == Rect(x: 0, y: 0, width: 960 * scale, height: 48))
    }

    @Test func recognizersGetTheirParametersAndTheFingerWindow() throws {
        let scene = try Self.build()
        let launcher = try #require(scene.recognizers(named: "launcher").first as? TapGestureRecognizer)
        #expect(launcher.numberOfTouchesRequired == 3 && launcher.numberOfTapsRequired == 2)
        #expect(launcher.fingerWindow == 0.2)
        let edge = try #require(scene.recognizers(named: "edge-back").first as? PanGestureRecognizer)
        #expect(edge.allowedDirections == .right)
        #expect(scene.binding(for: edge)?.phase == .end)
    }

    @Test func afterAndWithBecomeRequireToFailAndSimultaneity() throws {
        let scene = try Self.build()
        let menu = try #require(scene.recognizers(named: "menu").first)
        let launcher = try #require(scene.recognizers(named: "launcher").first)
        #expect(menu.failureRequirements.map(\.recognizer).contains { $0 === launcher })
        let zoom = try #require(scene.recognizers(named: "zoom").first)
        let spin = try #require(scene.recognizers(named: "spin").first)
        #expect(zoom.simultaneousPartners.contains { $0.recognizer === spin })
    }

    @Test func everyMonitorHasItsOwnEdges() throws {
        let configuration = try ConfigLoader.load(yaml: Self.yaml, file: "scene.yaml")
        let twoMonitors = SceneDescription(
            width: 3840, height: 1080, dpi: 96,
            monitors: [
                Rect(x: 0, y: 0, width: 1920, height: 1080),
                Rect(x: 1920, y: 0, width: 1920, height: 1080)
            ])
        let scene = SceneBuilder.build(configuration, scene: twoMonitors)
        let edges = scene.root.subviews.filter { $0.description == "left edge" }
        #expect(
            edges.map(\.frame) == [
                Rect(x: 0, y: 0, width: 16, height: 1080), Rect(x: 1920, y: 0, width: 16, height: 1080)
            ])
        #expect(scene.root.hitTest(Point(x: 1925, y: 500))?.description == "left edge")
        #expect(scene.recognizers(named: "edge-back").count == 2)
    }

    @Test func theWindowUnderAPointIsFound() throws {
        let scene = try Self.build()
        #expect(scene.window(at: Point(x: 1500, y: 900))?.id == 3)
        #expect(scene.window(at: Point(x: 1500, y: 20))?.id == 3, "inside the toolbar region of evince")
        #expect(scene.window(at: Point(x: 300, y: 300))?.id == 2, "firefox is listed first: it is on top of xterm")
    }
}

@Suite("Steps")
struct BindingRuntimeStepTests {
    static let up: [Action] = [.desktop(.switchTo(.next))]
    static let down: [Action] = [.desktop(.switchTo(.previous))]

    /// Feeds values in order and returns the fired actions as "+" and "-".
    static func fired(_ values: [Double], every: Double, limit: Int = .max) -> String {
        var count = 0
        var fired = ""
        for value in values {
            _ = BindingRuntime.fire(
                &count, value: value, every: every, increasing: up, decreasing: down,
                limit: limit
            ) { actions in
                fired += actions == up ? "+" : "-"
            }
        }
        return fired
    }

    @Test(arguments: [
        ([0.2], 0.1, "++"), ([0.1, 0.2, 0.3], 0.1, "+++"), ([0.29], 0.1, "++"), ([-0.2], 0.1, "--"),
        ([-0.05], 0.1, ""), ([0.6], 0.2, "+++"), ([Double.pi / 2], Double.pi / 12, "++++++"),
        ([0.2, 0.1], 0.1, "++-"), ([0.2, 0.05], 0.1, "++-"), ([0.2, -0.1], 0.1, "++---")
    ])
    func stepsFireOnePerWholeStepInTheDirectionOfTravel(values: [Double], every: Double, expected: String) {
        #expect(Self.fired(values, every: every) == expected)
    }

    @Test func aLeapFiresAtMostTheLimitAndTheMarkFollowsTheValue() {
        // Fingers landing 0.0001 px apart and spreading: the scale leaps by millions of steps.
        #expect(Self.fired([1e9], every: 0.01, limit: 8) == "++++++++")
        // The dropped steps are not owed: back down one step fires one.
        #expect(Self.fired([1e9, 1e9 - 0.02], every: 0.01, limit: 8) == "++++++++-")
        #expect(Self.fired([.infinity, .nan, 0.1], every: 0.1, limit: 8) == "+")
    }

    @Test func trembleAcrossAStepBoundaryFiresNothingMore() {
        #expect(Self.fired([0.1, 0.099, 0.101, 0.098, 0.102, 0.1], every: 0.1) == "+")
        #expect(Self.fired([0.1, 0.15, 0.05, 0.15], every: 0.1) == "+")
    }
}

/// Every parameter a binding gives reaches its recognizer; those it leaves out keep UIKit's defaults.
@Suite struct RecognizerFactoryTests {
    static func make(_ spec: RecognizerSpec) -> GestureRecognizer {
        let binding = Binding(
            name: "b", scope: .screen, recognizer: spec,
            location: SourceLocation(file: "t.yaml", line: 1, column: 1))
        return RecognizerFactory.make(binding, fingerWindow: 0.2)
    }

    @Test func eachParameterSetsItsProperty() throws {
        let tap = try #require(
            Self.make(
                .tap(
                    TapParameters(
                        numberOfTouchesRequired: 2, numberOfTapsRequired: 3, allowableMovement: 11,
                        maximumTapInterval: 0.41,
                        maximumTapDuration: 0.29))) as? TapGestureRecognizer)
        #expect(tap.numberOfTouchesRequired == 2 && tap.numberOfTapsRequired == 3 && tap.allowableMovement == 11)
        #expect(tap.maximumTapInterval == 0.41 && tap.maximumTapDuration == 0.29 && tap.fingerWindow == 0.2)

        let press = try #require(
            Self.make(
                .longPress(
                    LongPressParameters(
                        numberOfTouchesRequired: 3, numberOfTapsRequired: 1, minimumPressDuration: 0.9,
                        allowableMovement: 7)))
                as? LongPressGestureRecognizer)
        #expect(press.numberOfTouchesRequired == 3 && press.numberOfTapsRequired == 1)
        #expect(press.minimumPressDuration == 0.9 && press.allowableMovement == 7)

        let pan = try #require(
            Self.make(
                .pan(
                    PanParameters(
                        minimumNumberOfTouches: 2, maximumNumberOfTouches: 4, hysteresis: 13, allowedDirections: .up)))
                as? PanGestureRecognizer)
        #expect(pan.minimumNumberOfTouches == 2 && pan.maximumNumberOfTouches == 4)
        #expect(pan.hysteresis == 13 && pan.allowedDirections == .up)

        let swipe = try #require(
            Self.make(
                .swipe(
                    SwipeParameters(
                        numberOfTouchesRequired: 4, direction: .left, minimumDistance: 90, maximumDuration: 0.35,
                        maximumAngle: 0.3))) as? SwipeGestureRecognizer)
        #expect(swipe.numberOfTouchesRequired == 4 && swipe.direction == .left && swipe.minimumDistance == 90)
        #expect(swipe.maximumDuration == 0.35 && swipe.maximumAngle == 0.3)

        let pinch = try #require(
            Self.make(.pinch(PinchParameters(numberOfTouchesRequired: 3, hysteresis: 0.07)))
                as? PinchGestureRecognizer)
        #expect(pinch.numberOfTouchesRequired == 3 && pinch.hysteresis == 0.07)
        let rotation = try #require(
            Self.make(.rotate(RotationParameters(numberOfTouchesRequired: 3, hysteresis: 0.2)))
                as? RotationGestureRecognizer)
        #expect(rotation.numberOfTouchesRequired == 3 && rotation.hysteresis == 0.2)
    }

    @Test func leftOutParametersKeepUIKitsDefaults() throws {
        let tap = try #require(Self.make(.tap(TapParameters())) as? TapGestureRecognizer)
        let plain = TapGestureRecognizer(name: "plain")
        #expect(tap.numberOfTouchesRequired == plain.numberOfTouchesRequired)
        #expect(tap.maximumTapInterval == plain.maximumTapInterval && tap.allowableMovement == plain.allowableMovement)
    }
}

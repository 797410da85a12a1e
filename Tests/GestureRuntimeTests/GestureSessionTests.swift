import Testing
@testable import GestureConfig
@testable import GestureRuntime
@testable import GestureEngine

@Suite("A session: engine, scene and bindings together")
struct GestureSessionTests {
    static let swipeLeft = """
        gestures:
          - name: next
            swipe: { fingers: 1, direction: left }
            do: { desktop: next }
        """
    static let swipeRight = """
        gestures:
          - name: previous
            swipe: { fingers: 1, direction: right }
            do: { desktop: previous }
        """

    static func swipe(_ session: GestureSession, id: UInt32, from x: Double, by dx: Double, at start: Double) {
        session.handle([TouchSample(id: TouchID(id), phase: .began, location: Point(x: x, y: 500))], at: start)
        for step in 1...6 {
            let location = Point(x: x + dx * Double(step) / 6, y: 500)
            session.handle(
                [TouchSample(id: TouchID(id), phase: .moved, location: location)], at: start + 0.01 * Double(step))
        }
        session.handle(
            [TouchSample(id: TouchID(id), phase: .ended, location: Point(x: x + dx, y: 500))], at: start + 0.08)
    }

    static func actions(_ session: GestureSession) -> [String] {
        session.outputs.compactMap { output in
            if case .action(let fired) = output { return fired.gesture }
            return nil
        }
    }

    @Test func aNewConfigWaitsUntilNoTouchIsDown() throws {
        let session = GestureSession(
            configuration: try ConfigLoader.load(yaml: Self.swipeLeft),
            scene: SceneDescription())
        session.handle([TouchSample(id: TouchID(1), phase: .began, location: Point(x: 900, y: 500))], at: 0)
        session.update(configuration: try ConfigLoader.load(yaml: Self.swipeRight))
        #expect(session.configuration.screenBindings.map(\.name) == ["next"], "a touch is down: not yet")
        for step in 1...6 {
            session.handle(
                [TouchSample(id: TouchID(1), phase: .moved, location: Point(x: 900 - 20 * Double(step), y: 500))],
                at: 0.01 * Double(step))
        }
        session.handle([TouchSample(id: TouchID(1), phase: .ended, location: Point(x: 780, y: 500))], at: 0.08)
        #expect(Self.actions(session) == ["next"], "the gesture in progress finished under the old config")
        session.removeAllOutputs()
        Self.swipe(session, id: 2, from: 900, by: 120, at: 1)
        #expect(session.configuration.screenBindings.map(\.name) == ["previous"])
        #expect(Self.actions(session) == ["previous"])
    }

    @Test func touchesArriveInPixelsAndAreMeasuredInPoints() throws {
        // At 192 dpi, 120 px is 60 pt: past a 50 pt swipe, and 80 px (40 pt) is not.
        let hiDPI = SceneDescription(width: 3840, height: 2160, dpi: 192)
        let session = GestureSession(configuration: try ConfigLoader.load(yaml: Self.swipeLeft), scene: hiDPI)
        Self.swipe(session, id: 1, from: 2000, by: -120, at: 0)
        #expect(Self.actions(session) == ["next"])
        session.removeAllOutputs()
        Self.swipe(session, id: 2, from: 2000, by: -80, at: 1)
        #expect(Self.actions(session).isEmpty)
    }

    @Test func aNewSceneAppliesWhenIdle() throws {
        let yaml = """
            apps:
              xterm:
                inherit: false
            gestures:
              - name: next
                swipe: { fingers: 1, direction: left }
                do: { desktop: next }
            """
        let session = GestureSession(configuration: try ConfigLoader.load(yaml: yaml), scene: SceneDescription())
        Self.swipe(session, id: 1, from: 900, by: -120, at: 0)
        #expect(Self.actions(session) == ["next"])
        session.removeAllOutputs()
        let xterm = SceneWindow(
            info: WindowInfo(id: 9, windowClass: "XTerm", instance: "xterm"),
            frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        session.update(scene: SceneDescription(windows: [xterm]))
        Self.swipe(session, id: 2, from: 900, by: -120, at: 1)
        #expect(Self.actions(session).isEmpty, "over xterm, with inherit: false, the screen swipe does not apply")
        #expect(session.outputs.contains { if case .delivery(_, .rejected, _) = $0 { true } else { false } })
    }

    @Test func cancelAllLeavesNothingBusy() throws {
        let session = GestureSession(
            configuration: try ConfigLoader.load(yaml: Self.swipeLeft),
            scene: SceneDescription())
        session.handle([TouchSample(id: TouchID(1), phase: .began, location: Point(x: 900, y: 500))], at: 0)
        #expect(session.isBusy)
        session.cancelAll(at: 0.05)
        #expect(!session.isBusy)
        #expect(session.nextDeadline == nil)
        #expect(session.outputs.contains { if case .delivery(TouchID(1), .rejected, _) = $0 { true } else { false } })
    }
}

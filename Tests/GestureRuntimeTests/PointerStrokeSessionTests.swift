import Testing

@testable import GestureConfig
@testable import GestureEngine
@testable import GestureRuntime

/// Strokes drawn with a pen or a mouse button (`stroke: { device, button }`) in a session: only
/// the bindings of that device and button take the press, a stroke they name is accepted, and a
/// click or a shape no binding names is rejected (the bridge plays it to the application).
@Suite("Pen and mouse strokes in a session")
struct PointerStrokeSessionTests {
    static let config = """
        gestures:
          - name: mouse-check
            stroke: { shape: checkmark, device: mouse }
            do: { keys: ctrl+s }
          - name: mouse-middle-v
            stroke: { shape: v, device: mouse, button: 2 }
            do: { keys: ctrl+v }
          - name: pen-check
            stroke: { shape: checkmark, device: pen }
            do: { keys: ctrl+z }
          - name: finger-check
            stroke: { shape: checkmark, fingers: 2 }
            do: { keys: ctrl+y }
          - name: tap
            tap: {}
            do: { click: left }
        """

    /// A checkmark's points, 200 px across at (600, 300), every 5 px.
    static let checkmark: [Point] = {
        let corners = [Point(x: 0, y: 0.55), Point(x: 0.35, y: 1), Point(x: 1, y: 0)]
        var points: [Point] = []
        for index in 1..<corners.count {
            let (a, b) = (corners[index - 1], corners[index])
            let steps = Int(a.distance(to: b) * 200 / 5)
            for step in 0..<steps {
                let t = Double(step) / Double(steps)
                points.append(Point(x: 600 + (a.x + (b.x - a.x) * t) * 200, y: 300 + (a.y + (b.y - a.y) * t) * 200))
            }
        }
        points.append(Point(x: 800, y: 300))
        return points
    }()

    /// Feeds `points` as a press, moves and a release of `device`'s `button`, 8 ms apart; returns
    /// the bindings fired and the press's decisions.
    static func draw(_ points: [Point], _ device: StrokeDevice, button: Int, session: GestureSession)
        -> (fired: [String], decisions: [Delivery])
    {
        var time = session.time + 1
        for (index, point) in points.enumerated() {
            let phase: TouchPhase = index == 0 ? .began : index == points.count - 1 ? .ended : .moved
            session.handle(
                pointer: PointerPress(device: device, button: button, phase: phase, location: point), at: time)
            time += 0.008
        }
        session.advance(to: time + 1)
        var fired: [String] = []
        var decisions: [Delivery] = []
        for output in session.outputs {
            switch output {
            case .action(let action): fired.append(action.gesture)
            case .pointerDelivery(let decision): decisions.append(decision.delivery)
            default: continue
            }
        }
        session.removeAllOutputs()
        return (fired, decisions)
    }

    static func session() throws -> GestureSession {
        GestureSession(
            configuration: try ConfigLoader.load(yaml: config),
            scene: SceneDescription(width: 1920, height: 1080))
    }

    @Test func aMouseCheckmarkWithTheRightButtonFiresOnlyTheMouseBinding() throws {
        let session = try Self.session()
        let drawn = Self.draw(Self.checkmark, .mouse, button: 3, session: session)
        #expect(drawn.fired == ["mouse-check"])
        #expect(drawn.decisions == [.accepted])
    }

    @Test func aPenCheckmarkFiresThePenBindingAndNotTheFingersOrTheMouse() throws {
        let session = try Self.session()
        let drawn = Self.draw(Self.checkmark, .pen, button: 1, session: session)
        #expect(drawn.fired == ["pen-check"])
        #expect(drawn.decisions == [.accepted])
    }

    @Test(arguments: [
        // A click: pressed and released where it was.
        ([Point(x: 500, y: 500), Point(x: 500, y: 500)], StrokeDevice.mouse, 3),
        // A press that moved a little.
        ([Point(x: 500, y: 500), Point(x: 503, y: 501), Point(x: 505, y: 502)], .mouse, 3),
        // A shape no binding of that button names: a straight drag with the middle button (whose
        // binding draws a V).
        ((0...40).map { Point(x: 400 + Double($0) * 5, y: 600) }, .mouse, 2),
        // A shape bound to another device: the mouse's checkmark drawn with the pen's barrel button.
        (Self.checkmark, .pen, 3)
    ])
    func aPressNoStrokeBindingTakesIsRejectedAndFiresNothing(points: [Point], device: StrokeDevice, button: Int)
        throws
    {
        let session = try Self.session()
        let drawn = Self.draw(points, device, button: button, session: session)
        #expect(drawn.fired.isEmpty, "\(drawn.fired)")
        #expect(drawn.decisions == [.rejected])
    }

    @Test func aPressWithNoBindingForItsButtonIsRejectedAtOnce() throws {
        let session = try Self.session()
        session.handle(
            pointer: PointerPress(device: .mouse, button: 1, phase: .began, location: Point(x: 10, y: 10)), at: 1)
        let decisions = session.outputs.compactMap { output -> Delivery? in
            if case .pointerDelivery(let decision) = output { return decision.delivery }
            return nil
        }
        #expect(decisions == [.rejected], "the application gets the press before the release")
    }

    @Test func theConfigurationListsTheButtonsToGrab() throws {
        let configuration = try ConfigLoader.load(yaml: Self.config)
        #expect(
            configuration.pointerStrokeButtons.map(\.description) == [
                "mouse button 3", "mouse button 2", "pen button 1"
            ])
    }
}

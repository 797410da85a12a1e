import Testing
@testable import GestureConfig
@testable import GestureRuntime
@testable import GestureEngine

/// Touchpad gestures in a session: synthesized indirect touches driving the ordinary bindings.
@Suite("Touchpad gestures in a session")
struct TouchpadSessionTests {
    static let config = """
        gestures:
          - name: swipe3-left
            swipe: { fingers: 3, direction: left }
            do: { desktop: next }
          - name: swipe3-right
            swipe: { fingers: 3, direction: right }
            do: { desktop: previous }
          - name: swipe4-up
            swipe: { fingers: 4, direction: up }
            do: { keys: super }
          - name: zoom
            pinch: { fingers: 2 }
            steps: { every: 0.1, out: { keys: ctrl+plus }, in: { keys: ctrl+minus } }
          - name: pad-only
            swipe: { fingers: 3, direction: down }
            device: touchpad
            do: { keys: ctrl+alt+Down }
          - name: screen-only
            swipe: { fingers: 3, direction: up }
            device: touchscreen
            do: { keys: ctrl+alt+Up }
        edges:
          left:
            width: 40
            gestures:
              - name: edge
                swipe: { fingers: 3, direction: right }
                do: { keys: alt+Left }
        apps:
          alpha:
            gestures:
              - name: alpha-swipe
                swipe: { fingers: 3, direction: left }
                do: { keys: ctrl+alt+a }
        """

    static let scene = SceneDescription(windows: [
        SceneWindow(
            info: WindowInfo(id: 7, windowClass: "Alpha", instance: "alpha"),
            frame: Rect(x: 0, y: 0, width: 600, height: 1080))
    ])

    static func session(dpi: Double = 96) throws -> GestureSession {
        var scene = Self.scene
        scene.dpi = dpi
        return GestureSession(configuration: try ConfigLoader.load(yaml: config), scene: scene)
    }

    /// A libinput-sized swipe: begin, `updates` updates 10 ms apart of (dx, dy) pixels each, end.
    static func swipe(
        _ session: GestureSession, fingers: Int, dx: Double, dy: Double, updates: Int = 8,
        at pointer: Point, start: Double = 0
    ) {
        let event = { (phase: PadEvent.Phase, dx: Double, dy: Double) in
            PadEvent(kind: .swipe, phase: phase, fingers: fingers, dx: dx, dy: dy, pointer: pointer)
        }
        session.handle(pad: event(.began, 0, 0), at: start)
        for step in 1...updates { session.handle(pad: event(.updated, dx, dy), at: start + 0.01 * Double(step)) }
        session.handle(pad: event(.ended, 0, 0), at: start + 0.01 * Double(updates + 1))
    }

    /// A pinch from scale 1 to `to` in ten updates 10 ms apart.
    static func pinch(
        _ session: GestureSession, to scale: Double, at pointer: Point, phaseAtEnd: PadEvent.Phase = .ended
    ) {
        session.handle(pad: PadEvent(kind: .pinch, phase: .began, fingers: 2, pointer: pointer), at: 0)
        for step in 1...10 {
            let value = 1 + (scale - 1) * Double(step) / 10
            session.handle(
                pad: PadEvent(kind: .pinch, phase: .updated, fingers: 2, scale: value, pointer: pointer),
                at: 0.01 * Double(step))
        }
        session.handle(
            pad: PadEvent(kind: .pinch, phase: phaseAtEnd, fingers: 2, scale: scale, pointer: pointer), at: 0.11)
    }

    static func fired(_ session: GestureSession) -> [String] {
        session.outputs.compactMap { output in
            if case .action(let fired) = output { return "\(fired.gesture) \(fired.action)" }
            return nil
        }
    }

    static func firedNames(_ session: GestureSession) -> [String] {
        session.outputs.compactMap { output in
            if case .action(let fired) = output { return fired.gesture }
            return nil
        }
    }

    @Test(arguments: [
        (3, -20.0, 0.0, "swipe3-left"), (3, 20.0, 0.0, "swipe3-right"), (4, 0.0, -20.0, "swipe4-up"),
        (3, 0.0, 20.0, "pad-only")
    ])
    func aPadSwipeFiresTheSwipeBindingOfItsFingersAndDirection(fingers: Int, dx: Double, dy: Double, expected: String)
        throws
    {
        let session = try Self.session()
        Self.swipe(session, fingers: fingers, dx: dx, dy: dy, at: Point(x: 1200, y: 500))
        #expect(Self.firedNames(session) == [expected])
    }

    @Test func aPadSwipeTooShortForTheSwipeFiresNothing() throws {
        let session = try Self.session()
        // 4 updates of 10 px: 40 pt, short of the swipe's 50 pt.
        Self.swipe(session, fingers: 3, dx: -10, dy: 0, updates: 4, at: Point(x: 1200, y: 500))
        #expect(Self.firedNames(session).isEmpty)
    }

    @Test func deltasArePixelsAndAreMeasuredInPoints() throws {
        // At 192 dpi 8 × 10 px is 40 pt: short of 50 pt; 8 × 20 px is 80 pt.
        let short = try Self.session(dpi: 192)
        Self.swipe(short, fingers: 3, dx: -10, dy: 0, at: Point(x: 1200, y: 500))
        #expect(Self.firedNames(short).isEmpty)
        let long = try Self.session(dpi: 192)
        Self.swipe(long, fingers: 3, dx: -20, dy: 0, at: Point(x: 1200, y: 500))
        #expect(Self.firedNames(long) == ["swipe3-left"])
    }

    @Test func aTouchscreenOnlyBindingIgnoresThePad() throws {
        let session = try Self.session()
        Self.swipe(session, fingers: 3, dx: 0, dy: -20, at: Point(x: 1200, y: 500))
        #expect(Self.firedNames(session).isEmpty, "screen-only is device: touchscreen")
    }

    @Test func aTouchpadOnlyBindingIgnoresTheTouchscreen() throws {
        let session = try Self.session()
        let xs = [1100.0, 1180, 1260]
        session.handle(
            xs.indices.map {
                TouchSample(id: TouchID(UInt32($0 + 1)), phase: .began, location: Point(x: xs[$0], y: 300))
            }, at: 0)
        for step in 1...8 {
            session.handle(
                xs.indices.map {
                    TouchSample(
                        id: TouchID(UInt32($0 + 1)), phase: .moved,
                        location: Point(x: xs[$0], y: 300 + 20 * Double(step)))
                }, at: 0.01 * Double(step))
        }
        #expect(Self.firedNames(session).isEmpty, "pad-only is device: touchpad")
    }

    @Test(arguments: [(1.3, "ctrl+plus"), (0.7, "ctrl+minus")])
    func aPadPinchStepsTheZoomBinding(scale: Double, key: String) throws {
        let session = try Self.session()
        Self.pinch(session, to: scale, at: Point(x: 1200, y: 500))
        let fired = Self.fired(session)
        #expect(fired.count == 3, "\(fired)")
        #expect(fired.allSatisfy { $0.hasPrefix("zoom") && $0.contains(key) }, "\(fired)")
    }

    @Test func aPinchBeginsPromptlyAtLibinputSizedScales() throws {
        let session = try Self.session()
        Self.pinch(session, to: 1.3, at: Point(x: 1200, y: 500))
        let began = session.outputs.first { output in
            if case .state(_, .began, _, _) = output { true } else { false }
        }
        guard case let .state(_, _, snapshot, time) = began else {
            Issue.record("the pinch never began")
            return
        }
        #expect(time <= 0.04, "began at scale 1.09 or earlier, not \(time)")
        guard case let .pinch(scale, _) = snapshot.measurement else { return }
        #expect(abs(scale - (1 + 0.3 * time / 0.1)) < 1e-9, "the recognizer's scale is the touchpad's")
    }

    /// A two-finger scroll that libinput reports as a pinch: the scale jitters within 1 ± 0.05
    /// while the fingers travel. The travel dominates, so UIKit's 8 pt does not begin the zoom
    /// (the spread changes 15 pt) and the 24 pt for a pinch made while sweeping is not reached;
    /// the same jitter with the fingers still is a pinch (seen failing with dominance ignored).
    @Test(arguments: [(20.0, false), (0.0, true)])
    func aScrollMistakenForAPinchDoesNotZoom(dyPerUpdate: Double, zooms: Bool) throws {
        let session = try Self.session()
        let pointer = Point(x: 1200, y: 500)
        session.handle(pad: PadEvent(kind: .pinch, phase: .began, fingers: 2, pointer: pointer), at: 0)
        for (index, scale) in [1.02, 1.05, 1.03, 0.98, 1.04, 1.05, 1.01, 0.97, 1.03, 1.05].enumerated() {
            session.handle(
                pad: PadEvent(
                    kind: .pinch, phase: .updated, fingers: 2, dy: dyPerUpdate, scale: scale, pointer: pointer),
                at: 0.01 * Double(index + 1))
        }
        session.handle(pad: PadEvent(kind: .pinch, phase: .ended, fingers: 2, pointer: pointer), at: 0.11)
        let began = session.outputs.contains { output in
            if case .state(_, .began, _, _) = output { true } else { false }
        }
        #expect(began == zooms)
    }

    @Test func aCancelledPadPinchCancelsTheGestureAndRunsNoEndActions() throws {
        let session = try Self.session()
        Self.pinch(session, to: 1.3, at: Point(x: 1200, y: 500), phaseAtEnd: .cancelled)
        #expect(session.outputs.contains { if case .state(_, .cancelled, _, _) = $0 { true } else { false } })
        #expect(!session.isBusy)
    }

    @Test func theWindowUnderThePointerChoosesThePerAppBinding() throws {
        let session = try Self.session()
        Self.swipe(session, fingers: 3, dx: -20, dy: 0, at: Point(x: 300, y: 500))
        #expect(Self.firedNames(session) == ["alpha-swipe"])
        let window = session.outputs.compactMap {
            if case .action(let fired) = $0 { fired.context.window } else { nil }
        }
        #expect(window.map(\.id) == [7])
    }

    @Test func anEdgeStripNeverTakesAPadGesture() throws {
        let session = try Self.session()
        // The pointer rests on the left border, inside the edge strip, over alpha.
        Self.swipe(session, fingers: 3, dx: 20, dy: 0, at: Point(x: 5, y: 500))
        #expect(Self.firedNames(session) == ["swipe3-right"], "the screen's binding, through alpha; not the edge's")
    }

    @Test func padTouchesAreNeverReportedAsDeliveries() throws {
        let session = try Self.session()
        Self.swipe(session, fingers: 3, dx: -20, dy: 0, at: Point(x: 1200, y: 500))
        Self.swipe(session, fingers: 3, dx: 1, dy: 0, updates: 2, at: Point(x: 1200, y: 500), start: 1)
        #expect(!session.outputs.contains { if case .delivery = $0 { true } else { false } })
    }

    @Test func aBeginDuringAGestureCancelsItFirst() throws {
        let session = try Self.session()
        let pointer = Point(x: 1200, y: 500)
        session.handle(pad: PadEvent(kind: .swipe, phase: .began, fingers: 3, pointer: pointer), at: 0)
        session.handle(pad: PadEvent(kind: .pinch, phase: .began, fingers: 2, pointer: pointer), at: 0.1)
        #expect(session.engine.touches.count == 2)
        session.handle(pad: PadEvent(kind: .swipe, phase: .updated, fingers: 3, dx: -200, pointer: pointer), at: 0.2)
        session.handle(pad: PadEvent(kind: .pinch, phase: .ended, fingers: 2, pointer: pointer), at: 0.3)
        #expect(!session.isBusy)
        #expect(Self.firedNames(session).isEmpty, "a stray update of another kind moves nothing")
    }

    @Test func touchpadAndTouchscreenTouchesWithTheSameIDsDoNotMix() throws {
        let session = try Self.session()
        let pointer = Point(x: 1200, y: 500)
        session.handle([TouchSample(id: TouchID(1), phase: .began, location: Point(x: 1500, y: 900))], at: 0)
        session.handle(pad: PadEvent(kind: .swipe, phase: .began, fingers: 3, pointer: pointer), at: 0.01)
        #expect(session.engine.touches.map(\.id.rawValue) == [1, 1, 2, 3])
        session.handle(pad: PadEvent(kind: .swipe, phase: .ended, fingers: 3, pointer: pointer), at: 0.02)
        #expect(session.engine.touches.map(\.type) == [.direct], "the screen's finger is still down")
        session.handle([TouchSample(id: TouchID(1), phase: .ended, location: Point(x: 1500, y: 900))], at: 0.03)
        let deliveries = session.outputs.compactMap {
            if case let .delivery(id, _, _) = $0 { id.rawValue } else { nil }
        }
        #expect(deliveries == [1], "one decision, for the screen's touch")
    }

    @Test func aPadPinchsAngleTurnsARotationClockwisePositive() throws {
        let session = GestureSession(
            configuration: try ConfigLoader.load(
                yaml: """
                    gestures:
                      - name: turn
                        rotate: { fingers: 2 }
                        do: { keys: ctrl+r }
                    """), scene: SceneDescription())
        let pointer = Point(x: 900, y: 500)
        session.handle(pad: PadEvent(kind: .pinch, phase: .began, fingers: 2, pointer: pointer), at: 0)
        for step in 1...10 {
            session.handle(
                pad: PadEvent(kind: .pinch, phase: .updated, fingers: 2, angle: 2, pointer: pointer),
                at: 0.01 * Double(step))
        }
        let rotations = session.outputs.compactMap { output -> Double? in
            if case let .state(_, _, snapshot, _) = output, case let .rotation(rotation, _) = snapshot.measurement {
                return rotation
            }
            return nil
        }
        #expect(Self.firedNames(session) == ["turn"])
        #expect(abs((rotations.last ?? 0) - 20 * .pi / 180) < 1e-9, "\(rotations)")
    }

    @Test func aPadSwipeHoldsAChordWhileAThreeFingerPanRuns() throws {
        let session = GestureSession(
            configuration: try ConfigLoader.load(
                yaml: """
                    gestures:
                      - name: switcher
                        pan: { fingers: 3 }
                        hold: alt
                        on: update
                        do: { keys: Tab }
                    """), scene: SceneDescription())
        Self.swipe(session, fingers: 3, dx: 15, dy: 0, updates: 4, at: Point(x: 900, y: 500))
        let fired = Self.fired(session)
        #expect(fired.first?.contains("Alt_L") == true && fired.last?.contains("Alt_L") == true, "\(fired)")
        #expect(fired.count >= 4, "pressed, Tab on updates, released: \(fired)")
        #expect(!session.isBusy)
    }

    @Test(arguments: 0..<20)
    func anyOrderOfPadEventsLeavesTheSessionIdleAndReportsNoDeliveries(seed: Int) throws {
        let session = try Self.session()
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        let phases = PadEvent.Phase.allCases
        for step in 0..<60 {
            let kind: PadEvent.Kind = next(2) == 0 ? .swipe : .pinch
            let event = PadEvent(
                kind: kind, phase: phases[next(phases.count)], fingers: 2 + next(3),
                dx: Double(next(41) - 20), dy: Double(next(41) - 20),
                scale: 0.5 + Double(next(100)) / 100, angle: Double(next(11) - 5),
                pointer: Point(x: Double(next(1920)), y: Double(next(1080))))
            session.handle(pad: event, at: 0.01 * Double(step))
        }
        for kind in PadEvent.Kind.allCases {
            session.handle(pad: PadEvent(kind: kind, phase: .cancelled, fingers: 2, pointer: .zero), at: 1)
        }
        session.advance(to: 10)
        #expect(!session.isBusy)
        #expect(!session.outputs.contains { if case .delivery = $0 { true } else { false } })
    }
}

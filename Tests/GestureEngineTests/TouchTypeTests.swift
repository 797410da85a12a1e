import Testing
@testable import GestureEngine

/// Touch types: `allowedTouchTypes` on recognizers and views, separate identifiers, and unreported decisions.
@Suite struct TouchTypeTests {
    /// One finger of the given type at (x, y), hit-tested at `hit` when given.
    static func sample(
        _ id: UInt32, _ phase: TouchPhase, _ x: Double, _ y: Double,
        type: TouchType, hit: Point? = nil
    ) -> TouchSample {
        TouchSample(id: TouchID(id), phase: phase, location: Point(x: x, y: y), type: type, hitTestLocation: hit)
    }

    /// Drags one finger of `type` 100 pt right in ten frames.
    static func drag(_ s: TouchScript, type: TouchType, id: UInt32 = 1) {
        s.frame([sample(id, .began, 100, 500, type: type)])
        for step in 1...10 {
            s.wait(0.01)
            s.frame([sample(id, .moved, 100 + 10 * Double(step), 500, type: type)])
        }
        s.frame([sample(id, .ended, 200, 500, type: type)])
    }

    static let gating: [(Set<TouchType>, TouchType, Bool)] = [
        ([.direct], .direct, true),
        ([.direct], .indirectPointer, false),
        ([.indirectPointer], .indirectPointer, true),
        ([.indirectPointer], .direct, false),
        (Set(TouchType.allCases), .direct, true),
        (Set(TouchType.allCases), .indirectPointer, true)
    ]

    @Test(arguments: gating)
    func aRecognizerSeesOnlyTouchesOfItsAllowedTypes(allowed: Set<TouchType>, type: TouchType, recognizes: Bool) {
        let s = TouchScript()
        let pan = PanGestureRecognizer(name: "pan")
        pan.allowedTouchTypes = allowed
        s.screen.addGestureRecognizer(pan)
        Self.drag(s, type: type)
        #expect(s.actions.contains("pan began") == recognizes, "\(s.actions)")
    }

    @Test func byDefaultARecognizerAllowsEveryType() {
        #expect(PanGestureRecognizer().allowedTouchTypes == Set(TouchType.allCases))
        #expect(View(kind: .screen, frame: .zero).allowedTouchTypes == Set(TouchType.allCases))
    }

    @Test func aDirectTouchNoIndirectRecognizerTakesIsRejectedAsBefore() {
        let s = TouchScript()
        let pan = PanGestureRecognizer(name: "pan")
        pan.allowedTouchTypes = [.indirectPointer]
        s.screen.addGestureRecognizer(pan)
        Self.drag(s, type: .direct)
        #expect(s.delivery(of: 1) == .rejected)
    }

    @Test func indirectTouchDecisionsStayOnTheTouchAndAreNotReported() {
        let s = TouchScript()
        let pan = PanGestureRecognizer(name: "pan")
        s.screen.addGestureRecognizer(pan)
        var decided: Delivery?
        pan.addTarget { recognizer in decided = recognizer.touches.first?.delivery ?? decided }
        Self.drag(s, type: .indirectPointer)
        #expect(s.actions.first == "pan began")
        #expect(decided == .accepted)
        #expect(s.deliveries.isEmpty, "an indirect touch has no application sequence to decide")
    }

    @Test func touchesOfDifferentTypesWithTheSameIDAreDifferentTouches() {
        let s = TouchScript()
        s.frame([
            Self.sample(1, .began, 100, 100, type: .direct), Self.sample(1, .began, 900, 900, type: .indirectPointer)
        ])
        #expect(s.engine.touches.count == 2)
        s.frame([Self.sample(1, .ended, 100, 100, type: .indirectPointer)])
        #expect(s.engine.touches.map(\.type) == [.direct])
        #expect(s.engine.touches.first?.location == Point(x: 100, y: 100))
    }

    @Test func anIndirectTouchIsHitTestedAtItsHitPointAndPassesOverViewsThatDoNotAllowIt() {
        let screen = View(kind: .screen, frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        let window = View(
            kind: .window(WindowInfo(id: 7, windowClass: "Alpha")), frame: Rect(x: 0, y: 0, width: 960, height: 1080))
        let edge = View(kind: .edge(.left), frame: Rect(x: 0, y: 0, width: 20, height: 1080))
        edge.allowedTouchTypes = [.direct]
        screen.addSubview(window)
        screen.addSubview(edge)
        let s = TouchScript(root: screen)
        // Far from the window, but the pointer is over it at the screen's left border.
        s.frame([Self.sample(1, .began, 1500, 500, type: .indirectPointer, hit: Point(x: 5, y: 500))])
        s.frame([Self.sample(2, .began, 5, 500, type: .direct)])
        let views = s.engine.touches.map { $0.view?.description }
        #expect(views == ["alpha", "left edge"])
        #expect(s.engine.touches.first?.hitTestLocation == Point(x: 5, y: 500))
    }
}

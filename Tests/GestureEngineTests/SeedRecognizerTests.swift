import Testing
@testable import GestureEngine

/// The seeds' custom "check mark" recognizer, written as the seeds write it.
final class CheckMarkRecognizer: GestureRecognizer {
    var strokeUp = false
    var midPoint = Point.zero

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        if touches.count != 1 { state = .failed }
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        if state == .failed { return }
        guard let touch = touches.first else { return }
        let now = touch.location(in: view)
        let previous = touch.previousLocation(in: view)
        if !strokeUp {
            if now.x >= previous.x && now.y >= previous.y {
                midPoint = now
            } else if now.x >= previous.x && now.y <= previous.y {
                strokeUp = true
            } else {
                state = .failed
            }
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible && strokeUp { state = .recognized }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        midPoint = .zero
        strokeUp = false
        state = .failed
    }

    override func reset() {
        super.reset()
        midPoint = .zero
        strokeUp = false
    }
}

/// The seeds' "tickle" recognizer (KMGestureRecognizer): three left-right scrubs.
final class TickleRecognizer: GestureRecognizer {
    enum Direction { case unknown, left, right }
    static let minimumTickleSpacing = 20.0
    static let requiredTickles = 3
    var tickleCount = 0
    var currentTickleStart = Point.zero
    var lastDirection = Direction.unknown

    override func reset() {
        tickleCount = 0
        currentTickleStart = .zero
        lastDirection = .unknown
        if state == .possible { state = .failed }
    }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        currentTickleStart = touches.first!.location(in: view)
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let tickleEnd = touches.first!.location(in: view)
        let spacing = tickleEnd.x - currentTickleStart.x
        let direction: Direction = spacing < 0 ? .left : .right
        guard abs(spacing) >= Self.minimumTickleSpacing else { return }
        if lastDirection == .unknown || (lastDirection == .left && direction == .right)
            || (lastDirection == .right && direction == .left)
        {
            tickleCount += 1
            currentTickleStart = tickleEnd
            lastDirection = direction
            if tickleCount >= Self.requiredTickles && state == .possible { state = .ended }
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { reset() }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { reset() }
}

@Suite("The seeds' custom recognizers, subclassed from the base class")
struct SeedRecognizerTests {
    func script(with recognizer: GestureRecognizer) -> TouchScript {
        let script = TouchScript()
        script.screen.addGestureRecognizer(recognizer)
        return script
    }

    @Test func checkMarkIsRecognizedOnADownThenUpStroke() {
        let check = CheckMarkRecognizer(name: "check")
        let s = script(with: check)
        s.down(1, 100, 100).drag(1, from: (100, 100), to: (140, 160), steps: 4)
            .drag(1, from: (140, 160), to: (220, 40), steps: 6).up(1, 220, 40)
        #expect(s.actions == ["check ended"])
        #expect(s.delivery(of: 1) == .accepted)
        #expect(check.strokeUp == false, "reset() ran after recognition")
    }

    @Test(arguments: [
        ("left instead of down", [(80.0, 130.0), (60.0, 160.0)]),
        ("only down", [(120.0, 130.0), (140.0, 160.0)])
    ])
    func checkMarkFailsOnOtherStrokes(_ label: String, path: [(Double, Double)]) {
        let s = script(with: CheckMarkRecognizer(name: "check"))
        s.down(1, 100, 100)
        for point in path { s.wait(0.02).move(1, point.0, point.1) }
        s.up(1, path.last!.0, path.last!.1)
        #expect(s.actions.isEmpty, "\(label)")
        #expect(s.delivery(of: 1) == .rejected)
        #expect(s.transitions(of: "check").contains("possible→failed"))
    }

    @Test func checkMarkFailsWhenTwoFingersLandTogether() {
        let s = script(with: CheckMarkRecognizer(name: "check"))
        s.frame([(1, .began, 100, 100), (2, .began, 200, 100)])
        #expect(s.transitions(of: "check").first == "possible→failed")
        #expect(s.delivery(of: 1) == .rejected && s.delivery(of: 2) == .rejected)
    }

    @Test func tickleIsRecognizedAfterThreeScrubs() {
        let s = script(with: TickleRecognizer(name: "tickle"))
        s.down(1, 500, 500)
        for x in [530.0, 495.0, 530.0] { s.wait(0.05).move(1, x, 500) }
        #expect(s.actions == ["tickle ended"])
        s.wait(0.05).up(1, 530, 500)
        #expect(s.actions == ["tickle ended"])
        #expect(s.delivery(of: 1) == .accepted)
    }

    @Test func tickleWithTwoScrubsFailsAtTheLift() {
        let s = script(with: TickleRecognizer(name: "tickle"))
        s.down(1, 500, 500)
        for x in [530.0, 495.0] { s.wait(0.05).move(1, x, 500) }
        #expect(s.delivery(of: 1) == nil, "still possible: the touch is held")
        s.wait(0.05).up(1, 495, 500)
        #expect(s.actions.isEmpty)
        #expect(s.delivery(of: 1) == .rejected)
    }
}

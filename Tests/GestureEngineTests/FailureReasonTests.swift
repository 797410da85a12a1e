import Testing

@testable import GestureEngine

/// Each recognizer says why it failed, with the figure that decided and the limit, and the
/// transition to failed carries it.
@Suite("Failure reasons")
struct FailureReasonTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var make: @Sendable () -> GestureRecognizer
        var script: @Sendable (TouchScript) -> Void
        var expected: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "a tap that moved",
            make: { TapGestureRecognizer() },
            script: { $0.down(1, 500, 500).move(1, 552, 500) },
            expected: "moved 52 pt, more than the 45 pt a tap allows"),
        Case(
            label: "a tap held down",
            make: { TapGestureRecognizer() },
            script: { $0.down(1, 500, 500).wait(1) },
            expected: "held longer than the 0.75 s a tap allows"),
        Case(
            label: "a double tap whose second tap is late",
            make: {
                let tap = TapGestureRecognizer()
                tap.numberOfTapsRequired = 2
                return tap
            },
            script: { $0.down(1, 500, 500).up(1, 500, 500).wait(0.5) },
            expected: "the next tap did not come within 0.35 s"),
        Case(
            label: "a two-finger pinch whose first finger set off alone",
            make: { PinchGestureRecognizer() },
            script: { $0.down(1, 500, 500).move(1, 520, 500) },
            expected:
                "the first finger travelled 20 pt before the others landed, more than the 16 pt a pinch allows"
        ),
        Case(
            label: "a three-finger swipe with two",
            make: {
                let swipe = SwipeGestureRecognizer()
                swipe.numberOfTouchesRequired = 3
                return swipe
            },
            script: { $0.frame([(1, .began, 500, 500), (2, .began, 600, 500)]).wait(0.2) },
            expected: "2 fingers when the finger window closed, a swipe wants 3"),
        Case(
            label: "a two-finger swipe with three",
            make: {
                let swipe = SwipeGestureRecognizer()
                swipe.numberOfTouchesRequired = 2
                return swipe
            },
            script: { $0.frame([(1, .began, 500, 500), (2, .began, 600, 500), (3, .began, 700, 500)]) },
            expected: "3 fingers, more than the 2 a swipe takes"),
        Case(
            label: "a swipe left that went up",
            make: {
                let swipe = SwipeGestureRecognizer()
                swipe.direction = .left
                return swipe
            },
            script: { $0.down(1, 500, 500).drag(1, from: (500, 500), to: (500, 400), steps: 5) },
            expected: "went up, a swipe takes left"),
        Case(
            label: "a slow swipe",
            make: { SwipeGestureRecognizer() },
            // 5 pt every 0.1 s: four moves are in when the 0.5 s run out.
            script: { $0.down(1, 500, 500).drag(1, from: (500, 500), to: (530, 500), steps: 6, interval: 0.1) },
            expected: "travelled 20 pt in 0.5 s; a swipe needs 50 pt within that"),
        Case(
            label: "a swipe lifted short",
            make: { SwipeGestureRecognizer() },
            script: { $0.down(1, 500, 500).move(1, 520, 500).up(1, 520, 500) },
            expected: "a finger lifted before a swipe was recognized"),
        Case(
            label: "a long press that drifted",
            make: { LongPressGestureRecognizer() },
            script: { $0.down(1, 500, 500).move(1, 500, 515) },
            expected: "moved 15 pt, more than the 10 pt a long press allows"),
        Case(
            label: "a pinch lifted before it began",
            make: { PinchGestureRecognizer() },
            script: { $0.frame([(1, .began, 500, 500), (2, .began, 600, 500)]).up(1, 500, 500) },
            expected: "a finger lifted before a pinch was recognized"),
        Case(
            label: "a pan to the right only, dragged left",
            make: {
                let pan = PanGestureRecognizer()
                pan.allowedDirections = .right
                return pan
            },
            script: { $0.down(1, 500, 500).drag(1, from: (500, 500), to: (470, 500), steps: 3) },
            expected: "went left, a pan takes right")
    ]

    @Test(arguments: cases)
    func theFailureSaysWhyWithItsFigures(_ c: Case) throws {
        let script = TouchScript()
        let recognizer = c.make()
        script.screen.addGestureRecognizer(recognizer)
        c.script(script)
        let failures = script.causes(of: recognizer).compactMap { cause -> String? in
            if case .failure(let reason) = cause { return reason.description(for: recognizer.kind) }
            return nil
        }
        #expect(failures == [c.expected], "\(script.causes(of: recognizer))")
    }
}

import GestureEngine
import Testing
@testable import GestureRuntime

/// The daemon's stand-aside gate: which touches it recognizes and which it passes through whole.
@Suite struct StandAsideGateTests {
    typealias Step = (touch: UInt32, phase: TouchPhase, grabbed: Bool, route: StandAsideGate.Route)

    static let cases: [(String, [Step])] = [
        (
            "nobody holds the keyboard",
            [(1, .began, false, .recognize), (1, .moved, true, .recognize), (1, .ended, true, .recognize)]
        ),
        (
            "a locker is up as the sequence starts",
            [
                (1, .began, true, .passThrough), (2, .began, false, .passThrough), (1, .moved, false, .drop),
                (1, .ended, false, .drop), (2, .ended, false, .drop), (3, .began, false, .recognize)
            ]
        ),
        (
            "a locker that comes up mid-sequence leaves it alone",
            [
                (1, .began, false, .recognize), (2, .began, true, .recognize), (2, .ended, true, .recognize),
                (1, .ended, true, .recognize), (4, .began, true, .passThrough)
            ]
        )
    ]

    @Test(arguments: cases)
    func theKeyboardIsAskedOncePerSequence(name: String, steps: [Step]) {
        var gate = StandAsideGate()
        var asked = 0
        for step in steps {
            let route = gate.route(TouchID(rawValue: step.touch), step.phase) {
                asked += 1; return step.grabbed
            }
            #expect(route == step.route, "\(name): touch \(step.touch) \(step.phase)")
        }
        let starts = steps.indices.filter { index in
            steps[index].phase == .began
                && steps[..<index].reduce(0) { $0 + ($1.phase == .began ? 1 : $1.phase == .ended ? -1 : 0) } == 0
        }.count
        #expect(asked == starts)
    }
}

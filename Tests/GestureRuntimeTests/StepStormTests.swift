import Testing
@testable import GestureConfig
@testable import GestureRuntime
@testable import GestureEngine

/// `steps:` cannot become a storm: fingers that land almost on one another and then spread
/// make a pinch's scale leap by millions of steps, and one update once fired them all.
@Suite("Steps have a bound")
struct StepStormTests {
    static let config = """
        gestures:
          - name: zoom
            pinch: { fingers: 2 }
            steps: { every: 0.01, out: { keys: ctrl+plus }, in: { keys: ctrl+minus } }
        """

    /// Two fingers land 0.0001 px apart and spread apart by `spread` px per frame, 100 frames a second.
    static func spreadingPinch(_ session: GestureSession, frames: Int, spread: Double) -> [[FiredAction]] {
        var perFrame: [[FiredAction]] = []
        session.handle(
            [
                TouchSample(id: TouchID(1), phase: .began, location: Point(x: 900, y: 500)),
                TouchSample(id: TouchID(2), phase: .began, location: Point(x: 900.0001, y: 500))
            ], at: 0)
        for frame in 1...frames {
            session.removeAllOutputs()
            let half = spread * Double(frame) / 2
            session.handle(
                [
                    TouchSample(id: TouchID(1), phase: .moved, location: Point(x: 900 - half, y: 500)),
                    TouchSample(id: TouchID(2), phase: .moved, location: Point(x: 900.0001 + half, y: 500))
                ],
                at: 0.01 * Double(frame))
            perFrame.append(session.outputs.compactMap { if case .action(let fired) = $0 { fired } else { nil } })
        }
        return perFrame
    }

    @Test func aLeapingPinchFiresAtMostEightStepsAnUpdateAndSixtyASecond() throws {
        let session = GestureSession(configuration: try ConfigLoader.load(yaml: Self.config), scene: SceneDescription())
        // Two seconds of frames; the scale reaches about ten million.
        let perFrame = Self.spreadingPinch(session, frames: 200, spread: 5)
        let counts = perFrame.map(\.count)
        #expect(counts.allSatisfy { $0 <= BindingRuntime.maximumStepsPerUpdate }, "\(counts)")
        let firstSecond = counts.prefix(99).reduce(0, +), secondSecond = counts.dropFirst(100).reduce(0, +)
        #expect(firstSecond <= BindingRuntime.maximumStepsPerSecond, "\(firstSecond) in the first second")
        #expect(secondSecond <= BindingRuntime.maximumStepsPerSecond, "\(secondSecond) in the second")
        #expect(secondSecond > 0, "steps go on in the next second")
        #expect(perFrame.joined().allSatisfy { $0.gesture == "zoom" })
    }
}

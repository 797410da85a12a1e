import Testing
@testable import GestureConfig
@testable import GestureRuntime
@testable import GestureEngine

@Suite("Hold-style bindings")
struct HoldBindingTests {
    static let yaml = """
        gestures:
          - name: drag-window
            pan: { fingers: 3 }
            hold: alt
        """

    @Test func holdIsOneChordOnAContinuousGesture() throws {
        let configuration = try ConfigLoader.load(yaml: Self.yaml)
        #expect(configuration.screenBindings.first?.hold?.description == "Alt_L", "a modifier alone is its left key")
    }

    @Test(arguments: [
        ("tap: { fingers: 3 }\n    hold: alt", "'hold' applies only to continuous gestures"),
        ("pan: { fingers: 3 }\n    hold: ctrl+c ctrl+v", "'hold' takes one chord"),
        ("pan: { fingers: 3 }\n    hold: atl", "atl")
    ])
    func badHoldsAreReportedWithTheirLine(body: String, expected: String) {
        let yaml = "gestures:\n  - name: g\n    \(body)\n"
        #expect {
            try ConfigLoader.load(yaml: yaml, file: "hold.yaml")
        } throws: { error in
            let text = "\(error)"
            return text.contains(expected) && text.contains("hold.yaml:")
        }
    }

    static func holds(_ session: GestureSession) -> [String] {
        session.outputs.compactMap { output in
            if case .action(let fired) = output, case let .hold(chord, pressed) = fired.action {
                return "\(chord) \(pressed ? "down" : "up")"
            }
            return nil
        }
    }

    static func threeFingers(_ phase: TouchPhase, x: Double) -> [TouchSample] {
        (0..<3).map {
            TouchSample(id: TouchID(UInt32($0 + 1)), phase: phase, location: Point(x: x + 80 * Double($0), y: 500))
        }
    }

    @Test(arguments: [false, true])
    func theChordIsPressedAtBeganAndReleasedHoweverTheGestureEnds(cancelled: Bool) throws {
        let session = GestureSession(configuration: try ConfigLoader.load(yaml: Self.yaml), scene: SceneDescription())
        session.handle(Self.threeFingers(.began, x: 800), at: 0)
        for step in 1...4 {
            session.handle(Self.threeFingers(.moved, x: 800 + 10 * Double(step)), at: 0.01 * Double(step))
        }
        #expect(Self.holds(session) == ["Alt_L down"])
        session.removeAllOutputs()
        if cancelled {
            session.cancelAll(at: 0.1)
        } else {
            session.handle(Self.threeFingers(.ended, x: 840), at: 0.1)
        }
        #expect(Self.holds(session) == ["Alt_L up"])
    }
}

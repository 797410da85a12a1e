import GestureConfig
import GestureReplay
import Testing

/// A recording keeps the windows that changed while it ran (a line with the header's fields and
/// a time), and `replay` hit-tests the touches after it in the new scene, as the daemon did:
/// a binding for a window that opened mid-recording fires on it only from then on.
@Suite struct SceneChangeReplayTests {
    static let config = """
        apps:
          beta:
            gestures:
              - name: save
                swipe: { fingers: 1, direction: up }
                do: { keys: ctrl+s }
        """

    static func swipeUp(_ id: Int, at start: Double) -> [String] {
        (0...6).map { step in
            let phase = step == 0 ? "down" : step == 6 ? "up" : "move"
            let t = ((start + 0.01 * Double(step)) * 1000).rounded() / 1000
            return #"{"t": \#(t), "touch": \#(id), "phase": "\#(phase)", "x": 900, "y": \#(700 - 20 * step)}"#
        }
    }

    static func actions(_ lines: [String]) throws -> [String] {
        let trace = try TraceReader.read(lines.joined(separator: "\n"), file: "session")
        let outcome = ReplayRunner.run(
            trace: trace, configuration: try ConfigLoader.load(yaml: config), verbose: false)
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
        return outcome.records.compactMap { record in
            if case let .action(time, gesture, _) = record { "\(gesture) at \(time)" } else { nil }
        }
    }

    @Test func aWindowThatOpenedMidRecordingGetsItsBindingFromThen() throws {
        let alpha = #"{"id": 1, "class": "Alpha", "x": 0, "y": 0, "width": 1920, "height": 1080}"#
        let beta = #"{"id": 2, "class": "Beta", "x": 0, "y": 0, "width": 1920, "height": 1080}"#
        let header = #"{"screen": {"width": 1920, "height": 1080, "dpi": 96}, "windows": [\#(alpha)], "active": 1}"#
        let opened =
            #"{"t": 0.5, "screen": {"width": 1920, "height": 1080, "dpi": 96}, "windows": [\#(beta), \#(alpha)], "active": 2}"#
        let session = [header] + Self.swipeUp(1, at: 0) + [opened] + Self.swipeUp(2, at: 1)
        let fired = try Self.actions(session)
        #expect(fired.count == 1 && fired[0].hasPrefix("save at 1.0"), "only the swipe over beta: \(fired)")
    }
}

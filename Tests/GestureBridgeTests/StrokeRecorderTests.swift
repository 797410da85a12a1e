import GestureEngine
import Glibc
import Testing

import ControlStreams

/// `record --stroke`: the daemon's trace lines cut into drawings, as the recognizer follows them.
@Suite struct StrokeRecorderTests {
    /// A touch line as the daemon's record stream writes it.
    static func line(_ touch: Int, _ phase: String, _ x: Double, _ y: Double) -> String {
        #"{"t": 0, "touch": \#(touch), "phase": "\#(phase)", "x": \#(x), "y": \#(y)}"#
    }

    /// One finger from `from` to `to` in `steps` moves.
    static func drag(_ touch: Int, from: (Double, Double), to: (Double, Double), steps: Int = 10) -> [String] {
        var lines = [line(touch, "down", from.0, from.1)]
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            lines.append(line(touch, "move", from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t))
        }
        lines.append(line(touch, "up", to.0, to.1))
        return lines
    }

    /// Two fingers 60 px apart drag down 100 px, one after the other (the centre moves 50, twice).
    static let twoFingers: [String] = {
        var lines = [line(1, "down", 0, 0), line(1, "move", 30, 0), line(2, "down", 30, 60)]
        for step in 1...10 { lines.append(line(1, "move", 30, Double(step) * 10)) }
        for step in 1...10 { lines.append(line(2, "move", 30, 60 + Double(step) * 10)) }
        return lines + [line(1, "up", 30, 100), line(2, "up", 30, 160)]
    }()

    @Test(
        arguments: [
            // (lines, what the last line did, drawings kept)
            (drag(1, from: (0, 0), to: (100, 0)), StrokeRecorder.Outcome.kept(count: 1, length: 100, fingers: 1), 1),
            (drag(1, from: (0, 0), to: (40, 0)), .tooShort(length: 40), 0),
            (
                [line(1, "down", 0, 0), line(1, "move", 50, 0), line(1, "move", 100, 0), line(1, "cancel", 100, 0)],
                .cancelled, 0
            ),
            // Two fingers: the centre's path; it starts again when the second lands.
            (
                twoFingers,
                .kept(count: 1, length: 100, fingers: 2), 1
            ),
            // Other lines (the header, touchpad gestures, a touch never seen landing) change nothing.
            (
                [
                    #"{"t": 0, "scene": {"screen": {"width": 1920}}}"#,
                    #"{"t": 0, "pad": "swipe", "phase": "begin", "fingers": 3, "dx": 0, "dy": 0}"#,
                    line(9, "up", 5, 5)
                ], .none, 0
            )
        ] as [([String], StrokeRecorder.Outcome, Int)])
    func linesBecomeDrawings(lines: [String], last: StrokeRecorder.Outcome, kept: Int) {
        var recorder = StrokeRecorder()
        var outcome = StrokeRecorder.Outcome.none
        for line in lines { outcome = recorder.read(line) }
        #expect(outcome == last)
        #expect(recorder.samples.count == kept)
    }

    @Test func aDrawingLikeABuiltInShapeIsNamedAndOneUnlikeAnyIsNot() {
        var recorder = StrokeRecorder()
        // A checkmark: down-right, then a longer up-right.
        var lines = [Self.line(1, "down", 0, 110)]
        for step in 1...10 { lines.append(Self.line(1, "move", Double(step) * 7, 110 + Double(step) * 9)) }
        for step in 1...20 { lines.append(Self.line(1, "move", 70 + Double(step) * 6.5, 200 - Double(step) * 10)) }
        lines.append(Self.line(1, "up", 200, 0))
        for line in lines { _ = recorder.read(line) }
        #expect(recorder.builtInLookalikes().first?.name == "checkmark")
        // A spiral is like nothing built in.
        var spiral = StrokeRecorder()
        _ = spiral.read(Self.line(1, "down", 500, 400))
        for index in 1...90 {
            let t = Double(index) / 90, angle = 4 * Double.pi * t, radius = 10 + 110 * t
            _ = spiral.read(Self.line(1, "move", 500 + radius * cos(angle), 400 + radius * sin(angle)))
        }
        #expect(spiral.read(Self.line(1, "up", 620, 400)) != .none)
        #expect(spiral.samples.count == 1)
        #expect(spiral.builtInLookalikes().isEmpty, "\(spiral.builtInLookalikes())")
    }
}

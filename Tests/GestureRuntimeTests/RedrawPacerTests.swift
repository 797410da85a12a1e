import GestureEngine
import Testing

@testable import GestureRuntime

/// The indicator is drawn at most once per display frame, the latest state, and never waits
/// when nothing changed (issue 27: 1,000 rapid gestures with feedback on put the daemon 5 s
/// behind, each change drawn).
@Suite struct RedrawPacerTests {
    static func label(_ text: String, x: Double = 100) -> FeedbackTracker.Effect {
        .show(.init(text: text, location: Point(x: x, y: 200), tone: .pending))
    }

    @Test func theFirstChangeIsDrawnAtOnceAndABurstOnceAFrame() {
        var pacer = RedrawPacer()
        #expect(pacer.nextDeadline == nil, "nothing waits: no deadline")
        pacer.note(Self.label("swipe"))
        #expect(pacer.due(at: 10) == Self.label("swipe"), "the first change at once")
        // A burst: 200 changes within one millisecond, then nothing.
        for step in 0..<200 { pacer.note(Self.label("swipe \(step)", x: Double(step))) }
        var drawn: [FeedbackTracker.Effect] = []
        var now = 10.0
        while now < 10.1 {
            if let effect = pacer.due(at: now) { drawn.append(effect) }
            now += 0.001
        }
        #expect(drawn == [Self.label("swipe 199", x: 199)], "one drawing, the latest state, a frame later")
        #expect(pacer.coalesced == 199)
        #expect(pacer.nextDeadline == nil)
    }

    @Test func aChangeWithinAFrameWaitsForItsEndAndTheLoopKnowsWhen() {
        var pacer = RedrawPacer()
        pacer.note(.hide)
        #expect(pacer.due(at: 5) == .hide)
        pacer.note(Self.label("pinch"))
        #expect(pacer.due(at: 5.005) == nil)
        #expect(pacer.nextDeadline == 5 + RedrawPacer.frameInterval)
        #expect(pacer.due(at: 5 + RedrawPacer.frameInterval) == Self.label("pinch"))
        #expect(pacer.nextDeadline == nil)
    }
}

import Testing

@testable import GestureEngine

/// What the view under a touch receives beside its recognizers, as UIKit's window delivers
/// touches: `delaysTouchesBegan` (false), `delaysTouchesEnded` (true), `cancelsTouchesInView` (true).
@Suite struct ViewTouchDeliveryTests {
    enum Gesture: String, CustomStringConvertible {
        /// A tap, lifted at once: it is recognized at the lift.
        case tap
        /// A 100 pt drag: a tap fails when it moves; a pan begins.
        case drag
        /// Two taps 0.1 s apart, for a double tap.
        case twoTaps = "two taps"
        var description: String { rawValue }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var recognizer: String
        var gesture: Gesture
        var delaysBegan = false
        var delaysEnded = true
        var cancels = true
        /// What the view got, in order: "touch phase@milliseconds".
        var view: [String]
        var testDescription: String {
            "\(recognizer) (began \(delaysBegan), ended \(delaysEnded), cancels \(cancels)), \(gesture)"
        }
    }

    static let cases: [Case] = [
        // UIKit's defaults: the view sees the touch at once; the first move (10 pt) begins the pan,
        // which hears of it first, so the view gets cancelled instead of that move.
        Case(recognizer: "pan", gesture: .drag, view: ["1 began@0", "1 cancelled@10"]),
        // A pan that lets the view keep its touches: every phase, to the end.
        Case(
            recognizer: "pan", gesture: .drag, cancels: false,
            view: ["1 began@0"] + (1...10).map { "1 moved@\($0 * 10)" } + ["1 ended@110"]),
        // A tap with the defaults: the view gets began at once; the lift is held (delaysTouchesEnded)
        // and, as the tap is recognized at that lift, becomes cancelled.
        Case(recognizer: "tap", gesture: .tap, view: ["1 began@0", "1 cancelled@50"]),
        // Without delaying ends it is the same: recognizers hear of the lift before the view, the
        // tap is recognized, and the view is told cancelled.
        Case(recognizer: "tap", gesture: .tap, delaysEnded: false, view: ["1 began@0", "1 cancelled@50"]),
        // delaysTouchesBegan: the view never hears of a touch the tap took.
        Case(recognizer: "tap", gesture: .tap, delaysBegan: true, view: []),
        // ... and hears of a drag only when the tap fails (past its 45 pt, at 50 ms), then the rest.
        Case(
            recognizer: "tap", gesture: .drag, delaysBegan: true,
            view: ["1 began@50"] + (6...10).map { "1 moved@\($0 * 10)" } + ["1 ended@110"]),
        // A double tap holds the first tap's lift while it waits for the second; the second
        // tap makes it recognize, and both touches are cancelled in the view.
        Case(
            recognizer: "double tap", gesture: .twoTaps,
            view: ["1 began@0", "2 began@100", "1 cancelled@150", "2 cancelled@150"]),
        // Without delaying ends the first lift is the view's at once: a click before the double tap.
        Case(
            recognizer: "double tap", gesture: .twoTaps, delaysEnded: false,
            view: ["1 began@0", "1 ended@50", "2 began@100", "2 cancelled@150"]),
        // A lone tap under a double tap: its lift is held until the double tap gives up.
        Case(recognizer: "double tap", gesture: .tap, view: ["1 began@0", "1 ended@400"])
    ]

    @Test(arguments: cases)
    func theViewGetsWhatUIKitWouldGiveIt(_ c: Case) {
        let s = TouchScript()
        s.engine.reportsViewTouches = true
        let recognizer: GestureRecognizer
        switch c.recognizer {
        case "pan": recognizer = PanGestureRecognizer(name: "pan")
        case "double tap":
            let tap = TapGestureRecognizer(name: "double tap")
            tap.numberOfTapsRequired = 2
            recognizer = tap
        default: recognizer = TapGestureRecognizer(name: "tap")
        }
        recognizer.delaysTouchesBegan = c.delaysBegan
        recognizer.delaysTouchesEnded = c.delaysEnded
        recognizer.cancelsTouchesInView = c.cancels
        s.screen.addGestureRecognizer(recognizer)
        switch c.gesture {
        case .tap:
            s.down(1, 500, 500).wait(0.05).up(1, 500, 500)
        case .drag:
            s.down(1, 500, 500).drag(1, from: (500, 500), to: (600, 500)).wait(0.01).up(1, 600, 500)
        case .twoTaps:
            s.down(1, 500, 500).wait(0.05).up(1, 500, 500).wait(0.05).down(2, 502, 500).wait(0.05).up(2, 502, 500)
        }
        s.finish()
        let seen = s.viewLog.map { "\($0.touch) \($0.phase)@\(Int(($0.time * 1000).rounded()))" }
        #expect(seen == c.view)
    }

    /// Off by default, and then nothing is worked out: the daemon's application gets touches
    /// through the X grab's decisions instead.
    @Test func offByDefault() {
        let s = TouchScript()
        s.screen.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        s.down(1, 500, 500).drag(1, from: (500, 500), to: (600, 500)).up(1, 600, 500).finish()
        #expect(s.viewLog.isEmpty)
        #expect(!s.engine.reportsViewTouches)
        let tap = TapGestureRecognizer()
        #expect(!tap.delaysTouchesBegan && tap.delaysTouchesEnded && tap.cancelsTouchesInView, "UIKit's defaults")
    }
}

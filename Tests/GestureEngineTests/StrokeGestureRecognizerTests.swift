import Testing

@testable import GestureEngine

/// The stroke recognizer: only the shapes bound on the touch compete, the path is compared
/// once per lift, and its path stays in the storage it reserved.
@Suite("StrokeGestureRecognizer")
struct StrokeGestureRecognizerTests {
    /// A checkmark of about 200 pt drawn from (300, 300), one point every 5 pt.
    static func checkmark(_ script: TouchScript, id: UInt32 = 1, landed: Bool = false) {
        var points: [Point] = []
        for step in 0...14 { points.append(Point(x: 300 + Double(step) * 5, y: 300 + Double(step) * 7)) }
        for step in 1...30 { points.append(Point(x: 370 + Double(step) * 6, y: 398 - Double(step) * 9)) }
        if !landed { _ = script.down(id, points[0].x, points[0].y).wait(0.01) }
        for point in points.dropFirst() { _ = script.move(id, point.x, point.y).wait(0.008) }
        _ = script.up(id, points[points.count - 1].x, points[points.count - 1].y).finish()
    }

    /// When `recognizer` failed, if it did.
    static func failureTime(of recognizer: GestureRecognizer, in script: TouchScript) -> Double? {
        script.log.compactMap { event -> Double? in
            if case let .transition(other, .possible, .failed, _, time) = event, other === recognizer { return time }
            return nil
        }.first
    }

    /// A script whose screen holds a checkmark binding, drawn after a rest of `hold` seconds
    /// (`start: hold`) when given.
    static func boundCheckmark(hold: Double? = nil) -> (TouchScript, StrokeGestureRecognizer) {
        let script = TouchScript()
        let check = stroke("check", shapes: ["checkmark"])
        check.holdDuration = hold
        script.screen.addGestureRecognizer(check)
        return (script, check)
    }

    /// A script whose screen holds a checkmark drawn after a 0.5 s rest (`start: hold`).
    static func restingCheckmark() -> (TouchScript, StrokeGestureRecognizer) { boundCheckmark(hold: 0.5) }

    /// Expects `check` to have failed at `time` saying `reason`, and touch 1 to have been
    /// handed over then.
    static func expectFailure(
        of check: StrokeGestureRecognizer, in script: TouchScript, at time: Double, saying reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let failedAt = failureTime(of: check, in: script)
        #expect(
            failedAt.map { abs($0 - time) < 0.001 } == true, "failed at \(String(describing: failedAt))",
            sourceLocation: sourceLocation)
        #expect(
            script.causes(of: check).map { "\($0)" }.contains { $0.contains(reason) }, sourceLocation: sourceLocation)
        #expect(
            script.deliveries.first { $0.0 == TouchID(1) }.map { $0.2 < time + 0.01 } == true, "\(script.deliveries)",
            sourceLocation: sourceLocation)
    }

    static func stroke(_ name: String, shapes: [String]) -> StrokeGestureRecognizer {
        let recognizer = StrokeGestureRecognizer(name: name)
        recognizer.shapes = shapes
        return recognizer
    }

    @Test func manyStrokeBindingsOnOneTouchCompareItsPathOnce() {
        // 18 bindings on the screen and on a view inside it, each of other shapes.
        let script = TouchScript()
        let inner = View(kind: .region("inner"), frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        script.screen.addSubview(inner)
        let names = StrokeShapes.names
        var recognizers: [StrokeGestureRecognizer] = []
        for index in 0..<18 {
            let recognizer = Self.stroke("s\(index)", shapes: [names[index % names.count]])
            (index.isMultiple(of: 2) ? script.screen : inner).addGestureRecognizer(recognizer)
            recognizers.append(recognizer)
        }
        Self.checkmark(script)
        #expect(recognizers.map(\.classifications).reduce(0, +) == 1, "\(recognizers.map(\.classifications))")
        for recognizer in recognizers {
            let transitions = script.transitions(of: recognizer.name)
            let wanted = recognizer.shapes == ["checkmark"] ? "possible→ended" : "possible→failed"
            #expect(transitions.contains(wanted), "\(recognizer.shapes): \(transitions)")
        }
    }

    @Test func aShapeNoRecognizerOnTheTouchNamesCannotTakeTheStroke() {
        // Only a V is bound: the checkmark is compared with the V alone, and is not close enough.
        let script = TouchScript()
        let v = Self.stroke("v", shapes: ["v"])
        script.screen.addGestureRecognizer(v)
        Self.checkmark(script)
        #expect(script.transitions(of: "v") == ["possible→failed", "failed→possible"])
        #expect(v.classifications == 1)
        // The failure says what it looked like, how far, and the bound it missed.
        let causes = script.causes(of: v).map { "\($0)" }
        #expect(
            causes.contains { $0.contains("looked most like 'v'") && $0.contains("more than its 0.2)") }, "\(causes)")
    }

    @Test func aScrollThatCanBecomeNoBoundShapeFailsWhileItMoves() {
        // A checkmark bound; the finger scrolls straight left 400 pt in 0.4 s.
        let (script, check) = Self.boundCheckmark()
        _ = script.down(1, 900, 400).wait(0.01)
        for step in 1...80 { _ = script.move(1, 900 - Double(step) * 5, 400).wait(0.005) }
        _ = script.up(1, 500, 400).finish()
        let failedAt = Self.failureTime(of: check, in: script)
        // Leftwards is no checkmark's beginning (down, then up and right): it fails at the first
        // check, 80 pt in (0.09 s), long before the lift at 0.41 s.
        #expect(failedAt.map { $0 < 0.1 } == true, "failed at \(String(describing: failedAt))")
        let handedOver = script.deliveries.first { $0.0 == TouchID(1) }
        #expect(handedOver.map { $0.2 < 0.41 } == true, "\(script.deliveries)")
        #expect(check.classifications == 0, "decided before the lift")
        let causes = script.causes(of: check).map { "\($0)" }
        #expect(causes.contains { $0.contains("could no longer become 'checkmark'") }, "\(causes)")
    }

    @Test func aDrawnShapeIsNotDecidedEarly() {
        let (script, _) = Self.boundCheckmark()
        Self.checkmark(script)
        #expect(script.transitions(of: "check").contains("possible→ended"), "\(script.transitions(of: "check"))")
    }

    @Test func aFingerThatRestsLongerThanADrawingDoesIsTheApplicationsThen() {
        // A checkmark bound; the finger presses for 1.2 s with 4 pt of wobble (a long press
        // the application wants for its menu).
        let (script, check) = Self.boundCheckmark()
        _ = script.down(1, 400, 400).wait(0.3).move(1, 403, 402).wait(0.9).up(1, 403, 402).finish()
        Self.expectFailure(of: check, in: script, at: 0.5, saying: "rested 0.5 s before moving")
    }

    @Test func aDragThatStopsLongerThanADrawingDoesIsTheApplicationsThen() {
        // A checkmark bound; the finger goes straight down 110 pt in 0.1 s (a checkmark may
        // begin so), then holds still for 1.5 s before it goes on (a scroll, stopped to read).
        let (script, check) = Self.boundCheckmark()
        _ = script.down(1, 500, 200)
        for step in 1...10 { _ = script.wait(0.01).move(1, 500, 200 + Double(step) * 11) }
        _ = script.wait(1.5)
        for step in 1...10 { _ = script.move(1, 500, 310 + Double(step) * 11).wait(0.01) }
        _ = script.up(1, 500, 420).finish()
        // Its last move was at 0.1 s; 1 s later it is not drawing.
        Self.expectFailure(of: check, in: script, at: 1.1, saying: "stopped 1 s on the way")
    }

    @Test func aDrawingThatRestsAndStopsAsPeopleDoIsStillRecognized() {
        // A 0.4 s rest before the checkmark, and a 0.8 s stop at its corner.
        let (script, _) = Self.boundCheckmark()
        _ = script.down(1, 300, 300).wait(0.4)
        for step in 1...14 { _ = script.move(1, 300 + Double(step) * 5, 300 + Double(step) * 7).wait(0.008) }
        _ = script.wait(0.8)
        for step in 1...30 { _ = script.move(1, 370 + Double(step) * 6, 398 - Double(step) * 9).wait(0.008) }
        _ = script.up(1, 550, 128).finish()
        #expect(script.transitions(of: "check").contains("possible→ended"), "\(script.transitions(of: "check"))")
    }

    @Test func aStrokeThatStartsWithAHoldLetsADragGoAtOnce() {
        let (script, check) = Self.restingCheckmark()
        // Straight down, the beginning of many a checkmark: without a hold it would be held.
        _ = script.down(1, 500, 200).wait(0.01)
        for step in 1...40 { _ = script.move(1, 500, 200 + Double(step) * 5).wait(0.005) }
        _ = script.up(1, 500, 400).finish()
        let failedAt = Self.failureTime(of: check, in: script)
        // 15 pt down, past the 10 pt a rest allows, at the third move.
        #expect(failedAt.map { $0 < 0.03 } == true, "failed at \(String(describing: failedAt))")
        #expect(script.causes(of: check).map { "\($0)" }.contains { $0.contains("before resting 0.5 s") })
        // The touch is the application's when the finger window closes, not at the lift.
        #expect(script.deliveries.first { $0.0 == TouchID(1) }.map { $0.2 <= 0.16 } == true, "\(script.deliveries)")
    }

    @Test func aStrokeThatStartsWithAHoldIsDrawnAfterTheRest() {
        let (script, check) = Self.restingCheckmark()
        // 0.6 s still (a 3 pt wobble), then the checkmark from where the finger rests.
        _ = script.down(1, 300, 300).wait(0.3).move(1, 302, 302).wait(0.3)
        #expect(!check.isResting, "rested")
        Self.checkmark(script, landed: true)
        #expect(script.transitions(of: "check").contains("possible→ended"), "\(script.transitions(of: "check"))")
    }

    @Test func aStrokeThatStartsWithAHoldLetsAFingerStillAfterTheRestGoAfterASecond() {
        let (script, check) = Self.restingCheckmark()
        // A long press for the application's menu: 2 s still. The rest is over at 0.5 s, and a
        // finger still for 1 s more is not about to draw.
        _ = script.down(1, 300, 300).wait(1).move(1, 303, 302).wait(1).up(1, 303, 302).finish()
        Self.expectFailure(of: check, in: script, at: 1.5, saying: "rested 1 s before moving")
    }

    @Test func aStrokeThatStartsWithAHoldFailsWhenLiftedDuringTheRest() {
        let (script, check) = Self.restingCheckmark()
        _ = script.down(1, 300, 300).wait(0.2).up(1, 300, 300).finish()
        #expect(script.causes(of: check).map { "\($0)" }.contains { $0.contains("lifted before resting 0.5 s") })
    }

    @Test func aLongDrawingKeepsItsWholeShapeInTheStorageReservedAtTheStart() {
        var path = StrokePath()
        path.restart(at: Point(x: 0, y: 0))
        let capacity = path.points.capacity
        // Ten times round a 200 pt square: 8,000 pt, a point every 1 pt.
        for _ in 0..<10 {
            for step in 1...800 {
                let side = (step - 1) / 200, along = Double((step - 1) % 200 + 1)
                let point: Point =
                    switch side {
                    case 0: Point(x: along, y: 0)
                    case 1: Point(x: 200, y: along)
                    case 2: Point(x: 200 - along, y: 200)
                    default: Point(x: 0, y: 200 - along)
                    }
                path.move(to: point)
            }
        }
        #expect(path.points.count <= StrokePath.maximumCount)
        #expect(path.points.capacity == capacity, "the path grew its storage")
        #expect(abs(path.length - 8000) < 1, "length \(path.length)")
        #expect(path.points.last == Point(x: 0, y: 0))
    }
}

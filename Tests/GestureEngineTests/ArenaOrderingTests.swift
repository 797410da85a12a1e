import Testing
@testable import GestureEngine

@Suite("The arena's ordering rules")
struct ArenaOrderingTests {
    @Test func theFirstToBeginMakesTheOthersOnItsTouchesFail() {
        let s = TouchScript()
        let near = DragProbe("near")
        near.threshold = 10
        let far = DragProbe("far")
        far.threshold = 30
        s.screen.addGestureRecognizer(far)
        s.screen.addGestureRecognizer(near)
        s.down(1, 0, 0).drag(1, from: (0, 0), to: (60, 0), steps: 6).up(1, 60, 0)
        #expect(s.actions.allSatisfy { $0.hasPrefix("near") })
        #expect(s.transitions(of: "far").first == "possible→failed")
    }

    @Test func simultaneousRecognizersBothRun() {
        let s = TouchScript()
        let a = DragProbe("a"), b = DragProbe("b")
        b.threshold = 20
        a.recognizeSimultaneously(with: b)
        s.screen.addGestureRecognizer(a)
        s.screen.addGestureRecognizer(b)
        s.down(1, 0, 0).drag(1, from: (0, 0), to: (60, 0), steps: 6).up(1, 60, 0)
        #expect(s.actions.contains("a began") && s.actions.contains("b began"))
        #expect(s.actions.suffix(2).sorted() == ["a ended", "b ended"])
    }

    @Test func delegateCanAllowSimultaneousRecognition() {
        let s = TouchScript()
        let a = DragProbe("a"), b = DragProbe("b")
        let delegate = ProbeDelegate()
        delegate.simultaneous = true
        b.delegate = delegate
        s.screen.addGestureRecognizer(a)
        s.screen.addGestureRecognizer(b)
        s.down(1, 0, 0).drag(1, from: (0, 0), to: (60, 0), steps: 3)
        #expect(s.actions.contains("a began") && s.actions.contains("b began"))
    }

    @Test func canPreventFalseLetsTheOtherRecognizeToo() {
        final class Harmless: DragProbe {
            override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
        }
        let s = TouchScript()
        let harmless = Harmless("harmless")
        let other = DragProbe("other")
        other.threshold = 20
        s.screen.addGestureRecognizer(harmless)
        s.screen.addGestureRecognizer(other)
        s.down(1, 0, 0).drag(1, from: (0, 0), to: (60, 0), steps: 6)
        #expect(s.actions.contains("harmless began") && s.actions.contains("other began"))
    }

    @Test func canBePreventedFalseKeepsARecognizerAlive() {
        final class Stubborn: DragProbe {
            override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
        }
        let s = TouchScript()
        let first = DragProbe("first")
        let stubborn = Stubborn("stubborn")
        stubborn.threshold = 20
        s.screen.addGestureRecognizer(first)
        s.screen.addGestureRecognizer(stubborn)
        s.down(1, 0, 0).drag(1, from: (0, 0), to: (60, 0), steps: 6)
        #expect(s.actions.contains("stubborn began"))
    }

    @Test func requireToFailHoldsSilentlyUntilTheOtherFails() {
        let s = TouchScript()
        let quick = LiftProbe(name: "quick")
        let slow = TimerProbe(name: "slow")
        slow.delay = 0.3
        quick.require(toFail: slow)
        s.screen.addGestureRecognizer(quick)
        s.screen.addGestureRecognizer(slow)
        s.down(1, 0, 0).wait(0.05).up(1, 0, 0)
        // quick sees the lift first and recognizes, but must wait; slow then fails
        // on the same lift, which releases quick within that frame.
        let log = s.log.map(\.description)
        let waiting = log.firstIndex {
            $0.contains("[quick on screen] possible → possible (waiting for slow on screen")
        }
        let slowFailed = log.firstIndex { $0.contains("[slow on screen] possible → failed") }
        let quickEnded = log.firstIndex { $0.contains("[quick on screen] possible → ended (slow on screen failed)") }
        #expect(waiting != nil && slowFailed != nil && quickEnded != nil)
        if let waiting, let slowFailed, let quickEnded {
            #expect(waiting < slowFailed && slowFailed < quickEnded)
        }
        #expect(s.timedActions.map(\.0) == ["quick ended"])
        #expect(s.timedActions.first?.1 == 0.05)
        // The causes hold the recognizer itself, so a reader can ask it for its binding.
        #expect(s.causes(of: quick).contains(.requirementFailed(slow)))
        #expect(!s.causes(of: quick).contains(.requirementFailed(quick)))
    }

    @Test func aHeldRecognizerFiresWhenTheRequiredOneFailsLater() {
        let s = TouchScript()
        let quick = LiftProbe(name: "quick")
        let slow = TimerProbe(name: "slow")
        slow.failsOnLift = false
        slow.delay = 0.3
        let failer = ProbeDelegate()
        failer.shouldBegin = false
        slow.delegate = failer  // slow will fail when its timer tries to recognize
        quick.require(toFail: slow)
        s.screen.addGestureRecognizer(quick)
        s.screen.addGestureRecognizer(slow)
        s.down(1, 0, 0).wait(0.05).up(1, 0, 0)
        #expect(s.actions.isEmpty)
        #expect(s.delivery(of: 1) == nil, "the touch waits with the held recognizer")
        s.finish()
        #expect(s.timedActions.map(\.0) == ["quick ended"])
        #expect(s.timedActions.first?.1 == 0.3)
        #expect(s.delivery(of: 1) == .accepted)
    }

    @Test func aHeldRecognizerFailsWhenTheRequiredOneSucceeds() {
        let s = TouchScript()
        let quick = LiftProbe(name: "quick")
        let slow = TimerProbe(name: "slow")
        slow.failsOnLift = false
        slow.delay = 0.3
        quick.require(toFail: slow)
        s.screen.addGestureRecognizer(quick)
        s.screen.addGestureRecognizer(slow)
        s.down(1, 0, 0).wait(0.05).up(1, 0, 0).finish()
        #expect(s.actions == ["slow ended"])
        #expect(s.transitions(of: "quick").contains("possible→failed"))
        #expect(s.causes(of: quick) == [.waitingForFailure(slow), .requirementSucceeded(slow)])
    }

    @Test func delegateCanRequireFailureDynamically() {
        let s = TouchScript()
        let quick = LiftProbe(name: "quick")
        let slow = TimerProbe(name: "slow")
        slow.failsOnLift = false
        let delegate = ProbeDelegate()
        delegate.requireFailureOf = { $0 === slow }
        quick.delegate = delegate
        s.screen.addGestureRecognizer(quick)
        s.screen.addGestureRecognizer(slow)
        s.down(1, 0, 0).wait(0.05).up(1, 0, 0).finish()
        #expect(s.actions == ["slow ended"])
    }

    @Test func shouldBeginFalseMakesTheRecognizerFailAndReleasesTheTouch() {
        let s = TouchScript()
        let drag = DragProbe("drag")
        let delegate = ProbeDelegate()
        delegate.shouldBegin = false
        drag.delegate = delegate
        s.screen.addGestureRecognizer(drag)
        s.down(1, 0, 0).drag(1, from: (0, 0), to: (60, 0), steps: 3)
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "drag").first == "possible→failed")
        #expect(s.delivery(of: 1) == .rejected)
    }

    @Test func shouldReceiveFalseKeepsTheTouchFromTheRecognizer() {
        let s = TouchScript()
        let drag = DragProbe("drag")
        let delegate = ProbeDelegate()
        delegate.receives = { $0.location.x > 500 }
        drag.delegate = delegate
        s.screen.addGestureRecognizer(drag)
        s.down(1, 100, 0)
        #expect(s.delivery(of: 1) == .rejected)
        s.down(2, 600, 0).drag(2, from: (600, 0), to: (700, 0), steps: 2)
        #expect(drag.seenTouchIDs == [TouchID(2)])
        #expect(s.actions.first == "drag began")
    }

    @Test func nestedViewsTheChildWins() {
        let window = View(
            kind: .window(WindowInfo(id: 1, windowClass: "App")),
            frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let s = TouchScript()
        s.screen.addSubview(window)
        let parentDrag = DragProbe("parent")
        let childDrag = DragProbe("child")
        s.screen.addGestureRecognizer(parentDrag)
        window.addGestureRecognizer(childDrag)
        s.down(1, 100, 100).drag(1, from: (100, 100), to: (200, 100), steps: 4).up(1, 200, 100)
        #expect(s.actions.first == "child began")
        #expect(!s.actions.contains { $0.hasPrefix("parent") })
        #expect(s.transitions(of: "parent").first == "possible→failed")
    }

    @Test func aViewThatBlocksAncestorsKeepsTheirRecognizersAway() {
        let window = View(kind: .window(WindowInfo(id: 1)), frame: Rect(x: 0, y: 0, width: 800, height: 600))
        window.blocksAncestorRecognizers = true
        let s = TouchScript()
        s.screen.addSubview(window)
        s.screen.addGestureRecognizer(DragProbe("screen"))
        s.down(1, 100, 100)
        #expect(s.delivery(of: 1) == .rejected)
        s.down(2, 1000, 100).drag(2, from: (1000, 100), to: (1100, 100), steps: 2)
        #expect(s.actions.first == "screen began")
    }

    @Test func recognizersAreFixedAtTouchDown() {
        let s = TouchScript()
        let drag = DragProbe("drag")
        s.down(1, 0, 0)
        s.screen.addGestureRecognizer(drag)
        s.drag(1, from: (0, 0), to: (60, 0), steps: 3)
        #expect(s.actions.isEmpty, "added after touch-down: it does not see touch 1")
        #expect(s.delivery(of: 1) == .rejected)
    }
}

@Suite("Views and hit testing")
struct HitTestingTests {
    func desktop() -> (View, View, View, View) {
        let screen = View(kind: .screen, frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        let back = View(
            kind: .window(WindowInfo(id: 1, windowClass: "Back")), frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        let front = View(
            kind: .window(WindowInfo(id: 2, windowClass: "Front")), frame: Rect(x: 500, y: 400, width: 800, height: 600)
        )
        let toolbar = View(kind: .region("toolbar"), frame: Rect(x: 0, y: 0, width: 800, height: 48))
        screen.addSubview(back)
        screen.addSubview(front)
        front.addSubview(toolbar)
        return (screen, back, front, toolbar)
    }

    @Test(arguments: [
        (100.0, 100.0, "back"), (600.0, 500.0, "front"), (600.0, 420.0, "region toolbar"),
        (1500.0, 100.0, "screen"), (1100.0, 900.0, "front")
    ])
    func hitTestFindsTheDeepestTopMostView(x: Double, y: Double, expected: String) {
        let (screen, _, _, _) = desktop()
        #expect(screen.hitTest(Point(x: x, y: y))?.description == expected)
    }

    @Test func viewsWithoutInteractionAreSkipped() {
        let (screen, _, front, _) = desktop()
        front.isUserInteractionEnabled = false
        #expect(screen.hitTest(Point(x: 600, y: 500))?.description == "back")
    }

    @Test func locationConvertsBetweenViews() {
        let (screen, back, front, toolbar) = desktop()
        defer { withExtendedLifetime(screen) {} }
        let point = Point(x: 10, y: 20)
        #expect(toolbar.convert(toScreen: point) == Point(x: 510, y: 420))
        #expect(back.convert(point, from: toolbar) == Point(x: 510, y: 420))
        #expect(front.convert(fromScreen: Point(x: 510, y: 420)) == Point(x: 10, y: 20))
        #expect(toolbar.window?.windowClass == "Front")
        #expect(toolbar.depth == 2)
    }
}

@Suite("Recognizers released from waiting")
struct ReleasedRecognizerTests {
    @Test(arguments: [true, false])
    func aPanReleasedByTheLiftThatFailsTheSwipeBeginsAndEnds(panAttachedFirst: Bool) {
        let s = TouchScript()
        let pan = PanGestureRecognizer(name: "pan")
        let swipe = SwipeGestureRecognizer(name: "swipe")
        pan.require(toFail: swipe)
        for r in (panAttachedFirst ? [pan, swipe] : [swipe, pan]) as [GestureRecognizer] {
            s.screen.addGestureRecognizer(r)
        }
        // A short quick drag: past the pan's hysteresis, short of the swipe's distance.
        s.down(1, 100, 100).drag(1, from: (100, 100), to: (130, 100), steps: 3).up(1, 130, 100)
        #expect(s.actions == ["pan began", "pan ended"])
        #expect(s.delivery(of: 1) == .accepted)
        #expect(EngineInvariants.violations(in: s.finish()).isEmpty)
    }
}

@Suite("Frames that hold two hands")
struct FramesWithTwoHandsTests {
    @Test(arguments: [true, false])
    func theNextHandLandingInTheFrameThatLiftsTheLastIsRecognized(landingsFirst: Bool) {
        // A daemon that is briefly behind reads the lift of one 3-finger swipe and the
        // landing of the next, 80 ms later, as one frame.
        let s = TouchScript()
        let swipe = SwipeGestureRecognizer(name: "swipe")
        swipe.numberOfTouchesRequired = 3
        swipe.direction = .left
        s.screen.addGestureRecognizer(swipe)
        func move(_ ids: [UInt32], x: Double) -> [(UInt32, TouchPhase, Double, Double)] {
            ids.enumerated().map { ($0.element, TouchPhase.moved, x + 100 * Double($0.offset), 500) }
        }
        s.frame([(1, .began, 1200, 500), (2, .began, 1300, 500), (3, .began, 1400, 500)])
        for step in 1...3 { s.wait(0.01).frame(move([1, 2, 3], x: 1200 - 30 * Double(step))) }
        #expect(s.actions == ["swipe ended"])
        s.wait(0.04)
        let lifts: [(UInt32, TouchPhase, Double, Double)] = [
            (1, .ended, 1110, 500), (2, .ended, 1210, 500), (3, .ended, 1310, 500)
        ]
        let landings: [(UInt32, TouchPhase, Double, Double)] = [
            (4, .began, 1200, 500), (5, .began, 1300, 500), (6, .began, 1400, 500)
        ]
        s.frame(landingsFirst ? landings + lifts : lifts + landings)
        for step in 1...3 { s.wait(0.01).frame(move([4, 5, 6], x: 1200 - 30 * Double(step))) }
        #expect(s.actions == ["swipe ended", "swipe ended"])
        #expect((4...6).allSatisfy { s.delivery(of: UInt32($0)) == .accepted })
    }
}

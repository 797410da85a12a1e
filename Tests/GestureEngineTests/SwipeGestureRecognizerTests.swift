import Testing
@testable import GestureEngine

@Suite struct SwipeGestureRecognizerTests {
    /// A script with a swipe named "swipe" on the screen.
    func makeScript(_ configure: (SwipeGestureRecognizer) -> Void = { _ in }) -> (TouchScript, SwipeGestureRecognizer) {
        let s = TouchScript()
        let swipe = SwipeGestureRecognizer(name: "swipe")
        configure(swipe)
        s.screen.addGestureRecognizer(swipe)
        return (s, swipe)
    }

    /// The directions reported with the swipe's actions.
    func recognizedDirections(_ s: TouchScript) -> [SwipeDirection] {
        s.snapshots(of: "swipe").compactMap { _, snapshot in
            guard case let .swipe(direction) = snapshot.measurement else { return nil }
            return direction
        }
    }

    // MARK: Recognition

    @Test(arguments: singleSwipeDirections, [SwipeDirection.all, nil])
    func swipeIsRecognizedDuringTheStrokeBeforeTheLift(direction: SwipeDirection, mask: SwipeDirection?) {
        let (s, _) = makeScript { $0.direction = mask ?? direction }
        let unit = swipeUnitVector(direction)
        // 100 pt in 100 ms: 50 pt are covered after the fifth step, at 50 ms.
        s.down(1, 500, 500).drag(1, from: (500, 500), to: (500 + 100 * unit.dx, 500 + 100 * unit.dy), steps: 10)
        s.wait(0.05).up(1, 500 + 100 * unit.dx, 500 + 100 * unit.dy)
        #expect(s.actions == ["swipe ended"])
        let recognizedAt = s.timedActions.first?.1 ?? .infinity
        #expect(abs(recognizedAt - 0.05) < 1e-9)
        #expect(recognizedAt < s.time)
        #expect(recognizedDirections(s) == [direction])
        #expect(s.delivery(of: 1) == .accepted)
    }

    @Test(arguments: 1...5)
    func swipeWithTheRequiredNumberOfFingersIsRecognized(count: Int) {
        let (s, _) = makeScript {
            $0.direction = .up
            $0.numberOfTouchesRequired = count
        }
        var fingers = DraggedFingers(count: count)
        fingers.down(s)
        fingers.drag(s, dx: 0, dy: -20, steps: 5)
        fingers.up(s)
        #expect(s.actions == ["swipe ended"])
        #expect(s.snapshots(of: "swipe").first?.1.numberOfTouches == count)
        #expect(recognizedDirections(s) == [.up])
    }

    @Test(arguments: [3, 4], [0.0, 0.05, 0.1])
    func multiFingerSwipeToleratesFingersLandingApart(count: Int, spread: Double) {
        let (s, _) = makeScript {
            $0.direction = [.left, .right]
            $0.numberOfTouchesRequired = count
            // The first finger travels alone up to 50 pt before the next lands: more than
            // the default allowance, as on a flat desk (the Dell Canvas config's 80 pt).
            $0.landingTravel = 80
        }
        // Each finger starts moving left at 500 pt/s the moment it lands; the last lands `spread` later.
        let landings = (0..<count).map { spread * Double($0) / Double(count - 1) }
        let frame = 0.01
        var time = 0.0
        while time < 0.3 - 1e-9 {
            var samples: [(UInt32, TouchPhase, Double, Double)] = []
            for (index, landing) in landings.enumerated() where landing <= time + 1e-9 {
                let x = 800 + 40 * Double(index) - 500 * (time - landing)
                samples.append((UInt32(index + 1), landing > time - frame + 1e-9 ? .began : .moved, x, 500))
            }
            s.frame(samples)
            time += frame
            s.wait(frame)
        }
        #expect(s.actions == ["swipe ended"])
        #expect(recognizedDirections(s) == [.left])
        #expect(s.snapshots(of: "swipe").first?.1.numberOfTouches == count)
        // Recognized while the fingers were still moving, within the maximum duration.
        #expect((s.timedActions.first?.1 ?? .infinity) < 0.3)
    }

    @Test(arguments: [3, 4, 5])
    func fingersLandingApartAreNotTravel(count: Int) {
        let (s, _) = makeScript {
            $0.direction = .all
            $0.numberOfTouchesRequired = count
        }
        // Fingers land one by one, each 40 pt right of the last, and hold still: the
        // centroid moves 20 pt or more with each one, yet nothing has swiped.
        for id in 1...count {
            s.down(UInt32(id), 300 + 40 * Double(id), 500).wait(0.03)
        }
        s.finish()
        #expect(s.actions.isEmpty)
        #expect(
            s.log.contains { event in
                if case .transition(_, _, .failed, .failure(.tooSlow), _) = event { return true }
                return false
            })
    }

    /// The Dell Canvas four-finger swipe up: the first finger sets off alone, 32° left of
    /// vertical, and the others land 150, 263 and 275 ms later (with a 300 ms finger window).
    @Test func directionOfAMultiFingerSwipeIsJudgedOnceTheFingersAreDown() {
        let (s, _) = makeScript {
            $0.direction = .up
            $0.numberOfTouchesRequired = 4
            $0.fingerWindow = 0.3
            $0.landingTravel = 80  // as the Dell Canvas config: its first finger goes 60 pt alone
        }
        let landings = [0.0, 0.150, 0.263, 0.275]
        var time = 0.0
        while time < 0.45 - 1e-9 {
            var samples: [(UInt32, TouchPhase, Double, Double)] = []
            for (index, landing) in landings.enumerated() where landing <= time + 1e-9 {
                // Alone, the first finger heads up and to the left; together, all head straight up.
                let alone = min(time, landings[1])
                let x = 600 + 60 * Double(index) - (index == 0 ? 100 * alone : 0)
                let y = 900 - 160 * alone - 400 * max(0, time - landings[3])
                samples.append((UInt32(index + 1), landing > time - 0.01 + 1e-9 ? .began : .moved, x, y))
            }
            s.frame(samples).wait(0.01)
            time += 0.01
        }
        // Judged alone, the first finger's 32° lean would fail it at its second frame.
        #expect(s.actions == ["swipe ended"])
        #expect(recognizedDirections(s) == [.up])
        #expect(s.transitions(of: "swipe").first == "possible→ended")
    }

    // MARK: Failures

    @Test(arguments: singleSwipeDirections)
    func strokeSlowerThanMaximumDurationFails(direction: SwipeDirection) {
        let (s, _) = makeScript { $0.direction = direction }
        let unit = swipeUnitVector(direction)
        // 60 pt in one second: only 30 pt are covered when the 0.5 s run out.
        s.down(1, 500, 500).drag(
            1, from: (500, 500), to: (500 + 60 * unit.dx, 500 + 60 * unit.dy),
            steps: 50, interval: 0.02)
        #expect(s.actions.isEmpty)
        let failure = s.log.first { event in
            if case .transition(_, _, .failed, .failure(.tooSlow), _) = event { return true }
            return false
        }
        #expect(failure.map { abs($0.time - 0.5) < 1e-9 } == true)
    }

    @Test(arguments: singleSwipeDirections)
    func strokePerpendicularToTheDirectionFails(direction: SwipeDirection) {
        let (s, _) = makeScript { $0.direction = direction }
        let across = Vector(dx: swipeUnitVector(direction).dy, dy: swipeUnitVector(direction).dx)
        s.down(1, 500, 500).drag(1, from: (500, 500), to: (500 + 100 * across.dx, 500 + 100 * across.dy), steps: 10)
        #expect(s.actions.isEmpty)
        // Judged once past 10 pt: the second 10 pt step.
        #expect(s.transitions(of: "swipe") == ["possible→failed", "failed→possible"])
        #expect(s.delivery(of: 1) == .rejected)
    }

    @Test(arguments: singleSwipeDirections)
    func strokeOppositeToTheDirectionFails(direction: SwipeDirection) {
        let (s, _) = makeScript { $0.direction = direction }
        let back = swipeUnitVector(direction) * -1
        s.down(1, 500, 500).drag(1, from: (500, 500), to: (500 + 100 * back.dx, 500 + 100 * back.dy), steps: 10)
        #expect(s.actions.isEmpty)
    }

    /// Strokes 100 pt right that climb `rise` pt: 46.6 pt is 25° off the axis, 70 pt is 35°.
    @Test(arguments: [(46.6, true), (70.0, false)])
    func strokeMayLeanUpToTheMaximumAngle(rise: Double, recognized: Bool) {
        let (s, _) = makeScript()
        s.down(1, 500, 500).drag(1, from: (500, 500), to: (600, 500 - rise), steps: 10)
        #expect(s.actions == (recognized ? ["swipe ended"] : []))
    }

    @Test(arguments: [(2, 3), (3, 4), (1, 2), (3, 2), (2, 1)])
    func wrongNumberOfFingersFails(required: Int, landed: Int) {
        let (s, _) = makeScript { $0.numberOfTouchesRequired = required }
        var fingers = DraggedFingers(count: landed)
        fingers.down(s)
        fingers.drag(s, dx: 0, dy: 0, steps: 20)
        fingers.drag(s, dx: 20, dy: 0, steps: 5)
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "swipe").first == "possible→failed")
    }

    @Test func liftBeforeTheDistanceFails() {
        let (s, _) = makeScript()
        s.down(1, 500, 500).drag(1, from: (500, 500), to: (540, 500), steps: 4)
        #expect(s.transitions(of: "swipe").isEmpty)
        s.wait(0.01).up(1, 545, 500)
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "swipe") == ["possible→failed", "failed→possible"])
        #expect(s.delivery(of: 1) == .rejected)
    }

    @Test func oneFingerOfTwoLiftingBeforeTheDistanceFails() {
        let (s, _) = makeScript { $0.numberOfTouchesRequired = 2 }
        var fingers = DraggedFingers(count: 2)
        fingers.down(s)
        fingers.drag(s, dx: 10, dy: 0, steps: 2)
        s.wait(0.01).up(2, fingers.positions[1].x, 500)
        s.wait(0.01).move(1, fingers.positions[0].x + 80, 500)
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "swipe").first == "possible→failed")
    }

    @Test func cancelledTouchFailsTheSwipe() {
        let (s, _) = makeScript()
        s.down(1, 500, 500).drag(1, from: (500, 500), to: (530, 500), steps: 3)
        s.wait(0.01).cancel(1, 530, 500)
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "swipe") == ["possible→failed", "failed→possible"])
    }

    // MARK: Pan and swipe on the same view (the seeds' ordering scenario)

    /// A script with a pan and a swipe (any direction) on the screen, attached in either order.
    func panAndSwipe(swipeFirst: Bool, panWaitsForSwipe: Bool) -> TouchScript {
        let s = TouchScript()
        let pan = PanGestureRecognizer(name: "pan")
        let swipe = SwipeGestureRecognizer(name: "swipe")
        swipe.direction = .all
        if panWaitsForSwipe { pan.require(toFail: swipe) }
        for recognizer in swipeFirst ? [swipe, pan] as [GestureRecognizer] : [pan, swipe] {
            s.screen.addGestureRecognizer(recognizer)
        }
        return s
    }

    @Test(arguments: [false, true])
    func quickSwipeIsTakenByThePanByDefault(swipeFirst: Bool) {
        let s = panAndSwipe(swipeFirst: swipeFirst, panWaitsForSwipe: false)
        s.down(1, 500, 500).drag(1, from: (500, 500), to: (700, 500), steps: 10)
        s.wait(0.01).up(1, 700, 500)
        // The pan is past its 10 pt hysteresis long before the swipe's 50 pt, and prevents it.
        #expect(s.actions.first == "pan began")
        #expect(s.actions.last == "pan ended")
        #expect(!s.actions.contains("swipe ended"))
        #expect(s.transitions(of: "swipe").first == "possible→failed")
    }

    @Test(arguments: [false, true])
    func quickSwipeIsASwipeWhenThePanRequiresItToFail(swipeFirst: Bool) {
        let s = panAndSwipe(swipeFirst: swipeFirst, panWaitsForSwipe: true)
        s.down(1, 500, 500).drag(1, from: (500, 500), to: (700, 500), steps: 10)
        s.wait(0.01).up(1, 700, 500)
        #expect(s.actions == ["swipe ended"])
        #expect(recognizedDirections(s) == [.right])
        #expect(s.transitions(of: "pan").contains("possible→failed"))
        #expect(s.delivery(of: 1) == .accepted)
    }

    @Test(arguments: [false, true])
    func slowDragFailsTheSwipeAndThenThePanBegins(swipeFirst: Bool) {
        let s = panAndSwipe(swipeFirst: swipeFirst, panWaitsForSwipe: true)
        // 60 pt per second: past the pan's hysteresis at 0.2 s, but only 30 pt at the swipe's 0.5 s.
        s.down(1, 500, 500).drag(1, from: (500, 500), to: (560, 500), steps: 50, interval: 0.02)
        s.wait(0.02).up(1, 560, 500)
        let actions = s.timedActions
        #expect(actions.first?.0 == "pan began")
        #expect(actions.first.map { abs($0.1 - 0.5) < 1e-9 } == true)
        #expect(actions.last?.0 == "pan ended")
        #expect(!actions.contains { $0.0.hasPrefix("swipe") })
        #expect(s.transitions(of: "swipe").first == "possible→failed")
        #expect(s.delivery(of: 1) == .accepted)
    }
}

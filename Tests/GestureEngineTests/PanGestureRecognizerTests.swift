import Testing
@testable import GestureEngine

/// Fingers side by side that land, move and lift together, for multi-finger scripts.
struct DraggedFingers {
    var positions: [(id: UInt32, x: Double, y: Double)]

    /// `count` fingers 40 pt apart in a row starting at (x, y), with ids from `firstID`.
    init(count: Int, x: Double = 300, y: Double = 500, firstID: UInt32 = 1) {
        positions = (0..<count).map { (firstID + UInt32($0), x + 40 * Double($0), y) }
    }

    func down(_ s: TouchScript) {
        s.frame(positions.map { ($0.id, .began, $0.x, $0.y) })
    }

    /// Moves every finger by (dx, dy) in one frame.
    mutating func move(_ s: TouchScript, dx: Double, dy: Double) {
        for index in positions.indices {
            positions[index].x += dx
            positions[index].y += dy
        }
        s.frame(positions.map { ($0.id, .moved, $0.x, $0.y) })
    }

    /// Moves every finger `steps` times by (dx, dy), `interval` seconds apart.
    mutating func drag(_ s: TouchScript, dx: Double, dy: Double, steps: Int, interval: Double = 0.01) {
        for _ in 0..<steps {
            s.wait(interval)
            move(s, dx: dx, dy: dy)
        }
    }

    func up(_ s: TouchScript) {
        s.frame(positions.map { ($0.id, .ended, $0.x, $0.y) })
    }
}

/// The unit vector of a single swipe direction on a y-down screen.
func swipeUnitVector(_ direction: SwipeDirection) -> Vector {
    switch direction {
    case .right: Vector(dx: 1, dy: 0)
    case .left: Vector(dx: -1, dy: 0)
    case .up: Vector(dx: 0, dy: -1)
    case .down: Vector(dx: 0, dy: 1)
    default: preconditionFailure("not a single direction: \(direction)")
    }
}

private func isClose(_ a: Vector, _ b: Vector, within tolerance: Double = 1e-6) -> Bool {
    abs(a.dx - b.dx) <= tolerance && abs(a.dy - b.dy) <= tolerance
}

let singleSwipeDirections: [SwipeDirection] = [.right, .left, .up, .down]

@Suite struct PanGestureRecognizerTests {
    /// A script with a pan named "pan" on the screen.
    func makeScript(_ configure: (PanGestureRecognizer) -> Void = { _ in }) -> (TouchScript, PanGestureRecognizer) {
        let s = TouchScript()
        let pan = PanGestureRecognizer(name: "pan")
        configure(pan)
        s.screen.addGestureRecognizer(pan)
        return (s, pan)
    }

    /// The translation and velocity of each pan action, in order.
    func figures(_ s: TouchScript) -> [(
        state: GestureRecognizer.State, translation: Vector, velocity: Vector,
        touches: Int
    )] {
        s.snapshots(of: "pan").compactMap { state, snapshot in
            guard case let .pan(translation, velocity) = snapshot.measurement else { return nil }
            return (state, translation, velocity, snapshot.numberOfTouches)
        }
    }

    // MARK: Hysteresis

    /// UIKit begins a pan once the movement reaches 10 pt (`>=`), not only beyond it.
    @Test(arguments: singleSwipeDirections, [(9.0, false), (9.9, false), (10.0, true), (11.0, true)])
    func beginsWhenTheMovementReachesTheHysteresisAlongAnAxis(
        direction: SwipeDirection, move: (distance: Double, begins: Bool)
    ) {
        let (s, _) = makeScript()
        let step = swipeUnitVector(direction) * move.distance
        s.down(1, 500, 500).wait(0.02).move(1, 500 + step.dx, 500 + step.dy)
        #expect(s.actions == (move.begins ? ["pan began"] : []))
    }

    @Test func hysteresisIsPerAxisNotEuclidean() {
        let (s, _) = makeScript()
        // 9 pt on each axis is 12.7 pt away, yet within the hysteresis on both axes.
        s.down(1, 500, 500).wait(0.02).move(1, 509, 509)
        #expect(s.actions.isEmpty)
        s.wait(0.01).move(1, 509, 520)
        #expect(s.actions == ["pan began"])
    }

    @Test(arguments: singleSwipeDirections)
    func translationAtBeganLeavesOutTheHysteresis(direction: SwipeDirection) {
        let (s, _) = makeScript()
        let unit = swipeUnitVector(direction)
        // The replay contract's example: 30 pt in 20 ms begins at 20 pt and 1500 pt/s.
        s.down(1, 500, 500).wait(0.02).move(1, 500 + 30 * unit.dx, 500 + 30 * unit.dy)
        let began = figures(s)
        #expect(began.count == 1)
        #expect(isClose(began[0].translation, unit * 20))
        #expect(isClose(began[0].velocity, unit * 1500))
    }

    @Test func onlyTheAxesPastTheHysteresisLoseIt() {
        let (s, _) = makeScript()
        s.down(1, 500, 500).wait(0.02).move(1, 530, 505)
        #expect(figures(s).map(\.translation) == [Vector(dx: 20, dy: 5)])
    }

    @Test func translationAndVelocityFollowTheDrag() {
        let (s, _) = makeScript()
        s.down(1, 100, 300).drag(1, from: (100, 300), to: (200, 300), steps: 10, interval: 0.01)
        let changes = figures(s)
        // The first 10 pt step reaches the hysteresis and begins at 10 − 10.
        #expect(changes.map(\.state) == [.began] + Array(repeating: .changed, count: 9))
        #expect(changes.map(\.translation) == (1...10).map { Vector(dx: Double($0) * 10 - 10, dy: 0) })
        #expect(changes.allSatisfy { isClose($0.velocity, Vector(dx: 1000, dy: 0)) })
    }

    // MARK: Finger counts

    @Test(arguments: 1...5)
    func panFollowsTheCentroidOfAnyNumberOfFingers(count: Int) {
        let (s, _) = makeScript()
        var fingers = DraggedFingers(count: count)
        fingers.down(s)
        fingers.drag(s, dx: 0, dy: -15, steps: 4)
        fingers.up(s)
        let all = figures(s)
        #expect(all.map(\.state) == [.began, .changed, .changed, .changed, .ended])
        #expect(all.allSatisfy { $0.touches == count })
        #expect(all.last?.translation == Vector(dx: 0, dy: -50))
    }

    @Test func fingerLandingMidPanDoesNotMoveTheTranslation() {
        let (s, pan) = makeScript()
        s.down(1, 100, 500).drag(1, from: (100, 500), to: (200, 500), steps: 10)
        let before = pan.translation(in: nil)
        s.wait(0.01).down(2, 600, 800)
        let landed = figures(s).last
        #expect(landed?.state == .changed)
        #expect(landed?.touches == 2)
        #expect(landed?.translation == before)
        // The centroid jumped 250 pt right and 150 pt down; the velocity must not see it.
        #expect((landed?.velocity.dx ?? .infinity) <= 1000 + 1e-6)
        #expect(landed?.velocity.dy == 0)
        s.wait(0.01).frame([(1, .moved, 210, 500), (2, .moved, 610, 800)])
        #expect(pan.translation(in: nil) == before + Vector(dx: 10, dy: 0))
    }

    @Test func fingerLiftingMidPanDoesNotMoveTheTranslation() {
        let (s, pan) = makeScript()
        var fingers = DraggedFingers(count: 2, x: 100)
        fingers.down(s)
        fingers.drag(s, dx: 10, dy: 0, steps: 5)
        let before = pan.translation(in: nil)
        s.wait(0.01).up(2, fingers.positions[1].x, fingers.positions[1].y)
        #expect(figures(s).last?.translation == before)
        #expect(figures(s).last?.state == .changed)
        s.wait(0.01).move(1, fingers.positions[0].x + 10, fingers.positions[0].y)
        #expect(pan.translation(in: nil) == before + Vector(dx: 10, dy: 0))
        #expect(figures(s).last?.touches == 1)
    }

    @Test(arguments: 1...5)
    func fingersBeyondTheMaximumAreIgnored(count: Int) {
        let (s, _) = makeScript { $0.maximumNumberOfTouches = 3 }
        var fingers = DraggedFingers(count: count)
        fingers.down(s)
        fingers.drag(s, dx: 20, dy: 0, steps: 2)
        #expect(figures(s).allSatisfy { $0.touches == min(count, 3) })
        #expect(figures(s).last?.translation == Vector(dx: 30, dy: 0))
        // Ignored fingers are left to the application.
        for id in 1...count {
            #expect(s.delivery(of: UInt32(id)) == (id <= 3 ? .accepted : .rejected))
        }
    }

    @Test func ignoredFingerMovingDoesNotMoveThePan() {
        let (s, pan) = makeScript { $0.maximumNumberOfTouches = 1 }
        s.down(1, 100, 500).wait(0.01).down(2, 400, 500)
        s.wait(0.01).frame([(1, .moved, 120, 500), (2, .moved, 700, 900)])
        #expect(s.actions == ["pan began"])
        #expect(pan.translation(in: nil) == Vector(dx: 10, dy: 0))
        #expect(s.delivery(of: 2) == .rejected)
    }

    @Test(arguments: 1...5)
    func panWithMinimumTwoTouchesNeedsTwoFingers(count: Int) {
        let (s, _) = makeScript { $0.minimumNumberOfTouches = 2 }
        var fingers = DraggedFingers(count: count)
        fingers.down(s)
        fingers.drag(s, dx: 10, dy: 0, steps: 5)
        fingers.up(s)
        if count < 2 {
            #expect(s.actions.isEmpty)
            #expect(s.transitions(of: "pan").contains("possible→failed"))
        } else {
            #expect(figures(s).map(\.state) == [.began, .changed, .changed, .changed, .changed, .ended])
            #expect(figures(s).first?.touches == count)
        }
    }

    /// Once begun, a pan whose minimum is two fingers goes on with one and ends when the last
    /// lifts (UIKit), not when the first does.
    @Test func panWithMinimumTwoTouchesEndsWhenItsLastFingerLifts() {
        let (s, _) = makeScript { $0.minimumNumberOfTouches = 2 }
        var fingers = DraggedFingers(count: 2)
        fingers.down(s)
        fingers.drag(s, dx: 0, dy: 20, steps: 2)
        s.wait(0.01).up(1, fingers.positions[0].x, fingers.positions[0].y)
        #expect(s.actions == ["pan began", "pan changed", "pan changed"])
        s.wait(0.01).move(2, fingers.positions[1].x, fingers.positions[1].y + 10)
        s.wait(0.01).up(2, fingers.positions[1].x, fingers.positions[1].y + 10)
        #expect(s.actions == ["pan began", "pan changed", "pan changed", "pan changed", "pan ended"])
        #expect(figures(s).last?.translation == Vector(dx: 0, dy: 40), "the last finger's 10 pt count")
    }

    // MARK: Allowed directions

    /// A pan allowed to start in `allowed`, moved by `movement` twice.
    struct DirectionExample: Sendable, CustomStringConvertible {
        var allowed: SwipeDirection
        var movement: Vector
        var begins: Bool
        var description: String { "\(allowed) moved \(movement): \(begins ? "begins" : "fails")" }
    }

    static let directionExamples = [
        DirectionExample(allowed: .right, movement: Vector(dx: 30, dy: 0), begins: true),
        DirectionExample(allowed: .right, movement: Vector(dx: -30, dy: 0), begins: false),
        DirectionExample(allowed: .right, movement: Vector(dx: 0, dy: 30), begins: false),
        DirectionExample(allowed: .right, movement: Vector(dx: 30, dy: -20), begins: true),
        DirectionExample(allowed: .right, movement: Vector(dx: 20, dy: -30), begins: false),
        DirectionExample(allowed: [.up, .down], movement: Vector(dx: 0, dy: 30), begins: true),
        DirectionExample(allowed: [.up, .down], movement: Vector(dx: -30, dy: 0), begins: false),
        DirectionExample(allowed: .left, movement: Vector(dx: -30, dy: 30), begins: true)
    ]

    @Test(arguments: directionExamples)
    func startingDirectionMustBeAllowed(example: DirectionExample) {
        let (allowed, movement, begins) = (example.allowed, example.movement, example.begins)
        let (s, _) = makeScript { $0.allowedDirections = allowed }
        s.down(1, 500, 500).wait(0.02).move(1, 500 + movement.dx, 500 + movement.dy)
        s.wait(0.02).move(1, 500 + 2 * movement.dx, 500 + 2 * movement.dy)
        if begins {
            #expect(s.actions == ["pan began", "pan changed"])
        } else {
            #expect(s.actions.isEmpty)
            #expect(s.transitions(of: "pan") == ["possible→failed", "failed→possible"])
            #expect(s.delivery(of: 1) == .rejected)
        }
    }

    // MARK: Setting the translation

    @Test func setTranslationRebasesLaterMovementWithoutVelocitySpike() {
        let (s, pan) = makeScript()
        s.down(1, 100, 500).drag(1, from: (100, 500), to: (150, 500), steps: 5)
        pan.setTranslation(Vector(dx: -5, dy: 7), in: s.screen)
        #expect(pan.translation(in: nil) == Vector(dx: -5, dy: 7))
        s.wait(0.01).move(1, 160, 500)
        let last = figures(s).last
        #expect(last?.translation == Vector(dx: 5, dy: 7))
        #expect(last.map { isClose($0.velocity, Vector(dx: 1000, dy: 0)) } == true)
    }

    @Test func resettingTranslationInTheActionReportsIncrements() {
        let (s, pan) = makeScript()
        var increments: [Vector] = []
        pan.addTarget { recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            increments.append(pan.translation(in: nil))
            pan.setTranslation(.zero, in: nil)
        }
        s.down(1, 100, 500).drag(1, from: (100, 500), to: (200, 500), steps: 10)
        // It begins on the first 10 pt step, at zero (the hysteresis left out), then 10 each.
        #expect(increments == [.zero] + Array(repeating: Vector(dx: 10, dy: 0), count: 9))
    }

    // MARK: Ending, cancelling and deliveries

    @Test func liftEndsThePanAndItsTouchWasAcceptedWhenItBegan() {
        let (s, _) = makeScript()
        s.down(1, 100, 500).drag(1, from: (100, 500), to: (140, 500), steps: 4)
        s.wait(0.01).up(1, 140, 500)
        #expect(s.actions == ["pan began", "pan changed", "pan changed", "pan changed", "pan ended"])
        #expect(s.timedActions.last.map { abs($0.1 - 0.05) < 1e-9 } == true)
        #expect(s.deliveries.map(\.1) == [.accepted])
        // Accepted when it began: at the first 10 pt move.
        #expect(s.deliveries.first.map { abs($0.2 - 0.01) < 1e-9 } == true)
    }

    @Test func cancelledTouchCancelsARunningPan() {
        let (s, _) = makeScript()
        s.down(1, 100, 500).drag(1, from: (100, 500), to: (140, 500), steps: 2)
        s.wait(0.01).cancel(1, 140, 500)
        #expect(s.actions == ["pan began", "pan changed", "pan cancelled"])
        #expect(s.delivery(of: 1) == .accepted)
    }

    @Test func cancelledTouchFailsAPanThatHasNotBegun() {
        let (s, _) = makeScript()
        s.down(1, 100, 500).wait(0.01).move(1, 105, 500).wait(0.01).cancel(1, 105, 500)
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "pan") == ["possible→failed", "failed→possible"])
        #expect(s.delivery(of: 1) == .rejected)
    }

    @Test func touchThatNeverPassesTheHysteresisFailsAndIsRejected() {
        let (s, _) = makeScript()
        s.down(1, 100, 500).wait(0.05).move(1, 108, 494).wait(0.05).up(1, 108, 494)
        #expect(s.actions.isEmpty)
        #expect(s.transitions(of: "pan") == ["possible→failed", "failed→possible"])
        #expect(s.delivery(of: 1) == .rejected)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing
@testable import GestureEngine

/// The rotation and velocity of a rotation action; nil for other measurements.
func rotationFigures(_ measurement: GestureMeasurement) -> (rotation: Double, velocity: Double)? {
    if case let .rotation(rotation, velocity) = measurement { return (rotation, velocity) }
    return nil
}

/// Degrees to radians, for readable test tables.
func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

@Suite struct RotationGestureRecognizerTests {
    let s = TouchScript()
    let rotate = RotationGestureRecognizer(name: "rotate")

    func setUp(fingers: Int) {
        rotate.numberOfTouchesRequired = fingers
        s.screen.addGestureRecognizer(rotate)
    }

    func rotations(_ state: GestureRecognizer.State? = nil) -> [Double] {
        s.snapshots(of: "rotate").compactMap { entry in
            guard state == nil || entry.0 == state else { return nil }
            return rotationFigures(entry.1.measurement)?.rotation
        }
    }

    @Test(arguments: [2, 3, 4, 5], [-8.0, -7.0, 7.0, 8.0])
    func beginsOnlyWhenTheTurnExceedsHysteresis(fingers: Int, degrees: Double) {
        setUp(fingers: fingers)
        var ring = FingerRing(count: fingers)
        s.land(ring, together: fingers.isMultiple(of: 2)).morph(&ring, turn: radians(degrees), steps: 4)
        let shouldBegin = abs(radians(degrees)) > Thresholds.rotationHysteresis
        #expect(s.actions.contains("rotate began") == shouldBegin)
        #expect((rotate.state == .possible) == !shouldBegin)
    }

    @Test(arguments: [2, 3, 4, 5], [90.0, -45.0])
    func rotationIsTheWholeClockwiseTurnSinceTheStart(fingers: Int, degrees: Double) throws {
        setUp(fingers: fingers)
        var ring = FingerRing(count: fingers, angle: radians(20))
        // 5° a frame: the turn first exceeds 7.5° at 10°, and began reports all of it.
        s.land(ring, together: false).morph(&ring, turn: radians(degrees), steps: Int(abs(degrees) / 5))
        let began = try #require(rotations(.began).first)
        #expect(abs(began - radians(degrees < 0 ? -10 : 10)) < 1e-9)
        #expect(abs(rotations().last! - radians(degrees)) < 1e-9)
        s.lift(ring)
        #expect(s.actions.last == "rotate ended")
        #expect(abs(rotations(.ended).last! - radians(degrees)) < 1e-9)
    }

    @Test(arguments: [2, 3, 5], [40.0, 450.0, -200.0, -730.0])
    func turningPastHalfATurnAccumulates(fingers: Int, degrees: Double) {
        setUp(fingers: fingers)
        // Finger 1 starts at 170°, so every turn here crosses ±180°.
        var ring = FingerRing(count: fingers, angle: radians(170))
        s.land(ring, together: true).morph(&ring, turn: radians(degrees), steps: Int(abs(degrees) / 10))
        #expect(abs(rotate.rotation - radians(degrees)) < 1e-9)
    }

    @Test(arguments: [2, 4])
    func settingRotationRebasesLaterValues(fingers: Int) {
        setUp(fingers: fingers)
        var ring = FingerRing(count: fingers)
        // The UIKit idiom: apply the rotation to a view, then set it back to 0.
        var applied = 0.0
        rotate.addTarget { recognizer in
            guard let rotate = recognizer as? RotationGestureRecognizer else { return }
            applied += rotate.rotation
            rotate.rotation = 0
        }
        s.land(ring, together: true).morph(&ring, turn: radians(120), steps: 12)
        #expect(abs(applied - radians(120)) < 1e-9)
        #expect(rotations().allSatisfy { abs($0 - radians(10)) < 1e-9 })
        // Re-basing shifts the velocity samples too: still 10° every 10 ms.
        #expect(abs(rotate.velocity - radians(1000)) < 1e-6)
    }

    @Test func settingRotationContinuesFromTheValueSet() {
        setUp(fingers: 2)
        var ring = FingerRing(count: 2)
        s.land(ring, together: true).morph(&ring, turn: radians(30))
        rotate.rotation = 1
        s.morph(&ring, turn: radians(-60))
        #expect(abs(rotate.rotation - (1 - radians(60))) < 1e-9)
    }

    @Test(arguments: [2, 5], [90.0, -90.0])
    func velocityIsRadiansPerSecondWithTheSignOfTheTurn(fingers: Int, degrees: Double) throws {
        setUp(fingers: fingers)
        var ring = FingerRing(count: fingers)
        // 10 frames over 0.1 s at a steady angular rate.
        s.land(ring, together: true).morph(&ring, turn: radians(degrees))
        let last = try #require(s.snapshots(of: "rotate").last)
        let velocity = try #require(rotationFigures(last.1.measurement)?.velocity)
        let expected = radians(degrees) / 0.1
        #expect(abs(velocity - expected) < 0.01 * abs(expected))
    }

    @Test(arguments: [2, 3, 4, 5])
    func endsOnlyWhenEveryFingerHasLifted(fingers: Int) {
        setUp(fingers: fingers)
        var ring = FingerRing(count: fingers)
        s.land(ring, together: true).morph(&ring, turn: radians(45))
        let held = rotate.rotation
        for index in 0..<fingers {
            #expect(!s.actions.contains("rotate ended"))
            s.wait(0.01).frame([ring.sample(index, .ended)])
            // The fingers left behind keep turning, but the rotation holds.
            ring.angle += radians(20)
            if index + 1 < fingers {
                s.wait(0.01).frame((index + 1..<fingers).map { ring.sample($0, .moved) })
            }
        }
        #expect(s.actions.filter { $0 == "rotate ended" }.count == 1)
        #expect(rotations().last == held)
    }

    /// Three fingers in a row swipe left, each frame split as a loaded X server stamps it: the
    /// first two 6 pt ahead of the third for a moment. The middle finger sits at the centroid,
    /// where 2 pt turn its angle by 180° (the mean of the three angles made it a 120° rotation);
    /// counted by its distance from the centre, it turns nothing.
    @Test func aRowOfFingersSlidingWithSplitFramesDoesNotTurn() {
        setUp(fingers: 3)
        var xs = [1200.0, 1300.0, 1400.0]
        s.frame((0..<3).map { (UInt32($0 + 1), .began, xs[$0], 500) })
        for _ in 0..<16 {
            xs[0] -= 6
            xs[1] -= 6
            s.wait(0.012).frame([(1, .moved, xs[0], 500), (2, .moved, xs[1], 500)])
            xs[2] -= 6
            s.wait(0.001).frame([(3, .moved, xs[2], 500)])
        }
        #expect(!s.actions.contains("rotate began"), "\(rotations())")
        #expect(abs(rotate.rotation) < radians(1))
    }

    @Test(arguments: [3, 5])
    func fingerReplacingALiftedOneRebasesWithoutAJump(fingers: Int) {
        setUp(fingers: fingers)
        var ring = FingerRing(count: fingers)
        s.land(ring, together: true).morph(&ring, turn: radians(30))
        let held = rotate.rotation
        let last = fingers - 1
        s.wait(0.01).frame([ring.sample(last, .ended)])
        // The replacement lands elsewhere on the circle: the centroid and every angle shift.
        var moved = ring
        moved.angle += radians(25)
        let (x, y) = moved.point(last)
        s.wait(0.01).down(UInt32(fingers + 1), x, y)
        s.wait(0.01).frame((0..<last).map { ring.sample($0, .moved) })
        #expect(abs(rotate.rotation - held) < 1e-9)
        // Turn the whole new hand rigidly by 20° around its centroid: the rotation follows.
        var samples: [(UInt32, TouchPhase, Double, Double)] = []
        var points = (0..<last).map { ring.point($0) } + [(x, y)]
        let cx = points.map(\.0).reduce(0, +) / Double(fingers), cy = points.map(\.1).reduce(0, +) / Double(fingers)
        let c = cos(radians(20)), sn = sin(radians(20))
        for (index, p) in points.enumerated() {
            let dx = p.0 - cx, dy = p.1 - cy
            points[index] = (cx + dx * c - dy * sn, cy + dx * sn + dy * c)
            let id = index == last ? UInt32(fingers + 1) : UInt32(index + 1)
            samples.append((id, .moved, points[index].0, points[index].1))
        }
        s.wait(0.01).frame(samples)
        #expect(abs(rotate.rotation - (held + radians(20))) < 1e-9)
    }

    @Test(arguments: [2, 3, 4, 5], [true, false])
    func liftBeforeBeganFailsAndRejectsTheTouches(fingers: Int, together: Bool) {
        setUp(fingers: fingers)
        var ring = FingerRing(count: fingers)
        s.land(ring, together: together).morph(&ring, turn: radians(5))
        s.wait(0.01).frame([ring.sample(fingers - 1, .ended)])
        #expect(s.transitions(of: "rotate").contains("possible→failed"))
        #expect(s.actions.isEmpty)
        for id in 1...UInt32(fingers) { #expect(s.delivery(of: id) == .rejected) }
    }

    @Test(arguments: [2, 3, 4])
    func extraFingerBeforeBeganFails(fingers: Int) {
        setUp(fingers: fingers)
        var ring = FingerRing(count: fingers + 1)
        s.land(ring, together: true).morph(&ring, turn: radians(60))
        #expect(s.transitions(of: "rotate") == ["possible→failed", "failed→possible"])
        #expect(s.actions.isEmpty)
    }

    @Test(arguments: [2, 3])
    func extraFingerAfterBeganIsIgnored(fingers: Int) {
        setUp(fingers: fingers)
        var ring = FingerRing(count: fingers)
        s.land(ring, together: true).morph(&ring, turn: radians(30))
        let extra = UInt32(fingers + 1)
        s.wait(0.01).down(extra, 600, 300)
        s.wait(0.01).move(extra, 800, 500)
        #expect(rotate.numberOfTouches == fingers)
        s.morph(&ring, turn: radians(30))
        #expect(abs(rotate.rotation - radians(60)) < 1e-9)
        s.lift(ring)
        #expect(s.actions.last == "rotate ended")
    }

    @Test(arguments: [2, 3, 4, 5])
    func beginningAcceptsEveryTouch(fingers: Int) throws {
        setUp(fingers: fingers)
        var ring = FingerRing(count: fingers)
        s.land(ring, together: false).morph(&ring, turn: radians(-30))
        let beganAt = try #require(s.timedActions.first { $0.0 == "rotate began" }?.1)
        for id in 1...UInt32(fingers) {
            let decision = s.deliveries.first { $0.0 == TouchID(id) }
            #expect(decision?.1 == .accepted)
            #expect(decision?.2 == beganAt)
        }
    }

    @Test func cancelledTouchCancelsARunningRotation() {
        setUp(fingers: 3)
        var ring = FingerRing(count: 3)
        s.land(ring, together: true).morph(&ring, turn: radians(30))
        s.wait(0.01).frame([ring.sample(0, .cancelled)])
        #expect(s.actions.last == "rotate cancelled")
    }
}

/// UIKit's "pinch + rotate simultaneous" scenario: the two prevent each other unless allowed together.
@Suite struct PinchAndRotationTests {
    /// How the two recognizers are allowed to run together, if at all.
    enum Pairing: CaseIterable, Sendable {
        case none, pinchMethod, rotationMethod, delegate
    }

    /// Which gesture's threshold the hand crosses first.
    enum Lead: CaseIterable, Sendable {
        case pinch, rotation
    }

    /// A delegate that lets its recognizer run with any other.
    final class AllowEverything: GestureRecognizerDelegate {
        func gestureRecognizer(
            _ recognizer: GestureRecognizer,
            shouldRecognizeSimultaneouslyWith other: GestureRecognizer
        ) -> Bool { true }
    }

    let s = TouchScript()
    let pinch = PinchGestureRecognizer(name: "pinch")
    let rotate = RotationGestureRecognizer(name: "rotate")
    let delegate = AllowEverything()

    @Test(arguments: Pairing.allCases, Lead.allCases)
    func pinchAndRotationRunTogetherOnlyWhenAllowed(pairing: Pairing, lead: Lead) {
        s.screen.addGestureRecognizer(pinch)
        s.screen.addGestureRecognizer(rotate)
        switch pairing {
        case .none: break
        case .pinchMethod: pinch.recognizeSimultaneously(with: rotate)
        case .rotationMethod: rotate.recognizeSimultaneously(with: pinch)
        case .delegate: rotate.delegate = delegate
        }
        var ring = FingerRing(count: 2)
        s.land(ring, together: false)
        switch lead {
        case .pinch:
            // Spread +20 pt a frame (pinch at the second, past 24 pt), turn 3° a frame (rotation at the third).
            s.morph(&ring, radius: 200, turn: radians(30))
        case .rotation:
            // Turn 9° a frame (rotation begins at once), spread +4 pt a frame (pinch at the seventh).
            s.morph(&ring, radius: 120, turn: radians(90))
        }
        let (leader, follower) = lead == .pinch ? ("pinch", "rotate") : ("rotate", "pinch")
        #expect(s.actions.first == "\(leader) began")
        #expect(s.actions.contains("\(leader) changed"))
        if pairing == .none {
            #expect(s.transitions(of: follower).first == "possible→failed")
            #expect(!s.actions.contains { $0.hasPrefix(follower) })
        } else {
            #expect(s.actions.contains("\(follower) began"))
            #expect(s.actions.contains("\(follower) changed"))
            #expect(abs(pinch.scale - (lead == .pinch ? 2 : 1.2)) < 1e-9)
            #expect(abs(rotate.rotation - radians(lead == .pinch ? 30 : 90)) < 1e-9)
        }
        #expect(s.delivery(of: 1) == .accepted)
        #expect(s.delivery(of: 2) == .accepted)
        s.lift(ring)
        #expect(s.actions.last?.hasSuffix("ended") == true)
        #expect(s.actions.filter { $0.hasSuffix("ended") }.count == (pairing == .none ? 1 : 2))
    }
}

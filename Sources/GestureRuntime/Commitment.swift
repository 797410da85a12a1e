import GestureConfig
import GestureEngine

/// What a binding that acts at the lift (`on: end`) will do, said as the fingers move: commit or
/// cancel, UIKit's cancelled state made visible.
///
/// Sent when its gesture begins (continuous) or is recognized (swipe), whenever the answer
/// changes, and once at the end: `acted`, right before its actions, or `withdrawn`.
public enum Commitment: Sendable, Equatable {
    /// Lifting now would act. `location`: the fingers' centre, in screen points.
    case willAct(location: Point)
    /// Lifting now would not: the fingers were taken back within the gesture's threshold.
    case willNotAct(reason: String, location: Point)
    /// The fingers lifted past the threshold; the binding's actions follow.
    case acted
    /// Nothing ran: the fingers lifted back within the threshold, or the touches were cancelled.
    case withdrawn(reason: String)
}

/// A binding that acts at the lift whose gesture is under way.
struct PendingCommit {
    let recognizer: GestureRecognizer
    /// The answer last said.
    var willAct: Bool
    /// For a swipe, recognized while the fingers are still down: what follows it to the lift.
    var held: HeldSwipe?
}

/// A recognized swipe whose actions wait for the lift. The recognizer is done with its
/// touches (UIKit resets a discrete recognizer once recognized), so the runtime follows them:
/// the swipe counts while the centroid is still `distance` along its direction from `origin`.
struct HeldSwipe {
    struct Finger {
        var id: TouchID
        var type: TouchType
        var location: Point
        var lifted = false
    }

    var actions: [FiredAction]
    var fingers: [Finger]
    /// Where the swipe began (its `location(in:)`), in screen points.
    let origin: Point
    /// The recognized direction as a unit vector, y down.
    let unit: Vector
    /// The swipe's `minimumDistance`, in points.
    let distance: Double

    var centroid: Point {
        var x = 0.0, y = 0.0
        for finger in fingers {
            x += finger.location.x
            y += finger.location.y
        }
        let count = Double(max(1, fingers.count))
        return Point(x: x / count, y: y / count)
    }

    /// How far the centroid is from the start along the direction, in points.
    var along: Double {
        let travel = centroid - origin
        return travel.dx * unit.dx + travel.dy * unit.dy
    }

    var isPastThreshold: Bool { along >= distance }

    /// What lifting now would do.
    var answer: Commitment {
        isPastThreshold ? .willAct(location: centroid) : .willNotAct(reason: reason, location: centroid)
    }

    var reason: String {
        along <= 0
            ? "moved back past where it started"
            : "moved back to \(FixedDecimal.text(along, decimals: 0)) pt of the "
                + "\(FixedDecimal.text(distance, decimals: 0)) pt a swipe needs"
    }
}

extension BindingRuntime {
    /// The fingers still down of a recognizer that is done with them (a recognized swipe:
    /// UIKit resets it), for what follows them to the lift: the live touches on its path.
    static func fingers(of recognizer: GestureRecognizer, in liveTouches: [Touch]) -> [Touch] {
        liveTouches.filter { touch in
            !touch.phase.isFinished && touch.gestureRecognizers.contains { $0 === recognizer }
        }
    }

    /// Why a continuous gesture is no longer past its threshold, with the threshold.
    static func backReason(_ recognizer: GestureRecognizer) -> String {
        switch recognizer {
        case let pan as PanGestureRecognizer:
            "moved back within \(FixedDecimal.text(pan.hysteresis, decimals: 0)) pt of where it started"
        case let pinch as PinchGestureRecognizer:
            "spread back within \(FixedDecimal.text(pinch.hysteresis, decimals: 0)) pt of where it started"
        case let rotation as RotationGestureRecognizer:
            "turned back within \(FixedDecimal.text(rotation.hysteresis * 180 / Double.pi, decimals: 1))° "
                + "of where it started"
        default:
            "moved back within its threshold"
        }
    }

    /// The `do` actions of a binding that acts at the lift: said, held, then fired or withdrawn.
    func commit(
        _ binding: Binding, _ recognizer: GestureRecognizer, _ state: GestureRecognizer.State,
        _ snapshot: GestureSnapshot, _ context: ActionContext, time: Double, liveTouches: [Touch],
        into outputs: inout [GestureSession.Output]
    ) {
        let index = commits.firstIndex { $0.recognizer === recognizer }
        func fire() {
            outputs.append(.commitment(recognizer, .acted, time: time))
            for action in binding.actions {
                outputs.append(
                    .action(FiredAction(time: time, gesture: binding.name, action: action, context: context)))
            }
        }
        switch state {
        case .began, .changed:
            let past = snapshot.isPastThreshold
            if let index, commits[index].willAct == past { return }
            if let index {
                commits[index].willAct = past
            } else {
                commits.append(PendingCommit(recognizer: recognizer, willAct: past))
            }
            outputs.append(
                .commitment(
                    recognizer,
                    past
                        ? .willAct(location: snapshot.location)
                        : .willNotAct(reason: Self.backReason(recognizer), location: snapshot.location),
                    time: time))
        case .ended where binding.recognizer.kind.isContinuous:
            if let index { commits.remove(at: index) }
            if snapshot.isPastThreshold {
                fire()
            } else {
                outputs.append(.commitment(recognizer, .withdrawn(reason: Self.backReason(recognizer)), time: time))
            }
        case .ended:
            // A discrete gesture recognized with its fingers down (a swipe): held until they lift.
            let fingers = Self.fingers(of: recognizer, in: liveTouches).map {
                HeldSwipe.Finger(id: $0.id, type: $0.type, location: $0.location)
            }
            guard let swipe = recognizer as? SwipeGestureRecognizer, !fingers.isEmpty,
                case .swipe(let direction) = snapshot.measurement, let unit = direction.unitVector
            else {
                fire()
                return
            }
            let held = HeldSwipe(
                actions: binding.actions.map {
                    FiredAction(time: time, gesture: binding.name, action: $0, context: context)
                },
                fingers: fingers, origin: snapshot.location, unit: unit, distance: swipe.minimumDistance)
            let past = held.isPastThreshold
            let pending = PendingCommit(recognizer: recognizer, willAct: past, held: held)
            if let index { commits[index] = pending } else { commits.append(pending) }
            outputs.append(.commitment(recognizer, held.answer, time: time))
        case .cancelled:
            guard let index else { return }
            commits.remove(at: index)
            outputs.append(.commitment(recognizer, .withdrawn(reason: "its touches were cancelled"), time: time))
        case .possible, .failed:
            break
        }
    }

    /// Follows the fingers of held swipes through one frame (locations in points): says when
    /// lifting would change its mind, and at the lift of the last finger fires or withdraws.
    func follow(_ samples: [TouchSample], time: Double, into outputs: inout [GestureSession.Output]) {
        var index = 0
        while index < commits.count {
            guard var held = commits[index].held else {
                index += 1
                continue
            }
            let recognizer = commits[index].recognizer
            var cancelled = false
            for sample in samples {
                guard let finger = held.fingers.firstIndex(where: { $0.id == sample.id && $0.type == sample.type })
                else { continue }
                held.fingers[finger].location = sample.location
                switch sample.phase {
                case .ended: held.fingers[finger].lifted = true
                case .cancelled: cancelled = true
                case .began, .moved, .stationary: break
                }
            }
            let past = held.isPastThreshold
            if cancelled {
                commits.remove(at: index)
                outputs.append(.commitment(recognizer, .withdrawn(reason: "its touches were cancelled"), time: time))
            } else if held.fingers.allSatisfy(\.lifted) {
                commits.remove(at: index)
                if past {
                    outputs.append(.commitment(recognizer, .acted, time: time))
                    for var fired in held.actions {
                        fired.time = time
                        outputs.append(.action(fired))
                    }
                } else {
                    outputs.append(.commitment(recognizer, .withdrawn(reason: held.reason), time: time))
                }
            } else {
                if past != commits[index].willAct { outputs.append(.commitment(recognizer, held.answer, time: time)) }
                commits[index].willAct = past
                commits[index].held = held
                index += 1
            }
        }
    }

    /// Withdraws every binding waiting for a lift: the touches were all cancelled.
    func withdrawAll(time: Double, into outputs: inout [GestureSession.Output]) {
        for commit in commits {
            outputs.append(.commitment(commit.recognizer, .withdrawn(reason: "its touches were cancelled"), time: time))
        }
        commits.removeAll(keepingCapacity: true)
    }
}

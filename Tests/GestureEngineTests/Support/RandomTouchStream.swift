@testable import GestureEngine

/// Turns a list of random numbers into a valid touch stream for up to five fingers.
///
/// Each number picks a finger, an operation and a distance, so that the property
/// test's generator (and its shrinker) works on plain integer arrays. Fingers that
/// are down at the end are lifted, and the clock then runs until no timer is left.
struct RandomTouchStream {
    let codes: [Int]

    /// Plays the stream into the script.
    func play(into s: TouchScript) {
        var position: [UInt32: (Double, Double)] = [:]
        var nextID: [Int: UInt32] = [:]
        var idCounter: UInt32 = 0
        for code in codes {
            let finger = code % 5
            let op = (code / 5) % 7
            let magnitude = Double((code / 35) % 120) - 60
            let dt = Double((code / 4200) % 40) / 200
            s.wait(dt)
            if let id = nextID[finger], let (x, y) = position[id] {
                switch op {
                case 0:
                    s.up(id, x, y)
                    position[id] = nil
                    nextID[finger] = nil
                case 1:
                    s.cancel(id, x, y)
                    position[id] = nil
                    nextID[finger] = nil
                case 2, 3:
                    let next = (x + magnitude, y)
                    position[id] = next
                    s.move(id, next.0, next.1)
                case 4:
                    let next = (x, y + magnitude)
                    position[id] = next
                    s.move(id, next.0, next.1)
                default:
                    // Spread or gather around the screen centre: pinch-like motion.
                    let next = (960 + (x - 960) * (1 + magnitude / 200), 540 + (y - 540) * (1 + magnitude / 200))
                    position[id] = next
                    s.move(id, next.0, next.1)
                }
            } else if op != 1 {
                idCounter += 1
                let id = idCounter
                let start = (860 + Double(finger) * 50 + magnitude, 500 + Double(op) * 20)
                nextID[finger] = id
                position[id] = start
                s.down(id, start.0, start.1)
            }
        }
        for (id, point) in position.sorted(by: { $0.key < $1.key }) {
            s.wait(0.01).up(id, point.0, point.1)
        }
        s.finish()
    }
}

/// The invariants every touch stream must keep, checked on a finished script's log.
enum EngineInvariants {
    /// Returns a description of every broken invariant; empty when all hold.
    static func violations(in s: TouchScript) -> [String] {
        var problems: [String] = []
        var inProgress: [ObjectIdentifier: String] = [:]
        var touchesDown: Set<UInt32> = []
        var decided: [UInt32: Int] = [:]
        for event in s.log {
            switch event {
            case let .action(recognizer, state, _, time):
                let key = ObjectIdentifier(recognizer)
                let running = inProgress[key] != nil
                switch state {
                case .began:
                    if running { problems.append("\(time) \(recognizer): began twice") }
                    inProgress[key] = recognizer.name
                case .changed:
                    if !running { problems.append("\(time) \(recognizer): changed without began") }
                case .ended:
                    inProgress[key] = nil
                case .cancelled:
                    if !running { problems.append("\(time) \(recognizer): cancelled without began") }
                    inProgress[key] = nil
                case .possible, .failed:
                    problems.append("\(time) \(recognizer): action for \(state)")
                }
            case let .transition(recognizer, from, to, _, time):
                if from == .possible, to == .possible { continue }
                let valid: Bool =
                    switch (from, to) {
                    case (.possible, .began), (.possible, .ended), (.possible, .failed),
                        (.began, .changed), (.began, .ended), (.began, .cancelled),
                        (.changed, .changed), (.changed, .ended), (.changed, .cancelled),
                        (.ended, .possible), (.cancelled, .possible), (.failed, .possible):
                        true
                    default:
                        from == to && from.isFinished
                    }
                if !valid { problems.append("\(time) \(recognizer): invalid transition \(from) → \(to)") }
            case let .delivery(id, _, time):
                decided[id.rawValue, default: 0] += 1
                if decided[id.rawValue]! > 1 { problems.append("\(time) touch \(id) decided twice") }
            }
        }
        for name in inProgress.values { problems.append("\(name) began and never ended or cancelled") }
        for touch in s.log.compactMap({ event -> UInt32? in
            if case let .delivery(id, _, _) = event { return id.rawValue } else { return nil }
        }) { touchesDown.insert(touch) }
        let expected = s.downCount
        if touchesDown.count != expected {
            problems.append("\(expected) touches went down but \(touchesDown.count) were decided")
        }
        if !s.engine.touches.isEmpty { problems.append("touches left on the screen") }
        if s.engine.nextDeadline != nil { problems.append("a timer is still pending") }
        return problems
    }
}

@testable import GestureEngine

/// A tiny script for driving the engine the way the seeds tell a scenario: down, move, up, wait.
///
/// Time is virtual: `wait` advances the engine's clock and fires its timers;
/// nothing sleeps. Every event the engine reports is kept in `log`.
final class TouchScript {
    let engine: GestureEngine
    let screen: View
    private(set) var time: Double = 0
    private(set) var log: [EngineEvent] = []
    /// What the views received, when the engine `reportsViewTouches`.
    private(set) var viewLog: [ViewTouchEvent] = []
    /// How many touch-downs the script sent.
    private(set) var downCount = 0

    /// A script over a 1920x1080 screen view, or over the given root.
    init(root: View? = nil) {
        let view = root ?? View(kind: .screen, frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        screen = view
        engine = GestureEngine(root: view)
    }

    /// Lets `seconds` pass, firing due timers.
    @discardableResult
    func wait(_ seconds: Double) -> Self {
        time += seconds
        engine.advance(to: time)
        collect()
        return self
    }

    /// Sends one frame in which every given touch changes at once.
    @discardableResult
    func frame(_ samples: [(UInt32, TouchPhase, Double, Double)]) -> Self {
        downCount += samples.filter { $0.1 == .began }.count
        engine.handle(
            samples.map { TouchSample(id: TouchID($0.0), phase: $0.1, location: Point(x: $0.2, y: $0.3)) },
            at: time)
        collect()
        return self
    }

    /// Sends one frame of samples as they are, for touches of another type or with a hit-test point.
    @discardableResult
    func frame(_ samples: [TouchSample]) -> Self {
        downCount += samples.filter { $0.phase == .began }.count
        engine.handle(samples, at: time)
        collect()
        return self
    }

    @discardableResult
    func down(_ id: UInt32, _ x: Double, _ y: Double) -> Self { frame([(id, .began, x, y)]) }
    @discardableResult
    func move(_ id: UInt32, _ x: Double, _ y: Double) -> Self { frame([(id, .moved, x, y)]) }
    @discardableResult
    func up(_ id: UInt32, _ x: Double, _ y: Double) -> Self { frame([(id, .ended, x, y)]) }
    @discardableResult
    func cancel(_ id: UInt32, _ x: Double, _ y: Double) -> Self { frame([(id, .cancelled, x, y)]) }

    /// Moves one touch in `steps` equal steps, `interval` seconds apart, ending at (x, y).
    @discardableResult
    func drag(
        _ id: UInt32, from start: (Double, Double), to end: (Double, Double),
        steps: Int = 10, interval: Double = 0.01
    ) -> Self {
        for step in 1...steps {
            wait(interval)
            let f = Double(step) / Double(steps)
            move(id, start.0 + (end.0 - start.0) * f, start.1 + (end.1 - start.1) * f)
        }
        return self
    }

    /// Runs the clock on until no timer is pending.
    @discardableResult
    func finish() -> Self {
        while let deadline = engine.nextDeadline {
            time = max(time, deadline)
            engine.advance(to: deadline)
            collect()
        }
        return self
    }

    /// Adds an event to the log by hand, for testing the invariant checker itself.
    func record(_ event: EngineEvent) {
        log.append(event)
    }

    private func collect() {
        log.append(contentsOf: engine.events)
        viewLog.append(contentsOf: engine.viewTouchEvents)
        engine.removeAllEvents()
    }

    /// The action messages, as "name state" strings in order.
    var actions: [String] {
        log.compactMap { event in
            if case let .action(recognizer, state, _, _) = event { return "\(recognizer.name) \(state)" }
            return nil
        }
    }

    /// The action messages with their times.
    var timedActions: [(String, Double)] {
        log.compactMap { event in
            if case let .action(recognizer, state, _, time) = event { return ("\(recognizer.name) \(state)", time) }
            return nil
        }
    }

    /// The snapshots sent with the action messages of one recognizer.
    func snapshots(of name: String) -> [(GestureRecognizer.State, GestureSnapshot)] {
        log.compactMap { event in
            if case let .action(recognizer, state, snapshot, _) = event, recognizer.name == name {
                return (state, snapshot)
            }
            return nil
        }
    }

    /// Every delivery decision, in order.
    var deliveries: [(TouchID, Delivery, Double)] {
        log.compactMap { event in
            if case let .delivery(id, delivery, time) = event { return (id, delivery, time) }
            return nil
        }
    }

    /// The decision for one touch, if made.
    func delivery(of id: UInt32) -> Delivery? {
        deliveries.first { $0.0 == TouchID(id) }?.1
    }

    /// The transitions of one recognizer, as "from→to" strings.
    func transitions(of name: String) -> [String] {
        log.compactMap { event in
            if case let .transition(recognizer, from, to, _, _) = event, recognizer.name == name {
                return "\(from)→\(to)"
            }
            return nil
        }
    }

    /// The causes of a recognizer's transitions, in order, leaving out its resets.
    func causes(of recognizer: GestureRecognizer) -> [TransitionCause] {
        log.compactMap { event in
            if case let .transition(other, _, _, cause, _) = event, other === recognizer, cause != .reset {
                return cause
            }
            return nil
        }
    }
}

import GestureConfig
import GestureRuntime
import Logging
import X11Bridge
import ControlStreams

/// The daemon's actions: the runtime decides which run and when (`BridgeRuntime`); here they run.
extension Daemon {
    /// Lets keys waiting for their window's focus ask again, before the loop reads on. The
    /// gestures' clock stays where it is: the events read next keep their own times.
    func drainActions(now: Double) {
        runtime.drainActions(at: now)
        performEffects()
    }

    /// Runs one action the runtime let through, and says what came of it.
    func perform(_ fired: FiredAction, at time: Double) {
        do {
            let outcome = try performer.perform(fired)
            logger.info("\(fired.gesture): \(fired.action) (\(outcome))")
            control?.publish(.action(fired, outcome: "\(outcome)", time: time))
        } catch {
            logger.error("\(fired.gesture): \(fired.action) failed: \(error)")
            control?.publish(.action(fired, outcome: "failed: \(error)", time: time))
        }
    }
}

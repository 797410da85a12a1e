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
}

import GestureConfig
import GestureEngine

/// The one way input reaches a `GestureSession`, for the daemon and `replay` alike.
///
/// Touches are gathered into one frame per instant (`FrameAssembler`); before a frame, or a
/// touchpad event, or a clock tick, the session's timers due by then fire, so a timer between
/// two instants fires between them. `afterInput` runs after each step the session took, for the
/// driver to collect the session's outputs (the daemon performs them, `replay` prints them).
public final class TouchFeed {
    public let session: GestureSession
    private var frames = FrameAssembler()

    public init(session: GestureSession) {
        self.session = session
    }

    /// The latest instant given: the session's, or that of a frame still being gathered.
    public var time: Double { max(session.time, frames.time) }

    /// Adds a touch at its instant; a frame that this one completes goes to the session first.
    public func add(_ sample: TouchSample, at time: Double, afterInput: () -> Void) {
        frames.add(sample, at: time) { frame, instant in handle(frame, at: instant, afterInput: afterInput) }
    }

    /// Hands the session the frame being gathered if `sample` at `time` would begin the next one:
    /// so a caller that routes samples first (`BridgeRuntime`) sees them in the session's order.
    public func flush(before sample: TouchSample, at time: Double, afterInput: () -> Void) {
        guard frames.startsNewFrame(sample, at: time) else { return }
        flush(afterInput: afterInput)
    }

    /// Hands the session the frame being gathered, if any.
    public func flush(afterInput: () -> Void) {
        frames.flush { frame, instant in handle(frame, at: instant, afterInput: afterInput) }
    }

    /// A touchpad event, its own step: the frame being gathered goes first.
    public func add(pad: PadEvent, at time: Double, afterInput: () -> Void) {
        flush(afterInput: afterInput)
        session.advance(to: time)
        session.handle(pad: pad, at: time)
        afterInput()
    }

    /// Moves the clock to `time` (firing the timers due by then), after the frame being gathered.
    public func advance(to time: Double, afterInput: () -> Void) {
        flush(afterInput: afterInput)
        session.advance(to: time)
        afterInput()
    }

    private func handle(_ frame: [TouchSample], at time: Double, afterInput: () -> Void) {
        session.advance(to: time)
        session.handle(frame, at: time)
        afterInput()
    }
}

/// When the indicator is drawn: at most once per frame of the display, the latest state.
///
/// A burst of gestures changes the indicator many times a millisecond; drawing each change
/// (cairo, then the X server's compositing) put the daemon seconds behind 1,000 rapid
/// gestures. The first change after a quiet frame is drawn at once, so a gesture's label
/// shows with no delay; changes within the same frame only replace what waits, and the
/// latest is drawn when the frame is over. Nothing waits, so nothing wakes the loop, while the
/// indicator does not change (no periodic timer). Time is an input: seconds, monotonic.
public struct RedrawPacer: Sendable {
    /// One frame of a 60 Hz display, in seconds: no display shows changes faster than its frames.
    public static let frameInterval = 1.0 / 60

    /// The latest effect not drawn yet.
    public private(set) var waiting: FeedbackTracker.Effect?
    private var lastDrawn = -Double.infinity
    /// How many changes were replaced before they were drawn, since the start.
    public private(set) var coalesced = 0

    public init() {}

    /// A new state to draw; replaces one that waits.
    public mutating func note(_ effect: FeedbackTracker.Effect) {
        if waiting != nil { coalesced += 1 }
        waiting = effect
    }

    /// The effect to draw now, if one waits and a frame has passed since the last drawing.
    public mutating func due(at now: Double) -> FeedbackTracker.Effect? {
        guard let effect = waiting, now >= lastDrawn + Self.frameInterval else { return nil }
        waiting = nil
        lastDrawn = now
        return effect
    }

    /// When the waiting effect is due: for the loop's poll timeout; nil when nothing waits.
    public var nextDeadline: Double? {
        waiting == nil ? nil : lastDrawn + Self.frameInterval
    }
}

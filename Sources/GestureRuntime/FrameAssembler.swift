import GestureConfig
import GestureEngine

/// Groups touch samples, as they arrive one by one, into the frames the session handles.
///
/// A frame is one instant, in arrival order. A sample at another time, a second sample of
/// a touch already in the frame, or a landing after a move or lift starts the next frame:
/// a gesture that ends in the instant the next one's fingers land ends first, and the
/// landings start a new sequence instead of arriving in the cycle that resets the
/// recognizers they would have joined. Without this, back-to-back gestures merged: the
/// second one's touches were dropped with the first one's reset, and rejected.
///
/// An instant is one millisecond wide: the X server stamps each touch event with its
/// millisecond clock as it posts it, so the touches of one hardware frame posted across a
/// tick carry two stamps 1 ms apart (seen under load: one finger of a two-finger swipe moved
/// 30 pt a millisecond before the other, and a pinch recognized a 30 % spread that no finger
/// made). A touchscreen reports at most every 4 ms (240 Hz), so distinct touches stamped within
/// `instantWidth` of the frame's first sample are that frame; the same touch again still
/// starts the next one. The frame's instant is its latest stamp.
///
/// Samples are never reordered: with the server's millisecond stamps, a fast gesture can
/// be a single instant, and an instant can be split across two reads of the connection,
/// so only the order in which X reported them is sure.
///
/// The daemon and `replay` both assemble frames here. Nothing allocates after the first
/// frames: the buffer keeps its capacity.
public struct FrameAssembler {
    /// The frame being assembled, in arrival order.
    private var frame: [TouchSample] = []
    /// Whether the frame holds a move or a lift.
    private var hasMoveOrLift = false
    /// The instant being assembled: its latest stamp.
    public private(set) var time = 0.0
    /// The stamp of the frame's first sample.
    private var start = 0.0
    /// How far apart, in seconds, stamps of one frame may be: the server's clock tick. A
    /// little more than 1 ms, as stamps in seconds are not exact in binary.
    public static let instantWidth = 0.001 + 1e-6

    public init() {
        frame.reserveCapacity(16)
    }

    /// Whether no sample is waiting.
    public var isEmpty: Bool { frame.isEmpty }

    /// Adds a sample taken at `time`, first handing `emit` the frame it completes.
    public mutating func add(_ sample: TouchSample, at time: Double, emit: ([TouchSample], Double) -> Void) {
        if startsNewFrame(sample, at: time) {
            flush(emit: emit)
            start = time
        }
        self.time = frame.isEmpty ? time : max(self.time, time)
        frame.append(sample)
        if sample.phase != .began { hasMoveOrLift = true }
    }

    /// Whether `sample` at `time` would begin the next frame (so the one being assembled is complete).
    public func startsNewFrame(_ sample: TouchSample, at time: Double) -> Bool {
        frame.isEmpty || time < start || time - start > Self.instantWidth
            || frame.contains(where: { $0.id == sample.id }) || sample.phase == .began && hasMoveOrLift
    }

    /// Hands `emit` the frame being assembled, if any.
    public mutating func flush(emit: ([TouchSample], Double) -> Void) {
        guard !frame.isEmpty else { return }
        emit(frame, time)
        frame.removeAll(keepingCapacity: true)
        hasMoveOrLift = false
    }
}

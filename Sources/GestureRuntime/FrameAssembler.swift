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
    /// The instant being assembled.
    public private(set) var time = 0.0

    public init() {
        frame.reserveCapacity(16)
    }

    /// Whether no sample is waiting.
    public var isEmpty: Bool { frame.isEmpty }

    /// Adds a sample taken at `time`, first handing `emit` the frame it completes.
    public mutating func add(_ sample: TouchSample, at time: Double, emit: ([TouchSample], Double) -> Void) {
        if time != self.time || frame.contains(where: { $0.id == sample.id })
            || sample.phase == .began && hasMoveOrLift
        {
            flush(emit: emit)
        }
        self.time = time
        frame.append(sample)
        if sample.phase != .began { hasMoveOrLift = true }
    }

    /// Hands `emit` the frame being assembled, if any.
    public mutating func flush(emit: ([TouchSample], Double) -> Void) {
        guard !frame.isEmpty else { return }
        emit(frame, time)
        frame.removeAll(keepingCapacity: true)
        hasMoveOrLift = false
    }
}

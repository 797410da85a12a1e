import GestureEngine

/// Groups touch samples, as they arrive one by one, into the frames the session handles.
///
/// A frame is one instant: a sample at another time, or a second sample of a touch
/// already in the frame, starts the next one. Within an instant, landings go last, in a
/// frame of their own, after the instant's moves and lifts: a gesture that ends in the
/// instant the next one's fingers land ends first, and the landings start a new sequence
/// instead of arriving in the cycle that resets the recognizers they would have joined.
/// Without this, back-to-back gestures merged: the second one's touches were dropped
/// with the first one's reset, and rejected.
///
/// The daemon and `replay` both assemble frames here. Nothing allocates after the first
/// frames: the two buffers keep their capacity.
public struct FrameAssembler {
    /// The instant's moves, lifts and cancellations, in arrival order.
    private var others: [TouchSample] = []
    /// The instant's landings, in arrival order.
    private var landings: [TouchSample] = []
    /// The instant being assembled.
    public private(set) var time = 0.0

    public init() {
        others.reserveCapacity(16)
        landings.reserveCapacity(16)
    }

    /// Whether no sample is waiting.
    public var isEmpty: Bool { others.isEmpty && landings.isEmpty }

    /// Adds a sample taken at `time`, first handing `emit` the frames it completes.
    public mutating func add(_ sample: TouchSample, at time: Double, emit: ([TouchSample], Double) -> Void) {
        if !isEmpty, time != self.time || contains(sample.id) { flush(emit: emit) }
        self.time = time
        if sample.phase == .began { landings.append(sample) } else { others.append(sample) }
    }

    /// Hands `emit` what is waiting: the instant's moves and lifts, then its landings.
    public mutating func flush(emit: ([TouchSample], Double) -> Void) {
        if !others.isEmpty {
            emit(others, time)
            others.removeAll(keepingCapacity: true)
        }
        if !landings.isEmpty {
            emit(landings, time)
            landings.removeAll(keepingCapacity: true)
        }
    }

    private func contains(_ id: TouchID) -> Bool {
        others.contains { $0.id == id } || landings.contains { $0.id == id }
    }
}

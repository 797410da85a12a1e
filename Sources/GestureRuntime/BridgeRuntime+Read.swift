import GestureEngine

/// One event of a read of the X connection as the runtime takes it: what it is, and the
/// server's stamp (`ServerClock` puts it on the daemon's clock).
public struct ServerEvent: Hashable, Sendable {
    public enum Input: Hashable, Sendable {
        /// A touch the gestures see. `handedOver`: its end, because it went to an application
        /// while the finger is still down.
        case touch(TouchSample, handedOver: Bool)
        /// A move or the real lift of a touch handed to an application: for the tools only.
        case followed(TouchSample)
        /// A touch another client's pointer grab took: its begin, for the tools and the log.
        case elsewhere(TouchSample)
        /// A touchpad gesture event.
        case pad(PadEvent)
        /// A pen's or mouse's grabbed press, move or release.
        case pointer(PointerPress)
    }

    public var input: Input
    /// The server's timestamp, in milliseconds.
    public var stamp: UInt64

    public init(_ input: Input, stamp: UInt64) {
        self.input = input
        self.stamp = stamp
    }
}

extension BridgeRuntime {
    /// Everything one read of the X connection brought, in the server's order: the daemon's one
    /// call per read. Each event is timed by its stamp (`ServerClock`), so events read in one
    /// batch keep the instants they happened at and timers due between them fire between them;
    /// the frame the read ends with goes to the session last (`flush`). An array, not any
    /// sequence: a generic call across modules is not specialized, and its iterator may be boxed.
    ///
    /// Besides what `touch`, `pad` and `pointer` decide, the effects say what the tools hear
    /// (`.heard`, after the effects of the event's own step, a touchpad event's before), which
    /// touches to show (`.mark`) and which presses to draw (`.trail`).
    public func read(_ events: [ServerEvent], now: Double) {
        for event in events {
            let time = serverClock.time(ofServer: event.stamp, now: now, floor: self.time)
            switch event.input {
            case let .touch(sample, handedOver):
                let route = touch(sample, at: time)
                if route == .passedThrough { continue }
                if route == .held || (showsTouches && !handedOver) { append(.mark(sample)) }
                othersHoldThePointer = false
                // A touch that went to an application ends for the session, not for the finger:
                // its moves and its lift follow (`.followed`), and the tools hear those instead.
                append(.heard(handedOver ? .handedOver(sample) : .touch(sample), time: time))
            case .followed(let sample):
                if showsTouches { append(.mark(sample)) }
                append(.heard(.followed(sample), time: time))
            case .elsewhere(let sample):
                append(.heard(.elsewhere(sample, firstOfRun: !othersHoldThePointer), time: time))
                othersHoldThePointer = true
            case .pad(let event):
                append(.heard(.pad(event), time: time))
                pad(event, at: time)
            case .pointer(let press):
                append(.heard(.pointer(press), time: time))
                if pointer(press, at: time) == .session { append(.trail(press)) }
            }
        }
        flush()
    }
}

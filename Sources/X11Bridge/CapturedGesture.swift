import GestureEngine

/// One touchpad gesture event, in screen pixels: the bridge's value for an `XI_GesturePinch*` or `XI_GestureSwipe*`.
public struct CapturedGesture: Hashable, Sendable, CustomStringConvertible {
    /// The two gestures XInput 2.4 reports.
    public enum Kind: Hashable, Sendable {
        /// `XI_GestureSwipe*`: fingers moving together.
        case swipe
        /// `XI_GesturePinch*`: fingers moving apart, together or around each other.
        case pinch
    }

    /// Where the gesture is.
    public enum Phase: Hashable, Sendable {
        /// `…Begin`.
        case began
        /// `…Update`.
        case updated
        /// `…End`; see `isCancelled`.
        case ended
    }

    public var kind: Kind
    public var phase: Phase
    /// How many fingers are on the pad (`detail`).
    public var fingers: Int
    /// The pointer on the root window, in pixels (`root_x`, `root_y`).
    public var x: Double
    public var y: Double
    /// The motion since the previous event, in pixels, accelerated as the pointer moves (`delta_x`, `delta_y`).
    public var dx: Double
    public var dy: Double
    /// For a pinch, the scale since begin (`scale`); 1 for a swipe.
    public var scale: Double
    /// For a pinch, the rotation since the previous event in degrees, clockwise positive (`delta_angle`); 0 for a swipe.
    public var angle: Double
    /// Whether an end means the gesture was cancelled (`XIGesture…EventCancelled` in `flags`).
    public var isCancelled: Bool
    /// The server's timestamp, in milliseconds (`time`).
    public var time: UInt64
    /// The slave device the gesture came from (`sourceid`).
    public var device: DeviceID

    public var description: String {
        var text = "\(kind) \(phase)\(isCancelled ? " (cancelled)" : "") with \(fingers) fingers at (\(x), \(y))"
        text += " by (\(dx), \(dy))"
        if kind == .pinch { text += " scale \(scale) angle \(angle)°" }
        return text + " from device \(device) at \(time) ms"
    }
}

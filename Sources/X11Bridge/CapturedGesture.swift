import GestureEngine
import GestureRuntime

/// A touchpad gesture event as the server reported it (XI 2.4): the runtime's `PadEvent`, with
/// the server's timestamp and the device it came from.
public struct CapturedGesture: Hashable, Sendable, CustomStringConvertible {
    /// The event, as the session takes it (a cancelled end is `.cancelled`; the pointer in root pixels).
    public var event: PadEvent
    /// The server's timestamp, in milliseconds.
    public var time: UInt64
    /// The touchpad that sent it.
    public var device: DeviceID

    public init(event: PadEvent, time: UInt64, device: DeviceID) {
        self.event = event
        self.time = time
        self.device = device
    }

    public var description: String {
        var text = "\(event.kind) \(event.phase) with \(event.fingers) fingers"
        if let pointer = event.pointer { text += " at (\(pointer.x), \(pointer.y))" }
        text += " by (\(event.dx), \(event.dy))"
        if event.kind == .pinch { text += " scale \(event.scale) angle \(event.angle)°" }
        return text + " from device \(device) at \(time) ms"
    }
}

import GestureConfig
import GestureEngine

/// A press, move or release of the pen's or mouse's button that a stroke binding grabs
/// (`stroke: { device: mouse, button: 3 }`), in screen pixels.
public struct PointerPress: Hashable, Sendable, CustomStringConvertible {
    public var device: StrokeDevice
    public var button: Int
    /// `began` at the press, `moved` while held, `ended` at the release, `cancelled` when the
    /// device went away.
    public var phase: TouchPhase
    public var location: Point

    public init(device: StrokeDevice, button: Int, phase: TouchPhase, location: Point) {
        self.device = device
        self.button = button
        self.phase = phase
        self.location = location
    }

    /// The engine's touch type for it.
    public var touchType: TouchType { device == .pen ? .pencil : .mouseButton }

    /// `mouse button 3 began at (10.0, 20.0)`, for the log.
    public var description: String {
        "\(device.rawValue) button \(button) \(phase) at (\(location.x), \(location.y))"
    }
}

extension GestureSession {
    /// Processes one press, move or release of a grabbed pen or mouse button: a touch of its
    /// own type (`.pencil`, `.mouseButton`) holding that button, so only the stroke bindings
    /// drawn with that device and button take it. Its decision comes out as
    /// `.pointerDelivery`: accepted, a binding took it; rejected, the bridge plays the
    /// application the click or drag it held back.
    public func handle(pointer press: PointerPress, at time: Double) {
        if runtime.nextRepeat != nil { advance(to: time) }
        applyPendingChanges()
        // The session's frame storage: no array is made per move.
        samples.removeAll(keepingCapacity: true)
        samples.append(
            TouchSample(
                id: TouchID(UInt32(press.button)), phase: press.phase,
                location: scene.description.points(fromPixels: press.location), type: press.touchType,
                buttonMask: .button(press.button)))
        engine.handle(samples, at: time)
        collect()
        follow(samples, at: time)
    }
}

import GestureEngine
import GestureRuntime
internal import CX11

extension TouchCapture {
    /// The XInput 2.4 touchpad gesture events the capture selects.
    static let gestureEvents: [Int32] = [
        XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd,
        XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd
    ]

    /// Selects the touchpad gesture events on the root window; returns why not, when it cannot.
    ///
    /// Gestures are selected, not grabbed: X delivers them to the window under the
    /// pointer, and the root receives those that no window there selected. Only one
    /// client may select a gesture's begin on a window (as with `ButtonPress`). The
    /// corresponding Xlib call is `XISelectEvents` for `XIAllMasterDevices`.
    func selectGestures() -> String? {
        guard connection.supportsGestures else {
            let version = connection.xinputVersion
            return "the X server has XInput \(version.major).\(version.minor); touchpad gestures need 2.4"
        }
        var bits = Self.mask(Self.gestureEvents)
        bits.withUnsafeMutableBufferPointer { bits in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(bits.count), mask: bits.baseAddress)
            _ = XISelectEvents(connection.display, Window(connection.root.rawValue), &mask, 1)
        }
        guard connection.sync().isEmpty else {
            return "another client has selected touchpad gestures on the root window"
        }
        return nil
    }

    /// The one conversion from an XI 2.4 gesture event to the bridge's value; nil for other events.
    static func capturedGesture(_ cookie: XGenericEventCookie) -> CapturedGesture? {
        let phase: PadEvent.Phase
        switch cookie.evtype {
        case XI_GesturePinchBegin, XI_GestureSwipeBegin: phase = .began
        case XI_GesturePinchUpdate, XI_GestureSwipeUpdate: phase = .updated
        case XI_GesturePinchEnd, XI_GestureSwipeEnd: phase = .ended
        default: return nil
        }
        switch cookie.evtype {
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let event = cookie.data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            let cancelled = event.flags & Int32(XIGesturePinchEventCancelled) != 0
            return CapturedGesture(
                event: PadEvent(
                    kind: .pinch, phase: cancelled && phase == .ended ? .cancelled : phase,
                    fingers: Int(event.detail), dx: event.delta_x, dy: event.delta_y, scale: event.scale,
                    angle: event.delta_angle, pointer: Point(x: event.root_x, y: event.root_y)),
                time: UInt64(event.time), device: DeviceID(rawValue: event.sourceid))
        default:
            let event = cookie.data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee
            let cancelled = event.flags & Int32(XIGestureSwipeEventCancelled) != 0
            return CapturedGesture(
                event: PadEvent(
                    kind: .swipe, phase: cancelled && phase == .ended ? .cancelled : phase,
                    fingers: Int(event.detail), dx: event.delta_x, dy: event.delta_y,
                    pointer: Point(x: event.root_x, y: event.root_y)),
                time: UInt64(event.time), device: DeviceID(rawValue: event.sourceid))
        }
    }

    /// Whether a gesture is reported: one from a tracked, enabled touchpad, settled at its begin
    /// so a device disabled mid-gesture still reports the end of the one it started.
    func shouldReport(_ gesture: CapturedGesture) -> Bool {
        switch gesture.event.phase {
        case .began:
            reportsGesture = devices.capturesGestures(from: gesture.device)
            return reportsGesture
        case .updated:
            return reportsGesture
        case .ended, .cancelled:
            defer { reportsGesture = false }
            return reportsGesture
        }
    }
}

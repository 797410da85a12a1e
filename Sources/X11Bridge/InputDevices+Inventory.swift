internal import CX11

/// Everything `gesturebridge devices` says about one touch or gesture device.
///
/// Wider than ``TouchDevice``: it also lists touchpads that report touches
/// (dependent touch) but no XInput 2.4 gestures, which the daemon cannot use yet.
public struct DeviceReport: Hashable, Sendable {
    /// How the device reports touches (`XITouchClassInfo.mode`).
    public enum TouchMode: String, Hashable, Sendable {
        /// `XIDirectTouch`: touches land where the finger is (a touchscreen).
        case direct
        /// `XIDependentTouch`: touches move a pointer (a touchpad).
        case dependent
        /// No touch class: gestures only, or nothing.
        case none
    }

    public var id: DeviceID
    public var name: String
    /// Touchscreen for direct touch; touchpad for dependent touch or a gesture class.
    public var kind: TouchDevice.Kind
    public var touchMode: TouchMode
    /// A touchscreen's `num_touches`; for a touchpad the gesture class's, else the touch class's; 0 when neither says.
    public var maxTouches: Int
    /// Whether the device has the XInput 2.4 gesture class (pinch and swipe events).
    public var hasGestures: Bool
    public var isEnabled: Bool
}

extension InputDevices {
    /// Every slave device with a touch or gesture class, by id (`XIQueryDevice(XIAllDevices)`).
    public static func inventory(connection: X11Connection) -> [DeviceReport] {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(connection.display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(infos) }
        return UnsafeBufferPointer(start: infos, count: Int(count)).compactMap(report).sorted {
            $0.id.rawValue < $1.id.rawValue
        }
    }

    /// The one reading of a device's classes; nil for master devices (they copy their slaves' classes)
    /// and for devices with neither a touch nor a gesture class.
    static func report(_ info: XIDeviceInfo) -> DeviceReport? {
        guard info.use == XISlavePointer || info.use == XIFloatingSlave || info.use == XISlaveKeyboard,
            let classes = info.classes
        else { return nil }
        var mode = DeviceReport.TouchMode.none
        var touches = 0, gestureTouches: Int?
        for index in 0..<Int(info.num_classes) {
            guard let anyClass = classes[index] else { continue }
            let raw = UnsafeRawPointer(anyClass)
            switch anyClass.pointee.type {
            case XITouchClass:
                let touch = raw.assumingMemoryBound(to: XITouchClassInfo.self).pointee
                mode = touch.mode == XIDirectTouch ? .direct : .dependent
                touches = Int(touch.num_touches)
            case XIGestureClass:
                gestureTouches = Int(raw.assumingMemoryBound(to: XIGestureClassInfo.self).pointee.num_touches)
            default:
                continue
            }
        }
        guard mode != .none || gestureTouches != nil else { return nil }
        return DeviceReport(
            id: DeviceID(rawValue: info.deviceid), name: info.name.map { String(cString: $0) } ?? "",
            kind: mode == .direct ? .touchscreen : .touchpad, touchMode: mode,
            maxTouches: mode == .direct ? touches : gestureTouches ?? touches,
            hasGestures: gestureTouches != nil, isEnabled: info.enabled != 0)
    }
}

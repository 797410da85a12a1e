internal import CX11
import TextSearch

/// A touch input device the bridge can capture: a touchscreen or a touchpad.
///
/// Built from one slave device of `XIQueryDevice`.
public struct TouchDevice: Hashable, Sendable, CustomStringConvertible {
    /// What kind of touch device it is.
    public enum Kind: Hashable, Sendable {
        /// A direct-touch device (`XITouchClass` in mode `XIDirectTouch`): touches land where the finger is.
        case touchscreen
        /// A touchpad with the XInput 2.4 gesture class (`XIGestureClass`): the server reports pinches and swipes.
        case touchpad
    }

    /// The slave device's id: the `sourceid` of its events.
    public var id: DeviceID
    /// The device's name, as `xinput list` shows it.
    public var name: String
    public var kind: Kind
    /// How many simultaneous touches the device reports (`num_touches`; 0 when unknown).
    public var maxTouches: Int
    /// Whether the device is enabled (`xinput enable`/`disable`, the "Device Enabled" property).
    public var isEnabled: Bool

    /// `'ELAN Touchscreen' (id 11, touchscreen, 10 touches)`, as the log and `monitor` say it.
    public var description: String {
        "'\(name)' (id \(id.rawValue), \(kind == .touchscreen ? "touchscreen" : "touchpad"), \(maxTouches) touches\(isEnabled ? "" : ", disabled"))"
    }
}

/// A change in the set of touch devices, as `XI_HierarchyChanged` reports it.
public enum DeviceChange: Hashable, Sendable, CustomStringConvertible {
    /// A touch device was plugged in (`XISlaveAdded`).
    case added(TouchDevice)
    /// A touch device was unplugged (`XISlaveRemoved`).
    case removed(TouchDevice)
    /// A touch device was enabled (`XIDeviceEnabled`); touches come from it again.
    case enabled(TouchDevice)
    /// A touch device was disabled (`XIDeviceDisabled`); its touches stop.
    case disabled(TouchDevice)

    /// `disabled: 'touchpad' (id 7, touchpad, 5 touches)`, for the log line `input device …`.
    public var description: String {
        switch self {
        case .added(let device): return "added: \(device)"
        case .removed(let device): return "removed: \(device)"
        case .enabled(let device): return "enabled: \(device)"
        case .disabled(var device):
            // The change says it; the device's own "disabled" would say it twice.
            device.isEnabled = true
            return "disabled: \(device)"
        }
    }
}

/// Which devices the bridge captures, by name.
///
/// A name matches a pattern when it contains it, ignoring case, so `"wacom"` matches
/// `"Wacom HID 52CC Finger"`. An empty `include` admits every device; `exclude` wins.
public struct DeviceFilter: Hashable, Sendable {
    public var include: [String]
    public var exclude: [String]

    public init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// Every device.
    public static let all = DeviceFilter()

    /// Whether a device with this name is captured.
    public func admits(_ name: String) -> Bool {
        let name = name.lowercased()
        let matches = { (pattern: String) in name.contains(text: pattern.lowercased()) }
        if exclude.contains(where: matches) { return false }
        return include.isEmpty || include.contains(where: matches)
    }
}

/// The touchscreens and touchpads of the server, kept current through hotplug.
///
/// Lists them with `XIQueryDevice` at start, then follows `XI_HierarchyChanged`
/// (which `TouchCapture` selects and forwards here): devices added, removed,
/// enabled or disabled while running. Devices the filter does not admit are not
/// tracked at all.
public final class InputDevices {
    private let connection: X11Connection
    /// Which devices are tracked.
    public let filter: DeviceFilter
    /// The tracked touch devices, enabled or not, by id.
    public private(set) var devices: [DeviceID: TouchDevice] = [:]

    /// Lists the server's touch devices that `filter` admits (`XIQueryDevice`).
    public init(connection: X11Connection, filter: DeviceFilter = .all) {
        self.connection = connection
        self.filter = filter
        for device in query(XIAllDevices) {
            devices[device.id] = device
        }
    }

    /// The enabled touchscreens, by id.
    public var touchscreens: [TouchDevice] {
        devices.values.filter { $0.kind == .touchscreen && $0.isEnabled }.sorted { $0.id.rawValue < $1.id.rawValue }
    }

    /// The enabled touchpads with gesture support, by id.
    public var touchpads: [TouchDevice] {
        devices.values.filter { $0.kind == .touchpad && $0.isEnabled }.sorted { $0.id.rawValue < $1.id.rawValue }
    }

    /// Whether touches from this source device are captured: a tracked, enabled touchscreen.
    ///
    /// A source not seen before is looked up once, in case its hotplug event is still on its way.
    func capturesTouches(from source: DeviceID) -> Bool {
        isEnabled(source, as: .touchscreen)
    }

    /// Whether gestures from this source device are captured: a tracked, enabled touchpad.
    func capturesGestures(from source: DeviceID) -> Bool {
        isEnabled(source, as: .touchpad)
    }

    /// Whether the source is a tracked, enabled device of `kind`, looked up once when not seen before.
    private func isEnabled(_ source: DeviceID, as kind: TouchDevice.Kind) -> Bool {
        if devices[source] == nil, let device = query(source.rawValue).first {
            devices[device.id] = device
        }
        guard let device = devices[source] else { return false }
        return device.kind == kind && device.isEnabled
    }

    /// Applies one `XI_HierarchyChanged` event and appends what changed for tracked devices.
    func apply(_ event: UnsafePointer<XIHierarchyEvent>, into changes: inout [DeviceChange]) {
        let count = Int(event.pointee.num_info)
        guard count > 0, let infos = event.pointee.info else { return }
        for info in UnsafeBufferPointer(start: infos, count: count) {
            let id = DeviceID(rawValue: info.deviceid)
            let flags = info.flags
            if flags & XISlaveRemoved != 0 || flags & XIMasterRemoved != 0 {
                if let device = devices.removeValue(forKey: id) { changes.append(.removed(device)) }
                continue
            }
            if flags & XISlaveAdded != 0 {
                if let device = query(info.deviceid).first {
                    devices[id] = device
                    changes.append(.added(device))
                }
            }
            if flags & XIDeviceEnabled != 0 || flags & XIDeviceDisabled != 0 {
                let isEnabled = flags & XIDeviceEnabled != 0
                // Enabled may be the first we hear of a device (added while we were not looking).
                if devices[id] == nil, let device = query(info.deviceid).first { devices[id] = device }
                guard var device = devices[id], device.isEnabled != isEnabled else { continue }
                device.isEnabled = isEnabled
                devices[id] = device
                changes.append(isEnabled ? .enabled(device) : .disabled(device))
            }
        }
    }

    /// The touch devices among `XIQueryDevice(deviceid)` that the filter admits.
    private func query(_ deviceid: Int32) -> [TouchDevice] {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(connection.display, deviceid, &count) else { return [] }
        defer { XIFreeDeviceInfo(infos) }
        return UnsafeBufferPointer(start: infos, count: Int(count)).compactMap { info in
            guard let device = Self.touchDevice(info), filter.admits(device.name) else { return nil }
            return device
        }
    }

    /// The device's touch capability, if it has one: direct touch, or a gesture class.
    ///
    /// A dependent-touch device without gestures (a touchpad reporting touches only) is not one.
    private static func touchDevice(_ info: XIDeviceInfo) -> TouchDevice? {
        guard let report = report(info), report.touchMode == .direct || report.hasGestures else { return nil }
        return TouchDevice(
            id: report.id, name: report.name, kind: report.kind, maxTouches: report.maxTouches,
            isEnabled: report.isEnabled)
    }
}

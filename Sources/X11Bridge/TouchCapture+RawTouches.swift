internal import CX11
import GestureEngine

/// Raw touch events (XInput 2.2): every touch followed to its real lift, whoever owns it.
extension TouchCapture {
    /// What a raw touch event means, as a capture event; nil when it adds nothing.
    ///
    /// Raw events come once per slave device (`deviceid == sourceid`); a copy through a master
    /// device is skipped. Touches from devices the filter leaves alone are not followed.
    func follow(_ event: XIRawEvent) -> CaptureEvent? {
        guard event.deviceid == event.sourceid else { return nil }
        let source = DeviceID(rawValue: event.sourceid)
        guard devices.capturesTouches(from: source) else { return nil }
        let phase: TouchPhase =
            switch event.evtype {
            case XI_RawTouchBegin: .began
            case XI_RawTouchUpdate: .moved
            default: .ended
            }
        let (x, y) = Self.axes(event.valuators)
        let id = TouchID(UInt32(bitPattern: event.detail))
        follower.detectsOtherGrabs = placement == .root
        let seen = follower.raw(id, phase, device: source, x: x, y: y, scale: axisScale(of: source))
        let time = UInt64(event.time)
        switch seen {
        case let .followed(phase, location):
            return .followed(
                CapturedTouch(sample: TouchSample(id: id, phase: phase, location: location), time: time, device: source)
            )
        case .elsewhere(let location):
            return .elsewhere(
                CapturedTouch(
                    sample: TouchSample(id: id, phase: .began, location: location), time: time, device: source))
        case .nothing, .lifted, .handedOver:
            return nil
        }
    }

    /// Axes 0 and 1 (x and y) of a raw event, after the device's transformation matrix; nil
    /// for an axis the event left out. Values are packed: one per bit set in the mask.
    static func axes(_ state: XIValuatorState) -> (Double?, Double?) {
        guard let mask = state.mask, let values = state.values, state.mask_len > 0 else { return (nil, nil) }
        var x: Double?, y: Double?
        var index = 0
        for axis in 0..<min(Int(state.mask_len) * 8, 2) where cx11_XIMaskIsSet(mask, Int32(axis)) != 0 {
            if axis == 0 { x = values[index] } else { y = values[index] }
            index += 1
        }
        return (x, y)
    }

    /// How a device's x and y axes map onto the root, from its valuator ranges
    /// (`XIQueryDevice`, once per device until the hierarchy changes); nil when it has none.
    ///
    /// The server scales each axis's range onto the whole screen after the transformation
    /// matrix, its maximum counted inclusive (`rescaleValuatorAxis`), so a unit is
    /// `screen / (maximum + 1 - minimum)` pixels: with `maximum - minimum`, a drawing followed
    /// 150 px from its anchor was 0.002 px short.
    func axisScale(of device: DeviceID) -> RawTouchFollower.AxisScale? {
        if let known = axisScales[device] { return known }
        axisScales[device] = .some(nil)
        var count: Int32 = 0
        guard let infos = XIQueryDevice(connection.display, device.rawValue, &count), count > 0 else { return nil }
        defer { XIFreeDeviceInfo(infos) }
        var minimum = Point(x: 0, y: 0), span = Point(x: 0, y: 0)
        let info = infos[0]
        for index in 0..<Int(info.num_classes) {
            guard let anyClass = info.classes?[index], anyClass.pointee.type == XIValuatorClass else { continue }
            let valuator = UnsafeRawPointer(anyClass).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
            switch valuator.number {
            case 0: (minimum.x, span.x) = (valuator.min, valuator.max + 1 - valuator.min)
            case 1: (minimum.y, span.y) = (valuator.min, valuator.max + 1 - valuator.min)
            default: continue
            }
        }
        guard span.x > 0, span.y > 0 else { return nil }
        let screen = connection.screenSize
        let scale = RawTouchFollower.AxisScale(
            minimum: minimum, scale: Point(x: Double(screen.width) / span.x, y: Double(screen.height) / span.y))
        axisScales[device] = scale
        return scale
    }
}

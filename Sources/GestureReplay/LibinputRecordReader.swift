/// Reads a `libinput record` file: the touchscreen's description and its kernel events.
///
/// The parts used (libinput-record(1), FILE FORMAT): `version: 1`; `devices`, a
/// list whose entries have `evdev` (with `name` and `absinfo`, which maps each
/// axis code to `[min, max, fuzz, flat, resolution]`) and `events`, a list of
/// frames whose `evdev` entry lists `[sec, usec, type, code, value]`. The
/// recorder writes times from the first event, but older versions wrote
/// kernel times; either works. The device used is the first one whose absinfo
/// has `ABS_MT_POSITION_X` and `_Y` (a recording made with `--all` holds many).
/// Entries other than `evdev` (such as the `libinput` events the recorder
/// adds) are ignored.
enum LibinputRecordReader {
    struct Recording {
        var description: DeviceDescription
        var events: [EvdevEvent]
    }

    /// The file format version this reader understands.
    static let formatVersion: Int64 = 1

    /// Whether a line is one of the top-level keys a record starts with.
    static func isRecordLine<S: StringProtocol>(_ line: S) -> Bool {
        ["version:", "ndevices:", "libinput:", "system:", "devices:"].contains { line.hasPrefix($0) }
    }

    static func read(_ text: String, file: String) throws(RecordingError) -> Recording {
        let root = try RecordYAML.parse(text, file: file)
        let reader = Reader(file: file)
        let version = try reader.require("version", in: root)
        guard version.integer == formatVersion else {
            throw reader.shape("version", "\(formatVersion)", version)
        }
        let devicesNode = try reader.require("devices", in: root)
        guard let devices = devicesNode.elements, !devices.isEmpty else {
            throw reader.shape("devices", "a list of devices", devicesNode)
        }
        for device in devices {
            guard let description = try reader.description(of: device),
                description.axes[EvdevCode.positionX] != nil, description.axes[EvdevCode.positionY] != nil
            else { continue }
            return Recording(description: description, events: try reader.events(of: device))
        }
        throw RecordingError(file: file, line: devicesNode.line, reason: .noTouchDevice(devices: devices.count))
    }
}

private struct Reader {
    let file: String

    func require(_ key: String, in node: YAMLNode) throws(RecordingError) -> YAMLNode {
        guard node.members != nil else { throw shape("the file", "a mapping of keys such as \"devices\"", node) }
        guard let value = node[key] else { throw RecordingError(file: file, line: node.line, reason: .missingKey(key)) }
        return value
    }

    func shape(_ key: String, _ expected: String, _ node: YAMLNode) -> RecordingError {
        RecordingError(
            file: file, line: node.line, reason: .wrongShape(key: key, expected: expected, found: node.shown))
    }

    /// The device's `evdev` description, nil when it has none.
    func description(of device: YAMLNode) throws(RecordingError) -> DeviceDescription? {
        guard device.members != nil else { throw shape("devices", "a list of mappings", device) }
        guard let evdev = device["evdev"] else { return nil }
        guard evdev.members != nil else { throw shape("evdev", "a mapping", evdev) }
        var axes: [UInt16: DeviceDescription.Axis] = [:]
        if let absinfo = evdev["absinfo"] {
            guard let members = absinfo.members else { throw shape("absinfo", "a mapping of axis codes", absinfo) }
            for (key, info) in members {
                guard let code = UInt16(key) else {
                    throw RecordingError(
                        file: file, line: info.line,
                        reason: .wrongShape(
                            key: "absinfo", expected: "axis codes from 0 to 65535", found: RecordingError.show(key)))
                }
                let numbers = try integers(
                    info, key: "absinfo.\(key)", count: 5, expected: "[min, max, fuzz, flat, resolution]")
                axes[code] = DeviceDescription.Axis(
                    minimum: try int32(numbers[0], info, "absinfo.\(key)"),
                    maximum: try int32(numbers[1], info, "absinfo.\(key)"),
                    resolution: try int32(numbers[4], info, "absinfo.\(key)"),
                    line: info.line)
            }
        }
        let name = evdev["name"]?.scalar ?? ""
        return DeviceDescription(name: name, axes: axes, file: file, line: evdev.line)
    }

    /// The device's kernel events, from each frame's `evdev` list.
    func events(of device: YAMLNode) throws(RecordingError) -> [EvdevEvent] {
        guard let eventsNode = device["events"] else { return [] }
        guard let frames = eventsNode.elements else { throw shape("events", "a list", eventsNode) }
        var events: [EvdevEvent] = []
        events.reserveCapacity(frames.count * 4)
        for frame in frames {
            guard frame.members != nil else { throw shape("events", "a list of mappings such as evdev: […]", frame) }
            guard let evdev = frame["evdev"] else { continue }
            guard let list = evdev.elements else { throw shape("evdev", "a list of events", evdev) }
            for entry in list {
                let expected = "[sec, usec, type, code, value]"
                let numbers = try integers(entry, key: "evdev", count: 5, expected: expected)
                guard (0...999_999_999_999).contains(numbers[0]), (0...999_999).contains(numbers[1]),
                    let type = UInt16(exactly: numbers[2]), let code = UInt16(exactly: numbers[3]),
                    let value = Int32(exactly: numbers[4])
                else {
                    throw RecordingError(
                        file: file, line: entry.line,
                        reason: .numberOutOfRange(
                            field: "an evdev event \(expected)", found: entry.shown))
                }
                events.append(
                    EvdevEvent(
                        line: entry.line, time: numbers[0] * 1_000_000 + numbers[1],
                        type: type, code: code, value: value))
            }
        }
        return events
    }

    private func integers(_ node: YAMLNode, key: String, count: Int, expected: String) throws(RecordingError) -> [Int64]
    {
        guard let elements = node.elements, elements.count == count else {
            throw shape(key, "a list of \(count) integers \(expected)", node)
        }
        var numbers: [Int64] = []
        numbers.reserveCapacity(count)
        for element in elements {
            guard let number = element.integer else {
                throw shape(key, "a list of \(count) integers \(expected)", node)
            }
            numbers.append(number)
        }
        return numbers
    }

    private func int32(_ number: Int64, _ node: YAMLNode, _ key: String) throws(RecordingError) -> Int32 {
        guard let value = Int32(exactly: number) else {
            throw RecordingError(file: file, line: node.line, reason: .numberOutOfRange(field: key, found: node.shown))
        }
        return value
    }
}

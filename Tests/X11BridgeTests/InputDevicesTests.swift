import Foundation
import Testing
@testable import X11Bridge

/// Finding touch devices with XIQueryDevice and following them through XI_HierarchyChanged.
@Suite("Touch devices on a real Xorg", .serialized, .xServer())
struct InputDevicesTests {
    @Test func listsTheTouchscreenAndTheTouchpadButNotTheKeyboard() throws {
        let connection = try X11Connection.toTestServer(XServer.shared().display)
        let devices = InputDevices(connection: connection)

        let touchscreen = try #require(devices.touchscreens.first)
        #expect(devices.touchscreens.count == 1)
        #expect(touchscreen.name == "touchscreen" && touchscreen.kind == .touchscreen)
        #expect(touchscreen.maxTouches == 10, "the config's TouchCount")
        #expect(touchscreen.isEnabled)
        let touchpad = try #require(devices.touchpads.first)
        #expect(devices.touchpads.count == 1)
        #expect(touchpad.name == "touchpad" && touchpad.kind == .touchpad && touchpad.maxTouches > 0)
        #expect(devices.devices.count == 2, "the keyboard and the master devices are not touch devices")
    }

    @Test(
        arguments: [
            ([], [], ["touchpad", "touchscreen"]),
            (["TOUCHSCREEN"], [], ["touchscreen"]),
            ([], ["pad"], ["touchscreen"]),
            (["touch"], ["screen"], ["touchpad"]),
            (["wacom"], [], [])
        ] as [([String], [String], [String])])
    func theFilterIncludesAndExcludesDevicesByName(include: [String], exclude: [String], expected: [String]) throws {
        let connection = try X11Connection.toTestServer(XServer.shared().display)
        let devices = InputDevices(connection: connection, filter: DeviceFilter(include: include, exclude: exclude))
        #expect(devices.devices.values.map(\.name).sorted() == expected)
    }

    @Test(arguments: [XServer.Device.touchscreen, .touchpad])
    func disablingAndEnablingADeviceIsReported(device: XServer.Device) throws {
        let server = try XServer.shared()
        let connection = try X11Connection.toTestServer(server.display)
        let capture = TouchCapture(connection: connection)
        defer { capture.releaseAll() }
        let id = try #require(capture.devices.devices.values.first { $0.name == device.rawValue }?.id)

        try server.xinput(["disable", device.rawValue])
        let disabled = drain(capture, connection)
        #expect(disabled.count == 1)
        guard case .device(.disabled(let off))? = disabled.first else {
            Issue.record("expected a disabled device, got \(disabled)")
            return
        }
        #expect(off.id == id && !off.isEnabled)
        #expect(
            !capture.devices.touchscreens.contains { $0.id == id }
                && !capture.devices.touchpads.contains { $0.id == id })

        try server.xinput(["enable", device.rawValue])
        InputTestDevice.forget(server, device)
        let enabled = drain(capture, connection)
        #expect(
            enabled == [
                .device(
                    .enabled(
                        TouchDevice(
                            id: id, name: off.name, kind: off.kind,
                            maxTouches: off.maxTouches, isEnabled: true)))
            ])
        #expect((capture.devices.touchscreens + capture.devices.touchpads).contains { $0.id == id })
    }

    @Test func touchesAreCapturedAgainAfterTheTouchscreenIsReEnabled() throws {
        let server = try XServer.shared()
        let connection = try X11Connection.toTestServer(server.display)
        let capture = TouchCapture(connection: connection)
        defer { capture.releaseAll() }
        try server.xinput(["disable", "touchscreen"])
        try server.xinput(["enable", "touchscreen"])
        InputTestDevice.forget(server, .touchscreen)
        _ = drain(capture, connection)

        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        try touchscreen.touch(id: 1, phase: .began, x: 10, y: 20)
        try touchscreen.touch(id: 1, phase: .ended, x: 10, y: 20)
        let touches = drain(capture, connection).compactMap { if case .touch(let touch) = $0 { touch } else { nil } }
        #expect(touches.map(\.sample.phase) == [.began, .ended])
        for touch in touches { capture.reject(touch.sample.id) }
    }

    @Test func devicesAddedAndRemovedThatCannotTouchAreNotReported() throws {
        let server = try XServer.shared()
        let connection = try X11Connection.toTestServer(server.display)
        let capture = TouchCapture(connection: connection)
        defer { capture.releaseAll() }

        // A new master pair brings XTEST slave devices: added, then removed, and none of them touches.
        try server.xinput(["create-master", "extra"])
        try server.xinput(["remove-master", "extra pointer"])
        #expect(drain(capture, connection).isEmpty)
        #expect(capture.devices.devices.count == 2)
    }

    private func drain(_ capture: TouchCapture, _ connection: X11Connection) -> [CaptureEvent] {
        #expect(connection.sync().isEmpty)
        var events: [CaptureEvent] = []
        capture.nextEvents(into: &events)
        return events
    }

}

/// Device names against include and exclude patterns, without a server.
@Suite("Filtering devices by name")
struct DeviceFilterTests {
    @Test(
        arguments: [
            ("ELAN Touchscreen", [], [], true),
            ("ELAN Touchscreen", ["elan"], [], true),
            ("ELAN Touchscreen", ["wacom"], [], false),
            ("ELAN Touchscreen", [], ["touchscreen"], false),
            ("ELAN Touchscreen", ["elan"], ["elan touch"], false),
            ("Wacom HID 52CC Finger", ["Wacom", "ELAN"], ["pen"], true)
        ] as [(String, [String], [String], Bool)])
    func theDeviceFilterMatchesNamesIgnoringCase(name: String, include: [String], exclude: [String], admitted: Bool) {
        #expect(DeviceFilter(include: include, exclude: exclude).admits(name) == admitted)
    }
}

/// How a device change reads in the log and in `monitor`.
@Suite struct DeviceChangeWordingTests {
    static let pad = TouchDevice(
        id: DeviceID(rawValue: 7), name: "touchpad", kind: .touchpad, maxTouches: 5, isEnabled: false)

    @Test func aDisabledDeviceIsSaidOnceWithItsId() {
        #expect("\(DeviceChange.disabled(Self.pad))" == "disabled: 'touchpad' (id 7, touchpad, 5 touches)")
        var enabled = Self.pad
        enabled.isEnabled = true
        #expect("\(DeviceChange.added(enabled))" == "added: 'touchpad' (id 7, touchpad, 5 touches)")
    }
}

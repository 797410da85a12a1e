import CX11
import Foundation
import Testing
@testable import X11Bridge

/// Mapping a touchscreen onto one monitor, as `xinput map-to-output` does, on a real Xorg split in two.
@Suite("Mapping touchscreens onto monitors", .serialized, .xServer([.touchscreen, .touchpad, .keyboard]))
struct OutputMapperTests {
    var server: XServer { get throws { try XServer.shared() } }

    /// The touchscreen's id and a mapper on a fresh connection, with the screen split and the matrix reset.
    func setUp() throws -> (mapper: OutputMapper, touchscreen: DeviceID, outputs: (left: String, right: String)) {
        let server = try server
        let outputs = try SplitScreen.split(display: server.display)
        let connection = try X11Connection.toTestServer(server.display)
        let mapper = OutputMapper(connection: connection)
        let device = try #require(InputDevices.inventory(connection: connection).first { $0.name == "touchscreen" })
        try mapper.setMatrix(.identity, of: device.id)
        return (mapper, device.id, outputs)
    }

    @Test func theMatrixIsTheOneXinputMapToOutputSets() throws {
        let (mapper, touchscreen, outputs) = try setUp()
        for output in [outputs.left, outputs.right] {
            try server.xinput(["map-to-output", "touchscreen", output])
            let xinputMatrix = try #require(mapper.matrix(of: touchscreen))
            try mapper.setMatrix(.identity, of: touchscreen)
            let ours = try mapper.map(touchscreen, to: output)
            #expect(mapper.matrix(of: touchscreen) == xinputMatrix, "\(output): xinput set \(xinputMatrix)")
            #expect(ours == xinputMatrix)
        }
        #expect(mapper.matrix(of: touchscreen) == TransformationMatrix([0.5, 0, 0.5, 0, 1, 0, 0, 0, 1]))
    }

    @Test func aTouchAtTheDevicesOriginArrivesAtTheMonitorsOrigin() throws {
        let (mapper, touchscreen, outputs) = try setUp()
        let client = try TestClient.launch(display: server.display, frame: (960, 0, 960, 1080), flags: [.selectTouch])
        defer { client.kill() }
        try mapper.map(touchscreen, to: outputs.right)
        let device = try InputTestDevice.connection(to: server, .touchscreen)
        try device.touch(id: 1, phase: .began, x: 0, y: 0)
        try device.touch(id: 1, phase: .ended, x: 0, y: 0)
        let begin = try client.waitForEvent("TouchBegin") { $0.type == "TouchBegin" }
        #expect(begin.root_x == 960 && begin.root_y == 0, "\(begin)")
        #expect(begin.event_x == 0 && begin.event_y == 0, "\(begin)")
        try mapper.setMatrix(.identity, of: touchscreen)
    }

    /// `xrandr --setmonitor TOP 1920/508x540/143+0+0 none`, through `XRRSetMonitor`.
    @Test func aMonitorFromSetMonitorCanBeMappedOnto() throws {
        let (mapper, touchscreen, _) = try setUp()
        let display = try #require(XOpenDisplay(try server.display))
        X11Connection.surviveLoss(of: display)
        defer { XCloseDisplay(display) }
        let root = XDefaultRootWindow(display), name = XInternAtom(display, "TOP", 0)
        let monitor = try #require(XRRAllocateMonitor(display, 0))
        monitor.pointee.name = name
        (monitor.pointee.x, monitor.pointee.y, monitor.pointee.width, monitor.pointee.height) = (0, 0, 1920, 540)
        (monitor.pointee.mwidth, monitor.pointee.mheight) = (508, 143)
        XRRSetMonitor(display, root, monitor)
        XFree(monitor)
        XSync(display, 0)
        defer {
            XRRDeleteMonitor(display, root, name)
            XSync(display, 0)
        }
        let top = try #require(mapper.outputs().first { $0.name == "TOP" })
        #expect(top.source == .monitor && top.rectangle == .init(x: 0, y: 0, width: 1920, height: 540))
        let matrix = try mapper.map(touchscreen, to: "TOP")
        #expect(matrix == TransformationMatrix([1, 0, 0, 0, 0.5, 0, 0, 0, 1]))
        #expect(mapper.matrix(of: touchscreen) == matrix)
        #expect(mapper.mapping(of: touchscreen, outputs: mapper.outputs()) == .output("TOP"))
        try mapper.setMatrix(.identity, of: touchscreen)
        #expect(throws: OutputMapper.MappingError.self) { try mapper.map(touchscreen, to: "NOPE") }
        do {
            try mapper.map(touchscreen, to: "NOPE")
        } catch {
            #expect(
                "\(error)".contains("no output or monitor named 'NOPE'") && "\(error)".contains("DUMMY0, DUMMY1"),
                "\(error)")
        }
    }

    @Test func theDaemonMapsAtStartAndAgainWhenTheDeviceIsReEnabled() throws {
        let (mapper, touchscreen, outputs) = try setUp()
        let expected = TransformationMatrix([0.5, 0, 0.5, 0, 1, 0, 0, 0, 1])
        let daemon = try DaemonProcess.start(
            display: server.display,
            config: """
                devices:
                  - name: touchscreen
                    output: \(outputs.right)
                gestures:
                  - swipe: { fingers: 3 }
                    do: { keys: super }
                """)
        defer { daemon.stop() }
        try daemon.waitForLog("mapped touchscreen")
        #expect(mapper.matrix(of: touchscreen) == expected)

        try server.xinput([
            "set-prop", "touchscreen", "Coordinate Transformation Matrix", "1", "0", "0", "0", "1", "0", "0", "0", "1"
        ])
        #expect(mapper.matrix(of: touchscreen) == .identity)
        try server.xinput(["disable", "touchscreen"])
        try server.xinput(["enable", "touchscreen"])
        InputTestDevice.forget(try server, .touchscreen)
        try waitUntil("the daemon maps the re-enabled touchscreen again") { mapper.matrix(of: touchscreen) == expected }

        let devices = try runDevices(["--json"])
        let row = try #require(devices.first { $0["name"] as? String == "touchscreen" })
        #expect(row["output"] as? String == outputs.right, "\(row)")

        // A reload that moves the device to the other monitor applies at once.
        try "devices:\n  - name: touchscreen\n    output: \(outputs.left)\n"
            .write(to: daemon.configURL, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        let left = TransformationMatrix([0.5, 0, 0, 0, 1, 0, 0, 0, 1])
        try waitUntil("the reload maps the touchscreen to \(outputs.left)") { mapper.matrix(of: touchscreen) == left }
        #expect(daemon.stop() == 0, "\(daemon.log)")
        try mapper.setMatrix(.identity, of: touchscreen)
    }

    @Test func anUnknownOutputIsAWarningThatListsTheOutputs() throws {
        _ = try setUp()
        let daemon = try DaemonProcess.start(
            display: server.display,
            config: """
                devices:
                  - name: touchscreen
                    output: HDMI-9
                """)
        defer { daemon.stop() }
        try daemon.waitForLog("cannot map touchscreen")
        #expect(daemon.log.contains("no output or monitor named 'HDMI-9' (there are: DUMMY0, DUMMY1)"), "\(daemon.log)")
    }

    @Test func devicesListsTheTouchscreenAndTheTouchpadWithTheirKindsAndTouches() throws {
        _ = try setUp()
        let devices = try runDevices(["--json"])
        let touchscreen = try #require(devices.first { $0["name"] as? String == "touchscreen" })
        #expect(touchscreen["kind"] as? String == "touchscreen" && touchscreen["mode"] as? String == "direct")
        #expect(touchscreen["touchMode"] == nil, "mode replaced it")
        #expect(touchscreen["maxTouches"] as? Int == 10 && touchscreen["enabled"] as? Bool == true)
        #expect(touchscreen["output"] as? String == "whole screen")
        let touchpad = try #require(devices.first { $0["name"] as? String == "touchpad" })
        #expect(touchpad["kind"] as? String == "touchpad" && touchpad["gestures"] as? Bool == true)
        #expect((touchpad["mode"] as? String)?.hasSuffix("gestures") == true, "\(touchpad)")
        #expect((touchpad["maxTouches"] as? Int ?? 0) > 0)
        #expect(devices.count == 2, "the keyboard is no touch device: \(devices)")
        let table = try ToolRun.run(["devices", "--display", server.display, "--config", "/dev/null"])
        #expect(
            table.output.contains("touchscreen  direct") && table.output.contains("whole screen"), "\(table.output)")
        // The table's MODE and the JSON's mode say the same.
        for device in devices {
            let mode = try #require(device["mode"] as? String)
            let row = table.output.split(separator: "\n").first { $0.contains(" \(device["name"] as? String ?? "?") ") }
            #expect(
                row?.split(separator: " ", omittingEmptySubsequences: true).contains(Substring(mode)) == true,
                "\(table.output)")
        }
    }

    private func runDevices(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try ToolRun.run(["devices", "--display", server.display] + arguments)
        #expect(result.status == 0, "\(result.errors)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    }
}

/// The matrix arithmetic of `xinput map-to-output`, case by case.
@Suite("The Coordinate Transformation Matrix of an output")
struct TransformationMatrixTests {
    @Test(
        arguments: [
            (1, [0.5, 0, 0.5, 0, 1, 0, 0, 0, 1]),  // normal
            (2, [0, -0.5, 1, 1, 0, 0, 0, 0, 1]),  // rotated left (90)
            (4, [-0.5, 0, 1, 0, -1, 1, 0, 0, 1]),  // inverted (180)
            (8, [0, 0.5, 0.5, -1, 0, 1, 0, 0, 1]),  // rotated right (270)
            (16 | 1, [-0.5, 0, 1, 0, 1, 0, 0, 0, 1])  // reflected in x
        ] as [(UInt16, [Float])])
    func theRightHalfRotatedAndReflectedAsXinputComputesIt(rotation: UInt16, expected: [Float]) {
        let right = ScreenOutput.Rectangle(x: 960, y: 0, width: 960, height: 1080)
        let matrix = TransformationMatrix.mapping(
            onto: right, rotation: rotation, screenWidth: 1920, screenHeight: 1080)
        #expect(matrix == TransformationMatrix(expected))
    }

    @Test func theDescriptionIsXinputsListing() {
        #expect(
            TransformationMatrix([0.5, 0, -0.25, 0, 1, 0, 0, 0, 1]).description
                == "0.500000, 0.000000, -0.250000, 0.000000, 1.000000, 0.000000, 0.000000, 0.000000, 1.000000")
    }
}

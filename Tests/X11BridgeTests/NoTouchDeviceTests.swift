import Foundation
import Testing

/// `devices` and `doctor` on a server with a keyboard and no touch device at all.
@Suite("Without a touch device", .serialized, .xServer([.keyboard]))
struct NoTouchDeviceTests {
    @Test func devicesSaysThereIsNoneAndWhatThatMeans() throws {
        let server = try XServer.shared()
        let table = try ToolRun.run(["devices", "--display", server.display, "--config", "/dev/null"])
        #expect(table.status == 0, "\(table.errors)")
        #expect(table.output.contains("No touchscreen or touchpad on \(server.display)."), "\(table.output)")
        #expect(
            table.output.contains("No touchscreen was found") && table.output.contains("XInput 2.4"), "\(table.output)")
        let json = try ToolRun.run(["devices", "--display", server.display, "--json", "--config", "/dev/null"])
        let rows = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [Any]
        #expect(rows?.isEmpty == true, "an empty array: \(json.output)")
    }

    @Test func doctorReportsTheMissingDevicesAsAProblemWithItsFix() throws {
        let server = try XServer.shared()
        let result = try ToolRun.run(
            ["doctor", "--display", server.display, "--config", "/dev/null"],
            environment: ["PATH": "/nonexistent", "HOME": "/nonexistent"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        let index = try #require(
            lines.firstIndex(of: "problem  devices: no touchscreen or touchpad found"), "\(result.output)")
        #expect(lines[index + 1].contains("xserver-xorg-input-libinput"), "\(result.output)")
    }
}

import Foundation
import Glibc
import Testing

/// Losing the X server: a clear message and exit status 1, never a spin.
@Suite(.serialized)
struct DaemonServerLossTests {
    @Test func theDaemonExitsOneWithAClearMessageWhenTheServerDies() throws {
        let server = try XServer.start(devices: [.touchscreen])
        defer { server.stop() }
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-loss-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let daemon = try DaemonProcess.start(
            display: server.display, config: DaemonEndToEndTests.config,
            environment: ["XDG_RUNTIME_DIR": runtime.path])
        let sockets = {
            (try? FileManager.default.contentsOfDirectory(atPath: runtime.appendingPathComponent("gesturebridge").path))?
                .filter { $0.hasSuffix(".sock") } ?? []
        }
        #expect(!sockets().isEmpty, "the control socket is there while the daemon runs")
        kill(server.process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while daemon.process.isRunning, Date() < deadline { usleep(10_000) }
        #expect(!daemon.process.isRunning, "the daemon must notice and exit, not spin")
        let status = daemon.stop()
        #expect(status == 1)
        try daemon.waitForLog("lost the connection to the X server")
        #expect(sockets().isEmpty, "the control socket went with the daemon")
    }
}

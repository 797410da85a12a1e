import Foundation
import Glibc
import Testing

/// Losing the X server: a clear message and exit status 1, never a spin.
@Suite(.serialized)
struct DaemonServerLossTests {
    @Test func theDaemonExitsOneWithAClearMessageWhenTheServerDies() throws {
        let server = try XServer.start(devices: [.touchscreen])
        defer { server.stop() }
        let daemon = try DaemonProcess.start(display: server.display, config: DaemonEndToEndTests.config)
        kill(server.process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while daemon.process.isRunning, Date() < deadline { usleep(10_000) }
        #expect(!daemon.process.isRunning, "the daemon must notice and exit, not spin")
        let status = daemon.stop()
        #expect(status == 1)
        try daemon.waitForLog("lost the connection to the X server")
    }
}

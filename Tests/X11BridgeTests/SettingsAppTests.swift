import CX11
import Foundation
import Glibc
import Testing
@testable import X11Bridge

/// gesturebridge-settings on the real server under openbox: it opens a window with the config's
/// bindings, and says what is wrong with a config it cannot show.
@Suite(.serialized)
struct SettingsAppTests {
    /// The built app, beside the test bundle as the daemon is.
    static var executable: String {
        DaemonProcess.executableURL.deletingLastPathComponent().appendingPathComponent("gesturebridge-settings").path
    }

    static let config = """
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { desktop: next }
        apps:
          firefox:
            gestures:
              - name: zoom
                pinch: { fingers: 2 }
                steps: { every: 0.15, out: { keys: ctrl+plus }, in: { keys: ctrl+minus } }
        """

    @Test func itOpensAWindowOfTheBindingsUnderAWindowManager() throws {
        let server = try XServer.start(devices: [.touchscreen, .keyboard])
        defer { DesktopMatrixTests.stop(server) }
        let desktop = try Desktop.start(.openbox, display: server.display)
        defer { desktop.stop() }
        let scene = try DesktopScene(server: server)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-settings-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.yaml").path
        try Self.config.write(toFile: path, atomically: true, encoding: .utf8)

        let started = Date()
        let app = try ToolkitAppTests.App(Self.executable, ["--config", path], display: server.display)
        // GTK 4 names the class after the program.
        let window = try ToolkitAppTests().window("gesturebridge-settings", scene)
        let shown = Date().timeIntervalSince(started)
        let frame = try scene.clientBox(window)
        print("settings: window managed \(Int(shown * 1000)) ms after start, \(frame)")
        #expect(frame.width >= 360, "at least 360 px wide")
        #expect(app.exitStatus(within: 0.5) == nil, "still running")
    }
}

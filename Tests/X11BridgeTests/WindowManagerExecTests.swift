import Foundation
import Glibc
import Testing

@testable import gesturebridge

/// The README's way for window managers that run no XDG autostart: i3 starts the daemon with
/// `exec`, and gestures work in the session it starts.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct WindowManagerExecTests {
    @Test func i3StartsTheDaemonWithExecAndASwipeTypesItsKeys() throws {
        let server = try XServer.shared()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gb-i3-exec-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.yaml")
        try DaemonEndToEndTests.config.write(to: config, atomically: true, encoding: .utf8)
        let binary = DaemonProcess.executableURL.path
        let desktop = try Desktop.start(
            .i3, display: server.display,
            extraConfig: ["exec --no-startup-id \(binary) run --config \(config.path)"])
        defer { desktop.stop() }
        // i3 starts it as its own child, detached: find it by the display's lock.
        let paths = RuntimePaths(environment: desktop.environment)
        var holder: InstanceLock.Holder?
        try waitUntil("the daemon i3 started", timeout: 20) {
            holder = InstanceLock.holder(display: server.display, paths: paths)
            return holder.map { $0.pid > 0 } ?? false
        }
        let pid = try #require(holder?.pid)
        defer {
            kill(pid, SIGTERM)
            try? waitUntil("the daemon to stop", timeout: 10) { kill(pid, 0) != 0 }
        }
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        // The daemon may still be reading the windows i3 just laid out: a swipe or two.
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        var typed = false
        for attempt in 0..<3 where !typed {
            try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: UInt32(90_000 + attempt * 10))
            typed =
                (try? client.waitForEvent("KeyPress Left", timeout: 5) { $0.type == "KeyPress" && $0.keysym == "Left" })
                != nil
        }
        #expect(typed, "a three-finger swipe in i3's session typed ctrl+alt+Left")
        #expect(kill(pid, 0) == 0, "the daemon runs on")
    }
}

import Foundation
import Glibc
import TestSupport
import Testing

/// The daemon under openbox, a reparenting EWMH window manager.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonOpenboxTests {
    /// Where a window really is on the screen, from `xwininfo` (openbox places and frames it).
    static func geometry(of window: UInt64, display: String) throws -> (
        x: Double, y: Double, width: Double, height: Double
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xwininfo")
        process.arguments = ["-id", String(window)]
        process.environment = TestRun.tagged(["DISPLAY": display])
        let output = Pipe.closingOnExec()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        func value(_ label: String) -> Double? {
            text.split(separator: "\n").first { $0.contains(label) }
                .flatMap { Double($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
        }
        return try (
            #require(value("Absolute upper-left X")), #require(value("Absolute upper-left Y")),
            #require(value("Width")), #require(value("Height"))
        )
    }

    /// Three fingers swipe from the window's centre, 150 px in the given direction.
    static func swipe(
        _ touchscreen: InputTestDevice, in frame: (x: Double, y: Double, width: Double, height: Double),
        firstID: UInt32, dx: Double, dy: Double
    ) throws {
        let ids = (0..<3).map { firstID + UInt32($0) }
        let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
        var points = [(cx - 60, cy), (cx, cy), (cx + 60, cy)]
        try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .began, x: points[$0].0, y: points[$0].1) })
        for _ in 0..<5 {
            for index in points.indices { points[index].0 += dx / 5; points[index].1 += dy / 5 }
            try touchscreen.frame(
                ids.indices.map { .init(id: ids[$0], phase: .moved, x: points[$0].0, y: points[$0].1) })
        }
        try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .ended, x: points[$0].0, y: points[$0].1) })
    }

    @Test func underAReparentingWindowManagerTheAppIsFoundAndFocusedAndItsWindowActedOn() throws {
        let server = try XServer.shared()
        // Mapped before openbox starts: openbox adopts and frames them.
        let alpha = try TestClient.launch(
            display: server.display, instance: "alpha", className: "Alpha",
            frame: (0, 0, 800, 700), flags: [.selectTouch])
        defer { alpha.kill() }
        let beta = try TestClient.launch(
            display: server.display, instance: "beta", className: "Beta",
            frame: (1000, 100, 800, 700), flags: [.selectTouch])
        defer { beta.kill() }
        let openbox = try WindowManager.start(display: server.display)
        defer { openbox.stop() }
        let daemon = try DaemonProcess.start(
            display: server.display,
            config: """
                apps:
                  beta:
                    gestures:
                      - name: beta-keys
                        swipe: { fingers: 3, direction: left }
                        do: { keys: ctrl+alt+b }
                      - name: beta-minimize
                        swipe: { fingers: 3, direction: down }
                        do: { window: minimize }
                """)
        defer { daemon.stop() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        let frame = try Self.geometry(of: beta.window, display: server.display)

        // Keys: beta is found through its openbox frame, activated by _NET_ACTIVE_WINDOW, and typed into.
        try alpha.focus()
        try Self.swipe(touchscreen, in: frame, firstID: 1, dx: -150, dy: 0)
        try beta.waitForEvent("KeyPress b") { $0.type == "KeyPress" && $0.keysym == "b" }
        try alpha.sync()
        #expect(!alpha.events.contains { $0.type == "KeyPress" })

        // A window action acts on the window under the gesture, and on no other. (Reparenting
        // by openbox unmapped both windows once already: forget those events.)
        try alpha.sync()
        try beta.sync()
        alpha.clear()
        beta.clear()
        try Self.swipe(touchscreen, in: frame, firstID: 10, dx: 0, dy: 150)
        try beta.waitForEvent("UnmapNotify") { $0.type == "UnmapNotify" }
        try alpha.sync()
        #expect(!alpha.events.contains { $0.type == "UnmapNotify" })
        try daemon.waitForLog("beta-minimize: window: minimize (performed)")
    }
}

import Foundation
import Glibc
import Testing

/// The daemon's life on a real Xorg: live reload, a crash mid-gesture, device hotplug, commands.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonLifecycleTests {
    static func config(keys: String) -> String {
        """
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { keys: \(keys) }
        """
    }

    /// Swipes left with three fingers and returns the keysym of the KeyPress that is not a modifier.
    static func swipeAndReadKey(_ server: XServer, _ client: TestClient, firstID: UInt32) throws -> String? {
        client.clear()
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: firstID)
        let modifiers: Set<String> = ["Control_L", "Alt_L", "Shift_L", "Super_L", "Control_R", "Alt_R"]
        let press = try client.waitForEvent("a non-modifier KeyPress") {
            $0.type == "KeyPress" && !modifiers.contains($0.keysym ?? "")
        }
        try client.sync()
        return press.keysym
    }

    @Test func aLiveEditTakesEffectAndABrokenEditKeepsTheOldBindings() throws {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config(keys: "ctrl+alt+Left"))
        defer { daemon.stop() }
        #expect(try Self.swipeAndReadKey(server, client, firstID: 1) == "Left")

        // An editor that writes a new file and renames it over the old one.
        let swap = daemon.configURL.deletingLastPathComponent().appendingPathComponent(".config.yaml.swp")
        try Self.config(keys: "ctrl+alt+Right").write(to: swap, atomically: false, encoding: .utf8)
        #expect(rename(swap.path, daemon.configURL.path) == 0)
        try daemon.waitForLog("reloaded")
        #expect(try Self.swipeAndReadKey(server, client, firstID: 10) == "Right")

        try "gestures:\n  - name: next-desktop\n    swipe: { fingrs: 3 }\n"
            .write(to: daemon.configURL, atomically: false, encoding: .utf8)
        try daemon.waitForLog("keeping the last good config")
        try daemon.waitForLog("did you mean 'fingers'")
        #expect(try Self.swipeAndReadKey(server, client, firstID: 20) == "Right", "the last good config still works")
    }

    /// Issue 41: another gesture daemon running when the daemon starts (Linux Mint starts Touchégg
    /// for Cinnamon) is named in the log with `doctor`'s fix, not only by `doctor`.
    @Test func aRunningToucheggIsNamedInTheLogAtStart() throws {
        let server = try XServer.shared()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-tg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A real process named touchegg: sleep under that name.
        let link = folder.appendingPathComponent("touchegg")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/bin/sleep")
        let touchegg = Process()
        touchegg.executableURL = link
        touchegg.arguments = ["60"]
        try touchegg.run()
        defer {
            kill(touchegg.processIdentifier, SIGKILL)
            touchegg.waitUntilExit()
        }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config(keys: "ctrl+alt+Left"))
        defer { daemon.stop() }
        try daemon.waitForLog("touchegg (pid \(touchegg.processIdentifier)) runs and competes for the same touches")
        try daemon.waitForLog("to fix: touchegg: stop it: kill \(touchegg.processIdentifier)")
    }

    /// An editor that truncates the file and then writes it: the empty moment keeps the bindings;
    /// a config that really binds nothing is loaded, with a warning.
    @Test func anEmptySaveKeepsTheBindingsAndAConfigWithoutBindingsIsAWarning() throws {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config(keys: "ctrl+alt+Left"))
        defer { daemon.stop() }
        try "# saving…\n".write(to: daemon.configURL, atomically: false, encoding: .utf8)
        try daemon.waitForLog("is empty now (a save in progress?); keeping the 1 binding loaded before")
        #expect(
            try Self.swipeAndReadKey(server, client, firstID: 40) == "Left", "the bindings survive the empty moment")

        try "settings:\n  finger-window: 100ms\n".write(to: daemon.configURL, atomically: false, encoding: .utf8)
        try daemon.waitForLog("no bindings; every touch goes to the applications")
    }

    /// The largest config a reload takes (just under 1 MiB: 9,000 apps) is read and parsed on the
    /// reload thread: a swipe made meanwhile is served, and the loop's share is reported.
    @Test func aReloadOfTheLargestConfigDoesNotStopTouches() throws {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config(keys: "ctrl+alt+Left"))
        defer { daemon.stop() }
        var large = Self.config(keys: "ctrl+alt+Right") + "\napps:\n"
        for index in 0..<9_000 {
            large +=
                "  app\(index):\n    gestures:\n      - name: g\(index)\n        tap: { fingers: 2 }\n        do: { keys: ctrl+a }\n"
        }
        #expect(large.utf8.count < 1 << 20)
        try large.write(to: daemon.configURL, atomically: false, encoding: .utf8)
        #expect(try Self.swipeAndReadKey(server, client, firstID: 50) != nil, "a swipe during the reload is served")
        try daemon.waitForLog("reload applied on the loop in", timeout: 60)
        let line = daemon.log.split(separator: "\n").last { $0.contains("reload applied on the loop in") } ?? ""
        print("reload: \(large.utf8.count) bytes, 9,000 apps: \(line.split(separator: "]").last ?? line)")
        #expect(try Self.swipeAndReadKey(server, client, firstID: 60) == "Right")
    }

    @Test func sighupReloads() throws {
        let server = try XServer.shared()
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config(keys: "ctrl+alt+Left"))
        defer { daemon.stop() }
        kill(daemon.process.processIdentifier, SIGHUP)
        try daemon.waitForLog("reloaded")
        #expect(daemon.process.isRunning)
    }

    @Test func aDaemonKilledMidGestureHandsItsHeldTouchesToTheClient() throws {
        let server = try XServer.shared()
        let client = try TestClient.launch(display: server.display, flags: [.selectTouch])
        defer { client.kill() }
        let daemon = try DaemonProcess.start(
            display: server.display,
            config: """
                gestures:
                  - name: hold
                    long-press: { fingers: 2, duration: 5s }
                    do: { click: right }
                """)
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        try touchscreen.frame([
            .init(id: 31, phase: .began, x: 500, y: 500), .init(id: 32, phase: .began, x: 600, y: 500)
        ])
        try client.sync()
        #expect(client.events.filter { $0.type.hasPrefix("Touch") }.isEmpty, "held by the daemon")
        daemon.stop(SIGKILL)
        try client.waitForEvents("both TouchBegins", count: 2) { $0.type == "TouchBegin" }
        try touchscreen.frame([
            .init(id: 31, phase: .ended, x: 500, y: 500), .init(id: 32, phase: .ended, x: 600, y: 500)
        ])
        try client.waitForEvents("both TouchEnds", count: 2) { $0.type == "TouchEnd" }
    }

    @Test func gesturesStillWorkAfterTheTouchscreenIsDisabledAndEnabled() throws {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config(keys: "ctrl+alt+Left"))
        defer { daemon.stop() }
        try server.xinput(["disable", "touchscreen"])
        try daemon.waitForLog("disabled")
        try server.xinput(["enable", "touchscreen"])
        try daemon.waitForLog("enabled")
        InputTestDevice.forget(server, .touchscreen)
        #expect(try Self.swipeAndReadKey(server, client, firstID: 40) == "Left")
    }

    @Test func aCommandRunsWithItsGestureInTheEnvironmentAndASlowOneDoesNotBlock() throws {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-cmd-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: output) }
        let daemon = try DaemonProcess.start(
            display: server.display,
            config: """
                gestures:
                  - name: slow-command
                    swipe: { fingers: 3, direction: left }
                    do: [{ command: "sleep 5; echo late >> \(output.path)" }, { command: "env | grep ^GESTURE_ > \(output.path).env" }]
                  - name: quick-keys
                    swipe: { fingers: 3, direction: right }
                    do: { keys: ctrl+alt+Right }
                """)
        defer { daemon.stop() }
        defer { try? FileManager.default.removeItem(atPath: output.path + ".env") }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: 50)
        try daemon.waitForLog("slow-command: command")
        // The next gesture is served while `sleep 5` still runs.
        var x = [1000.0, 1100.0, 1200.0]
        let ids: [UInt32] = [60, 61, 62]
        try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .began, x: x[$0], y: 500) })
        for _ in 0..<6 {
            for index in x.indices { x[index] += 30 }
            try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .moved, x: x[$0], y: 500) })
        }
        try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .ended, x: x[$0], y: 500) })
        let press = try client.waitForEvent("KeyPress Right", timeout: 3) {
            $0.type == "KeyPress" && $0.keysym == "Right"
        }
        #expect(press.t > 0)
        #expect(!FileManager.default.fileExists(atPath: output.path), "the slow command is still sleeping")
        let deadline = Date().addingTimeInterval(5)
        var environment = ""
        while Date() < deadline {
            environment = (try? String(contentsOfFile: output.path + ".env", encoding: .utf8)) ?? ""
            if environment.contains("GESTURE_NAME") { break }
            usleep(20_000)
        }
        #expect(environment.contains("GESTURE_NAME=slow-command"), "\(environment)")
        #expect(environment.contains("GESTURE_FINGERS=3"), "\(environment)")
        #expect(environment.contains("GESTURE_KIND=swipe"), "\(environment)")
    }

    @Test func anIgnoredTouchscreenIsNeverGrabbed() throws {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(
            display: server.display,
            config: Self.config(keys: "ctrl+alt+Left") + """

                devices:
                  - name: touchscreen
                    ignore: true
                """)
        defer { daemon.stop() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: 90)
        try client.waitForEvents("three TouchEnds", count: 3) { $0.type == "TouchEnd" }
        try client.sync()
        #expect(!client.events.contains { $0.type == "KeyPress" }, "the ignored device's swipe is the application's")
    }
}

/// The daemon's log is written by a thread of its own: when nobody reads it, gestures go on.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonUnreadLogTests {
    @Test func gesturesGoOnWhenNobodyReadsTheLogAndACommandFloodsIt() throws {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-unread-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.yaml")
        try """
        settings:
          command-output: log
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: [{ keys: ctrl+alt+Left }, { command: "head -c 1000000 /dev/zero | tr '\\\\0' x" }]
        """.write(to: config, atomically: true, encoding: .utf8)
        // A pipe nobody reads: 64 KiB fill it, as a paused terminal or a pager would.
        let unread = Pipe()
        let daemon = Process()
        daemon.executableURL = DaemonProcess.executableURL
        daemon.arguments = ["run", "--config", config.path, "--display", server.display, "--verbose"]
        daemon.standardError = unread
        daemon.standardOutput = unread
        try daemon.run()
        defer {
            // A daemon stuck in a write would never see SIGTERM's flag: kill it after 5 s.
            daemon.terminate()
            let deadline = Date().addingTimeInterval(5)
            while daemon.isRunning, Date() < deadline { usleep(10_000) }
            if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) }
            daemon.waitUntilExit()
        }
        // Read the log until the daemon is ready, then never again.
        var started = ""
        while !started.contains("ready on") {
            let chunk = unread.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "the daemon exited: \(started)")
            started += String(decoding: chunk, as: UTF8.self)
        }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        for round in 0..<20 {
            try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: UInt32(round * 10 + 1))
            try client.waitForEvents("KeyPress Left \(round + 1)", count: round + 1, timeout: 5) {
                $0.type == "KeyPress" && $0.keysym == "Left"
            }
        }
        #expect(daemon.isRunning)
    }
}

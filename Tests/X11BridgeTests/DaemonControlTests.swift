import Foundation
import Glibc
import Testing

/// `gesturebridge monitor` and `record` as real processes, against the real daemon on a real Xorg.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonControlTests {
    static let config = """
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { keys: ctrl+alt+Left }
          - name: five-finger-drag
            pan: { fingers: 5 }
            on: end
            do: { command: "true" }
        """

    var server: XServer { get throws { try XServer.shared() } }
    /// A private runtime directory, so the test's sockets are its own.
    let runtime: [String: String]

    init() throws {
        runtime = try RuntimeDirectory.make()
    }

    func tool(_ arguments: [String]) throws -> ToolProcess {
        try ToolProcess(arguments + ["--display", try server.display], environment: runtime)
    }

    /// A broken edit is shown in `monitor` with its errors, and on the desktop: a real
    /// `org.freedesktop.Notifications.Notify` call on a session bus of the test's own, as
    /// `dbus-monitor` sees it.
    @Test func aBrokenEditIsShownInMonitorAndSentAsADesktopNotification() throws {
        let server = try server
        let (bus, address) = try Desktop.startSessionBus(environment: ProcessInfo.processInfo.environment)
        defer {
            kill(bus.processIdentifier, SIGKILL)
            bus.waitUntilExit()
        }
        let seen = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-dbus-\(UUID().uuidString.prefix(8))")
        try #require(FileManager.default.createFile(atPath: seen.path, contents: nil), "cannot create \(seen.path)")
        defer { try? FileManager.default.removeItem(at: seen) }
        let watcher = Process()
        // Line-buffered, or its lines wait in stdio's buffer for a file.
        watcher.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
        watcher.arguments = [
            "-oL", "/usr/bin/dbus-monitor", "--address", address, "interface='org.freedesktop.Notifications'"
        ]
        watcher.standardOutput = FileHandle(forWritingAtPath: seen.path)
        watcher.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try watcher.run()
        defer {
            kill(watcher.processIdentifier, SIGKILL)
            watcher.waitUntilExit()
        }
        func watched() -> String { (try? String(contentsOf: seen, encoding: .utf8)) ?? "" }
        try waitUntil("dbus-monitor to listen", timeout: 10) { watched().contains("NameAcquired") }

        var environment = runtime
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config, environment: environment)
        defer { daemon.stop() }
        let monitor = try tool(["monitor"])
        try monitor.waitForOutput("monitoring gesturebridge")
        try "gestures:\n  - name: next-desktop\n    swipe: { fingrs: 3 }\n"
            .write(to: daemon.configURL, atomically: false, encoding: .utf8)
        try monitor.waitForOutput(
            "has errors; the last good config stays | \(daemon.configURL.path):3:14: unknown key 'fingrs'")
        try waitUntil("the Notify call", timeout: 15) { watched().contains("member=Notify") }
        try waitUntil("its arguments", timeout: 5) { watched().contains("unknown key 'fingrs'") }
        let call = watched()
        #expect(call.contains("string \"GestureBridge: \(daemon.configURL.path) has errors\""), "\(call)")
        #expect(call.contains("The last good config stays in effect."), "\(call)")
        monitor.signal(SIGINT)
        _ = try monitor.waitForExit()
    }

    @Test func monitorShowsASwipesTransitionsDeliveryAndActionWhileTheClientGetsTheKey() throws {
        let server = try server
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config, environment: runtime)
        defer { daemon.stop() }
        let monitor = try tool(["monitor"])
        try monitor.waitForOutput("monitoring gesturebridge")
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)

        try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: 1)
        try client.waitForEvent("KeyPress Left") { $0.type == "KeyPress" && $0.keysym == "Left" }
        try monitor.waitForOutput("next-desktop: keys: ctrl+alt+Left (performed)")
        monitor.signal(SIGINT)
        #expect(try monitor.waitForExit() == 0, "Ctrl-C ends it cleanly: \(monitor.standardError)")

        let lines = monitor.standardOutput.split(separator: "\n").map { String($0.dropFirst(10)) }
        #expect(monitor.standardOutput.contains(" from \(daemon.configURL.path)"))
        #expect(
            lines.contains { $0.hasPrefix("windows, top first: TestClient/testclient \"Test client\" 0,0 1920x1080") },
            "\(lines)")
        #expect(lines.filter { $0.hasSuffix(" down (1200, 500)") || $0.hasSuffix(" down (1300, 500)") }.count == 2)
        #expect(lines.filter { $0.hasPrefix("touch ") && $0.hasSuffix(" accepted") }.count == 3)
        let transitions = lines.filter { $0.hasPrefix("[next-desktop") }
        #expect(transitions.contains { $0.contains("possible → ended") }, "\(lines)")
        // The daemon's own --verbose log writes every transition in the same words.
        for transition in transitions { #expect(daemon.log.contains(transition), "\(transition)") }
    }

    @Test func aRecordingOfLiveTouchesReplaysToTheGestureAndActionTheDaemonFired() throws {
        let server = try server
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config, environment: runtime)
        defer { daemon.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-rec-\(UUID().uuidString.prefix(8)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let record = try tool(["record", file.path])
        let monitor = try tool(["monitor", "--json"])
        try monitor.waitForOutput("\"gesturebridge\"")
        try waitUntil("the recording's header") {
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains("screen")
        }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)

        try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: 31)
        try client.waitForEvent("KeyPress Left") { $0.type == "KeyPress" && $0.keysym == "Left" }
        try monitor.waitForOutput("\"outcome\": \"performed\"")
        record.signal(SIGINT)
        #expect(try record.waitForExit() == 0, "\(record.standardError)")
        #expect(record.standardError.contains("recorded 3 touch sequences"), "\(record.standardError)")
        #expect(record.standardError.contains("gesturebridge replay \(file.path) --config \(daemon.configURL.path)"))

        let trace = try String(contentsOf: file, encoding: .utf8)
        #expect(trace.split(separator: "\n").first?.contains("\"class\": \"TestClient\"") == true, "\(trace)")
        let replay = try ToolProcess(["replay", file.path, "--config", daemon.configURL.path, "--format", "json"])
        #expect(try replay.waitForExit() == 0, "\(replay.standardError)")
        // The daemon's action as the monitor saw it, and replay's, with the same parameters.
        let fired = try #require(monitor.standardOutput.split(separator: "\n").first { $0.contains("\"outcome\"") })
        let firedAction = try #require(fired.firstRange(of: "\"gesture\"").map { fired[$0.lowerBound...] })
        let expected = firedAction.replacingOccurrences(of: ", \"outcome\": \"performed\"}", with: "}")
        #expect(
            replay.standardOutput.contains(expected),
            "replay:\n\(replay.standardOutput)\ndaemon: \(fired)\ntrace:\n\(trace)\nmonitor:\n\(monitor.standardOutput)"
        )
        #expect(
            replay.standardOutput.contains("\"gesture\": \"next-desktop\", \"kind\": \"swipe\", \"state\": \"ended\""))
    }

    /// A one-finger drawing under the shipped default config: no gesture wants it, so it goes to
    /// the application once it has moved `landing-travel` (16 pt, its second frame), and the
    /// finger goes on for 0.55 s.
    /// The recording keeps it whole, to its real lift, with the daemon's decision as a line of
    /// its own; `monitor` says it was handed on and shows one lift, the real one, where the
    /// finger lifted. Seen failing before raw touch events were followed: the trace ended the
    /// drawing at 0.151 s with an "up" at the hand-over, and the monitor printed that lift.
    @Test func aDrawingHandedToTheApplicationIsRecordedAndShownWhole() throws {
        let server = try server
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Config/config.yaml")
        let daemon = try DaemonProcess.start(
            display: server.display, config: try String(contentsOf: shipped, encoding: .utf8), environment: runtime)
        defer { daemon.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-rec-\(UUID().uuidString.prefix(8)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let record = try tool(["record", file.path])
        defer { record.signal(SIGKILL) }
        let monitor = try tool(["monitor", "--moves"])
        defer { monitor.signal(SIGKILL) }
        try monitor.waitForOutput("windows")
        try waitUntil("the recording's header") {
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains("screen")
        }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)

        // A triangle at a hand's pace: 56 frames 10 ms apart (the input is paced; nothing waits on a timer).
        let corners = [(600.0, 300.0), (800.0, 600.0), (400.0, 600.0), (600.0, 300.0)]
        var path: [(Double, Double)] = []
        for side in 0..<3 {
            let (from, to) = (corners[side], corners[side + 1])
            for step in 0..<18 {
                let f = Double(step) / 18
                path.append((from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f))
            }
        }
        path.append(corners[3])
        try touchscreen.touch(id: 70, phase: .began, x: path[0].0, y: path[0].1)
        for point in path.dropFirst().dropLast() {
            usleep(10_000)
            try touchscreen.touch(id: 70, phase: .moved, x: point.0, y: point.1)
        }
        usleep(10_000)
        try touchscreen.touch(id: 70, phase: .moved, x: 605, y: 310)
        try touchscreen.touch(id: 70, phase: .ended, x: 605, y: 310)
        _ = try client.waitForEvent("the application's TouchEnd") { $0.type == "TouchEnd" }
        try monitor.waitForOutput(" up (605, 310)")
        record.signal(SIGINT)
        #expect(try record.waitForExit() == 0, "\(record.standardError)")

        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let touchLines = lines.filter { $0.contains("\"phase\"") }
        let times = touchLines.compactMap { line in
            line.firstMatch(of: /"t": ([0-9.]+)/).flatMap { Double($0.1) }
        }
        #expect(touchLines.first?.contains("\"phase\": \"down\"") == true, "\(lines)")
        #expect(touchLines.last?.contains("\"phase\": \"up\", \"x\": 605, \"y\": 310") == true, "\(lines)")
        #expect(touchLines.filter { $0.contains("\"up\"") }.count == 1, "one lift, the real one: \(lines)")
        #expect((times.last ?? 0) >= 0.5, "the drawing lasted 0.55 s: \(lines)")
        #expect(touchLines.count >= path.count, "every move: \(touchLines.count) lines for \(path.count + 1) frames")
        let decision = try #require(lines.first { $0.contains("\"delivery\": \"rejected\"") }, "\(lines)")
        let decidedAt = try #require(decision.firstMatch(of: /"t": ([0-9.]+)/).flatMap { Double($0.1) })
        #expect(decidedAt > 0 && decidedAt < 0.1, "handed on once it had moved 16 pt: \(decision)")

        // The recording replays: its decision line is what happened, not input.
        let replay = try ToolProcess(["replay", file.path, "--config", shipped.path, "--format", "json"])
        #expect(try replay.waitForExit() == 0, "\(replay.standardError)")
        #expect(replay.standardOutput.contains("\"delivery\": \"rejected\""), "\(replay.standardOutput)")

        let shown = monitor.standardOutput.split(separator: "\n").map { String($0.dropFirst(10)) }
        let handed = try #require(shown.firstIndex { $0.hasSuffix("rejected: handed to the application") }, "\(shown)")
        let lifts = shown.indices.filter { shown[$0].hasPrefix("touch ") && shown[$0].contains(" up (") }
        #expect(lifts.count == 1 && lifts[0] > handed, "one lift, after the hand-over: \(shown)")
        #expect(shown.filter { $0.contains(" move (") }.count > 40, "the moves after the hand-over too: \(shown)")
    }

    @Test func anIdleMonitorNeverWakesTheDaemonAndHearsWhenItStops() throws {
        let server = try server
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config, environment: runtime)
        defer { daemon.stop() }
        let monitor = try tool(["monitor", "--moves"])
        try monitor.waitForOutput("windows")
        // Measurement intervals, not a wait for a timer: once the last events of the start
        // have been handled, the loop must sleep through a whole second. A periodic timer
        // of a second or less, or polling, never gives such a second.
        var quiet = false
        var counts: [Int] = []
        let deadline = Date().addingTimeInterval(6)
        while !quiet, Date() < deadline {
            let before = try Self.wakeUps(of: daemon)
            usleep(1_000_000)
            let woken = try Self.wakeUps(of: daemon) - before
            counts.append(woken)
            quiet = woken == 0
        }
        #expect(
            quiet, "the daemon's loop kept waking with a monitor connected and nothing happening: \(counts) per second")

        #expect(daemon.stop(SIGTERM) == 0)
        #expect(try monitor.waitForExit() == 1)
        #expect(monitor.standardError == "gesturebridge: the daemon is stopping\n")
        let socket = runtime["XDG_RUNTIME_DIR"]! + "/gesturebridge/" + server.display.dropFirst() + ".sock"
        #expect(access(socket, F_OK) != 0, "the daemon removed its socket")
    }

    /// How often the daemon's main thread went to sleep and was woken (voluntary context switches).
    static func wakeUps(of daemon: DaemonProcess) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") })
        return try #require(Int(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? ""))
    }

    @Test(arguments: ["monitor", "record"])
    func withoutADaemonTheToolsSayHowToStartOneAndExit1(command: String) throws {
        let tool = try tool(command == "record" ? ["record", "-"] : [command])
        #expect(try tool.waitForExit() == 1)
        let path = runtime["XDG_RUNTIME_DIR"]! + "/gesturebridge/" + (try server.display).dropFirst() + ".sock"
        #expect(
            tool.standardError == "gesturebridge: no gesturebridge daemon is listening at \(path); start it with "
                + "'systemctl --user start gesturebridge' or 'gesturebridge run'\n")
        #expect(tool.standardOutput.isEmpty)
    }

    @Test func aMonitorThatStopsReadingIsDroppedAndGesturesGoOn() throws {
        let server = try server
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config, environment: runtime)
        defer { daemon.stop() }
        let stuck = try tool(["monitor", "--moves"])
        try stuck.waitForOutput("monitoring gesturebridge")
        stuck.pauseReading()
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)

        // Five fingers drag back and forth (a pan keeps them) until the daemon gives up on the monitor.
        let ids: [UInt32] = [51, 52, 53, 54, 55]
        try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .began, x: 300 + Double($0) * 100, y: 400) })
        var frames = 0
        while !daemon.log.contains("dropped a monitor client"), frames < 20_000 {
            let y = 400 + Double(frames % 200)
            try touchscreen.frame(
                ids.indices.map { .init(id: ids[$0], phase: .moved, x: 300 + Double($0) * 100, y: y) })
            frames += 1
        }
        try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .ended, x: 300 + Double($0) * 100, y: 400) })
        try daemon.waitForLog("dropped a monitor client that fell more than 256 KiB behind")

        try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: 61)
        try client.waitForEvent("KeyPress Left") { $0.type == "KeyPress" && $0.keysym == "Left" }
        stuck.startReading()
        #expect(try stuck.waitForExit() == 1)
        #expect(
            stuck.standardError.contains("gesturebridge: dropped: this client fell more than 256 KiB behind"),
            "after \(frames) frames: \(stuck.standardError)")
    }
}

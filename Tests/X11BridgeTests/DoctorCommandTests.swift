import Foundation
import TestSupport
import Testing

/// `gesturebridge doctor`, the real binary, on a real Xorg: a healthy setup, then one problem at a time.
@Suite("Doctor", .serialized, .xServer([.touchscreen, .touchpad, .keyboard]))
struct DoctorCommandTests {
    /// One binding: the end-to-end tests' three-finger swipe.
    static let config = DaemonEndToEndTests.config
    var server: XServer { get throws { try XServer.shared() } }

    /// A home of its own: a config, an autostart entry, and no systemctl on PATH (no user manager here either).
    final class Home {
        let directory: URL
        var configPath: String { directory.appendingPathComponent("config/gesturebridge/config.yaml").path }

        init(config: String = DoctorCommandTests.config, autostart: Bool = true) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "gb-doctor-\(UUID().uuidString.prefix(8))")
            let configDirectory = directory.appendingPathComponent("config/gesturebridge")
            try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
            chmod(configPath, 0o600)
            if autostart {
                let entries = directory.appendingPathComponent("config/autostart")
                try FileManager.default.createDirectory(at: entries, withIntermediateDirectories: true)
                try "[Desktop Entry]\nType=Application\nExec=gesturebridge run\n"
                    .write(
                        to: entries.appendingPathComponent("gesturebridge.desktop"), atomically: true, encoding: .utf8)
            }
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// The environment `doctor` runs in: this home, the test's runtime directory (where a daemon's lock is).
        func environment(display: String) -> [String: String] {
            var environment = [
                "HOME": directory.path, "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                "XDG_CONFIG_DIRS": directory.appendingPathComponent("none").path,
                "PATH": directory.appendingPathComponent("bin").path, "DISPLAY": display
            ]
            environment["XDG_RUNTIME_DIR"] = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"]
            return environment
        }
    }

    @Test func aHealthySetupWithTheDaemonRunningHasNoProblem() throws {
        let server = try server
        let home = try Home()
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config)
        defer { daemon.stop() }
        let result = try ToolRun.run(["doctor"], environment: home.environment(display: server.display))
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("ok       display: \(server.display) is reachable"), "\(result.output)")
        #expect(lines.contains("ok       xinput: XInput 2.4: touch and touchpad gestures"))
        #expect(
            lines.contains("ok       devices: touchscreen 'touchscreen' (10 touches), touchpad 'touchpad'"),
            "\(result.output)")
        #expect(
            lines.contains {
                $0.hasPrefix("ok       touch-grab: held by gesturebridge pid \(daemon.process.processIdentifier) ")
            },
            "\(result.output)")
        #expect(
            lines.contains(
                "ok       daemon: gesturebridge pid \(daemon.process.processIdentifier) runs on \(server.display) (started from a terminal)"
            )
                || lines.contains {
                    $0.hasPrefix(
                        "ok       daemon: gesturebridge pid \(daemon.process.processIdentifier) runs on \(server.display)"
                    )
                },
            "\(result.output)")
        #expect(lines.contains("ok       config: \(home.configPath): 1 binding"), "\(result.output)")
        #expect(
            lines.contains { $0.hasPrefix("ok       service: no systemd user manager; the XDG autostart entry ") },
            "\(result.output)")
        #expect(lines.last == "0 problems, 0 warnings", "\(result.output)")
        // The README's sample of a healthy setup shows the same checks, in the same order.
        #expect(Self.checkNames(lines) == Self.checkNames(try Self.readmeSample()), "\(result.output)")
    }

    /// The names of the checks in doctor's lines (`ok       daemon: …` → `daemon`).
    static func checkNames(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            guard ["ok ", "warning ", "problem "].contains(where: line.hasPrefix) else { return nil }
            return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map {
                String($0.dropLast())
            }
        }
    }

    /// The lines of the README's `$ gesturebridge doctor` sample.
    static func readmeSample() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let lines = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "$ gesturebridge doctor"))
        return Array(lines[start...].prefix { $0 != "```" })
    }

    /// One problem each, the check that reports it, and words of its fix.
    enum Problem: String, CaseIterable, Sendable {
        case grabHeldByAnotherClient, badConfig, configWritableByOthers, touchegg, noAutostart, noDisplay, noDaemon
        case noDaemonWithUserManager, wayland, serviceFailed, serviceDisabled
    }

    /// A `systemctl` on the home's PATH that answers as a user manager whose unit is `enabled`
    /// (or not) and `active` (or not) would.
    static func fakeSystemctl(in home: Home, enabled: String, active: String) throws {
        let bin = home.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let path = bin.appendingPathComponent("systemctl").path
        try """
        #!/bin/sh
        case "$2" in
          show-environment) exit 0 ;;
          is-enabled) echo \(enabled) ;;
          is-active) echo \(active) ;;
        esac
        """.writeScript(to: path)
    }

    @Test(arguments: Problem.allCases)
    func eachProblemIsReportedWithItsFix(problem: Problem) throws {
        let server = try server
        let home = try Home(
            config: problem == .badConfig ? "gestures:\n  - swipe: { fingers: 3 }\n    do: { keyz: a }\n" : Self.config,
            autostart: problem != .noAutostart)
        var environment = home.environment(display: server.display)
        var helpers: [TestClient] = []
        var fake: Process?
        defer {
            helpers.forEach { $0.kill() }
            if let fake, fake.isRunning { kill(fake.processIdentifier, SIGKILL); fake.waitUntilExit() }
        }
        let expected: (line: String, fix: String)
        switch problem {
        case .grabHeldByAnotherClient:
            helpers.append(try TestClient.launch(display: server.display, flags: [.grabTouches]))
            expected = (
                "warning  touch-grab: another program holds the root touch grab", "stop the other gesture daemon"
            )
        case .badConfig:
            expected = ("problem  config: \(home.configPath):3:", "gesturebridge check --config \(home.configPath)")
        case .configWritableByOthers:
            chmod(home.configPath, 0o666)
            expected = (
                "warning  config: \(home.configPath) is writable by group or others", "chmod go-w '\(home.configPath)'"
            )
        case .touchegg:
            // A real process named touchegg: sleep under that name.
            let link = home.directory.appendingPathComponent("touchegg")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/bin/sleep")
            let process = Process()
            process.executableURL = link
            process.arguments = ["30"]
            try process.run()
            fake = process
            expected = (
                "problem  conflicts: touchegg (pid \(process.processIdentifier)) runs",
                "kill \(process.processIdentifier); keep it from starting: sudo systemctl disable --now touchegg "
                    + "(its daemon), and for its client, which /etc/xdg/autostart/touchegg.desktop starts at login: "
                    + "copy that file to \(home.directory.path)/config/autostart/ and add the line 'Hidden=true'"
            )
        case .noAutostart:
            expected = (
                "problem  service: no systemd user manager, and there is no XDG autostart entry", "make install"
            )
        case .noDisplay:
            environment["DISPLAY"] = nil
            expected = ("problem  display: DISPLAY is not set", "--display :0")
        case .noDaemon:
            // No user manager here (no systemctl on PATH): nothing about systemctl.
            expected = (
                "problem  daemon: no gesturebridge daemon runs on \(server.display)",
                "start it: 'gesturebridge run &' (there is no systemd user manager here"
            )
        case .noDaemonWithUserManager:
            try Self.fakeSystemctl(in: home, enabled: "enabled", active: "inactive")
            expected = (
                "problem  daemon: no gesturebridge daemon runs on \(server.display)",
                "systemctl --user start gesturebridge"
            )
        case .serviceFailed:
            try Self.fakeSystemctl(in: home, enabled: "enabled", active: "failed")
            expected = ("problem  service: gesturebridge.service failed", "journalctl --user -u gesturebridge")
        case .serviceDisabled:
            try Self.fakeSystemctl(in: home, enabled: "disabled", active: "inactive")
            expected = (
                "warning  service: gesturebridge.service is installed but disabled",
                "systemctl --user enable --now gesturebridge"
            )
        case .wayland:
            environment["XDG_SESSION_TYPE"] = "wayland"
            expected = (
                "problem  session: this is a Wayland session (XDG_SESSION_TYPE=wayland); GestureBridge works in X11 sessions only",
                "log in to an X11 session"
            )
        }
        let result = try ToolRun.run(["doctor"], environment: environment)
        let lines = result.output.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix(expected.line) }, "\(result.output)")
        #expect(
            lines.indices.contains(index + 1) && lines[index + 1].hasPrefix("         fix: ")
                && lines[index + 1].contains(expected.fix), "\(result.output)")
        // No daemon runs in these cases: with a display, that is a problem of its own beside the
        // case's (the whole problem in the no-daemon case).
        let problems = lines.filter { $0.hasPrefix("problem") }
        let daemonMissing = problem != .noDisplay
        #expect(problems.contains { $0.hasPrefix("problem  daemon: ") } == daemonMissing, "\(result.output)")
        let own = expected.line.hasPrefix("problem") && ![.noDaemon, .noDaemonWithUserManager].contains(problem) ? 1 : 0
        #expect(problems.count == own + (daemonMissing ? 1 : 0), "only this problem: \(result.output)")
        #expect(result.status == (problem == .wayland ? 4 : 1), "\(result.output)")
        if problem == .configWritableByOthers {
            // Said once, by doctor and by check, with "warning:" once.
            #expect(lines.filter { $0.contains("writable by group") }.count == 1, "\(result.output)")
            let check = try ToolRun.run(["check", "--config", home.configPath], environment: environment)
            let warnings = check.errors.split(separator: "\n").filter { $0.contains("writable by") }
            #expect(
                warnings.count == 1 && warnings.allSatisfy { $0.components(separatedBy: "warning:").count == 2 },
                "\(check.errors)")
        }
    }

    @Test func jsonListsEveryCheckWithItsStatus() throws {
        let home = try Home()
        let server = try server
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config)
        defer { daemon.stop() }
        let result = try ToolRun.run(["doctor", "--json"], environment: home.environment(display: server.display))
        let checks = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(
            checks.compactMap { $0["check"] as? String }
                == ["display", "xinput", "devices", "touch-grab", "daemon", "config", "service", "conflicts"],
            "\(result.output)")
        #expect(checks.allSatisfy { $0["status"] as? String == "ok" }, "\(result.output)")
        #expect(result.status == 0)
    }

    /// Which open windows each `apps:` entry gets, by class or instance in any case, and the
    /// names that match neither a window nor an installed application; `check` warns of the
    /// same, with the entry's line.
    @Test func appsEntriesNameTheirOpenWindowsAndTheNamesThatMatchNothing() throws {
        let server = try server
        let config = """
            apps:
              "ALPHA, alpah":
                gestures:
                  - swipe: { fingers: 3, direction: up }
                    do: { keys: ctrl+t }
              "gamme":
                gestures:
                  - swipe: { fingers: 3, direction: up }
                    do: { keys: ctrl+w }

            """
        let home = try Home(config: config)
        let applications = home.directory.appendingPathComponent("data/applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nExec=gamma %U\n"
            .write(
                to: applications.appendingPathComponent("org.example.Gamma.desktop"), atomically: true, encoding: .utf8)
        var environment = home.environment(display: server.display)
        environment["XDG_DATA_HOME"] = home.directory.appendingPathComponent("data").path
        environment["XDG_DATA_DIRS"] = home.directory.appendingPathComponent("none").path
        let alpha = try TestClient.launch(
            display: server.display, instance: "alpha", className: "Alpha", frame: (0, 0, 640, 480), flags: [])
        defer { alpha.kill() }

        let doctor = try ToolRun.run(["doctor"], environment: environment)
        let lines = doctor.output.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("ok       apps: 'ALPHA, alpah': 1 open window: Alpha/alpha ")
                    && $0.hasSuffix("; matching nothing: alpah")
            }, "\(doctor.output)")
        #expect(
            lines.contains("warning  apps: 'gamme': no open window; matching nothing: gamme (did you mean 'gamma'?)"),
            "\(doctor.output)")

        let check = try ToolRun.run(["check"], environment: environment)
        #expect(check.status == 0, "\(check.errors)")
        #expect(
            check.errors.split(separator: "\n").map(String.init) == [
                "\(home.configPath):6:3: warning: no open window or installed application is called 'gamme', so these "
                    + "bindings apply to no window yet (did you mean 'gamma' for 'gamme'?)"
            ], "\(check.errors)")
    }
}

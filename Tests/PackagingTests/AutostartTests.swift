import Foundation
import Glibc
import TestSupport
import Testing
@testable import gesturebridge

/// `gesturebridge autostart` against the real `systemctl`, working on a private home's unit
/// files (`SYSTEMCTL_INSTALL_CLIENT_SIDE=1`: enable, disable and preset edit the links
/// themselves, as they do for a manager that is not running). Only what needs a running user
/// manager (`show-environment`, `import-environment`, `start`) is answered by the wrapper,
/// which logs every call.
@Suite(.enabled(if: ScriptRun.runs(with: "systemctl"), "needs systemd's systemctl"))
struct AutostartTests {
    static let systemctl: String? = ["/usr/bin/systemctl", "/bin/systemctl"].first { access($0, X_OK) == 0 }

    /// A home with the user unit installed (as `make install` puts it) and a `systemctl` wrapper on PATH.
    final class Home {
        let directory: URL
        var log: String { directory.appendingPathComponent("systemctl.log").path }
        var unitFile: URL { directory.appendingPathComponent("share/systemd/user/gesturebridge.service") }

        init(unitInstalled: Bool = true, userManager: Bool = true) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "gb-autostart-\(UUID().uuidString.prefix(8))")
            let bin = directory.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("runtime"), withIntermediateDirectories: true)
            if unitInstalled {
                try FileManager.default.createDirectory(
                    at: unitFile.deletingLastPathComponent(), withIntermediateDirectories: true)
                let template = try String(
                    contentsOf: ScriptRun.repositoryRoot.appendingPathComponent("Packaging/gesturebridge.service"),
                    encoding: .utf8)
                try template.replacingOccurrences(of: "@BINDIR@", with: "/usr/bin")
                    .write(to: unitFile, atomically: true, encoding: .utf8)
            }
            let wrapper = bin.appendingPathComponent("systemctl").path
            try """
            #!/bin/sh
            echo "$*" >> '\(log)'
            case "$2" in
              show-environment) exit \(userManager ? 0 : 1) ;;
              import-environment|start) exit 0 ;;
            esac
            SYSTEMCTL_INSTALL_CLIENT_SIDE=1 exec \(AutostartTests.systemctl ?? "false") "$@"
            """.writeScript(to: wrapper)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            [
                "HOME": directory.path, "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                "XDG_DATA_HOME": directory.appendingPathComponent("share").path,
                "XDG_STATE_HOME": directory.appendingPathComponent("state").path,
                "XDG_RUNTIME_DIR": directory.appendingPathComponent("runtime").path,
                "PATH": directory.appendingPathComponent("bin").path + ":/usr/bin:/bin", "DISPLAY": ":42"
            ].merging(extra) { $1 }
        }

        /// The calls the wrapper saw, one per line.
        func calls() -> [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        /// What the real systemctl says of the unit in this home.
        func state() throws -> String {
            try ScriptRun.run(
                directory.appendingPathComponent("bin/systemctl").path,
                ["--user", "is-enabled", "gesturebridge.service"], environment: environment()
            ).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func systemctl(_ arguments: String...) throws {
            let run = try ScriptRun.run(
                directory.appendingPathComponent("bin/systemctl").path, ["--user"] + arguments,
                environment: environment())
            #expect(run.status == 0, "\(run.transcript)")
        }
    }

    @Test func theFirstLoginEnablesTheServiceForThisUserAndStartsIt() throws {
        let home = try Home()
        #expect(try home.state() == "disabled")
        let autostart = Autostart(environment: home.environment())
        #expect(autostart.perform() == .started)
        let calls = home.calls()
        #expect(calls.contains("--user preset gesturebridge.service"), "\(calls)")
        #expect(calls.contains("--user import-environment DISPLAY"), "\(calls)")
        #expect(calls.last == "--user start --no-block gesturebridge.service", "\(calls)")
        // Enabled by the user's own link, which `systemctl --user disable` can remove.
        #expect(try home.state() == "enabled")
        let link = home.directory.appendingPathComponent(
            "config/systemd/user/graphical-session.target.wants/gesturebridge.service")
        #expect(FileManager.default.fileExists(atPath: link.path))
        #expect(FileManager.default.fileExists(atPath: autostart.markerPath))
    }

    @Test func aUserWhoDisabledTheServiceIsNotOverruledAtTheNextLogin() throws {
        let home = try Home()
        let autostart = Autostart(environment: home.environment())
        #expect(autostart.perform() == .started)
        try home.systemctl("disable", "gesturebridge.service")
        let before = home.calls().count
        #expect(autostart.perform() == .disabled(state: "disabled"))
        #expect(try home.state() == "disabled")
        let calls = home.calls().dropFirst(before)
        #expect(!calls.contains { $0.contains("preset") || $0.contains("start") }, "\(Array(calls))")
    }

    @Test func aServiceAlreadyEnabledByTheInstallerIsStartedAndLeftEnabled() throws {
        let home = try Home()
        try home.systemctl("enable", "gesturebridge.service")
        #expect(Autostart(environment: home.environment()).perform() == .started)
        #expect(try home.state() == "enabled")
    }

    @Test func withoutAUserManagerTheDaemonRunsInTheSessionItself() throws {
        let home = try Home(userManager: false)
        #expect(Autostart(environment: home.environment()).perform() == .runDaemon)
        #expect(home.calls() == ["--user show-environment"])
    }

    @Test func aMissingUnitIsReportedAndNoMarkerIsLeft() throws {
        let home = try Home(unitInstalled: false)
        let autostart = Autostart(environment: home.environment())
        guard case .failed(let message) = autostart.perform() else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.contains("systemctl --user preset gesturebridge.service failed"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: autostart.markerPath))
    }

    @Test func aWaylandSessionRunsNothing() throws {
        let home = try Home()
        let outcome = Autostart(environment: home.environment(["WAYLAND_DISPLAY": "wayland-0"])).perform()
        #expect(outcome == .wayland(WaylandSession(evidence: "WAYLAND_DISPLAY=wayland-0")))
        #expect(home.calls().isEmpty)
        #expect(try home.state() == "disabled")
    }
}

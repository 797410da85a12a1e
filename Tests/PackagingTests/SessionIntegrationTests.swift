import Foundation
import Testing

/// The systemd user unit and the XDG autostart entry, as installed, checked by the tools that read them.
@Suite struct SessionIntegrationTests {
    /// A tool's path, or a failure saying it is missing.
    static func tool(_ name: String) throws -> String {
        try #require(ScriptRun.which(name), "\(name) is missing; .ci/run installs it")
    }

    @Test(.enabled(if: ScriptRun.runs(with: "systemd-analyze")))
    func systemdAnalyzeVerifiesTheInstalledUnit() throws {
        let analyze = try Self.tool("systemd-analyze")
        let home = try TemporaryHome()
        #expect(try home.install().status == 0)
        var environment = home.environment
        // A user manager's runtime directory, and the installed man pages for Documentation=.
        let runtime = home.path + "/runtime"
        try FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["MANPATH"] = home.prefix + "/share/man"
        let verify = try ScriptRun.run(
            analyze, ["--user", "verify", home.prefix + "/share/systemd/user/gesturebridge.service"],
            environment: environment)
        #expect(verify.status == 0, "\(verify.transcript)")
        // systemd-analyze only warns about unknown keys and bad values: any message is a failure.
        #expect(verify.transcript.isEmpty, "\(verify.transcript)")
    }

    @Test(.enabled(if: ScriptRun.runs(with: "systemd-analyze")))
    func systemdAnalyzeRejectsAUnitWhoseBinaryIsMissing() throws {
        let analyze = try Self.tool("systemd-analyze")
        let home = try TemporaryHome()
        #expect(try home.install().status == 0)
        try FileManager.default.removeItem(atPath: home.prefix + "/bin/gesturebridge")
        var environment = home.environment
        environment["XDG_RUNTIME_DIR"] = home.path
        let verify = try ScriptRun.run(
            analyze, ["--user", "--man=no", "verify", home.prefix + "/share/systemd/user/gesturebridge.service"],
            environment: environment)
        #expect(verify.status != 0)
        #expect(verify.transcript.contains("gesturebridge is not executable"))
    }

    /// The unit's lines that make it a session service: started and stopped with the
    /// graphical session, never in a Wayland one, reloaded by SIGHUP, restarted on failure
    /// except when another daemon holds the display or the session is Wayland's.
    @Test(arguments: [
        "PartOf=graphical-session.target", "After=graphical-session.target", "WantedBy=graphical-session.target",
        "ConditionEnvironment=DISPLAY", "Restart=on-failure",
        "ExecReload=/bin/kill -HUP $MAINPID", "SuccessExitStatus=3 4", "RestartPreventExitStatus=3 4",
        "Documentation=man:gesturebridge(1) man:gesturebridge.yaml(5)"
    ])
    func unitTiesTheDaemonToTheGraphicalSession(line: String) throws {
        let unit = try String(
            contentsOf: ScriptRun.repositoryRoot.appendingPathComponent("Packaging/gesturebridge.service"),
            encoding: .utf8)
        #expect(unit.split(separator: "\n").contains { $0 == line })
    }

    @Test(.enabled(if: ScriptRun.runs(with: "desktop-file-validate")))
    func autostartEntryIsAValidDesktopFile() throws {
        let validate = try Self.tool("desktop-file-validate")
        let home = try TemporaryHome()
        #expect(try home.install().status == 0)
        let run = try ScriptRun.run(validate, [home.path + "/.config/autostart/gesturebridge.desktop"])
        #expect(run.status == 0 && run.transcript.isEmpty, "\(run.transcript)")
    }
}

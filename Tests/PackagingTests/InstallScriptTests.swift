import Foundation
import Testing
@testable import gesturebridge

/// `make install` and `make uninstall` (Packaging/install.sh) into a temporary prefix, with the built binary.
@Suite struct InstallScriptTests {
    @Test func installPutsEveryFileInPlaceAndTheInstalledBinaryRuns() throws {
        let home = try TemporaryHome()
        let run = try home.install()
        #expect(run.status == 0, "\(run.transcript)")
        for file in home.installedFiles + [home.config] {
            #expect(FileManager.default.fileExists(atPath: file), "missing \(file)")
            #expect(run.output.contains(file), "the installer names where \(file) went")
        }
        let version = try home.runInstalled(["--version"])
        #expect(version.status == 0 && version.output == GestureBridge.version + "\n", "\(version.transcript)")
        let check = try home.runInstalled(["check", "--config", home.config])
        #expect(check.status == 0, "\(check.transcript)")
        #expect(check.output.contains("OK"))
    }

    @Test func installedDefaultConfigIsTheShippedOneAndFoundWithoutConfigOption() throws {
        let home = try TemporaryHome()
        #expect(try home.install().status == 0)
        let shipped = try String(
            contentsOf: ScriptRun.repositoryRoot.appendingPathComponent("Config/config.yaml"), encoding: .utf8)
        #expect(try String(contentsOfFile: home.config, encoding: .utf8) == shipped)
        let check = try home.runInstalled(["check"])
        #expect(check.status == 0 && check.output.contains(home.config), "\(check.transcript)")
    }

    @Test func unitAndAutostartEntryStartTheInstalledBinary() throws {
        let home = try TemporaryHome()
        #expect(try home.install().status == 0)
        let unit = try String(
            contentsOfFile: home.prefix + "/share/systemd/user/gesturebridge.service", encoding: .utf8)
        #expect(unit.contains("\nExecStart=\(home.prefix)/bin/gesturebridge run\n"))
        let entry = try String(contentsOfFile: home.path + "/.config/autostart/gesturebridge.desktop", encoding: .utf8)
        #expect(entry.contains("\nExec=\(home.prefix)/bin/gesturebridge autostart\n"))
        #expect(!unit.contains("@BINDIR@") && !entry.contains("@BINDIR@"))
    }

    /// The settings app is in the desktop's menu, under Settings, and runs from where it went.
    @Test func theSettingsAppIsInTheMenuAndRuns() throws {
        let home = try TemporaryHome()
        #expect(try home.install().status == 0)
        let entryPath = home.path + "/.local/share/applications/io.github.gesturebridge.Settings.desktop"
        let entry = try String(contentsOfFile: entryPath, encoding: .utf8)
        #expect(entry.contains("\nExec=\(home.prefix)/bin/gesturebridge-settings\n"), "\(entry)")
        #expect(entry.contains("\nCategories=Settings;") && entry.contains("\nIcon=io.github.gesturebridge.Settings\n"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/desktop-file-validate") {
            let validation = try ScriptRun.run(
                "/usr/bin/desktop-file-validate", [entryPath], environment: home.environment)
            #expect(validation.status == 0 && validation.output.isEmpty, "\(validation.transcript)")
        }
        let help = try ScriptRun.run(
            home.prefix + "/bin/gesturebridge-settings", ["--help"], environment: home.environment)
        #expect(
            help.status == 0 && help.output.contains("gesturebridge-settings [--config <file>]"), "\(help.transcript)")
        #expect(FileManager.default.fileExists(atPath: home.prefix + "/share/man/man1/gesturebridge-settings.1"))
        let without = try TemporaryHome()
        #expect(try without.install(["--no-settings"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: without.prefix + "/bin/gesturebridge-settings"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsAreTheBinarysOwnScripts(shell: String) throws {
        let home = try TemporaryHome()
        #expect(try home.install().status == 0)
        let file = try #require(home.installedFiles.first { $0.contains("/\(shell)") })
        let installed = try String(contentsOfFile: file, encoding: .utf8)
        let generated = try ScriptRun.run(ScriptRun.builtBinary.path, ["--generate-completion-script", shell]).output
        // The installer drops only a leading #! line: completion scripts are sourced, not run.
        let expected = generated.hasPrefix("#!") ? String(generated.drop { $0 != "\n" }.dropFirst()) : generated
        #expect(installed == expected)
        #expect(installed.contains("gesturebridge") && installed.contains("replay"))
    }

    @Test func secondInstallKeepsAnEditedConfig() throws {
        let home = try TemporaryHome()
        #expect(try home.install().status == 0)
        let edited = "# mine\ngestures: []\n"
        try edited.write(toFile: home.config, atomically: true, encoding: .utf8)
        let again = try home.install()
        #expect(again.status == 0, "\(again.transcript)")
        #expect(again.output.contains("kept"))
        #expect(try String(contentsOfFile: home.config, encoding: .utf8) == edited)
    }

    @Test func uninstallRemovesEverythingButTheConfig() throws {
        let home = try TemporaryHome()
        #expect(try home.install().status == 0)
        // A daemon systemd did not start (the autostart entry, a terminal): its command line is
        // the installed binary's `run`, which `exec -a` gives a sleep here.
        let daemon = Process()
        // SIGTERM at its default: the test process's own disposition would be inherited.
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        daemon.arguments = [
            "--default-signal=TERM", "/bin/bash", "-c", "exec -a '\(home.prefix)/bin/gesturebridge run' sleep 60"
        ]
        try daemon.run()
        defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline,
            !((try? String(contentsOfFile: "/proc/\(daemon.processIdentifier)/cmdline", encoding: .utf8)) ?? "")
                .hasPrefix(home.prefix)
        {
            usleep(5_000)
        }
        let run = try ScriptRun.run(
            ScriptRun.repositoryRoot.path + "/Packaging/install.sh",
            ["--uninstall", "--prefix", home.prefix], environment: home.environment)
        #expect(run.status == 0, "\(run.transcript)")
        for file in home.installedFiles {
            #expect(!FileManager.default.fileExists(atPath: file), "left behind: \(file)")
        }
        #expect(FileManager.default.fileExists(atPath: home.config))
        #expect(run.output.contains("Kept your config \(home.config)"))
        #expect(run.output.contains("gesturebridge pid \(daemon.processIdentifier)"), "\(run.transcript)")
        daemon.waitUntilExit()
        #expect(daemon.terminationReason == .uncaughtSignal && daemon.terminationStatus == SIGTERM)
        // No directory install made is left empty, but the prefix's bin.
        let empty = try Self.emptyDirectories(under: home.path)
        #expect(empty == [home.prefix + "/bin"], "\(empty)")
    }

    /// Every empty directory below `root`, sorted.
    static func emptyDirectories(under root: String) throws -> [String] {
        var result: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                try FileManager.default.contentsOfDirectory(atPath: path).isEmpty
            {
                result.append(path)
            }
        }
        return result.sorted()
    }

    @Test func withoutAUserManagerTheAutostartEntryIsNamedForTheNextLogin() throws {
        let home = try TemporaryHome()
        let run = try home.install()
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                "No systemd user manager is reachable: the autostart entry starts GestureBridge at your next login."))
    }

    /// Where a system-wide install puts what a per-user one keeps in the home directory.
    @Test(arguments: [
        ("/usr", "/usr/lib/systemd/user/gesturebridge.service"),
        ("/usr/local", "/usr/local/lib/systemd/user/gesturebridge.service"),
        ("/usr", "/etc/xdg/autostart/gesturebridge.desktop"),
        ("/usr/local", "/etc/xdg/gesturebridge/config.yaml"),
        ("/usr/local", "/usr/local/share/man/man5/gesturebridge.yaml.5"),
        ("/usr", "/usr/share/zsh/vendor-completions/_gesturebridge"),
        ("/usr/local", "/usr/local/share/zsh/site-functions/_gesturebridge"),
        ("/usr/local", "/usr/local/lib/systemd/user-preset/80-gesturebridge.preset")
    ])
    func systemPrefixesUseSystemLocations(prefix: String, file: String) throws {
        let home = try TemporaryHome()
        let stage = home.path + "/stage"
        let run = try ScriptRun.run(
            ScriptRun.repositoryRoot.path + "/Packaging/install.sh",
            ["--prefix", prefix, "--destdir", stage, "--binary", ScriptRun.builtBinary.path],
            environment: home.environment)
        #expect(run.status == 0, "\(run.transcript)")
        #expect(FileManager.default.fileExists(atPath: stage + file))
        #expect(!FileManager.default.fileExists(atPath: home.config), "staging leaves the home alone")
    }

    @Test(arguments: [["--prefix", "relative/dir"], ["--frobnicate"]])
    func badArgumentsAreRefusedWithUsage(arguments: [String]) throws {
        let home = try TemporaryHome()
        let run = try ScriptRun.run(
            ScriptRun.repositoryRoot.path + "/Packaging/install.sh",
            arguments + ["--binary", ScriptRun.builtBinary.path], environment: home.environment)
        #expect(run.status == 64)
        #expect(!run.errors.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.prefix))
    }
}

/// The Makefile's targets, which only pass their variables on to Packaging/install.sh.
@Suite struct MakefileTests {
    @Test func makeInstallAndUninstallUseThePrefix() throws {
        let home = try TemporaryHome()
        let variables = ["PREFIX=\(home.prefix)", "BINARY=\(ScriptRun.builtBinary.path)", "NO_ENABLE=1"]
        let install = try ScriptRun.run(
            "make", ["-C", ScriptRun.repositoryRoot.path, "install"] + variables,
            environment: home.environment)
        #expect(install.status == 0, "\(install.transcript)")
        #expect(home.installedFiles.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(install.output.contains("Service not enabled (--no-enable)"))
        let uninstall = try ScriptRun.run(
            "make", ["-C", ScriptRun.repositoryRoot.path, "uninstall"] + variables,
            environment: home.environment)
        #expect(uninstall.status == 0, "\(uninstall.transcript)")
        #expect(home.installedFiles.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(FileManager.default.fileExists(atPath: home.config))
    }

    @Test func makeWithoutATargetExplainsTheTargets() throws {
        let help = try ScriptRun.run("make", ["-C", ScriptRun.repositoryRoot.path, "--no-print-directory"])
        #expect(help.status == 0)
        for target in ["make install", "make uninstall", "make deb", "PREFIX"] {
            #expect(help.output.contains(target))
        }
    }
}

import Foundation
import GestureReplay
import Testing
@testable import gesturebridge

/// The command-line shell: subcommands, options and where the config is looked for.
@Suite struct CommandLineTests {
    @Test func replayTakesATraceConfigFormatAndVerbose() throws {
        let command = try GestureBridge.parseAsRoot(
            ["replay", "swipe.jsonl", "--config", "my.yaml", "--format", "table", "--verbose"])
        let replay = try #require(command as? ReplayCommand)
        #expect(replay.trace == "swipe.jsonl")
        #expect(replay.config.path == "my.yaml")
        #expect(replay.format == .table)
        #expect(replay.verbose)
    }

    @Test func replayDefaultsLeaveFormatToTheTerminalCheck() throws {
        let replay = try #require(try GestureBridge.parseAsRoot(["replay", "-"]) as? ReplayCommand)
        #expect(replay.trace == "-")
        #expect(replay.config.path == nil)
        #expect(replay.format == nil)
        #expect(!replay.verbose)
    }

    @Test(arguments: [["replay"], ["replay", "t.jsonl", "--format", "yaml"], ["check", "extra"], ["frobnicate"]])
    func badArgumentsAreUsageErrors(arguments: [String]) {
        #expect(throws: (any Error).self) { try GestureBridge.parseAsRoot(arguments) }
    }

    @Test func checkTakesAConfig() throws {
        let check = try #require(try GestureBridge.parseAsRoot(["check", "--config", "/tmp/c.yaml"]) as? CheckCommand)
        #expect(check.config.path == "/tmp/c.yaml")
    }

    @Test func versionComesFromTheOneConstant() {
        #expect(GestureBridge.configuration.version == GestureBridge.version)
        #expect(!GestureBridge.version.isEmpty)
    }

    @Test func explicitConfigWinsOverTheDefaultLocations() throws {
        let options = try ConfigOptions.parse(["--config", "relative.yaml"])
        #expect(options.resolvedPath(environment: [:]) == "relative.yaml")
    }

    @Test func userConfigUnderXDGConfigHomeIsFound() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("gb-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("gesturebridge")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.yaml")
        try Data("bindings: []\n".utf8).write(to: file)

        let options = try ConfigOptions.parse([])
        #expect(
            options.resolvedPath(environment: ["XDG_CONFIG_HOME": home.path, "HOME": "/nonexistent"])
                == file.path)
    }

    @Test(arguments: [
        ["XDG_CONFIG_HOME": "/nonexistent-gb"], ["XDG_CONFIG_HOME": "", "HOME": "/nonexistent-gb"],
        ["XDG_CONFIG_HOME": "relative/dir", "HOME": "/nonexistent-gb"], ["HOME": "/nonexistent-gb"]
    ])
    func withoutAUserConfigTheSystemOneOrNoneIsUsed(environment: [String: String]) throws {
        // A system directory of the test's own: /etc/xdg may change under a running test
        // (the Debian package test installs one).
        let system = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-xdg-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: system) }
        let empty = system.appendingPathComponent("empty"), full = system.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: full.appendingPathComponent("gesturebridge"), withIntermediateDirectories: true)
        let file = full.appendingPathComponent("gesturebridge/config.yaml")
        try Data("bindings: []\n".utf8).write(to: file)

        let options = try ConfigOptions.parse([])
        #expect(
            options.resolvedPath(
                environment: environment.merging(["XDG_CONFIG_DIRS": "\(empty.path):\(full.path)"]) { $1 })
                == file.path)
        #expect(options.resolvedPath(environment: environment.merging(["XDG_CONFIG_DIRS": empty.path]) { $1 }) == nil)
    }

    @Test func relativeXDGConfigHomeFallsBackToDotConfig() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("gb-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent(".config/gesturebridge")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("bindings: []\n".utf8).write(to: folder.appendingPathComponent("config.yaml"))

        let options = try ConfigOptions.parse([])
        #expect(
            options.resolvedPath(environment: ["XDG_CONFIG_HOME": "not/absolute", "HOME": home.path])
                == home.path + "/.config/gesturebridge/config.yaml")
    }

    @Test func recordingOptionsParse() throws {
        let command = try GestureBridge.parseAsRoot(
            ["replay", "r.events", "--screen", "2560x1440@192", "--device-description", "d.desc", "--convert"])
        let replay = try #require(command as? ReplayCommand)
        #expect(replay.screen == Trace.Screen(width: 2560, height: 1440, dpi: 192))
        #expect(replay.deviceDescription == "d.desc")
        #expect(replay.convert)
        let plain = try #require(try GestureBridge.parseAsRoot(["replay", "t.jsonl"]) as? ReplayCommand)
        #expect(plain.screen == nil && plain.deviceDescription == nil && !plain.convert)
    }
}

import Foundation
import GestureReplay
import Testing
@testable import gesturebridge

/// The command-line shell: subcommands, options and where the config is looked for.
@Suite struct CommandLineTests {
    @Test func replayTakesATraceConfigFormatAndVerbose() throws {
        let command = try GestureBridge.parse(
            ["replay", "swipe.jsonl", "--config", "my.yaml", "--format", "table", "--verbose"]
        ).command
        let replay = try #require(command as? ReplayCommand)
        #expect(replay.trace == "swipe.jsonl")
        #expect(replay.config.path == "my.yaml")
        #expect(replay.format == .table)
        #expect(replay.verbose)
    }

    @Test func replayDefaultsLeaveFormatToTheTerminalCheck() throws {
        let replay = try #require(try GestureBridge.parse(["replay", "-"]).command as? ReplayCommand)
        #expect(replay.trace == "-")
        #expect(replay.config.path == nil)
        #expect(replay.format == nil)
        #expect(!replay.verbose)
    }

    @Test(arguments: [
        (["replay"], CommandLineError.missingArgument("trace")),
        (
            ["replay", "t.jsonl", "--format", "yaml"],
            .invalidValue(option: "--format", value: "yaml", expected: "json or table")
        ),
        (["replay", "t.jsonl", "--format"], .missingValue("--format <format>")),
        (["replay", "a", "b"], .unexpectedArgument("b")),
        (
            ["replay", "t.jsonl", "--screen", "wide"],
            .invalidValue(option: "--screen", value: "wide", expected: ReplayCommand.screenForm)
        ),
        (["check", "extra"], .unexpectedArgument("extra")),
        (["check", "--json"], .unknownOption("--json")),
        (["doctor", "--json=yes"], .flagWithValue("json")),
        (["frobnicate"], .unknownSubcommand("frobnicate")),
        (["--frobnicate"], .unknownOption("--frobnicate")),
        (["help", "frobnicate"], .unknownSubcommand("frobnicate")),
        (["bench", "--frames", "many"], .invalidValue(option: "--frames", value: "many", expected: "a whole number")),
        (["bench", "--frames", "0"], .invalid("--frames, --frames-per-gesture and --recognizers must be positive")),
        (["pick", "--timeout", "-1"], .invalid("--timeout needs a positive number of seconds (found -1)")),
        (
            ["record", "t.jsonl", "--duration", "inf"],
            .invalid("--duration must be a positive number of seconds (found inf)")
        ),
        (
            ["record"],
            .invalid(
                "say what to record: a FILE for the touches (a trace to replay or attach to a bug report), "
                    + "or --stroke NAME for a shape of your own to bind")
        ),
        (["record", "t.jsonl", "--stroke", "spiral"], .invalid("give a trace file or --stroke NAME, not both")),
        (["record", "t.jsonl", "--samples", "2"], .invalid("--samples goes with --stroke")),
        (["record", "--stroke", "spiral", "--samples", "21"], .invalid("--samples must be 1 to 20 (found 21)")),
        (
            ["record", "--stroke", "circle"],
            .invalid(
                "--stroke circle: 'circle' is a built-in shape; bind it as it is, or record yours under another name")
        ),
        (
            ["record", "--stroke", "../x"],
            .invalid(
                "--stroke ../x: a shape's name is 1 to 32 lowercase letters, digits, dashes and underscores, starting with a letter"
            )
        ),
        (
            ["--generate-completion-script", "tcsh"],
            .invalidValue(option: "--generate-completion-script", value: "tcsh", expected: "bash, zsh or fish")
        )
    ])
    func badArgumentsAreUsageErrors(arguments: [String], error: CommandLineError) {
        #expect(throws: error) { try GestureBridge.parse(arguments) }
    }

    @Test func anOptionTakesItsValueAfterAnEqualsSignOrAsTheNextWordEvenWithADash() throws {
        let replay = try #require(
            try GestureBridge.parse(["replay", "--config=a.yaml", "--", "-name-with-dash"]).command as? ReplayCommand)
        #expect(replay.config.path == "a.yaml" && replay.trace == "-name-with-dash")
        let last = try #require(
            try GestureBridge.parse(["check", "--config", "a.yaml", "--config", "b.yaml"]).command as? CheckCommand)
        #expect(last.config.path == "b.yaml")
        let display = try #require(try GestureBridge.parse(["run", "--display", "-x", "-v"]).command as? RunCommand)
        #expect(display.display == "-x" && display.verbose)
    }

    @Test(arguments: [["--help"], ["-h"], [], ["help"]])
    func helpListsEverySubcommand(arguments: [String]) throws {
        guard case .help(let text) = try GestureBridge.parse(arguments) else {
            Issue.record("not help")
            return
        }
        for command in GestureBridge.subcommands { #expect(text.contains("\n  \(command.name) "), "\(command.name)") }
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= HelpText.width })
    }

    @Test(arguments: GestureBridge.subcommands.map { $0.name })
    func eachSubcommandHasHelpWithEveryParameterAndLinesThatFit(name: String) throws {
        let command = try #require(GestureBridge.subcommand(named: name))
        for arguments in [[name, "--help"], ["help", name], [name, "--config", "x", "-h"]] {
            guard case .help(let text) = try GestureBridge.parse(arguments) else {
                Issue.record("\(arguments) is not help")
                continue
            }
            #expect(text.hasPrefix("OVERVIEW: "))
            #expect(text.contains("USAGE: gesturebridge \(name)"))
            for parameter in command.parameters { #expect(text.contains(parameter.label), "\(parameter.label)") }
            for line in text.split(separator: "\n") { #expect(line.count <= HelpText.width, "\(line)") }
        }
    }

    @Test func afterADoubleDashHelpIsAnArgument() throws {
        let replay = try #require(try GestureBridge.parse(["replay", "--", "--help"]).command as? ReplayCommand)
        #expect(replay.trace == "--help")
    }

    @Test func aUsageErrorNamesTheSubcommandItsUsageAndItsHelp() {
        let message = GestureBridge.usageMessage(.missingArgument("trace"), words: ["replay"])
        #expect(
            message == """
                gesturebridge replay: missing argument '<trace>'
                Usage: gesturebridge replay <trace> [--screen <WxH[@dpi]>]
                                            [--device-description <file>] [--convert]
                                            [--config <file>] [--format <format>] [--verbose]
                See 'gesturebridge replay --help'.
                """)
    }

    @Test(arguments: [
        ("one two three", 7, ["one two", "three"]), ("a-very-long-word short", 5, ["a-very-long-word", "short"]),
        ("", 10, []), ("  spaced   out ", 20, ["spaced out"])
    ])
    func helpWrapsAtWordBoundaries(text: String, width: Int, lines: [String]) {
        #expect(HelpText.wrap(text, width: width) == lines)
    }

    @Test func checkTakesAConfig() throws {
        let check = try #require(try GestureBridge.parse(["check", "--config", "/tmp/c.yaml"]).command as? CheckCommand)
        #expect(check.config.path == "/tmp/c.yaml")
    }

    @Test func versionComesFromTheOneConstant() throws {
        guard case .version = try GestureBridge.parse(["--version"]) else {
            Issue.record("--version is not the version")
            return
        }
        #expect(!GestureBridge.version.isEmpty)
    }

    @Test func explicitConfigWinsOverTheDefaultLocations() throws {
        let options = ConfigOptions(path: "relative.yaml")
        #expect(options.resolvedPath(environment: [:]) == "relative.yaml")
    }

    @Test func userConfigUnderXDGConfigHomeIsFound() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("gb-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("gesturebridge")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.yaml")
        try Data("bindings: []\n".utf8).write(to: file)

        let options = ConfigOptions()
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

        let options = ConfigOptions()
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

        let options = ConfigOptions()
        #expect(
            options.resolvedPath(environment: ["XDG_CONFIG_HOME": "not/absolute", "HOME": home.path])
                == home.path + "/.config/gesturebridge/config.yaml")
    }

    @Test func recordingOptionsParse() throws {
        let command = try GestureBridge.parse(
            ["replay", "r.events", "--screen", "2560x1440@192", "--device-description", "d.desc", "--convert"]
        ).command
        let replay = try #require(command as? ReplayCommand)
        #expect(replay.screen == Trace.Screen(width: 2560, height: 1440, dpi: 192))
        #expect(replay.deviceDescription == "d.desc")
        #expect(replay.convert)
        let plain = try #require(try GestureBridge.parse(["replay", "t.jsonl"]).command as? ReplayCommand)
        #expect(plain.screen == nil && plain.deviceDescription == nil && !plain.convert)
    }
}

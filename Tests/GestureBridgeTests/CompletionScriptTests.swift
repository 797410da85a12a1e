import Foundation
import TestSupport
import Testing
@testable import gesturebridge

/// The completion scripts, loaded into the real shells (bash, zsh and fish, installed for the
/// tests by Scripts/deps.sh), asked to complete, and compared with what the parameters say.
@Suite struct CompletionScriptTests {
    /// Runs `shell` with `arguments`, the script in a file it can source: its output.
    static func run(_ shell: CompletionScript.Shell, _ arguments: [String], script: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-completion-\(UUID().uuidString).\(shell)")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let executable = try #require(path, "\(shell) is not installed (Scripts/deps.sh test installs it)")
        let (status, output) = try ProgramRun.run(
            URL(fileURLWithPath: executable), arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "COMPLETION": file.path])
        #expect(status == 0, "\(output)")
        return output
    }

    static func script(_ shell: CompletionScript.Shell) -> String {
        CompletionScript.script(for: shell, subcommands: GestureBridge.subcommands)
    }

    /// What bash offers for the words typed so far, the last being the one completed.
    static func bash(_ words: [String]) throws -> [String] {
        let quotedWords = words.map { "'\($0)'" }.joined(separator: " ")
        let output = try run(
            .bash,
            [
                "-c",
                "source \"$COMPLETION\"; COMP_WORDS=(gesturebridge \(quotedWords)); COMP_CWORD=\(words.count); "
                    + "_gesturebridge; printf '%s\\n' \"${COMPREPLY[@]}\""
            ], script: script(.bash))
        return output.split(separator: "\n").map(String.init).sorted()
    }

    /// What fish offers (`complete -C`), without descriptions.
    static func fish(_ line: String) throws -> [String] {
        let output = try run(
            .fish, ["--no-config", "-c", "source $COMPLETION; complete -C '\(line)'"], script: script(.fish))
        return output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
    }

    static let subcommandNames = GestureBridge.subcommands.map { $0.name }

    @Test func bashCompletesSubcommandsOptionsAndValues() throws {
        #expect(try Self.bash(["re"]) == ["record", "replay"])
        #expect(try Self.bash(["replay", "--for"]) == ["--format"])
        #expect(try Self.bash(["replay", "--format", ""]) == ["json", "table"])
        #expect(try Self.bash(["run", "-"]) == ["--config", "--display", "--help", "--verbose", "--x11", "-h", "-v"])
        #expect(try Self.bash(["help", "mo"]) == ["monitor"])
        // A value with nothing to offer offers nothing, rather than the options.
        #expect(try Self.bash(["pick", "--timeout", ""]) == [])
    }

    /// The X displays whose sockets are here now, as `:N`.
    static func displays() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp/.X11-unix")) ?? []
        return Set(names.filter { $0.hasPrefix("X") }.map { ":" + $0.dropFirst() })
    }

    /// `--display` offers the displays running here (test servers among them, which may come
    /// and go meanwhile: what was there before and after is offered, nothing else).
    @Test func bashCompletesDisplaysFromTheirSockets() throws {
        let before = Self.displays()
        let offered = Set(try Self.bash(["doctor", "--display", ""]))
        let after = Self.displays()
        #expect(offered.isSubset(of: before.union(after)), "\(offered)")
        #expect(before.intersection(after).isSubset(of: offered), "\(offered)")
        #expect(try Self.bash(["doctor", "--display", ":no-such"]) == [])
    }

    /// `record --stroke` offers the shapes of your own already saved, to record one again; and
    /// `--config=FILE` completes the file after the '='.
    @Test func bashCompletesShapesOfYourOwnAndValuesAfterAnEqualsSign() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("gb-shapes-\(UUID().uuidString)")
        let strokes = home.appendingPathComponent("gesturebridge/strokes")
        try FileManager.default.createDirectory(at: strokes, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        for name in ["spiral", "star"] { try Data().write(to: strokes.appendingPathComponent("\(name).yaml")) }
        let words = "COMP_WORDS=(gesturebridge record --stroke s); COMP_CWORD=3"
        let output = try Self.run(
            .bash,
            [
                "-c",
                "export XDG_CONFIG_HOME='\(home.path)'; source \"$COMPLETION\"; \(words); _gesturebridge; "
                    + "printf '%s\\n' \"${COMPREPLY[@]}\""
            ], script: Self.script(.bash))
        #expect(output.split(separator: "\n").map(String.init).sorted() == ["spiral", "star"])
        let config = strokes.appendingPathComponent("spiral.yaml").path
        #expect(try Self.bash(["check", "--config", "=", String(config.dropLast(6))]) == [config])
    }

    @Test func bashCompletesFilesForFileValuesAndArguments() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gb-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("swipe.jsonl"))
        #expect(try Self.bash(["replay", folder.path + "/sw"]) == [folder.path + "/swipe.jsonl"])
        #expect(try Self.bash(["check", "--config", folder.path + "/sw"]) == [folder.path + "/swipe.jsonl"])
    }

    @Test func fishCompletesSubcommandsOptionsAndValues() throws {
        #expect(try Self.fish("gesturebridge re") == ["record", "replay"])
        #expect(try Self.fish("gesturebridge replay --for") == ["--format"])
        #expect(try Self.fish("gesturebridge replay --format ") == ["json", "table"])
        #expect(try Self.fish("gesturebridge doctor --") == ["--config", "--display", "--help", "--json"])
        #expect(try Self.fish("gesturebridge help ") == Self.subcommandNames.sorted())
    }

    @Test func fishKeepsAQuoteInADescription() throws {
        let output = try Self.run(
            .fish, ["--no-config", "-c", "source $COMPLETION; complete -C 'gesturebridge pick --a'"],
            script: Self.script(.fish))
        #expect(output.contains("Add the window's entry"), "\(output)")
    }

    /// zsh's completion system needs a terminal; its two entry points are replaced by functions
    /// that print what they are given, which is what the script decides.
    @Test func zshHandsEachSubcommandsSpecsToArguments() throws {
        let output = try Self.run(
            .zsh,
            [
                "-f", "-c",
                "_arguments() { print -rl -- \"$@\" }; _describe() { print -rl -- describe \"${(@P)4}\" }; "
                    + "source $COMPLETION; words=(gesturebridge replay --f); CURRENT=3; _gesturebridge; "
                    + "words=(gesturebridge d); CURRENT=2; _gesturebridge"
            ], script: Self.script(.zsh))
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains(":trace:_files"))
        #expect(lines.contains { $0.hasPrefix("--format=[Output format") && $0.hasSuffix(":format:(json table)") })
        #expect(lines.contains { $0.hasPrefix("(-v --verbose)-v[") })
        #expect(
            lines.contains(
                "pick:Touch or click a window to print its WM_CLASS, instance and title, and a config snippet."))
        #expect(lines.contains("--version[Show the version.]"))
    }

    @Test(arguments: CompletionScript.Shell.allCases)
    func everyOptionOfEverySubcommandIsInTheScript(shell: CompletionScript.Shell) {
        let script = Self.script(shell)
        for command in GestureBridge.subcommands {
            #expect(script.contains(command.name))
            for parameter in command.parameters where parameter.kind != .argument {
                #expect(script.contains(parameter.name), "\(shell): \(command.name) --\(parameter.name)")
            }
        }
    }
}

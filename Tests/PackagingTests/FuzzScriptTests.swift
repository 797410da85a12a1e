import Foundation
import Testing

/// `make fuzz`'s script, for a short run: it builds the libFuzzer binary, fuzzes every parser
/// and reports each target's executions with no crash and no hang. `make fuzz` runs longer.
@Suite struct FuzzScriptTests {
    static let targets = ["config", "trace", "evemu", "getevent", "libinput-record", "stroke-template", "control"]

    /// The build takes one core, so that the X11 suites running beside it keep their pace.
    @Test func everyParserIsFuzzedWithoutACrashOrAHang() throws {
        let run = try ScriptRun.run(
            ScriptRun.repositoryRoot.path + "/Scripts/fuzz.sh", ["--seconds", "8", "--build-jobs", "1"],
            directory: ScriptRun.repositoryRoot)
        #expect(run.status == 0, "fuzz.sh failed:\n\(run.transcript.suffix(4000))")
        let results = run.output.split(separator: "\n").filter { $0.hasPrefix("  ") }
        for target in Self.targets {
            let line = try #require(
                results.first { $0.split(separator: " ").first.map(String.init) == target },
                "no result for \(target):\n\(run.output)")
            let runs = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            #expect(runs > 1_000 && line.hasSuffix("no crash, no hang"), "\(line)")
        }
        print(results.joined(separator: "\n"))
    }

    @Test func anUnknownTargetOrDurationIsRefusedInOneLine() throws {
        let script = ScriptRun.repositoryRoot.path + "/Scripts/fuzz.sh"
        let target = try ScriptRun.run(script, ["yaml"])
        #expect(target.status == 2)
        #expect(
            target.errors == "fuzz.sh: unknown target 'yaml'; the targets are: \(Self.targets.joined(separator: " "))\n"
        )
        let seconds = try ScriptRun.run(script, ["--seconds", "0"])
        #expect(seconds.status == 2)
        #expect(seconds.errors.hasPrefix("fuzz.sh: --seconds takes a whole number of seconds"))
    }
}

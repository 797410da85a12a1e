import Foundation
import TestReaper
import Testing

/// One finished run of a program: its exit status and what it printed.
struct ScriptRun {
    var status: Int32
    var output: String
    var errors: String

    /// Standard output and standard error together, for failure messages.
    var transcript: String { output + errors }

    /// The repository's root, where the Makefile and Packaging/ are.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The debug `gesturebridge` built beside the test bundle.
    static var builtBinary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "gesturebridge")
    }

    /// The settings app beside it.
    static var builtSettingsBinary: URL {
        builtBinary.deletingLastPathComponent().appendingPathComponent("gesturebridge-settings")
    }

    /// Whether these tests run in CI, where a missing tool is a failure, not a reason to skip.
    static var isCI: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    /// Whether a test that needs a tool runs: always in CI, where a missing tool must fail it,
    /// and elsewhere only when the tool is installed.
    static func runs(with tool: String) -> Bool { isCI || which(tool) != nil }

    /// The full path of a program on PATH, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
        return directories.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program to completion; a relative `program` is looked up on PATH.
    ///
    /// Output goes to files rather than pipes, so a chatty program never blocks on a full pipe.
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: URL? = nil
    ) throws -> ScriptRun {
        let resolved = program.hasPrefix("/") ? program : try #require(which(program), "\(program) is not installed")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gb-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: resolved)
        process.arguments = arguments
        if let environment {
            // The test run's tag (Tests/TestReaper), so that the process dies with the run.
            let token = String(cString: gb_test_run_token())
            process.environment =
                token.isEmpty ? environment : environment.merging(["GESTUREBRIDGE_TEST_RUN": token]) { mine, _ in mine }
        }
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return ScriptRun(
            status: process.terminationStatus,
            output: try String(contentsOf: outURL, encoding: .utf8),
            errors: try String(contentsOf: errURL, encoding: .utf8))
    }
}

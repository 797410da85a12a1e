import Foundation
import TestSupport

/// A one-shot run of the real built `gesturebridge` (`devices`, `doctor`, `pick`, `check`) as a process.
enum ToolRun {
    /// What the run printed, and how it ended.
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The binary: `GESTUREBRIDGE_BINARY`, else the one built beside the test bundle, as `DaemonProcess` finds it.
    static var executableURL: URL {
        ProcessInfo.processInfo.environment["GESTUREBRIDGE_BINARY"].map(URL.init(fileURLWithPath:))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                "gesturebridge")
    }

    /// Starts the tool; the caller reads `output` and `errors` pipes and waits.
    static func start(_ arguments: [String], environment: [String: String]? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = executableURL
        process.arguments = arguments
        if let environment { process.environment = TestRun.tagged(environment) }
        let output = Pipe.closingOnExec(), errors = Pipe.closingOnExec()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        return (process, output, errors)
    }

    /// Runs the tool to its end (killed after `timeout` seconds) and returns what it printed.
    static func run(_ arguments: [String], environment: [String: String]? = nil, timeout: Double = 20) throws -> Result
    {
        let (process, output, errors) = try start(arguments, environment: environment)
        return finish(process, output, errors, timeout: timeout)
    }

    /// Reads both pipes to their end and reaps the process, killing it after `timeout` seconds.
    static func finish(_ process: Process, _ output: Pipe, _ errors: Pipe, timeout: Double) -> Result {
        let killer = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        let errorText = ErrorText()
        let finished = DispatchSemaphore(value: 0)
        Thread {
            errorText.data = errors.fileHandleForReading.readDataToEndOfFile()
            finished.signal()
        }.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        finished.wait()
        process.waitUntilExit()
        killer.cancel()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorText.data, as: UTF8.self))
    }

    /// The standard error a reader thread fills; read only after its semaphore.
    private final class ErrorText: @unchecked Sendable {
        var data = Data()
    }
}

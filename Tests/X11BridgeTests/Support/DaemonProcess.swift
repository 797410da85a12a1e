import Foundation
import TestSupport
import Glibc

/// The real `gesturebridge run`, started as its own process on a test server.
final class DaemonProcess: @unchecked Sendable {
    let process: Process
    let configURL: URL
    private let lock = NSLock()
    private var text = ""

    /// Writes `config` to a temporary file and starts the daemon on `display`; waits for its ready line.
    /// `environment` is added to the test's own, such as a private `XDG_RUNTIME_DIR`.
    static func start(
        display: String, config: String, environment: [String: String] = [:],
        verbose: Bool = true, timeout: Double = 15
    ) throws -> DaemonProcess {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configURL = directory.appendingPathComponent("config.yaml")
        try config.write(to: configURL, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = executableURL
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.arguments = ["run", "--config", configURL.path, "--display", display] + (verbose ? ["--verbose"] : [])
        let errors = Pipe.closingOnExec()
        process.standardError = errors
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let daemon = DaemonProcess(process: process, configURL: configURL)
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else { handle.readabilityHandler = nil; return }
            daemon.lock.withLock { daemon.text += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        try daemon.waitForLog("ready on", timeout: timeout)
        return daemon
    }

    /// The built `gesturebridge`, or the one GESTUREBRIDGE_BINARY names (such as the release build, for latency figures).
    static var executableURL: URL {
        ProcessInfo.processInfo.environment["GESTUREBRIDGE_BINARY"].map(URL.init(fileURLWithPath:))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                "gesturebridge")
    }

    private init(process: Process, configURL: URL) {
        self.process = process
        self.configURL = configURL
    }

    /// Everything the daemon logged so far.
    var log: String { lock.withLock { text } }

    /// Waits until the log contains `needle`, polling against a deadline.
    func waitForLog(_ needle: String, timeout: Double = 15) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !log.contains(needle) {
            guard Date() < deadline else {
                throw NSError(
                    domain: "DaemonProcess", code: 1,
                    userInfo: [NSLocalizedDescriptionKey: "no '\(needle)' in the daemon's log:\n\(log)"])
            }
            // After an exit the pipe may still hold the last lines: keep reading until the deadline.
            usleep(5_000)
        }
    }

    /// Sends a signal and waits (bounded) for the exit; returns the exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM, timeout: Double = 10) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: configURL.deletingLastPathComponent())
        return process.terminationStatus
    }
}

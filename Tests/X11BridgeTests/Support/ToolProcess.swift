import Foundation
import TestSupport
import Glibc

/// A `gesturebridge` tool (`monitor`, `record`, `replay`) run as its own process, its output collected as it comes.
final class ToolProcess: @unchecked Sendable {
    let process: Process
    private let output: Pipe
    private let errors: Pipe
    private let lock = NSLock()
    private var outputText = ""
    private var errorText = ""
    /// The collected pipes that have not reached end of file.
    private var openPipes = 0
    /// Holds the stdout reader while paused.
    private let gate = NSCondition()
    private var isPaused = false

    /// Starts `gesturebridge ARGUMENTS` with `environment` added to the test's own.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = DaemonProcess.executableURL
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        output = Pipe.closingOnExec()
        errors = Pipe.closingOnExec()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        collect(errors, pausable: false) { self.errorText += $0 }
        collect(output, pausable: true) { self.outputText += $0 }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Collects stdout (again).
    func startReading() {
        gate.lock()
        isPaused = false
        gate.broadcast()
        gate.unlock()
    }

    /// Stops reading stdout, as a terminal that stopped scrolling: once the pipe is full, the tool blocks writing.
    func pauseReading() {
        gate.lock()
        isPaused = true
        gate.unlock()
    }

    /// Reads the pipe on a thread of its own with plain blocking reads until end of file.
    ///
    /// Not `readabilityHandler`: under a loaded machine its end-of-file callback was
    /// seen to go missing. `pausable`: stdout stops being read while paused.
    private func collect(_ pipe: Pipe, pausable: Bool, into append: @escaping @Sendable (String) -> Void) {
        lock.withLock { openPipes += 1 }
        let fd = pipe.fileHandleForReading.fileDescriptor
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                if pausable {
                    gate.lock()
                    while isPaused { gate.wait() }
                    gate.unlock()
                }
                let count = read(fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                lock.withLock { append(String(decoding: buffer[..<count], as: UTF8.self)) }
            }
            lock.withLock { openPipes -= 1 }
        }.start()
    }

    /// What it printed on stdout so far.
    var standardOutput: String { lock.withLock { outputText } }
    /// What it printed on stderr so far.
    var standardError: String { lock.withLock { errorText } }

    /// Waits until stdout contains `needle`.
    func waitForOutput(_ needle: String, timeout: Double = 15) throws {
        try waitUntil(
            "'\(needle)' from gesturebridge \(process.arguments?.first ?? ""); it printed:\n"
                + standardOutput + standardError, timeout: timeout
        ) { standardOutput.contains(needle) }
    }

    /// Sends a signal (SIGINT: Ctrl-C), if it still runs.
    func signal(_ signal: Int32 = SIGINT) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Waits for the exit and for its last output; returns the exit status.
    @discardableResult
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        try waitUntil("gesturebridge \(process.arguments?.first ?? "") to exit", timeout: timeout) {
            !process.isRunning
        }
        process.waitUntilExit()
        // The pipes may still hold the last lines: wait for both to reach end of file.
        try waitUntil("the end of its output", timeout: timeout) { lock.withLock { openPipes == 0 } }
        return process.terminationStatus
    }
}

import Glibc
import X11Bridge

/// Writes the daemon's log lines to stderr from a thread of its own, so the loop never waits
/// on its output.
///
/// A journal, a terminal or a pipe can stop reading (a paused terminal, a pager); a blocking
/// write would then stop every gesture. The loop only appends to a bounded buffer (256 KiB);
/// the writer thread does the blocking writes. When the buffer is full, lines are dropped
/// and counted, and the next line that fits is preceded by one saying how many were lost.
final class LogWriter: @unchecked Sendable {
    // @unchecked: the buffers and counters are only touched while holding `condition`.
    /// How many bytes may wait before lines are dropped.
    static let capacity = 256 * 1024

    private let fd: Int32
    private let condition = ConditionLock()
    private var pending: [UInt8] = []
    private var dropped = 0
    private var isWriting = false

    /// Starts the writer thread for `fd`.
    init(fd: Int32 = STDERR_FILENO) {
        self.fd = fd
        pending.reserveCapacity(Self.capacity)
        startThread { [self] in run() }
    }

    /// Queues a line (with its newline); never blocks on the output.
    func write(_ line: String) {
        condition.lock()
        defer { condition.unlock() }
        if dropped > 0 {
            let note = "gesturebridge: warning: \(dropped) log lines dropped: the log was not being read\n"
            guard pending.count + note.utf8.count + line.utf8.count <= Self.capacity else {
                dropped += 1
                return
            }
            pending.append(contentsOf: note.utf8)
            dropped = 0
        }
        guard pending.count + line.utf8.count <= Self.capacity else {
            dropped += 1
            return
        }
        pending.append(contentsOf: line.utf8)
        condition.signal()
    }

    /// How many lines were dropped and not yet reported.
    var droppedLines: Int { condition.withLock { dropped } }

    /// Waits until everything queued is written, or `timeout` seconds pass: for exit.
    func drain(timeout: Double) {
        let deadline = MonotonicClock.now() + timeout
        condition.lock()
        defer { condition.unlock() }
        while !pending.isEmpty || isWriting {
            if !condition.wait(until: deadline) { return }
        }
    }

    private func run() {
        var writing: [UInt8] = []
        writing.reserveCapacity(Self.capacity)
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            swap(&writing, &pending)
            isWriting = true
            condition.unlock()
            var offset = 0
            while offset < writing.count {
                let written = writing.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    break  // EPIPE or a closed descriptor: nobody will read it
                }
            }
            writing.removeAll(keepingCapacity: true)
            condition.lock()
            isWriting = false
            condition.broadcast()
            condition.unlock()
        }
    }
}

import Glibc
import X11Bridge
import ControlStreams

/// A tool's connection to the running daemon's control socket: one request out, lines in.
///
/// `monitor` and `record` use it. Lines starting with `! ` are the daemon's
/// messages, not stream lines: the last one says why the daemon hung up. SIGINT,
/// SIGTERM and SIGHUP end the reading cleanly (through `SignalFlags`, as in the
/// daemon), so a recording is never cut in the middle of a line.
final class DaemonConnection {
    /// Why reading stopped.
    enum End: Equatable {
        /// Ctrl-C (or SIGTERM, SIGHUP): the user ended it.
        case interrupted
        /// The requested duration is over.
        case timeUp
        /// Writing the output failed (a closed pipe, a full disk): the handler said stop.
        case outputFailed
        /// The daemon hung up, with its last message if it sent one.
        case closed(notice: String?)
    }

    /// The socket's path, for messages.
    let path: String
    private let fd: Int32
    private var pending: [UInt8] = []
    private var lastNotice: String?

    /// Connects to the daemon of `display` (nil: `$DISPLAY`) and sends the request.
    init(display: String?, request: ControlRequest) throws(ControlError) {
        guard let display = display ?? getenv("DISPLAY").map({ String(cString: $0) }), !display.isEmpty else {
            throw .noDisplay
        }
        path = RuntimePaths.current.socket(display: display)
        switch UnixSocket.connect(to: path) {
        case .success(let fd): self.fd = fd
        case .failure(let error): throw error
        }
        let line = Array((request.line + "\n").utf8)
        guard Glibc.send(fd, line, line.count, Int32(MSG_NOSIGNAL)) == line.count else {
            let code = errno
            close(fd)
            throw .system("send", path, code)
        }
    }

    deinit {
        close(fd)
    }

    /// Reads lines and hands each stream line to `handle` until the daemon hangs up, a
    /// signal arrives, `deadline` (monotonic seconds) passes, or `handle` returns false.
    ///
    /// On a signal (Ctrl-C), the lines the daemon has already sent are still handed
    /// over, without waiting for more: a recording keeps the gesture that just ended.
    ///
    /// `whenQuiet` runs after the lines of each read are handled: the daemon sends what one
    /// loop turn produced together, so it marks the end of an instant's lines.
    func readLines(
        until deadline: Double? = nil, _ handle: (String) -> Bool, whenQuiet: () -> Bool = { true }
    ) -> End {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalFlags.readFD, events: Int16(POLLIN), revents: 0)
        ]
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - MonotonicClock.now()
                if left <= 0 { return .timeUp }
                timeout = Int32((left * 1000).rounded(.up))
            }
            for index in fds.indices { fds[index].revents = 0 }
            if poll(&fds, nfds_t(fds.count), timeout) < 0, errno != EINTR { return .closed(notice: nil) }
            let signals = SignalFlags.take()
            if signals.terminate || signals.reload {
                while case let count = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT)), count > 0 {
                    pending += chunk[..<count]
                }
                return splitLines(handle) ? .interrupted : .outputFailed
            }
            guard fds[0].revents != 0 else { continue }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .closed(notice: lastNotice) }
            pending += chunk[..<count]
            guard splitLines(handle), whenQuiet() else { return .outputFailed }
        }
    }

    /// Hands every whole line received to `handle`, keeping notices aside; false when `handle` fails.
    private func splitLines(_ handle: (String) -> Bool) -> Bool {
        var start = 0
        defer { pending.removeSubrange(..<start) }
        while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[start..<end], as: UTF8.self)
            start = end + 1
            if line.hasPrefix(ConnectedTool.noticePrefix) {
                lastNotice = String(line.dropFirst(ConnectedTool.noticePrefix.count))
            } else if !handle(line) {
                return false
            }
        }
        return true
    }

    /// Ends a live stream (`monitor`, `try`): nothing more to say after Ctrl-C, the time
    /// limit or a closed output; the daemon's last words and exit 1 when it went away.
    static func finish(_ end: End) throws {
        switch end {
        case .interrupted, .timeUp, .outputFailed:
            return
        case .closed(let notice):
            printError("gesturebridge: " + (notice ?? "the daemon went away"))
            throw ExitCode.failure
        }
    }

    /// Connects with the signal handlers in place, or prints why not (no daemon: how to start one) and exits 1.
    static func open(display: String?, request: ControlRequest) throws -> DaemonConnection {
        do {
            try SignalFlags.install()
            return try DaemonConnection(display: display, request: request)
        } catch {
            printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
    }
}

import Glibc
import JSON
import ControlStreams

/// One tool connected to the daemon's control socket: its request, its stream, and what is still to send.
///
/// Everything is non-blocking: lines queue in a bounded backlog that the poll loop
/// sends when the socket can take them. A client that falls `maximumBacklog`
/// bytes behind is dropped: its backlog is discarded, and it gets one last line
/// saying so before the daemon hangs up, so a stuck terminal never stalls gestures.
final class ConnectedTool {
    /// The most unsent bytes a client may have queued: at the busiest (ten fingers with
    /// `--moves`, about 80 KB/s) a few seconds of output; a reader that falls further
    /// behind has stopped reading.
    static let maximumBacklog = 256 * 1024
    /// The start of a line that is a message from the daemon, not part of the stream.
    static let noticePrefix = "! "

    /// The stream a client asked for, with its formatting state.
    enum Stream {
        case monitor(MonitorStream)
        case record(TraceRecording)
        case tryOut(TryStream)

        mutating func line(for event: ControlEvent) -> String? {
            switch self {
            case .monitor(var stream):
                defer { self = .monitor(stream) }
                return stream.line(for: event)
            case .record(var recording):
                defer { self = .record(recording) }
                return recording.line(for: event)
            case .tryOut(var stream):
                defer { self = .tryOut(stream) }
                return stream.line(for: event)
            }
        }
    }

    let fd: Int32
    /// Set once the request line has arrived and was valid.
    private(set) var stream: Stream?
    /// Whether the last line is queued: no more events, hang up once the backlog is out.
    private(set) var isClosing = false
    /// Whether the connection is over: the peer hung up, or the last line went out.
    private(set) var isFinished = false
    /// The peer shut its side: stop polling it for input.
    private(set) var isReadShut = false
    private var request = RequestFrame()
    private var backlog: [UInt8] = []
    private var sent = 0

    /// When the connection was accepted, on the loop's clock: its request is due by
    /// ``ControlServer/requestDeadline`` after.
    let acceptedAt: Double

    init(fd: Int32, acceptedAt: Double = 0) {
        self.fd = fd
        self.acceptedAt = acceptedAt
    }

    /// Whether the tool is connected and has not asked for anything yet.
    var isWaitingForRequest: Bool { stream == nil && !isClosing && !isFinished }

    /// The stream's name for messages: monitor or record.
    var streamName: String {
        switch stream {
        case .monitor: "monitor"
        case .record: "record"
        case .tryOut: "try"
        case nil: "control"
        }
    }

    /// Whether events go to this client.
    var isSubscribed: Bool { stream != nil && !isClosing && !isFinished }

    /// Whether lines are waiting for the socket to take them.
    var hasBacklog: Bool { sent < backlog.count }

    /// The unsent bytes.
    var backlogSize: Int { backlog.count - sent }

    /// The events to poll for: input and hang-up, and room to write while lines wait.
    var pollEvents: Int16 {
        Int16((isReadShut ? 0 : POLLIN) | (hasBacklog ? POLLOUT : 0))
    }

    /// Reads what the client sent; returns its request once the line is complete and valid.
    ///
    /// A line that is not a request gets a notice and a hang-up. Input after the
    /// request is read and ignored, so a chatty client cannot fill the socket.
    func readRequest() -> ControlRequest? {
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            let count = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count == 0 {
                isReadShut = true
                // Gone before asking for anything: nothing to send it.
                if stream == nil && !isClosing { isFinished = true }
                return nil
            }
            guard count > 0 else {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK { isFinished = true }
                return nil
            }
            guard stream == nil, !isClosing else { continue }
            switch request.feed(chunk[..<count]) {
            case .incomplete: continue
            case .request(let parsed): return parsed
            case .refused(let notice):
                finish(notice: notice)
                return nil
            }
        }
    }

    /// Whether the daemon keeps every new touch while this client listens (`record --stroke`).
    private(set) var holdsTouches = false

    /// Whether the daemon performs no action while this client listens (`try` without `--act`).
    private(set) var isDryRun = false

    /// Starts the stream the request asked for; `holdsTouches`: keep new touches meanwhile;
    /// `isDryRun`: perform no action meanwhile.
    func start(_ stream: Stream, holdsTouches: Bool = false, isDryRun: Bool = false) {
        self.isDryRun = isDryRun
        self.stream = stream
        self.holdsTouches = holdsTouches
    }

    /// Queues the event's line, if the stream shows it; drops the client that is too far behind.
    func send(_ event: ControlEvent) {
        guard isSubscribed, let line = stream?.line(for: event) else { return }
        enqueue(line)
    }

    /// Queues one line; past `maximumBacklog` the client is dropped instead.
    func enqueue(_ line: String) {
        guard !isClosing, !isFinished else { return }
        guard backlogSize + line.utf8.count + 1 <= Self.maximumBacklog else {
            // Keep the line already partly sent whole, so the notice starts a line of its own.
            let end = backlog[sent...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? sent
            backlog.removeSubrange(end...)
            finish(
                notice: "dropped: this client fell more than \(Self.maximumBacklog / 1024) KiB behind "
                    + "the daemon, which goes on without it")
            return
        }
        backlog += line.utf8
        backlog.append(UInt8(ascii: "\n"))
    }

    /// Queues a last notice line; the client is hung up once it is sent.
    func finish(notice: String) {
        guard !isClosing, !isFinished else { return }
        backlog += (Self.noticePrefix + notice).utf8
        backlog.append(UInt8(ascii: "\n"))
        isClosing = true
    }

    /// Sends what the socket takes now, without blocking; marks the client finished
    /// when the peer is gone or a closing client's last line is out.
    func flush() {
        while hasBacklog && !isFinished {
            let count = backlog.withUnsafeBytes { bytes in
                Glibc.send(fd, bytes.baseAddress! + sent, backlog.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if count > 0 {
                sent += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                // EPIPE, ECONNRESET: the reader is gone.
                isFinished = true
            }
        }
        if !hasBacklog {
            backlog.removeAll(keepingCapacity: backlog.capacity <= 64 * 1024)
            sent = 0
            if isClosing { isFinished = true }
        } else if sent >= 64 * 1024 {
            backlog.removeSubrange(..<sent)
            sent = 0
        }
    }

    /// Handles what `poll(2)` reported for this client.
    func handle(revents: Int16) -> ControlRequest? {
        var request: ControlRequest?
        if revents & Int16(POLLIN) != 0 { request = readRequest() }
        if revents & Int16(POLLERR | POLLHUP) != 0 { isFinished = true }
        if revents & Int16(POLLOUT) != 0 { flush() }
        return request
    }
}

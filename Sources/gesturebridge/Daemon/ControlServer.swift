import Glibc
import Logging
import ControlStreams

/// The daemon's control socket: `gesturebridge monitor` and `record` connect here and are streamed lines.
///
/// While the daemon runs it owns the root touch grab, so no other client can see
/// the touches; the daemon tells its tools instead. A tool connects to the Unix
/// socket at `RuntimePaths.socket(display:)`, sends one request line (see
/// `ControlRequest`), and reads lines: first a JSON hello, then its stream, and
/// lines starting with `! ` for messages from the daemon (the last one says why
/// it hung up). Everything runs in the daemon's one poll loop without blocking:
/// `appendPollDescriptors` and `handle` around `poll(2)`, `flush` before it. With
/// no tool connected, `publish` returns at once, and nothing wakes the loop.
final class ControlServer {
    /// The most tools connected at once; more are told so and hung up. Each stuck tool
    /// holds one descriptor and at most `ConnectedTool.maximumBacklog` bytes.
    static let maximumClients = 16
    /// The most connections that have not sent their request yet; one more hangs up the
    /// oldest of them, so connections that never ask cannot lock the tools out.
    static let maximumWaiting = 4
    /// How long a connection has to send its request line, in seconds: a tool sends it at
    /// once, so one that has not in 2 s is not a tool (or is stuck) and is hung up.
    static let requestDeadline = 2.0

    /// The socket's path.
    let path: String
    private let listener: Int32
    /// The bound socket file's identity: shutdown unlinks the path only while it is still ours.
    private let identity: (dev_t, ino_t)?
    private var clients: [ConnectedTool] = []
    /// Whether any tool listens: the one check `publish` makes before any formatting.
    private(set) var isObserved = false
    /// Whether a `try` client listens: the daemon then draws every touch.
    private(set) var isTrying = false
    /// Whether a `try` without `--act` listens: actions are shown, not performed.
    private(set) var isDryRun = false
    /// Whether a `record --stroke` client listens: the daemon then keeps every new touch.
    private(set) var isRecordingStroke = false
    /// Where the server reports a tool it dropped.
    private let logger = Logger(label: "gesturebridge.control")
    /// The one user whose tools may connect: the daemon's own.
    private let ownUID = getuid()

    /// Makes the runtime directory and listens at `path`.
    init(paths: RuntimePaths, display: String) throws(ControlError) {
        path = paths.socket(display: display)
        try paths.prepareDirectory()
        listener = try UnixSocket.listen(at: path)
        identity = UnixSocket.identity(of: path)
    }

    /// Adds the listening socket and every client to the poll set.
    func appendPollDescriptors(to fds: inout [pollfd]) {
        fds.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
        for client in clients {
            fds.append(pollfd(fd: client.fd, events: client.pollEvents, revents: 0))
        }
    }

    /// Accepts new tools, reads requests, sends what waits, and hangs up finished clients.
    ///
    /// `status` is evaluated only when a request arrives; `now` is the new stream's t = 0.
    func handle(_ fds: ArraySlice<pollfd>, now: Double, status: @autoclosure () -> ControlStatus) {
        for entry in fds where entry.revents != 0 {
            if entry.fd == listener {
                acceptClients(now: now)
            } else if let client = clients.first(where: { $0.fd == entry.fd }),
                let request = client.handle(revents: entry.revents)
            {
                start(request, for: client, now: now, status: status())
            }
        }
        hangUpLateRequests(now: now)
        removeFinishedClients()
    }

    /// When the oldest connection that has not asked for anything is due to be hung up, on
    /// the loop's clock; nil when none waits (the loop then sleeps until something happens).
    var nextDeadline: Double? {
        clients.lazy.filter(\.isWaitingForRequest).map { $0.acceptedAt + Self.requestDeadline }.min()
    }

    /// Hangs up the connections whose request is late (see ``requestDeadline``).
    private func hangUpLateRequests(now: Double) {
        for client in clients where client.isWaitingForRequest && now >= client.acceptedAt + Self.requestDeadline {
            client.finish(notice: "no request within \(Int(Self.requestDeadline)) s: \(ControlRequest.usage)")
            client.flush()
        }
    }

    /// Sends the event to every listening tool; does nothing (not even build the event) when none listens.
    func publish(_ event: @autoclosure () -> ControlEvent) {
        guard isObserved else { return }
        let event = event()
        for client in clients where client.isSubscribed {
            client.send(event)
            if !client.isSubscribed {
                logger.warning(
                    "dropped a \(client.streamName) client that fell more than \(ConnectedTool.maximumBacklog / 1024) KiB behind"
                )
            }
        }
        // A client that fell too far behind stops listening here.
        updateObserved()
    }

    /// Sends what the sockets take now; called once per loop turn, before `poll(2)`.
    func flush() {
        guard !clients.isEmpty else { return }
        for client in clients where client.hasBacklog { client.flush() }
        removeFinishedClients()
    }

    /// Tells every tool the daemon stops, closes the socket and removes its file.
    func close() {
        for client in clients {
            client.finish(notice: "the daemon is stopping")
            client.flush()
            Glibc.close(client.fd)
        }
        clients.removeAll()
        isObserved = false
        Glibc.close(listener)
        if let identity, let current = UnixSocket.identity(of: path), current == identity { unlink(path) }
    }

    private func start(_ request: ControlRequest, for client: ConnectedTool, now: Double, status: ControlStatus) {
        client.start(
            request.stream(origin: now), holdsTouches: request == .recordStroke,
            isDryRun: request == .tryOut(acts: false))
        client.enqueue(status.helloLine(pid: getpid(), version: GestureBridge.version))
        switch request {
        case .monitor, .tryOut:
            // The layout at t = 0, so the first touches can be read against it.
            client.send(.windows(status.scene, time: now))
        case .record, .recordStroke:
            client.enqueue(TraceRecording.headerLine(of: status.scene))
        }
        client.flush()
        updateObserved()
    }

    private func acceptClients(now: Double) {
        while true {
            // accept4 is a GNU extension Swift's Glibc does not show; the loop is single-threaded,
            // so no command can be spawned between accept and FD_CLOEXEC.
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                if errno == EINTR { continue }
                return  // EAGAIN: no more waiting; anything else: try again on the next wake-up
            }
            // Only our own user's tools: the socket is 0600 in a 0700 directory, and the kernel's
            // record of the peer says so even if those were loosened. Another user's connection
            // is closed unanswered: not even the hello (our pid, config path) goes out.
            let peer = UnixSocket.peer(of: fd)
            guard let peer, peer.uid == ownUID else {
                let who = peer.map { "uid \($0.uid), pid \($0.pid)" } ?? "an unknown peer"
                logger.warning("refused a control connection from \(who): not this daemon's user")
                Glibc.close(fd)
                continue
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let client = ConnectedTool(fd: fd, acceptedAt: now)
            clients.append(client)
            // Connections that never ask go first, the oldest of them: a real tool asks at once.
            let waiting = clients.filter(\.isWaitingForRequest)
            if waiting.count > Self.maximumWaiting, let oldest = waiting.first {
                oldest.finish(notice: "too many connections waiting without a request; hung up the oldest")
                oldest.flush()
            }
            if clients.filter({ !$0.isFinished && !$0.isClosing }).count > Self.maximumClients {
                client.finish(notice: "too many tools connected (\(Self.maximumClients)); try again later")
                client.flush()
            }
        }
    }

    private func removeFinishedClients() {
        clients.removeAll { client in
            guard client.isFinished else { return false }
            Glibc.close(client.fd)
            return true
        }
        updateObserved()
    }

    private func updateObserved() {
        isObserved = clients.contains { $0.isSubscribed }
        isTrying = clients.contains {
            guard $0.isSubscribed, case .tryOut = $0.stream else { return false }
            return true
        }
        isRecordingStroke = clients.contains { $0.isSubscribed && $0.holdsTouches }
        isDryRun = clients.contains { $0.isSubscribed && $0.isDryRun }
    }
}

extension ControlRequest {
    /// A fresh stream for this request, with t = 0 at `origin` for a monitor.
    func stream(origin: Double) -> ConnectedTool.Stream {
        switch self {
        case let .monitor(json, moves): .monitor(MonitorStream(isJSON: json, showsMoves: moves, origin: origin))
        case .record, .recordStroke: .record(TraceRecording())
        case .tryOut: .tryOut(TryStream(origin: origin))
        }
    }
}

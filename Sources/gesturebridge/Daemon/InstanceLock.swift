import Glibc

/// The per-display single-instance lock: one daemon per X display, whoever started it.
///
/// The systemd user unit and the XDG autostart entry may both start a daemon at login;
/// the second finds the lock held, says who holds it and exits with
/// ``alreadyRunningStatus``, which the unit does not restart on. The lock is a
/// `flock(2)` on a file in the runtime directory, so the kernel drops it when the
/// holder dies, however it dies: a stale file never blocks a new daemon. The file's
/// text names the holder for the next one to quote.
final class InstanceLock {
    /// The exit status of a daemon that found another one running (EX_TEMPFAIL would invite restarts).
    static let alreadyRunningStatus: Int32 = 3

    /// Who holds the lock, as its file says.
    struct Holder: Equatable {
        var pid: Int32
        var origin: Origin
        var since: String
    }

    /// How the holder was started, to say how to stop it.
    enum Origin: String, Equatable {
        case systemd
        case terminal
        case session

        /// How a process guesses its own origin: systemd sets INVOCATION_ID for every unit it starts.
        static func current(environment: [String: String]) -> Origin {
            if environment["INVOCATION_ID"] != nil { return .systemd }
            return isatty(STDERR_FILENO) == 1 ? .terminal : .session
        }

        /// "by systemd", as a message says it.
        var phrase: String {
            switch self {
            case .systemd: "by systemd (gesturebridge.service)"
            case .terminal: "from a terminal"
            case .session: "by the session (XDG autostart or a script)"
            }
        }

        /// The command that stops a holder of this origin.
        func stopHint(pid: Int32) -> String {
            switch self {
            case .systemd: "'systemctl --user stop gesturebridge'"
            case .terminal, .session: "'kill \(pid)'"
            }
        }
    }

    /// The lock file's path.
    let path: String
    private let fd: Int32
    /// The listening socket whose abstract name is the lock across runtime directories; -1
    /// when a process of another user holds the name (see ``foreignHolder``).
    private let socketFD: Int32
    /// Who holds the abstract name when it is not one of our processes: another user's
    /// process (anyone may bind any abstract name), or one that does not listen. The daemon
    /// then runs on the file lock alone and says so; nil when the name is ours.
    let foreignHolder: ForeignHolder?

    /// A process that took the abstract name first and is not ours.
    struct ForeignHolder: Equatable, CustomStringConvertible {
        /// The name, with its `@`.
        var name: String
        /// The holder's pid and user, from the kernel (SO_PEERCRED); nil when it does not listen.
        var peer: UnixSocket.Peer?

        var description: String {
            let who =
                peer.map { "a process of user id \($0.uid) (pid \($0.pid))" } ?? "a process that does not answer on it"
            return "\(name) is held by \(who), not by one of your daemons; running on the lock file in the private "
                + "runtime directory alone (a second daemon of yours with another XDG_RUNTIME_DIR would not be "
                + "stopped). Anyone may take an abstract socket name: ask the administrator to stop that process "
                + "('ss -xlp | grep gesturebridge' shows it)"
        }
    }

    /// Takes the lock for `display`, or throws ``DaemonError/alreadyRunning(display:holder:lockPath:)``.
    ///
    /// Two locks guard one display. The file in the runtime directory (0700, ours alone)
    /// names the holder and is the lock nobody else can take. A listening socket in the
    /// abstract namespace, `@gesturebridge-UID-DISPLAY`, is the same for every runtime
    /// directory and every spelling of the display (`:0`, `:0.0`, `unix:0`), so a daemon
    /// started with another `XDG_RUNTIME_DIR` (a terminal outside the session, a script) is
    /// stopped too; the kernel frees it when the holder dies, as it does the flock. Any user
    /// can bind an abstract name, so its holder is checked with `SO_PEERCRED`: only a process
    /// of ours stops this one; another's is reported (``foreignHolder``) and ignored.
    init(display: String, paths: RuntimePaths, origin: Origin) throws(DaemonError) {
        let claim = try Self.claimAbstractName(display: display, paths: paths)
        switch claim {
        case .held(let fd):
            socketFD = fd
            foreignHolder = nil
        case .foreign(let holder):
            socketFD = -1
            foreignHolder = holder
        }
        do { try paths.prepareDirectory() } catch {
            if socketFD >= 0 { close(socketFD) }
            throw .runtimeDirectory(error)
        }
        path = paths.lock(display: display)
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            if socketFD >= 0 { close(socketFD) }
            throw .system("open \(path)", errno)
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = Self.readHolder(fd: fd)
            close(fd)
            if socketFD >= 0 { close(socketFD) }
            if code == EWOULDBLOCK { throw .alreadyRunning(display: display, holder: holder, lockPath: path) }
            throw .system("flock \(path)", code)
        }
        let text = "pid=\(getpid())\norigin=\(origin.rawValue)\nsince=\(Self.timestamp())\n"
        _ = ftruncate(fd, 0)
        _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit {
        close(fd)
        if socketFD >= 0 { close(socketFD) }
    }

    /// The abstract socket name for `display`: the user's, whatever the runtime directory.
    static func abstractName(display: String) -> String {
        "gesturebridge-\(getuid())-\(RuntimePaths.fileName(display: display))"
    }

    /// What claiming the abstract name found.
    private enum Claim {
        /// We listen on it: the descriptor.
        case held(Int32)
        /// Another user's process holds it (or one that does not listen): not a daemon of ours.
        case foreign(ForeignHolder)
    }

    /// Binds and listens on the display's abstract name; if another process of ours holds it,
    /// throws `alreadyRunning` naming that process (its pid from the socket's credentials).
    private static func claimAbstractName(display: String, paths: RuntimePaths) throws(DaemonError) -> Claim {
        let name = abstractName(display: display)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", errno) }
        var address = UnixSocket.abstractAddress(name)
        let bound = withUnsafePointer(to: &address.address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, address.length) }
        }
        if bound == 0, listen(fd, 4) == 0 { return .held(fd) }
        let code = errno
        close(fd)
        guard code == EADDRINUSE else { throw .system("bind @\(name)", code) }
        // Only a listener of our own user is a daemon of ours. One that does not listen (bound
        // only) could be ours between its bind and listen, but then it takes the file lock
        // below first, or we do: the file decides.
        let listener = Self.listener(of: name)
        guard let peer = listener, peer.pid != 0, peer.uid == getuid() else {
            return .foreign(ForeignHolder(name: "@" + name, peer: listener))
        }
        // The holder's own lock file names its origin, when it shares our runtime directory.
        let described = holder(display: display, paths: paths).flatMap { $0.pid == peer.pid ? $0 : nil }
        throw .alreadyRunning(
            display: display, holder: described ?? Holder(pid: peer.pid, origin: origin(of: peer.pid), since: "?"),
            lockPath: "@" + name)
    }

    /// The process listening on abstract `name`, from the kernel's credentials.
    private static func listener(of name: String) -> UnixSocket.Peer? {
        let fd = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = UnixSocket.abstractAddress(name)
        let connected = withUnsafePointer(to: &address.address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, address.length) }
        }
        guard connected == 0 else { return nil }
        return UnixSocket.peer(of: fd)
    }

    /// systemd, when the process's environment has systemd's INVOCATION_ID; the session otherwise.
    private static func origin(of pid: Int32) -> Origin {
        let fd = open("/proc/\(pid)/environ", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .session }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 65536)
        let count = read(fd, &bytes, bytes.count)
        guard count > 0 else { return .session }
        let entries = bytes[..<count].split(separator: 0)
        return entries.contains { $0.starts(with: "INVOCATION_ID=".utf8) } ? .systemd : .session
    }

    /// Who holds the lock for `display`, or nil when no daemon runs there.
    static func holder(display: String, paths: RuntimePaths) -> Holder? {
        let fd = open(paths.lock(display: display), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // A shared lock we can take means nobody holds the exclusive one.
        if flock(fd, LOCK_SH | LOCK_NB) == 0 { return nil }
        return readHolder(fd: fd) ?? Holder(pid: 0, origin: .session, since: "?")
    }

    /// Parses the `key=value` lines a holder wrote.
    static func parse(_ text: String) -> Holder? {
        var fields: [Substring: Substring] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[line[..<equals]] = line[line.index(after: equals)...]
        }
        guard let pid = fields["pid"].flatMap({ Int32($0) }) else { return nil }
        let origin = fields["origin"].flatMap { Origin(rawValue: String($0)) } ?? .session
        return Holder(pid: pid, origin: origin, since: fields["since"].map(String.init) ?? "?")
    }

    private static func readHolder(fd: Int32) -> Holder? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return parse(String(decoding: buffer[..<count], as: UTF8.self))
    }

    /// The local time now, as "2026-11-22 14:03:07".
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

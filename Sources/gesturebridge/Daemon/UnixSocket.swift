import Glibc

/// Unix stream sockets by path, non-blocking and close-on-exec: the control socket's two ends.
enum UnixSocket {
    /// The listen queue's length: enough for a few tools connecting at once.
    static let backlog: Int32 = 8

    /// Listens at `path`, replacing a socket file there only when no one answers on it.
    ///
    /// Until a single-instance lock guards the path, a live socket means another
    /// daemon serves this display: it is left alone and `.inUse` thrown.
    static func listen(at path: String) throws(ControlError) -> Int32 {
        var address = try Self.address(path)
        if access(path, F_OK) == 0 {
            switch connect(to: path) {
            case .success(let fd):
                close(fd)
                throw .inUse(path)
            case .failure:
                // A stale socket from a daemon that died: nobody listens, so it can go.
                unlink(path)
            }
        }
        let fd = socket(
            AF_UNIX,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", path, errno) }
        // The directory is 0700 already; the umask makes the socket 0600 from its first moment.
        let previous = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        let bindError = errno
        umask(previous)
        guard bound == 0 else {
            close(fd)
            throw .system("bind", path, bindError)
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let code = errno
            close(fd)
            throw .system("listen", path, code)
        }
        return fd
    }

    /// Connects to the socket at `path`; the descriptor is blocking, for a client.
    static func connect(to path: String) -> Result<Int32, ControlError> {
        var address: sockaddr_un
        do { address = try Self.address(path) } catch { return .failure(error) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(.system("socket", path, errno)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            return .failure(code == ENOENT || code == ECONNREFUSED ? .noDaemon(path) : .system("connect", path, code))
        }
        // Whatever listens there must be our own user's: never hand another user our requests.
        let listener = peer(of: fd)
        guard let listener, listener.uid == getuid() else {
            let owner = listener.map { "uid \($0.uid)" } ?? "an unknown user"
            close(fd)
            return .failure(.foreignPeer(path, owner: owner))
        }
        return .success(fd)
    }

    /// The process at the other end of a connected socket, as the kernel recorded it when the
    /// connection was made (`SO_PEERCRED`): it cannot be forged by what the peer sends.
    struct Peer: Equatable {
        var pid: Int32
        var uid: uid_t
    }

    /// The peer of `fd`, or nil when the kernel does not say.
    static func peer(of fd: Int32) -> Peer? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (Glibc hides it behind _GNU_SOURCE).
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var size = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 else { return nil }
        return Peer(pid: credentials.pid, uid: credentials.uid)
    }

    /// The identity of the file at `path` (device, inode), to unlink only our own socket at exit.
    static func identity(of path: String) -> (dev_t, ino_t)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_dev, info.st_ino)
    }

    /// A `sockaddr_un` in the abstract namespace (`@name`: no file, gone with its holder) and its
    /// length, which for an abstract name counts only the bytes used; a long name is cut to fit.
    static func abstractAddress(_ name: String) -> (address: sockaddr_un, length: socklen_t) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            path[0] = 0  // the abstract namespace
            for (index, byte) in bytes.enumerated() { path[index + 1] = byte }
        }
        let length = MemoryLayout<sa_family_t>.size + 1 + bytes.count
        return (address, socklen_t(length))
    }

    /// A `sockaddr_un` for `path`; a path longer than `sun_path` is an error, never truncated.
    static func address(_ path: String) throws(ControlError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw .pathTooLong(path, limit: capacity - 1) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
            buffer[bytes.count] = 0
        }
        return address
    }
}

/// Why the control socket could not be set up or reached, as one line for the user.
enum ControlError: Error, CustomStringConvertible {
    /// A system call failed on `path`.
    case system(String, String, Int32)
    /// The runtime directory is not a private directory of this user.
    case unsafeDirectory(String, String)
    /// Another daemon answers on the socket.
    case inUse(String)
    /// Nothing listens at the path: no daemon runs on this display.
    case noDaemon(String)
    /// A tool was given no display and `DISPLAY` is not set.
    case noDisplay
    /// The path does not fit a socket address.
    case pathTooLong(String, limit: Int)
    /// The process listening at the path belongs to another user.
    case foreignPeer(String, owner: String)

    var description: String {
        switch self {
        case let .system(call, path, code): "\(call) \(path) failed: \(String(cString: strerror(code)))"
        case let .unsafeDirectory(path, why):
            "will not use \(path) for runtime files (the lock and the control socket): \(why)"
        case .inUse(let path): "another gesturebridge daemon is listening at \(path)"
        case .noDaemon(let path):
            "no gesturebridge daemon is listening at \(path); start it with "
                + "'systemctl --user start gesturebridge' or 'gesturebridge run'"
        case .noDisplay: "no X display: set DISPLAY or pass --display"
        case let .pathTooLong(path, limit): "the socket path \(path) is longer than \(limit) bytes"
        case let .foreignPeer(path, owner):
            "the process listening at \(path) belongs to \(owner), not to you: not talking to it "
                + "(is XDG_RUNTIME_DIR your own private directory?)"
        }
    }
}

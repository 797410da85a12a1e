import GestureConfig
import Glibc

/// Runs `command:` actions without waiting for them, and reaps them when they exit.
///
/// Each command line goes to `/bin/sh -c` exactly as the config file wrote it.
/// The gesture's figures and the window's class and title travel only in
/// environment variables (`CommandEnvironment`), never pasted into the line, so a
/// window titled `$(rm -rf ~)` is just text. The child starts a session of its own
/// (a terminal's hang-up or the daemon's process group never reaches it), gets
/// `/dev/null` for stdin, and for stdout and stderr unless `keepsOutput` (the config's
/// `command-output: log`) gives it the daemon's, whose log then holds what it prints
/// (a command that floods it only fills the log's bounded buffer), inherits no
/// other descriptor, and starts with default signal dispositions and an empty
/// signal mask whatever the daemon set for itself.
///
/// The daemon's loop calls `reapChildren()` when `SIGCHLD` arrives; it only reaps the
/// processes this spawner started.
///
/// The corresponding C calls are `posix_spawn` and `waitpid(pid, WNOHANG)`.
public final class CommandSpawner {
    /// The shell that runs command lines.
    public static let shell = "/bin/sh"

    /// The children not reaped yet.
    public private(set) var running: Set<pid_t> = []

    /// How a reaped child ended.
    public enum Exit: Hashable, Sendable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signaled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Whether commands write to the daemon's stdout and stderr instead of `/dev/null`.
    public var keepsOutput = false

    /// Creates a spawner with no children.
    public init() {}

    /// Starts `/bin/sh -c line` with the current environment plus `environment`, and returns at once.
    ///
    /// - Returns: the child's process id.
    /// - Throws: `X11Error.requestFailed` naming `posix_spawn` and the reason when the system refuses.
    @discardableResult
    public func spawn(_ line: String, environment: [(String, String)] = []) throws(X11Error) -> pid_t {
        try spawn(program: Self.shell, arguments: ["-c", Self.withoutNUL(line)], environment: environment)
    }

    /// Starts `program` (an absolute path) with `arguments`, no shell between, in the same way:
    /// for the daemon's own helpers, such as the desktop notification of a bad reload.
    @discardableResult
    public func spawn(program: String, arguments: [String], environment: [(String, String)] = []) throws(X11Error)
        -> pid_t
    {
        var overridden = Set(environment.map(\.0))
        var variables = environment.map { "\($0.0)=\(Self.withoutNUL($0.1))" }
        var inherited = environ
        while let entry = inherited.pointee {
            let text = String(cString: entry)
            let name = String(text.prefix { $0 != "=" })
            if overridden.insert(name).inserted { variables.append(text) }
            inherited += 1
        }
        let arguments = [program] + arguments.map(Self.withoutNUL)

        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        var defaults = sigset_t(), empty = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        let flags = Self.setsid | Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if !keepsOutput {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        }
        Self.closeInheritedDescriptors(&actions)

        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(variables) { envp in
                posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else {
            throw .requestFailed(
                "posix_spawn of '\(arguments.joined(separator: " "))': \(String(cString: strerror(status)))")
        }
        running.insert(pid)
        return pid
    }

    /// Reaps every child of this spawner that has exited, without blocking.
    ///
    /// - Returns: the reaped children and how each ended, by process id.
    @discardableResult
    public func reapChildren() -> [(pid: pid_t, exit: Exit)] {
        var reaped: [(pid: pid_t, exit: Exit)] = []
        for pid in running {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                running.remove(pid)
                // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
                let signal = status & 0x7f
                reaped.append((pid, signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)))
            } else if result == -1, errno == ECHILD {
                running.remove(pid)
            }
        }
        return reaped
    }

    /// `POSIX_SPAWN_SETSID`, glibc's flag for a new session, hidden from Swift behind `_GNU_SOURCE`.
    static let setsid: Int32 = 0x80

    /// Adds "close every descriptor from 3 up" to the child's actions.
    ///
    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np` does it in the child; Swift's
    /// Glibc module hides it behind `_GNU_SOURCE`, so it is looked up at run time. Without it
    /// (an older glibc), every open descriptor from 3 up is marked close-on-exec instead.
    static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") {
            let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
            if closeFrom(&actions, 3) == 0 { return }
        }
        markDescriptorsCloseOnExec()
    }

    /// Sets `FD_CLOEXEC` on every open descriptor from 3 up, as listed in `/proc/self/fd`.
    static func markDescriptorsCloseOnExec() {
        guard let directory = opendir("/proc/self/fd") else { return }
        defer { closedir(directory) }
        let own = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let fd = Int32(name), fd > 2, fd != own else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// The text with NUL characters dropped: C strings end at the first one.
    static func withoutNUL(_ text: String) -> String {
        text.unicodeScalars.contains("\0")
            ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" })) : text
    }
}

/// Calls `body` with a NULL-terminated array of C strings, as `argv` and `envp` are.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}

import Glibc

/// Where the daemon keeps its per-display runtime files: the single-instance lock and the control socket.
///
/// They live in `$XDG_RUNTIME_DIR/gesturebridge/` (a private tmpfs that the login
/// session owns and empties at logout), or `/tmp/gesturebridge-UID/` without it.
/// One file of each per X display, so a daemon on `:0` and one on `:1` never meet.
struct RuntimePaths: Equatable {
    /// The directory holding the files, created 0700 on first use.
    let directory: String

    /// The runtime directory for this user, from the environment.
    init(environment: [String: String]) {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            directory = runtime + "/gesturebridge"
        } else {
            directory = "/tmp/gesturebridge-\(getuid())"
        }
    }

    /// The single-instance lock file for a display.
    func lock(display: String) -> String { "\(directory)/\(Self.fileStem(display: display)).lock" }

    /// The control socket for a display.
    func socket(display: String) -> String { "\(directory)/\(Self.fileStem(display: display)).sock" }

    /// A file-name-safe form of a display name: ":0" and ":0.0" both give "display-0".
    ///
    /// The screen number is dropped because one daemon serves a whole display; a host
    /// part is kept ("localhost:10" → "display-localhost-10"), as SSH forwarding uses it.
    static func fileStem(display: String) -> String {
        var name = Substring(display)
        if let colon = name.lastIndex(of: ":"), let dot = name[colon...].firstIndex(of: ".") {
            name = name[..<dot]
        }
        let safe = name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }
        var stem = String(safe)
        while stem.hasPrefix("-") { stem.removeFirst() }
        return "display-" + (stem.isEmpty ? "default" : stem)
    }

    /// Creates the directory if needed, private to this user; throws if it is not a directory we own.
    func prepare() throws(DaemonError) {
        if mkdir(directory, 0o700) != 0, errno != EEXIST { throw .system("mkdir \(directory)", errno) }
        var info = stat()
        guard lstat(directory, &info) == 0 else { throw .system("stat \(directory)", errno) }
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else {
            throw .unsafeRuntimeDirectory(directory)
        }
        if info.st_mode & 0o077 != 0 { _ = chmod(directory, 0o700) }
    }
}

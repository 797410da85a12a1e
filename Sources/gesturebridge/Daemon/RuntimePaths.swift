import Glibc

/// Where the daemon keeps its per-display runtime files: the control socket, and the instance lock.
///
/// The directory is `$XDG_RUNTIME_DIR/gesturebridge` (the session's private tmpfs,
/// which logind removes at logout), else `/tmp/gesturebridge-UID`. Files are named
/// after the X display, sanitized to a file name: `:0`, `:0.0` and `unix:0` are all `0`,
/// `localhost:10.0` is `localhost_10`. Everyone who needs a path asks this type, so
/// the daemon, its clients and its lock always agree.
struct RuntimePaths: Equatable {
    /// The directory holding the files; created by `prepareDirectory()`.
    let directory: String

    /// Paths for this process's environment and user.
    ///
    /// Without `XDG_RUNTIME_DIR` the folder is `/tmp/gesturebridge-UID`, a name another local
    /// user can take first (a folder or a link of theirs): then it is
    /// `$HOME/.cache/gesturebridge/runtime`, which only you can make. Daemon and tools decide
    /// alike, so they still meet. `temporary` is `/tmp` but for the tests.
    init(environment: [String: String], uid: uid_t = getuid(), temporary: String = "/tmp") {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            directory = runtime + "/gesturebridge"
            return
        }
        let shared = "\(temporary)/gesturebridge-\(uid)"
        var info = stat()
        let takenByAnother =
            lstat(shared, &info) == 0 && (info.st_mode & S_IFMT != S_IFDIR || info.st_uid != uid)
        if takenByAnother, let home = environment["HOME"], home.hasPrefix("/") {
            directory = home + "/.cache/gesturebridge/runtime"
        } else {
            directory = shared
        }
    }

    /// Paths for this process: `XDG_RUNTIME_DIR` (and `HOME`) from its environment.
    static var current: RuntimePaths {
        var environment: [String: String] = [:]
        for name in ["XDG_RUNTIME_DIR", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return RuntimePaths(environment: environment)
    }

    /// The control socket for `display`, which `gesturebridge monitor` and `record` connect to.
    func socket(display: String) -> String {
        "\(directory)/\(Self.fileName(display: display)).sock"
    }

    /// The single-instance lock file for `display`.
    func lock(display: String) -> String {
        "\(directory)/\(Self.fileName(display: display)).lock"
    }

    /// A display name as a file name: the screen number dropped (every screen is one
    /// server), the leading colon dropped, and anything but letters, digits, `.`, `-`
    /// and `_` turned into `_`.
    static func fileName(display: String) -> String {
        var name = Substring(display)
        // "unix:D" is ":D" spelled out: the same local server.
        if name.hasPrefix("unix:") { name = name.dropFirst(4) }
        // "host:D.S": the screen S does not make another daemon.
        if let colon = name.lastIndex(of: ":"), let dot = name[colon...].firstIndex(of: ".") {
            name = name[..<dot]
        }
        if name.first == ":" { name = name.dropFirst() }
        let safe = String(
            name.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_": Character(scalar)
                default: "_"
                }
            })
        return safe.isEmpty || safe.allSatisfy({ $0 == "." }) ? "_" : safe
    }

    /// Creates the directory with mode 0700 if needed, and checks that it is a private directory of ours.
    ///
    /// In the `/tmp` fallback another user could have made the directory first, or put
    /// a symlink there: the check refuses anything that is not our own directory.
    func prepareDirectory() throws(ControlError) {
        // XDG_RUNTIME_DIR itself exists (logind made it); only our subdirectory may be missing.
        // The fallback in the home folder may lack its parents (~/.cache/gesturebridge).
        var parent = ""
        for component in directory.split(separator: "/").dropLast() {
            parent += "/" + component
            if access(parent, F_OK) != 0 { mkdir(parent, 0o700) }
        }
        if mkdir(directory, 0o700) != 0, errno != EEXIST { throw .system("mkdir", directory, errno) }
        var info = stat()
        guard lstat(directory, &info) == 0 else { throw .system("stat", directory, errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .unsafeDirectory(directory, "it is not a directory") }
        guard info.st_uid == getuid() else { throw .unsafeDirectory(directory, "another user owns it") }
        if info.st_mode & 0o077 != 0 {
            // Ours but open to others (an old umask): make it private rather than give up.
            guard chmod(directory, 0o700) == 0 else { throw .system("chmod", directory, errno) }
        }
    }
}

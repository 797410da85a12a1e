import Glibc

/// Finds the configuration file by the XDG Base Directory rules.
///
/// The user's file is `$XDG_CONFIG_HOME/gesturebridge/config.yaml`, with
/// `XDG_CONFIG_HOME` defaulting to `~/.config`. Failing that, each directory of
/// `$XDG_CONFIG_DIRS` (default `/etc/xdg`) is tried in order. As the specification
/// says, empty and relative paths in these variables are ignored.
public struct ConfigLocator: Sendable {
    /// The file's path below each configuration directory.
    public static let relativePath = "gesturebridge/config.yaml"

    /// The environment to read `HOME`, `XDG_CONFIG_HOME` and `XDG_CONFIG_DIRS` from.
    public var environment: [String: String]
    /// Whether a regular file exists at a path; replaceable for tests.
    public var fileExists: @Sendable (String) -> Bool

    /// Creates a locator over an environment (the process's by default) and a file test
    /// (the file system's by default).
    public init(
        environment: [String: String] = ProcessEnvironment.current,
        fileExists: @escaping @Sendable (String) -> Bool = ConfigLocator.isRegularFile
    ) {
        self.environment = environment
        self.fileExists = fileExists
    }

    /// The user's configuration directory: `$XDG_CONFIG_HOME`, or `$HOME/.config`.
    public var configHome: String {
        if let home = absolute(environment["XDG_CONFIG_HOME"]) { return home }
        return join(userHome, ".config")
    }

    /// The user's home: `$HOME`, or the password database's entry when it is unset or relative.
    public var userHome: String {
        absolute(environment["HOME"]) ?? Self.passwordHome() ?? "/"
    }

    /// The user's state directory: `$XDG_STATE_HOME`, or `$HOME/.local/state`.
    public var stateHome: String {
        absolute(environment["XDG_STATE_HOME"]) ?? join(userHome, ".local/state")
    }

    /// The system configuration directories: `$XDG_CONFIG_DIRS`, or `/etc/xdg`.
    public var configDirectories: [String] {
        let listed = (environment["XDG_CONFIG_DIRS"] ?? "")
            .split(separator: ":")
            .compactMap { absolute(String($0)) }
        return listed.isEmpty ? ["/etc/xdg"] : listed
    }

    /// Every place the file may be, in the order they are tried; the first is the user's file.
    public var candidates: [String] {
        ([configHome] + configDirectories).map { join($0, Self.relativePath) }
    }

    /// The user's file, where a new configuration belongs.
    public var userConfigPath: String {
        join(configHome, Self.relativePath)
    }

    /// The first candidate that exists, or nil when there is none.
    public func locate() -> String? {
        candidates.first(where: fileExists)
    }

    /// Whether a regular file (or a link to one) exists at `path`.
    @Sendable public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The home directory the password database gives the user, for a session without `HOME`.
    private static func passwordHome() -> String? {
        getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } }
    }

    /// The value if it is an absolute path, without trailing slashes; nil otherwise.
    private func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        var trimmed = Substring(value)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// `directory/name`, without a doubled slash after `/`.
    private func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Where an edit of the config (`pick --add`, the settings app) is written, and the file it
    /// starts from: the file named, else the user's file, which starts as a copy of the system's
    /// when the user has none yet (the system's is never written).
    public func editTarget(explicit: String?) -> (target: String, source: String?) {
        if let explicit { return (explicit, access(explicit, F_OK) == 0 ? explicit : nil) }
        let user = userConfigPath
        if access(user, F_OK) == 0 { return (user, user) }
        return (user, locate())
    }
}

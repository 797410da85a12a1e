import Foundation

/// A throwaway home directory to install into, with an environment that points at it.
///
/// The environment has no session bus and no runtime directory, so the installer never
/// reaches a real systemd user manager, and no XDG_* overrides, so the defaults under the
/// temporary HOME apply.
struct TemporaryHome: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gb-home-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }
    /// The default per-user prefix, ~/.local.
    var prefix: String { path + "/.local" }
    /// The user's config file, as ConfigLocator finds it.
    var config: String { path + "/.config/gesturebridge/config.yaml" }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "DISPLAY"] {
            environment[name] = nil
        }
        environment["HOME"] = path
        return environment
    }

    /// Every file a per-user install writes, except the config.
    var installedFiles: [String] {
        [
            prefix + "/bin/gesturebridge",
            prefix + "/share/man/man1/gesturebridge.1",
            prefix + "/share/man/man5/gesturebridge.yaml.5",
            prefix + "/share/bash-completion/completions/gesturebridge",
            prefix + "/share/zsh/site-functions/_gesturebridge",
            prefix + "/share/fish/vendor_completions.d/gesturebridge.fish",
            prefix + "/share/systemd/user/gesturebridge.service",
            path + "/.config/autostart/gesturebridge.desktop",
            prefix + "/bin/gesturebridge-settings",
            path + "/.local/share/applications/io.github.gesturebridge.Settings.desktop",
            path + "/.local/share/icons/hicolor/scalable/apps/io.github.gesturebridge.Settings.svg"
        ]
    }

    /// Runs Packaging/install.sh with the debug binary into this home's prefix.
    func install(_ extra: [String] = []) throws -> ScriptRun {
        try ScriptRun.run(
            ScriptRun.repositoryRoot.path + "/Packaging/install.sh",
            ["--prefix", prefix, "--binary", ScriptRun.builtBinary.path]
                + (extra.contains("--no-settings") ? [] : ["--settings-binary", ScriptRun.builtSettingsBinary.path])
                + extra,
            environment: environment)
    }

    /// Runs the installed binary. The debug build loads the malloc interposer from beside the
    /// build products, so that directory is on the library path (release builds need none).
    func runInstalled(_ arguments: [String]) throws -> ScriptRun {
        var environment = environment
        environment["LD_LIBRARY_PATH"] = ScriptRun.builtBinary.deletingLastPathComponent().path
        return try ScriptRun.run(prefix + "/bin/gesturebridge", arguments, environment: environment)
    }
}

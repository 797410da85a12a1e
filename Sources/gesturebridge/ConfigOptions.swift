import ArgumentParser
import Foundation

/// The `--config FILE` option shared by the subcommands, and where the config is found without it.
struct ConfigOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "The config file to use.",
            discussion: """
                Default: $XDG_CONFIG_HOME/gesturebridge/config.yaml ($XDG_CONFIG_HOME defaults to \
                ~/.config), else /etc/xdg/gesturebridge/config.yaml.
                """,
            valueName: "file"))
    var path: String?

    /// The config file to load: the `--config` path, else the first default location that exists.
    ///
    /// Nil means no file: the built-in defaults apply.
    func resolvedPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let path { return path }
        return ConfigOptions.defaultConfigPath(environment: environment) { FileManager.default.fileExists(atPath: $0) }
    }

    // Stands in for GestureConfig's ConfigLocator until the integration step swaps it in.
    private static func defaultConfigPath(environment: [String: String],
                                          exists: (String) -> Bool) -> String? {
        // The XDG base directory spec: an unset, empty or relative XDG_CONFIG_HOME means ~/.config.
        var configHome = environment["XDG_CONFIG_HOME"] ?? ""
        if !configHome.hasPrefix("/"), let home = environment["HOME"], !home.isEmpty {
            configHome = home + "/.config"
        }
        let candidates = (configHome.hasPrefix("/") ? [configHome + "/gesturebridge/config.yaml"] : [])
            + ["/etc/xdg/gesturebridge/config.yaml"]
        return candidates.first(where: exists)
    }
}

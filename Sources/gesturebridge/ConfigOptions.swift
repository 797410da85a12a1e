import Glibc
import GestureConfig

/// The `--config FILE` option shared by the subcommands, and where the config is found without it.
struct ConfigOptions {

    static let config = CommandParameter.option(
        "config", valueName: "file", help: "The config file to use.",
        discussion: """
            Default: $XDG_CONFIG_HOME/gesturebridge/config.yaml ($XDG_CONFIG_HOME defaults to \
            ~/.config), else /etc/xdg/gesturebridge/config.yaml.
            """,
        completion: .file)

    static let parameters: [CommandParameter] = [
        config
    ]

    var path: String?

    init(path: String? = nil) { self.path = path }

    init(_ arguments: ParsedArguments) { path = arguments.string(Self.config) }

    /// The config file to load: the `--config` path, else the first default location that exists.
    func resolvedPath(environment: [String: String] = ProcessEnvironment.current) -> String? {
        if let path { return path }
        return ConfigLocator(environment: environment).locate()
    }

    /// Loads and validates the config, printing its warnings; a user error exits 1 with one line per problem.
    func load() throws -> (Configuration, path: String) {
        let path = try requiredPath()
        do {
            let configuration = try ConfigLoader.load(path: path)
            // A warning's text says "warning:" already.
            for warning in configuration.warnings { printError("\(warning)") }
            return (configuration, path)
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
    }

    /// The config file to use; without one, says where to put it and exits 1.
    func requiredPath() throws -> String {
        guard let path = resolvedPath() else {
            let locator = ConfigLocator(environment: ProcessEnvironment.current)
            printError(
                """
                gesturebridge: no config file found (looked for \(locator.candidates.joined(separator: ", "))).
                Write one at \(locator.userConfigPath) (gesturebridge.yaml(5) has examples \
                under EXAMPLES), or pass --config FILE.
                """)
            throw ExitCode.failure
        }
        return path
    }
}

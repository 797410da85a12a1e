import GestureConfig
import Logging
import ControlStreams

/// `gesturebridge check`: validates a config file without running anything.
struct CheckCommand: Subcommand {
    static let name = "check"
    static let abstract = "Check a config file and report every problem with its line and column."
    static let discussion = """
        Loads the config the daemon would load (or the one given with --config), validates \
        every binding, and exits 0 when it is valid. Each problem (up to 50) is printed as \
        FILE:LINE:COLUMN: problem, with what to write instead, in file order; bindings that \
        can never fire (an identical one hides them) are problems too. Warnings are printed \
        but do not fail the check; among them, an apps: entry none of whose names is the \
        WM_CLASS of an open window (on $DISPLAY, when it can be opened) or a name an \
        installed application's .desktop file gives (StartupWMClass, its program, its file \
        name), and a name that matches nothing but is close to one that does.
        """

    static let parameters = ConfigOptions.parameters

    var config: ConfigOptions

    init(_ arguments: ParsedArguments) { config = ConfigOptions(arguments) }

    func run() throws {
        LogSetup.bootstrap(verbose: false)
        let logger = Logger(label: "gesturebridge.check")
        let (configuration, path) = try config.load()
        let environment = ProcessEnvironment.current
        let connection = AppNames.quietConnection(displayName: environment["DISPLAY"])
        for warning in AppNames.report(for: configuration, connection: connection, environment: environment).warnings {
            printError("\(warning)")
        }
        let bindings = configuration.allBindings
        logger.debug("config: \(path)")
        print(
            "\(path): OK, \(Wording.count(bindings.count, "binding")) (\(configuration.screenBindings.count) on the screen, "
                + "\(Wording.count(configuration.edges.count, "edge")), \(Wording.count(configuration.apps.count, "app")))"
        )
    }
}

import Glibc

// gesturebridge-settings: the graphical settings app, in GTK 4 and libadwaita over their C API
// (Sources/CGtk). A separate executable so the daemon never links GTK.

/// What went wrong, rendered in one place: on stderr for the command line, in the window otherwise.
enum SettingsProblem: Error, CustomStringConvertible {
    case usage(String)
    case config(String)
    case tool(String)

    var description: String {
        switch self {
        case .usage(let problem), .config(let problem), .tool(let problem): problem
        }
    }
}

/// What the command line says.
struct Options {
    var configPath: String?
    var showHelp = false

    static let usage = """
        USAGE: gesturebridge-settings [--config <file>]

        Shows the gestures the GestureBridge config binds, grouped as the file groups them, and
        changes them: perform a gesture to bind it, touch a window to pick its app, press the keys
        it should type. Saving rewrites only the lines of the binding that changed, through a
        temporary file and a rename; the running daemon reloads it.

        OPTIONS:
          --config <file>   The config file to edit. Default: your own,
                            $XDG_CONFIG_HOME/gesturebridge/config.yaml (made from the system's,
                            /etc/xdg/gesturebridge/config.yaml, at the first save).
          -h, --help        Show this help.
        """

    static func parse(_ arguments: [String]) -> Result<Options, SettingsProblem> {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": options.showHelp = true
            case "--config":
                guard let path = rest.popFirst() else { return .failure(.usage("--config needs a file")) }
                options.configPath = path
            default: return .failure(.usage("unknown argument '\(argument)'"))
            }
        }
        return .success(options)
    }
}

switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let problem):
    let message = "gesturebridge-settings: \(problem)\n\(Options.usage)\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(64)
case .success(let options) where options.showHelp:
    print(Options.usage)
case .success(let options):
    exit(SettingsApp(configPath: options.configPath).run())
}

import Glibc

/// The `gesturebridge` command: UIKit-faithful touchscreen and touchpad gestures for the X11 desktop.
///
/// Each subcommand lives in its own file: the daemon (`run`), the setup tools (`doctor`,
/// `devices`, `pick`, `check`, `monitor`), traces (`record`, `replay`), `bench` and `autostart`.
/// The command line is read here, by the small parser in CommandLine/ (swift-argument-parser
/// brought Foundation's 4 MB into the binary, see DEVELOPERS.md), and its errors are shown here.
@main
enum GestureBridge {
    static let name = "gesturebridge"
    /// The version `--version` prints; the only place it is written.
    static let version = "0.1.0"

    static let abstract = "UIKit-faithful touchscreen and touchpad gestures for the X11 desktop."
    static let discussion = """
        GestureBridge recognizes taps, long presses, pans, swipes, pinches and rotations \
        with the semantics of UIKit's gesture recognizers, and binds them to actions such \
        as key chords, desktop switches and commands, per window class.

        'run' is the daemon; 'make install' sets it up to start with every graphical \
        session (systemd user unit, or XDG autostart), one per display.

        Setting up: 'doctor' checks the display, devices, touch grab, config, service and \
        conflicting gesture daemons, and says how to fix each problem; 'devices' lists the \
        touchscreens and touchpads and the monitor each is mapped to; 'pick' names the \
        window you touch and prints a per-app config snippet for it; 'check' validates \
        the config with line and column; 'monitor' shows live what the running daemon sees \
        and does.

        Trying and reporting: 'try' shows each gesture's candidates live and why one did \
        not fire, and with --bind prints the gesture as a binding; 'record' saves live \
        touches with the window layout as a trace; 'replay' runs the real engine and config over a trace on a virtual clock \
        and prints what would happen, without touching any display.

        The config is read from $XDG_CONFIG_HOME/gesturebridge/config.yaml, falling back \
        to /etc/xdg/gesturebridge/config.yaml. See gesturebridge(1).
        """

    static let subcommands: [any Subcommand.Type] = [
        RunCommand.self, CheckCommand.self, ReplayCommand.self, DevicesCommand.self, PickCommand.self,
        DoctorCommand.self, MonitorCommand.self, TryCommand.self, RecordCommand.self, BenchCommand.self,
        AutostartCommand.self
    ]

    /// What a command line asks for.
    enum Invocation {
        case run(any Subcommand)
        /// Help text for standard output.
        case help(String)
        case version
        case completionScript(CompletionScript.Shell)

        /// The subcommand to run, if that is what was asked.
        var command: (any Subcommand)? {
            if case .run(let command) = self { return command }
            return nil
        }
    }

    /// Reads a command line (without the program's name).
    static func parse(_ words: [String]) throws(CommandLineError) -> Invocation {
        guard let first = words.first else { return .help(rootHelp) }
        let rest = Array(words.dropFirst())
        switch first {
        case "-h", "--help":
            return .help(rootHelp)
        case "-V", "--version":
            return .version
        case "--generate-completion-script":
            guard let word = rest.first else { throw .missingValue("--generate-completion-script <shell>") }
            guard let shell = CompletionScript.Shell(rawValue: word) else {
                throw .invalidValue(option: "--generate-completion-script", value: word, expected: "bash, zsh or fish")
            }
            if rest.count > 1 { throw .unexpectedArgument(rest[1]) }
            return .completionScript(shell)
        case "help":
            guard let name = rest.first else { return .help(rootHelp) }
            guard let command = subcommand(named: name) else { throw .unknownSubcommand(name) }
            if rest.count > 1 { throw .unexpectedArgument(rest[1]) }
            return .help(HelpText.subcommand(command))
        default:
            guard let command = subcommand(named: first) else {
                throw first.hasPrefix("-") ? .unknownOption(first) : .unknownSubcommand(first)
            }
            let options = rest.prefix { $0 != "--" }
            if options.contains("-h") || options.contains("--help") { return .help(HelpText.subcommand(command)) }
            return .run(try command.init(ParsedArguments(rest, parameters: command.parameters)))
        }
    }

    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.name == name }
    }

    static var rootHelp: String {
        HelpText.root(abstract: abstract, discussion: discussion, subcommands: subcommands)
    }

    /// A usage error as shown: the problem, the usage of the subcommand named, and where help is.
    static func usageMessage(_ error: CommandLineError, words: [String]) -> String {
        guard let command = words.first.flatMap(subcommand(named:)) else {
            return "\(name): \(error)\nUsage: \(name) <subcommand>\nSee '\(name) --help'."
        }
        return """
            \(name) \(command.name): \(error)
            \(HelpText.usage(command, lead: "Usage: "))
            See '\(name) \(command.name) --help'.
            """
    }

    static func main() {
        let words = Array(CommandLine.arguments.dropFirst())
        do {
            switch try parse(words) {
            case .run(let command): try command.run()
            case .help(let text): print(text, terminator: "")
            case .version: print(version)
            case .completionScript(let shell):
                print(CompletionScript.script(for: shell, subcommands: subcommands), terminator: "")
            }
        } catch let error as CommandLineError {
            printError(usageMessage(error, words: words))
            exit(ExitCode.usage.status)
        } catch let code as ExitCode {
            exit(code.status)
        } catch {
            printError("\(name): \(error)")
            exit(ExitCode.failure.status)
        }
    }
}

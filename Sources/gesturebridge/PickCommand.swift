import GestureConfig
import Glibc
import X11Bridge

/// `gesturebridge pick`: names the next window touched or clicked, and prints a config snippet for it.
struct PickCommand: Subcommand {
    static let name = "pick"
    static let abstract = "Touch or click a window to print its WM_CLASS, instance and title, and a config snippet."
    static let discussion = """
        Grabs the pointer with a crosshair cursor, as xprop and xwininfo do, and waits for the \
        next click or touch on a window (a touch no gesture wants reaches it as a click, with or \
        without a running daemon). It then prints the window's class, instance, title and \
        geometry as comments, and an entry for its class with an example binding, to paste \
        under the apps: line of a config. With --add, puts that entry in the config instead \
        (under apps:, which it adds if there is none), keeping every other line, and only if \
        the result loads without errors; a running daemon reloads it. Without --config that \
        is your own config: where you have none yet, the system's is copied to it first, and \
        the system's is never written. Escape or a right click \
        cancels (exit 1).
        """

    static let add = CommandParameter.flag(
        "add",
        help:
            "Add the window's entry to the config (the one --config names, or the one found) instead of printing it."
    )
    static let timeout = CommandParameter.option(
        "timeout", valueName: "seconds",
        help: "Give up after this many seconds (exit 1); default: wait for ever.")

    static let parameters =
        DisplayOptions.parameters + ConfigOptions.parameters + [
            add,
            timeout
        ]

    var displayOptions: DisplayOptions
    var config: ConfigOptions
    var add: Bool
    var timeout: Double?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        displayOptions = DisplayOptions(arguments)
        config = ConfigOptions(arguments)
        add = arguments.flag(Self.add)
        timeout = try arguments.number(Self.timeout)
        if let timeout, !(timeout > 0 && timeout.isFinite) {
            throw .invalid(
                "--timeout needs a positive number of seconds (found \(arguments.string(Self.timeout) ?? ""))")
        }
    }

    func run() throws {
        let connection = try displayOptions.connect()
        let picker = WindowPicker(connection: connection)
        let outcome: PickOutcome
        do {
            outcome = try picker.pick(timeout: timeout) {
                printError("Touch or click the window to pick (Escape or a right click cancels)…")
            }
        } catch {
            printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
        switch outcome {
        case .picked(let window):
            guard add else {
                print(PickSnippet.text(for: window), terminator: "")
                return
            }
            try addEntry(for: window)
        case .noWindow:
            printError("gesturebridge: that was the desktop, not an application window; nothing picked")
            throw ExitCode.failure
        case .cancelled:
            printError("gesturebridge: pick cancelled")
            throw ExitCode.failure
        case .timedOut:
            printError("gesturebridge: nothing was picked within \(timeout ?? 0) s")
            throw ExitCode.failure
        }
    }

    /// `--add`: the entry into the config file, written whole (a temporary file renamed over it).
    private func addEntry(for window: PickedWindow) throws {
        guard let key = PickSnippet.key(for: window) else {
            printError(
                "gesturebridge: this window has no WM_CLASS: per-application bindings cannot name it")
            throw ExitCode.failure
        }
        let environment = ProcessEnvironment.current
        let (target, source) = ConfigLocator(environment: environment).editTarget(explicit: config.path)
        let path = target
        let text: String
        do {
            // The daemon's bounded read: a regular UTF-8 file of at most 1 MiB.
            if let source { text = try ConfigFile.read(source) } else { text = "" }
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
        let merged: String
        do {
            merged = try PickMerge.add(entry: PickSnippet.entry(forKey: key), key: key, to: text, file: path)
        } catch {
            printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
        do {
            try OutputFile.replaceConfig(path, with: merged)
        } catch {
            printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
        if let source, source != target {
            print("copied \(source) to \(path), your own config from now on (the system's is left as it is)")
        }
        print(
            "added apps entry \(PickSnippet.quoted(key)) with binding '\(PickSnippet.bindingName(key))-back' to \(path)"
        )
    }
}

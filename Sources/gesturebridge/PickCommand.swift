import ArgumentParser
import X11Bridge

/// `gesturebridge pick`: names the next window touched or clicked, and prints a config snippet for it.
struct PickCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Touch or click a window to print its WM_CLASS, instance and title, and a config snippet.",
        discussion: """
            Grabs the pointer with a crosshair cursor, as xprop and xwininfo do, and waits for the \
            next click or touch on a window (a touch no gesture wants reaches it as a click, with or \
            without a running daemon). It then prints the window's class, instance, title and \
            geometry as comments, and an apps: entry for its class with an example binding: valid \
            YAML that 'gesturebridge check' accepts. Escape or a right click cancels (exit 1).
            """)

    @OptionGroup var displayOptions: DisplayOptions

    @Option(
        help: ArgumentHelp("Give up after this many seconds (exit 1); default: wait for ever.", valueName: "seconds"))
    var timeout: Double?

    func validate() throws {
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout needs a positive number of seconds") }
    }

    func run() throws {
        let connection = try displayOptions.connect()
        let picker = WindowPicker(connection: connection)
        let outcome: PickOutcome
        do {
            outcome = try picker.pick(timeout: timeout) {
                ReplayCommand.printError("Touch or click the window to pick (Escape or a right click cancels)…")
            }
        } catch {
            ReplayCommand.printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
        switch outcome {
        case .picked(let window):
            print(PickSnippet.text(for: window), terminator: "")
        case .noWindow:
            ReplayCommand.printError("gesturebridge: that was the desktop, not an application window; nothing picked")
            throw ExitCode.failure
        case .cancelled:
            ReplayCommand.printError("gesturebridge: pick cancelled")
            throw ExitCode.failure
        case .timedOut:
            ReplayCommand.printError("gesturebridge: nothing was picked within \(timeout ?? 0) s")
            throw ExitCode.failure
        }
    }
}

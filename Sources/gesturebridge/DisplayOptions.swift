import ArgumentParser
import X11Bridge

/// The `--display` option of the tools that talk to the X server, and the connection it opens.
struct DisplayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The X display; default $DISPLAY.", valueName: "display"))
    var display: String?

    /// Opens the display; a failure prints one line and exits 1.
    func connect() throws -> X11Connection {
        do {
            return try X11Connection(displayName: display)
        } catch {
            ReplayCommand.printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
    }
}

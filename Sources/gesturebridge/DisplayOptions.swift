import X11Bridge

/// The `--display` option of the tools that talk to the X server, and the connection it opens.
struct DisplayOptions {
    static let display = CommandParameter.option(
        "display", valueName: "display", help: "The X display; default $DISPLAY.", completion: .displays)

    static let parameters: [CommandParameter] = [
        display
    ]

    var display: String?

    init(_ arguments: ParsedArguments) { display = arguments.string(Self.display) }

    /// Opens the display; a failure prints one line and exits 1.
    func connect() throws -> X11Connection {
        do {
            return try X11Connection(displayName: display)
        } catch {
            printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
    }
}

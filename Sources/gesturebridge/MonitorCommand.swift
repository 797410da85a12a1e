import GestureConfig
import GestureEngine
import GestureReplay
import JSON
import ControlStreams

/// `gesturebridge monitor`: shows live what the running daemon sees and does.
struct MonitorCommand: Subcommand {
    static let name = "monitor"
    static let abstract = "Show live what the running daemon sees and does."
    static let discussion = """
        Connects to the daemon of the display through its control socket \
        ($XDG_RUNTIME_DIR/gesturebridge/DISPLAY.sock) and prints one line per event, with \
        the seconds since it connected: touches (down, move, up, in screen pixels), every \
        recognizer transition as the daemon's --verbose log writes it ([name] possible → \
        began (cause)), each touch's delivery decision (accepted: a gesture keeps it; \
        rejected: the application gets it), the actions performed with their outcome, \
        window layout changes, config reloads and touch devices coming and going.

        A touch's moves are shown at most ten times a second, and its up line counts them; \
        --moves shows every one. --json prints JSON Lines instead: a hello line, then touch \
        lines as in a replay trace, and "recognizer", "delivery", "action", "scene", \
        "reload" and "device" lines. Ends on Ctrl-C (exit 0) or when the daemon goes away \
        (exit 1, saying so). A monitor that stops reading is dropped by the daemon, which \
        never waits for it.
        """

    static let json = CommandParameter.flag("json", help: "Print JSON Lines instead of text.")
    static let moves = CommandParameter.flag("moves", help: "Show every touch move, not a few per second.")
    static let display = CommandParameter.option(
        "display", valueName: "display", help: "The X display whose daemon to watch; default $DISPLAY.")

    static let parameters: [CommandParameter] = [
        json,
        moves,
        display
    ]

    var json: Bool
    var moves: Bool
    var display: String?

    init(_ arguments: ParsedArguments) {
        json = arguments.flag(Self.json)
        moves = arguments.flag(Self.moves)
        display = arguments.string(Self.display)
    }

    func run() throws {
        let connection = try DaemonConnection.open(display: display, request: .monitor(json: json, moves: moves))
        let output = OutputFile.standardOutput
        var isFirst = true
        let end = connection.readLines { line in
            defer { isFirst = false }
            return output.write((isFirst && !json ? MonitorStream.greeting(hello: line) : line) + "\n")
        }
        try DaemonConnection.finish(end)
    }

}

import GestureConfig
import GestureReplay
import X11Bridge
import ControlStreams

/// `gesturebridge try`: try gestures live against the running daemon, and see why one did not fire.
struct TryCommand: Subcommand {
    static let name = "try"
    static let abstract = "Try gestures live: each candidate's state as it changes, and why one failed."
    static let discussion = """
        Connects to the daemon of the display through its control socket and asks it to \
        draw every touch on the screen (an amber mark under each finger) while this runs. \
        Then, for every gesture you make, it prints the touches landing and lifting (a lift \
        when the finger lifts, also after the touch was handed to an application), each \
        binding that is a candidate as its recognizer begins, is recognized, waits for \
        another to fail or fails, with the reason and the limit ("moved 52 pt, more than \
        the 45 pt a tap allows", "2 fingers when the finger window closed, a swipe wants \
        3", "'edge-back' was recognized first"; a reason several bindings share is printed \
        once, naming them), what a binding that acts at the lift will do, and the actions. \
        While it runs, the daemon performs no action: each is shown as it would have run \
        ("not performed in a dry run; --act performs it"); with --act they run as always. Touches no \
        gesture wants reach the applications either way, and a touch another client's grab \
        takes (an open menu, a drag, a screen locker) is said.

        With --bind, each gesture is also named by its kind, fingers and direction and \
        printed as a binding, ready to paste under gestures: in the config, whether or not \
        a binding matches it yet. Ctrl-C stops (exit 0); the marks go away with it. Ends \
        with exit 1 when the daemon goes away.
        """

    static let bind = CommandParameter.flag("bind", help: "After each gesture, print it as a binding for the config.")
    static let act = CommandParameter.flag("act", help: "Perform the actions too, as the daemon does when no try runs.")
    static let duration = CommandParameter.option(
        "duration", valueName: "seconds", help: "Stop after this many seconds.")
    static let display = CommandParameter.option(
        "display", valueName: "display", help: "The X display whose daemon to try; default $DISPLAY.")

    static let parameters: [CommandParameter] = [
        bind,
        act,
        duration,
        display
    ]

    var bind: Bool
    var act: Bool
    var duration: Double?
    var display: String?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        bind = arguments.flag(Self.bind)
        act = arguments.flag(Self.act)
        duration = try arguments.seconds(Self.duration)
        display = arguments.string(Self.display)
    }

    func run() throws {
        let connection = try DaemonConnection.open(display: display, request: .tryOut(acts: act))
        let output = OutputFile.standardOutput
        var transcript = TryTranscript(binds: bind)
        let start = MonotonicClock.now()
        let end = connection.readLines(
            until: duration.map { start + $0 },
            { line in transcript.lines(for: line).allSatisfy { output.write($0 + "\n") } },
            whenQuiet: { transcript.idle().allSatisfy { output.write($0 + "\n") } })
        try DaemonConnection.finish(end)
    }
}

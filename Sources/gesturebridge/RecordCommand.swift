import GestureEngine
import GestureReplay
import X11Bridge

/// `gesturebridge record FILE`: records live touches, with the window layout, as a replay trace.
struct RecordCommand: Subcommand {
    static let name = "record"
    static let abstract = "Record live touches, with the window layout, as a trace for replay."
    static let discussion = """
        Connects to the daemon of the display through its control socket and writes what \
        it receives as a trace in the replay format (JSON Lines): first a header with the \
        screen size and dpi, the windows top-most first (id, class, instance, title, \
        geometry) and the active window as they are when recording starts, then one line \
        per touch event (and touchpad gesture event), with "t" in seconds from the first. \
        A touch already down when recording starts is left out. Every line is written as \
        it arrives, so the file is a complete, valid trace whenever recording stops: on \
        Ctrl-C, after --duration, or when the daemon goes away (exit 1, saying so).

        At exit a summary on stderr says how many touch sequences and lines were recorded, \
        and how to replay the trace against the daemon's config: \
        gesturebridge replay FILE --config CONFIG. Attach it to a bug report as it is.
        """

    static let parameters: [CommandParameter] = [
        .argument("file", help: "The trace file to write (replaced if it exists), or - for standard output."),
        .option("duration", valueName: "seconds", help: "Stop after this many seconds."),
        .option("display", valueName: "display", help: "The X display whose daemon to record from; default $DISPLAY.")
    ]

    var file: String
    var duration: Double?
    var display: String?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        file = arguments.argument("file")
        duration = try arguments.seconds("duration")
        display = arguments.string("display")
    }

    func run() throws {
        let connection = try ControlConnection.open(display: display, request: .record)
        let output: OutputFile
        do {
            output = try OutputFile.create(file)
        } catch {
            ReplayCommand.printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
        defer { output.close() }
        let start = MonotonicClock.now()
        var summary = Summary()
        let end = connection.readLines(until: duration.map { start + $0 }) { line in
            guard summary.hello != nil else {
                summary.hello = try? JSONValue(parsing: line)
                return true
            }
            summary.count(line)
            return output.write(line + "\n")
        }
        ReplayCommand.printError(summary.report(file: file, seconds: MonotonicClock.now() - start))
        switch end {
        case .interrupted, .timeUp:
            return
        case .outputFailed:
            ReplayCommand.printError(
                "gesturebridge: writing \(output.name) failed; the trace stops at its last whole line")
            throw ExitCode.failure
        case .closed(let notice):
            ReplayCommand.printError(
                "gesturebridge: " + (notice ?? "the daemon went away")
                    + "; the trace is complete up to here")
            throw ExitCode.failure
        }
    }

    /// What was recorded, for the closing message.
    struct Summary {
        /// The daemon's first line: its config path goes into the replay hint.
        var hello: JSONValue?
        var lines = 0
        /// Touch sequences (`down` lines) and touchpad gestures (`begin` lines).
        var sequences = 0

        mutating func count(_ line: String) {
            lines += 1
            guard let value = try? JSONValue(parsing: line) else { return }
            if value["phase"] == .string("down") || value["phase"] == .string("begin") { sequences += 1 }
        }

        /// Two lines: what was recorded, and how to replay it.
        func report(file: String, seconds: Double) -> String {
            let config: String
            if case .string(let path) = hello?["config"] { config = path } else { config = "CONFIG" }
            let target = file == "-" ? "standard output" : file
            let traceName = file == "-" ? "FILE" : file
            return "gesturebridge: recorded \(sequences) touch sequence\(sequences == 1 ? "" : "s") "
                + "(\(lines) line\(lines == 1 ? "" : "s")) in \((seconds * 10).rounded() / 10) s to \(target)\n"
                + "replay it with: gesturebridge replay \(traceName) --config \(config)"
        }
    }
}

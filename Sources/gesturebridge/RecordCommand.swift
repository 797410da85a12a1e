import GestureConfig
import GestureEngine
import GestureReplay
import Glibc
import X11Bridge
import JSON
import ControlStreams

/// `gesturebridge record FILE`: records live touches, with the window layout, as a replay trace.
/// `gesturebridge record --stroke NAME`: records a shape of your own for `stroke:` bindings.
struct RecordCommand: Subcommand {
    static let name = "record"
    static let abstract = "Record live touches, with the window layout, as a trace for replay."
    static let discussion = """
        Connects to the daemon of the display through its control socket and writes what \
        it receives as a trace in the replay format (JSON Lines): first a header with the \
        screen size and dpi, the windows top-most first (id, class, instance, title, \
        geometry) and the active window as they are when recording starts, then one line \
        per touch event (and touchpad gesture event), with "t" in seconds from the first. \
        A touch already down when recording starts is left out; every other touch is \
        recorded whole, to its finger's lift, also after the daemon handed it to an \
        application. What the daemon did and met are lines of their own: each touch's \
        delivery, where a touch went to its application, each action and what came of it, \
        the desktop's answers (a window's focus, a keyboard grab) and its windows each time \
        they change, so replaying the trace gives the daemon's actions at the daemon's times. Every line is written as \
        it arrives, so the file is a complete, valid trace whenever recording stops: on \
        Ctrl-C, after --duration, or when the daemon goes away (exit 1, saying so). The \
        file is yours alone (mode 0600: it holds where you touched and your windows' \
        titles), and a link at its path is replaced, never followed.

        At exit a summary on stderr says how many touch sequences and lines were recorded, \
        and how to replay the trace against the daemon's config: \
        gesturebridge replay FILE --config CONFIG. Attach it to a bug report as it is.

        With --stroke NAME instead of a file, it records a shape of your own: draw it \
        --samples times (3 by default) with one finger or more, lifting them all after each \
        drawing; a drawing under 60 px is asked for again. While it records, every new touch \
        stays with the daemon, whatever the config binds: nothing reaches your applications, \
        no gesture fires, and a label at the top of the screen says so; so a drawing is kept \
        whole however slowly it is drawn. The drawings are saved as strokes/NAME.yaml (0600) in the \
        folder of the daemon's config (refused when others may write to that folder), and a binding names the shape like a built-in one: \
        stroke: { shape: NAME }. The daemon reads it when the config is loaded, and again \
        whenever a file in strokes/ changes. NAME is 1 to 32 lowercase letters, digits, \
        dashes and underscores, and not a built-in shape's name; recording it again replaces \
        it. A shape is matched in the order it was drawn. If a drawing looks like a built-in \
        shape, it says so: a stroke bound to that shape may then be taken for yours.
        """

    static let samples = CommandParameter.option(
        "samples", valueName: "count", help: "With --stroke: how many times to draw it, 1 to 20 (default 3).")
    static let duration = CommandParameter.option(
        "duration", valueName: "seconds", help: "Stop after this many seconds.")
    static let display = CommandParameter.option(
        "display", valueName: "display", help: "The X display whose daemon to record from; default $DISPLAY.")

    static let file = CommandParameter.optionalArgument(
        "file", help: "The trace file to write (replaced if it exists), or - for standard output.")
    static let stroke = CommandParameter.option(
        "stroke", valueName: "name", help: "Record a shape of your own for stroke bindings instead of a trace.",
        completion: .strokeNames)

    static let parameters: [CommandParameter] = [
        file,
        stroke,
        samples,
        duration,
        display
    ]

    var file: String
    var stroke: String?
    var samples = 3
    var duration: Double?
    var display: String?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        stroke = arguments.string(Self.stroke)
        duration = try arguments.seconds(Self.duration)
        display = arguments.string(Self.display)
        switch (arguments.optionalArgument(Self.file), stroke) {
        case (let file?, nil): self.file = file
        case (nil, let name?):
            file = ""
            guard StrokeTemplateFile.isValidName(name) else {
                throw .invalid(
                    StrokeShapes.isBuiltIn(name)
                        ? "--stroke \(name): '\(name)' is a built-in shape; bind it as it is, or record yours under another name"
                        : "--stroke \(name): a shape's name is 1 to 32 lowercase letters, digits, dashes and underscores, "
                            + "starting with a letter"
                )
            }
        case (nil, nil):
            throw .invalid(
                "say what to record: a FILE for the touches (a trace to replay or attach to a bug report), "
                    + "or --stroke NAME for a shape of your own to bind")
        case (_?, _?): throw .invalid("give a trace file or --stroke NAME, not both")
        }
        if let count = try arguments.integer(Self.samples) {
            guard stroke != nil else { throw .invalid("--samples goes with --stroke") }
            guard (1...StrokeTemplateFile.maximumSamples).contains(count) else {
                throw .invalid("--samples must be 1 to \(StrokeTemplateFile.maximumSamples) (found \(count))")
            }
            samples = count
        }
    }

    func run() throws {
        if let stroke { return try recordStroke(stroke) }
        let connection = try DaemonConnection.open(display: display, request: .record)
        let output: OutputFile
        do {
            output = try OutputFile.create(file)
        } catch {
            printError("gesturebridge: \(error)")
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
        printError(summary.report(file: file, seconds: MonotonicClock.now() - start))
        switch end {
        case .interrupted, .timeUp:
            return
        case .outputFailed:
            printError(
                "gesturebridge: writing \(output.name) failed; the trace stops at its last whole line")
            throw ExitCode.failure
        case .closed(let notice):
            printError(
                "gesturebridge: " + (notice ?? "the daemon went away")
                    + "; the trace is complete up to here")
            throw ExitCode.failure
        }
    }

    /// `--stroke NAME`: asks for `samples` drawings and saves them beside the daemon's config.
    private func recordStroke(_ name: String) throws {
        let connection = try DaemonConnection.open(display: display, request: .recordStroke)
        printError(
            "while this records, every new touch stays with GestureBridge: nothing reaches your applications "
                + "and no gesture fires (the screen says so at its top)")
        var hello: JSONValue?
        var recorder = StrokeRecorder()
        let total = samples
        func ask() {
            printError(
                "draw '\(name)' (\(recorder.samples.count + 1) of \(total)), then lift every finger")
        }
        let start = MonotonicClock.now()
        let end = connection.readLines(until: duration.map { start + $0 }) { line in
            guard hello != nil else {
                hello = try? JSONValue(parsing: line)
                ask()
                return true
            }
            switch recorder.read(line) {
            case .none:
                return true
            case .tooShort(let length):
                printError(
                    "  \(Int(length)) px is too short for a stroke (at least \(Int(Thresholds.strokeMinimumLength))); again"
                )
            case .cancelled:
                printError("  the touches were cancelled; again")
            case .kept(let count, let length, let fingers):
                printError("  kept: \(Int(length)) px with \(fingers) finger\(fingers == 1 ? "" : "s")")
                if count == total { return false }
            }
            ask()
            return true
        }
        guard recorder.samples.count == total else {
            if case .closed(let notice) = end {
                printError("gesturebridge: " + (notice ?? "the daemon went away") + "; nothing saved")
            } else {
                printError(
                    "gesturebridge: stopped after \(recorder.samples.count) of \(total); nothing saved")
            }
            throw ExitCode.failure
        }
        guard case .string(let config) = hello?["config"], config.hasPrefix("/") else {
            printError("gesturebridge: the daemon did not say where its config is; nothing saved")
            throw ExitCode.failure
        }
        let folder = StrokeTemplateFile.folder(forConfigAt: config)
        let path = StrokeTemplateFile.path(of: name, in: folder)
        let replacing = access(path, F_OK) == 0
        try Self.save(StrokeTemplateFile.text(name: name, samples: recorder.samples), to: path, folder: folder)
        print("\(replacing ? "replaced" : "saved") \(path) (\(total) drawing\(total == 1 ? "" : "s"))")
        if Set(recorder.fingerCounts).count > 1 {
            print("note: the drawings used different numbers of fingers; a binding's 'fingers:' decides which it takes")
        }
        for match in recorder.builtInLookalikes() {
            print(
                "note: it looks like the built-in '\(match.name)' (distance \(FixedDecimal.short(match.distance, decimals: 2))); "
                    + "a stroke bound to '\(match.name)' may now be taken for '\(name)', and the other way round")
        }
        let fingers = recorder.fingerCounts.max() ?? 1
        print("bind it with:  stroke: { shape: \(name)\(fingers > 1 ? ", fingers: \(fingers)" : "") }")
    }

    /// Writes `text` to `path` (0600: it is how your hand moves) through a fresh temporary
    /// file and a rename, so the daemon, which watches the folder, never reads half a
    /// template. A folder another user may write to, or owns, is refused: they could swap
    /// the file, or plant their own shapes beside it.
    static func save(_ text: String, to path: String, folder: String) throws {
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            printError("gesturebridge: cannot create \(folder): \(String(cString: strerror(errno)))")
            throw ExitCode.failure
        }
        if let problem = ConfigLoader.unsafeFolderProblem(folder) {
            printError(
                "gesturebridge: not saving into \(folder): it \(problem.reason), who could replace your shapes or "
                    + "plant their own; \(problem.fix), then record again")
            throw ExitCode.failure
        }
        do {
            try OutputFile.replace(path, with: text, mode: 0o600)
        } catch {
            printError("gesturebridge: \(error)")
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

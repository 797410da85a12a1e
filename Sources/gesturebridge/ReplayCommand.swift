import Glibc
import GestureReplay
import Logging

/// `gesturebridge replay TRACE`: runs the engine, config and bindings over a trace and prints what happened.
struct ReplayCommand: Subcommand {
    static let name = "replay"
    static let abstract = "Replay a touch trace through the gesture engine and print what would happen."
    static let discussion = """
        TRACE is JSON Lines: an optional header line describing the screen and windows, \
        then one touch ("touch", "phase" down|move|up|cancel, "x", "y") or touchpad \
        ("pad" swipe|pinch, "phase" begin|update|end, "fingers", "dx", "dy", "scale", "angle") \
        event per line, each with its time "t" in seconds. The trace runs on a virtual clock: \
        timers fire at their virtual time, and nothing is injected into any display.

        TRACE may also be a real touchscreen recording, recognized by its content: an evemu \
        recording (evemu-record; give a separate .desc with --device-description), a \
        libinput record file, or Android getevent -lt output. Its touches are mapped onto \
        the --screen, with a dpi that keeps distances physical when the device states its \
        resolution; --convert prints it as a JSON Lines trace instead of replaying it.

        The output lists every gesture state message, every action the daemon would \
        perform and every touch delivery decision, in time order. A malformed trace or \
        recording is reported as FILE:LINE: problem, and nothing is replayed.
        """

    static let trace = CommandParameter.argument("trace", help: "The trace or recording file, or - for standard input.")
    static let convert = CommandParameter.flag(
        "convert", help: "Print the input as a JSON Lines trace (header line first) instead of replaying it.")

    static let screen = CommandParameter.option(
        "screen", valueName: "WxH[@dpi]",
        help: "The screen a device recording is mapped onto. Default: 1920x1080@96.",
        discussion: """
            The touchscreen spans the screen. The dpi is used only when the device does not state \
            its resolution; otherwise the trace's dpi makes a point the same physical length as on \
            the recorded device.
            """)
    static let deviceDescription = CommandParameter.option(
        "device-description", valueName: "file",
        help: "The device description for a recording that has none (an evemu .desc, or a libinput record).",
        discussion:
            "It replaces any description in the recording. For getevent output it supplies the axis ranges.",
        completion: .file)
    static let format = CommandParameter.option(
        "format", valueName: "format",
        help: "Output format: json or table. Default: table on a terminal, json otherwise.",
        completion: .values(["json", "table"]))
    static let verbose = CommandParameter.flag(
        "verbose", short: "v",
        help: "Also print failed and possible transitions, and log debug details to stderr.")

    static let parameters: [CommandParameter] =
        [
            trace,
            screen,
            deviceDescription,
            convert
        ] + ConfigOptions.parameters + [
            format,
            verbose
        ]

    var trace: String
    var screen: Trace.Screen?
    var deviceDescription: String?
    var convert: Bool
    var config: ConfigOptions
    var format: ReplayWriter.Format?
    var verbose: Bool

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        trace = arguments.argument(Self.trace)
        screen = try arguments.value(Self.screen, expected: Self.screenForm) { Trace.Screen(argument: $0) }
        deviceDescription = arguments.string(Self.deviceDescription)
        convert = arguments.flag(Self.convert)
        config = ConfigOptions(arguments)
        format = try arguments.value(Self.format, expected: "json or table") { ReplayWriter.Format(rawValue: $0) }
        verbose = arguments.flag(Self.verbose)
    }

    /// What `--screen` takes, as its error says it.
    static let screenForm =
        "WIDTHxHEIGHT or WIDTHxHEIGHT@DPI with positive numbers, such as 1920x1080 or 2560x1440@192"

    func run() throws {
        LogSetup.bootstrap(verbose: verbose)
        let logger = Logger(label: "gesturebridge.replay")
        let name = TextFile.displayName(trace)

        let trace: Trace
        do {
            trace = try readTrace(name: name)
        } catch let error as TraceInputError {
            printError(error.description)
            throw ExitCode.failure
        } catch {
            printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
        if convert {
            print(TraceWriter.write(trace), terminator: "")
            return
        }
        let (configuration, configPath) = try config.load()
        logger.debug("read \(trace.events.count) events from \(name); config \(configPath)")
        let outcome = ReplayRunner.run(trace: trace, configuration: configuration, verbose: verbose)
        for warning in outcome.warnings { printError("warning: \(warning)") }
        write(outcome.records)
    }

    /// Reads the input in whichever format it is, with the recording options.
    private func readTrace(name: String) throws -> Trace {
        let text = try TextFile.read(self.trace)
        var options = TraceImporter.Options(screen: screen)
        if let path = deviceDescription {
            options.deviceDescription = TraceImporter.DescriptionFile(
                text: try TextFile.read(path),
                file: TextFile.displayName(path))
        }
        return try TraceImporter.read(text, file: name, options: options)
    }

    /// Prints records to stdout in the chosen format, or the terminal-dependent default.
    private func write(_ records: [ReplayRecord]) {
        let format = self.format ?? .standard(forTerminal: isatty(STDOUT_FILENO) == 1)
        print(ReplayWriter(format: format).render(records), terminator: "")
    }
}

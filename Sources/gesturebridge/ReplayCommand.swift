import ArgumentParser
import Foundation
import GestureReplay
import Logging

/// `gesturebridge replay TRACE`: runs the engine, config and bindings over a trace and prints what happened.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a touch trace through the gesture engine and print what would happen.",
        discussion: """
            TRACE is JSON Lines: an optional header line describing the screen and windows, \
            then one touch ("touch", "phase" down|move|up|cancel, "x", "y") or touchpad \
            ("pad" swipe|pinch, "phase" begin|update|end, "fingers", "dx", "dy", "scale", "angle") \
            event per line, each with its time "t" in seconds. The trace runs on a virtual clock: \
            timers fire at their virtual time, and nothing is injected into any display.

            The output lists every gesture state message, every action the daemon would \
            perform and every touch delivery decision, in time order. A malformed trace is \
            reported as FILE:LINE: problem, and nothing is replayed.
            """)

    @Argument(help: ArgumentHelp("The trace file, or - for standard input.", valueName: "trace"))
    var trace: String

    @OptionGroup var config: ConfigOptions

    @Option(help: ArgumentHelp("Output format: json or table. Default: table on a terminal, json otherwise.",
                               valueName: "format"))
    var format: ReplayWriter.Format?

    @Flag(name: .shortAndLong, help: "Also print failed and possible transitions, and log debug details to stderr.")
    var verbose = false

    func run() throws {
        LogSetup.bootstrap(verbose: verbose)
        let logger = Logger(label: "gesturebridge.replay")
        let name = TextFile.displayName(trace)

        let trace: Trace
        do {
            trace = try TraceReader.read(try TextFile.read(self.trace), file: name)
        } catch let error as TraceError {
            Self.printError(error.description)
            throw ExitCode.failure
        } catch {
            Self.printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
        let (configuration, configPath) = try config.load()
        logger.debug("read \(trace.events.count) events from \(name); config \(configPath)")
        let outcome = ReplayRunner.run(trace: trace, configuration: configuration, verbose: verbose)
        for warning in outcome.warnings { Self.printError("warning: \(warning)") }
        write(outcome.records)
    }

    /// Prints records to stdout in the chosen format, or the terminal-dependent default.
    private func write(_ records: [ReplayRecord]) {
        let format = self.format ?? .standard(forTerminal: isatty(STDOUT_FILENO) == 1)
        print(ReplayWriter(format: format).render(records), terminator: "")
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension ReplayWriter.Format: ExpressibleByArgument {}

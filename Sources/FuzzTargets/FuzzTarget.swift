import ControlStreams
import GestureConfig
import GestureEngine
import GestureReplay
import JSON

/// The parsers libFuzzer drives (`make fuzz`), each from raw bytes to as far as the input goes.
///
/// A harness never checks a result: libFuzzer looks for crashes, hangs (`-timeout`) and
/// memory blow-ups (`-rss_limit_mb`). What reaches the parser is what the daemon and
/// `replay` would give it from a file, so the bounds they apply are applied here too.
/// Whatever parses is then run, because the parser's output is what the engine gets:
/// a config replays `FuzzExercise.trace`, a trace or recording replays under
/// `FuzzExercise.configuration`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `config.yaml`: YAML, validation, then a replay of the exercise trace.
    case config
    /// A JSON Lines trace (`docs/replay-contract.md`), replayed.
    case trace
    /// An evemu recording, imported and replayed.
    case evemu
    /// Android `getevent -lt` output, imported and replayed.
    case getevent
    /// A `libinput record` file, imported and replayed.
    case libinputRecord = "libinput-record"
    /// A stroke template (`strokes/NAME.yaml`), then a replay with its shape among the built-in ones.
    case strokeTemplate = "stroke-template"
    /// The control socket's messages, both ways: the bytes a client sends the daemon (in
    /// chunks, as `recv(2)` may split them) until its request line is whole or refused; and
    /// each line as a tool reads the daemon's (`try`'s transcript, the hello's JSON).
    case control

    /// Runs one input. Returns whether it parsed (for the corpus runner's summary).
    @discardableResult
    public func run(_ bytes: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .config:
            let contents = ArraySlice(bytes.bindMemory(to: UInt8.self))
            guard let configuration = try? ConfigLoader.load(contents: contents, file: "fuzz.yaml") else {
                return false
            }
            _ = ReplayRunner.run(trace: FuzzExercise.trace, configuration: configuration, verbose: true)
            return true
        case .strokeTemplate:
            let contents = ArraySlice(bytes.bindMemory(to: UInt8.self))
            guard let template = try? StrokeTemplateFile.load(contents: contents, name: "fuzzed") else { return false }
            var configuration = FuzzExercise.strokes
            configuration.strokeTemplates = [template]
            _ = ReplayRunner.run(trace: FuzzExercise.trace, configuration: configuration, verbose: true)
            return true
        case .control:
            guard bytes.count <= FuzzExercise.maximumInputSize else { return false }
            let input = bytes.bindMemory(to: UInt8.self)
            var frame = RequestFrame()
            var outcome = RequestFrame.Outcome.incomplete
            // Chunks of 1 to 16 bytes, the size taken from the input itself.
            var start = 0
            while start < input.count, outcome == .incomplete {
                let end = min(input.count, start + 1 + Int(input[start] % 16))
                outcome = frame.feed(input[start..<end])
                start = end
            }
            var transcript = TryTranscript(binds: true)
            for line in String(decoding: input, as: UTF8.self).split(separator: "\n") {
                _ = transcript.lines(for: String(line))
                _ = try? JSONValue(parsing: String(line))
            }
            _ = transcript.idle()
            if case .request = outcome { return true }
            return false
        case .trace, .evemu, .getevent, .libinputRecord:
            guard bytes.count <= FuzzExercise.maximumInputSize,
                let text = String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self)
            else { return false }
            let trace: Trace?
            switch self {
            case .trace: trace = try? TraceReader.read(text, file: "fuzz.jsonl")
            case .evemu: trace = try? TraceImporter.importRecording(text, file: "fuzz.events", format: .evemu)
            case .getevent: trace = try? TraceImporter.importRecording(text, file: "fuzz.txt", format: .getevent)
            case .libinputRecord:
                trace = try? TraceImporter.importRecording(text, file: "fuzz.yml", format: .libinputRecord)
            case .config, .strokeTemplate, .control: trace = nil
            }
            guard let trace else { return false }
            _ = ReplayRunner.run(trace: trace, configuration: FuzzExercise.configuration, verbose: true)
            return true
        }
    }
}

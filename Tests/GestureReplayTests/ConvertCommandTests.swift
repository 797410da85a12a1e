import Foundation
import Testing
@testable import GestureReplay
import JSON

/// `gesturebridge replay` on device recordings: `--convert`, `--screen` and `--device-description`, run as a process.
@Suite struct ConvertCommandTests {
    /// The `gesturebridge` built beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "gesturebridge")
    }

    static let atmel = "evemu-devices__Atmel_maXTouch_Touchscreen.4-finger-drag-down.events"
    static let isdv4 = "evemu-devices__Wacom_ISDv4_E6_Finger.double-top-swipe.events"

    /// Runs the built `gesturebridge` with `arguments` and `input` on standard input.
    ///
    /// Output and errors go to temporary files, so neither can fill a pipe and stall the process.
    static func run(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String, errors: String)
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gb-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (inputFile, outputFile, errorFile) = (
            folder.appendingPathComponent("in"),
            folder.appendingPathComponent("out"),
            folder.appendingPathComponent("err")
        )
        try Data(input.utf8).write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8),
            try String(contentsOf: errorFile, encoding: .utf8)
        )
    }

    @Test func convertPrintsTheImportedTraceAsJSONLines() throws {
        let (status, output, errors) = try Self.run(["replay", "--convert", Recordings.path(Self.atmel)])
        #expect(status == 0 && errors.isEmpty, "\(errors)")
        let converted = try TraceReader.read(output, file: "converted.jsonl")
        let imported = try Recordings.importTrace(Self.atmel)
        #expect(converted.header == imported.header)
        #expect(converted.events.map(\.input) == imported.events.map(\.input))
        #expect(converted.events.map(\.time) == imported.events.map(\.time))
        #expect(output.hasPrefix(#"{"screen": {"width": 1920, "height": 1080, "dpi": 96}}"# + "\n"))
    }

    @Test(
        arguments: [
            (atmel, "1000x500@120", #"{"screen": {"width": 1000, "height": 500, "dpi": 120}}"#),
            (
                "evemu-devices__dell_canvas_touch.evemu", "3840x2160",
                #"{"screen": {"width": 3840, "height": 2160, "dpi": 163.716}}"#
            )
        ])
    func screenOptionSetsTheScreenAndTheDpiFollowsTheDevice(name: String, screen: String, header: String) throws {
        let (status, output, errors) = try Self.run(
            ["replay", "--convert", "--screen", screen, Recordings.path(name)])
        #expect(status == 0, "\(errors)")
        #expect(output.split(separator: "\n").first.map(String.init) == header)
    }

    @Test func deviceDescriptionCompletesARecordingWithoutOne() throws {
        let path = Recordings.path(Self.isdv4)
        let withDescription = try Self.run([
            "replay", "--convert", path, "--device-description",
            Recordings.path(Recordings.isdv4Description)
        ])
        #expect(withDescription.status == 0, "\(withDescription.errors)")
        #expect(try TraceReader.read(withDescription.output, file: "converted.jsonl").events.count > 100)

        let without = try Self.run(["replay", "--convert", path])
        #expect(without.status == 1)
        #expect(without.output.isEmpty, "nothing is output for a bad input")
        #expect(
            without.errors == "\(path):1: the recording has no device description (N:, I:, A: lines); "
                + "pass the matching .desc file with --device-description FILE\n")
    }

    @Test func recordingsReadFromStandardInputAreNamedStdin() throws {
        let text = RecordingText.geteventLines([(0, "EV_SYN SYN_REPORT 00000000"), (0, "EV_ABS oops")])
        let (status, output, errors) = try Self.run(["replay", "--convert", "-"], input: text)
        #expect(status == 1 && output.isEmpty)
        #expect(errors.hasPrefix("<stdin>:2: expected [ <seconds>] <type> <code> <value hex> (found"), "\(errors)")
    }

    @Test func recordingOptionsAreRefusedForAJSONLinesTrace() throws {
        let folder = try #require(Bundle.module.resourceURL)
        let trace = folder.appendingPathComponent("Traces/contract-example.jsonl").path
        let (status, output, errors) = try Self.run(["replay", "--convert", "--screen", "800x600", trace])
        #expect(status == 1 && output.isEmpty)
        #expect(
            errors == "\(trace): --screen applies to device recordings; "
                + "a JSON Lines trace gives its screen in its header line\n")
    }

    @Test func aMalformedScreenIsAUsageError() throws {
        let (status, output, errors) = try Self.run(["replay", "--screen", "1920x", "--convert", "-"])
        #expect(status == 64 && output.isEmpty)
        #expect(
            errors.hasPrefix(
                "gesturebridge replay: '1920x' is not a valid value for '--screen': expected WIDTHxHEIGHT or "
                    + "WIDTHxHEIGHT@DPI"), "\(errors)")
    }

    @Test func replayingARecordingDecidesTheDeliveryOfEachTouch() throws {
        var config = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { config.deleteLastPathComponent() }
        config.appendPathComponent("Config/config.yaml")
        let (status, output, errors) = try Self.run(
            ["replay", "--config", config.path, "--format", "json", Recordings.path(Self.atmel)])
        #expect(status == 0, "\(errors)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        let delivered = Set(
            lines.compactMap { line -> Double? in
                guard line.contains(#""delivery""#), case .number(let touch)? = Self.json(line)?["touch"] else {
                    return nil
                }
                return touch
            })
        #expect(delivered == [1, 2, 3, 4], "\(output)")
    }

    static func json(_ line: String) -> JSONValue? {
        let bytes = Array(line.utf8)
        var parser = JSONParser(bytes: bytes, start: 0, end: bytes.count)
        return try? parser.parseValue()
    }
}

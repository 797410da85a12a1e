import Foundation
import TestSupport
import Testing
@testable import GestureReplay

/// Mutated and truncated traces either read, with their invariants intact, or fail on a line that exists.
@Suite struct TraceReaderFuzzTests {
    static let richTrace = """
        {"screen": {"width": 2560, "height": 1440, "dpi": 192},
         "windows": [{"id": 9, "class": "kitty", "instance": "kitty", "title": "vim — ~/é 😀", "x": 0, "y": 0, "width": 1280, "height": 1440},
                     {"id": 4, "class": "Firefox", "title": "a\\"b\\\\c\\u0001", "x": 1280, "y": 0, "width": 1280, "height": 1440}],
         "active": 9}

        {"t": 0.000, "touch": 1, "phase": "down", "x": 100, "y": 300}
        {"t": 0.010, "touch": 2, "phase": "down", "x": 400, "y": 300}
        {"t": 0.020, "touch": 1, "phase": "move", "x": 90.5, "y": 300.25}
        {"t": 0.030, "touch": 2, "phase": "move", "x": 410, "y": 300}
        {"t": 0.040, "touch": 1, "phase": "up", "x": 80, "y": 301}
        {"t": 0.050, "touch": 2, "phase": "cancel", "x": 420, "y": 300}
        {"t": 0.5}
        {"t": 1.000, "pad": "pinch", "phase": "begin", "fingers": 2, "dx": 0, "dy": 0, "scale": 1, "angle": 0}
        {"t": 1.010, "pad": "pinch", "phase": "update", "fingers": 2, "dx": 1, "dy": -1, "scale": 1.1, "angle": -2.5}
        {"t": 1.020, "pad": "pinch", "phase": "end", "fingers": 2, "dx": 0, "dy": 0, "scale": 1.2, "angle": 0}
        """

    /// Fragments that are likely to turn valid JSON into almost-valid JSON.
    static let fragments = [
        "{", "}", "[", "]", "\"", ",", ":", "\n", " ", "-", ".", "e", "0", "7", "1e999", "-1", "null", "true",
        "\"t\"", "\"phase\"", "\"down\"", "\"up\"", "\"move\"", "\"touch\"", "\"pad\"", "\"screen\"", "\"windows\"",
        "\\", "\\u", "\\ud800", "é", "😀", "\u{0}", "\t", "\r", "{\"t\": 0}", "[[[[[[[["
    ]

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func readerReturnsATraceOrAnErrorOnAnExistingLine(seed: UInt64) throws {
        let folder = try #require(Bundle.module.resourceURL)
        let example = try String(
            contentsOf: folder.appendingPathComponent("Traces/contract-example.jsonl"),
            encoding: .utf8)
        let bases = [example, Self.richTrace]
        // Both bases must read: otherwise every mutation would fail for the same reason.
        for base in bases { _ = try TraceReader.read(base, file: "base") }

        var random = SplitMix64(seed: seed)
        var outcomes = (traces: 0, errors: 0)
        for _ in 0..<1500 {
            var text = bases[Int.random(in: 0..<bases.count, using: &random)]
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                text = Self.mutate(text, using: &random)
            }
            // Count line feeds, not Characters: "\r\n" is one Character but still ends a line.
            let lineCount = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
            do {
                let trace = try TraceReader.read(text, file: "fuzz.jsonl")
                outcomes.traces += 1
                Self.checkInvariants(of: trace, lineCount: lineCount, text: text)
            } catch {
                outcomes.errors += 1
                #expect(error.file == "fuzz.jsonl")
                #expect((1...lineCount).contains(error.line), "line \(error.line) of \(lineCount): \(error)\n\(text)")
            }
        }
        #expect(outcomes.traces > 50)
        #expect(outcomes.errors > 50)
    }

    static func checkInvariants(of trace: Trace, lineCount: Int, text: String) {
        let lines = trace.events.map(\.line)
        #expect(lines == lines.sorted() && Set(lines).count == lines.count, "\(text)")
        #expect(lines.allSatisfy { (1...lineCount).contains($0) })
        let times = trace.events.map(\.time)
        #expect(times == times.sorted() && times.allSatisfy { $0.isFinite && $0 >= 0 }, "\(text)")
        for event in trace.events {
            switch event.input {
            case .touch(let touch):
                let point = touch.location
                #expect(point.x.isFinite && point.x >= 0 && point.y.isFinite && point.y >= 0)
            case .pad(let pad):
                #expect(pad.fingers >= 1 && pad.scale > 0 && pad.dx.isFinite && pad.angle.isFinite)
            case .clock:
                break
            }
        }
        let screen = trace.header.screen
        #expect(screen.width > 0 && screen.height > 0 && screen.dpi > 0)
        if let active = trace.header.activeWindow {
            #expect(trace.header.windows.contains { $0.id == active })
        }
    }

    /// One random edit: truncate, delete, insert a fragment, or move, copy or drop a whole line.
    static func mutate(_ text: String, using random: inout SplitMix64) -> String {
        var scalars = Array(text.unicodeScalars)
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            scalars.removeSubrange(Int.random(in: 0...scalars.count, using: &random)...)
        case 1 where !scalars.isEmpty:
            let start = Int.random(in: 0..<scalars.count, using: &random)
            let end = min(scalars.count, start + Int.random(in: 1...12, using: &random))
            scalars.removeSubrange(start..<end)
        case 2:
            let fragment = fragments[Int.random(in: 0..<fragments.count, using: &random)]
            scalars.insert(contentsOf: fragment.unicodeScalars, at: Int.random(in: 0...scalars.count, using: &random))
        case 3 where !scalars.isEmpty:
            // Swap a digit for another: times go backwards, touches change identity.
            let index = Int.random(in: 0..<scalars.count, using: &random)
            if ("0"..."9").contains(scalars[index]) {
                scalars[index] = Unicode.Scalar(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random))
            }
        case 4 where lines.count > 1:
            lines.swapAt(
                Int.random(in: 0..<lines.count, using: &random), Int.random(in: 0..<lines.count, using: &random))
            return lines.joined(separator: "\n")
        case 5 where !lines.isEmpty:
            let index = Int.random(in: 0..<lines.count, using: &random)
            lines.insert(lines[index], at: Int.random(in: 0...lines.count, using: &random))
            return lines.joined(separator: "\n")
        case 6 where !lines.isEmpty:
            lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
            return lines.joined(separator: "\n")
        default:
            break
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}

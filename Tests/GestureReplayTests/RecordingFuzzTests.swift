import TestSupport
import Testing
@testable import GestureReplay

/// Mutated real recordings either import as a valid trace or fail with an error on a line that exists.
@Suite struct RecordingFuzzTests {
    /// A recording to mutate: its text (cut to its first lines to keep runs short) and an optional description.
    struct Base: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var description: String?
        var testDescription: String { name }

        var lines: [String] { Base.split(text) }
        var descriptionLines: [String]? { description.map(Base.split) }

        static func split(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    static func bases() throws -> [Base] {
        func head(_ name: String, lines: Int) throws -> String {
            try Recordings.text(name).split(separator: "\n", omittingEmptySubsequences: false)
                .prefix(lines).joined(separator: "\n")
        }
        let isdv4 = try Recordings.text(Recordings.isdv4Description)
        return [
            Base(
                name: "Atmel evemu",
                text: try head(
                    "evemu-devices__Atmel_maXTouch_Touchscreen.4-finger-drag-down.events", lines: 400)),
            Base(name: "Dell evemu", text: try head("evemu-devices__dell_canvas_touch.evemu", lines: 300)),
            Base(
                name: "ISDv4 events and desc",
                text: try head(
                    "evemu-devices__Wacom_ISDv4_E6_Finger.double-top-swipe.events", lines: 150), description: isdv4),
            Base(name: "getevent", text: try head("MonkeyHelper__phone-two-finger-drag.getevent.txt", lines: 200)),
            Base(name: "libinput record", text: LibinputRecordImportTests.record)
        ]
    }

    /// Fragments that turn a valid recording line into an almost valid one.
    static let fragments = [
        "E: ", "0000 0000 0", "0000 0002 0", "0000 0003 0", "0003 002f ", "0003 0039 -1", "0003 0035 ", "-1", "-",
        "99999999999", "ffffffff", "EV_SYN SYN_MT_REPORT 00000000", "SYN_REPORT", "ABS_MT_SLOT", "[", "]", "{", "}",
        ":", "- ", "  ", "\t", "#", "\r", ",", "'", "\"", "&", "0x", "N: x", "A: 35 5 5 0 0 0", "A: 36 0 1 0 0 999",
        "evdev:", "[0, 0, 0, 0, 0]", ".", "9", "0"
    ]

    @Test(arguments: [UInt64(11), 12, 13])
    func importersReturnATraceOrAnErrorOnAnExistingLine(seed: UInt64) throws {
        let bases = try Self.bases()
        for base in bases { _ = try RecordingText.importTrace(base.text, description: base.description) }

        let split = bases.map { ($0.lines, $0.descriptionLines) }
        var random = SplitMix64(seed: seed)
        var outcomes = (traces: 0, errors: 0)
        for _ in 0..<300 {
            let pick = Int.random(in: 0..<bases.count, using: &random)
            let base = bases[pick]
            var (lines, descriptionLines) = split[pick]
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                if var mutated = descriptionLines, Int.random(in: 0..<4, using: &random) == 0 {
                    Self.mutate(&mutated, using: &random)
                    descriptionLines = mutated
                } else {
                    Self.mutate(&lines, using: &random)
                }
            }
            let text = lines.joined(separator: "\n")
            let description = descriptionLines?.joined(separator: "\n")
            do {
                let trace = try RecordingText.importTrace(text, description: description)
                outcomes.traces += 1
                try Self.checkInvariants(of: trace, context: base.name)
            } catch let error as TraceInputError {
                outcomes.errors += 1
                let fileText = error.file == "test.desc" ? description ?? "" : text
                let lineCount = fileText.utf8.count { $0 == UInt8(ascii: "\n") } + 1
                #expect(["test.events", "test.desc"].contains(error.file), "\(error)")
                #expect((1...lineCount).contains(error.line ?? 0), "\(base.name): \(error) of \(lineCount) lines")
            }
        }
        // Both outcomes are common (about 110 and 190 of 300), so neither path goes untested.
        #expect(outcomes.traces > 60, "\(outcomes)")
        #expect(outcomes.errors > 60, "\(outcomes)")
    }

    /// A trace that reads back from its JSON Lines, with touches in order, on the screen, and numbered by landing.
    static func checkInvariants(of trace: Trace, context: String) throws {
        let screen = trace.header.screen
        #expect(screen.dpi > 0 && screen.dpi.isFinite)
        // TraceReader checks the times and that every touch goes down before it moves or lifts.
        let readBack = try TraceReader.read(TraceWriter.write(trace), file: "round-trip.jsonl")
        #expect(readBack.events.map(\.input) == trace.events.map(\.input), "\(context)")
        var nextID: UInt32 = 1
        for event in trace.events {
            guard case .touch(let touch) = event.input else { continue }
            let point = touch.location
            #expect(point.x >= 0 && point.x <= screen.width && point.y >= 0 && point.y <= screen.height)
            if touch.phase == .began {
                #expect(touch.id.rawValue == nextID, "\(context): touches are numbered in landing order")
                nextID += 1
            }
        }
        if let last = trace.events.last {
            #expect(!RecordingText.touches(trace).contains { $0.phase == .cancelled && $0.time != last.time })
        }
    }

    /// One random edit of a recording's lines: cut the file short, delete or insert within a line,
    /// change a digit, or move, copy or drop a whole line. Edits stay within one line so that
    /// mutating a recording of hundreds of lines stays cheap.
    static func mutate(_ lines: inout [String], using random: inout SplitMix64) {
        guard !lines.isEmpty else { return }
        let index = Int.random(in: 0..<lines.count, using: &random)
        var scalars = Array(lines[index].unicodeScalars)
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            lines.removeSubrange((index + 1)...)
            scalars.removeSubrange(Int.random(in: 0...scalars.count, using: &random)...)
        case 1 where !scalars.isEmpty:
            let start = Int.random(in: 0..<scalars.count, using: &random)
            scalars.removeSubrange(start..<min(scalars.count, start + Int.random(in: 1...12, using: &random)))
        case 2:
            let fragment = fragments[Int.random(in: 0..<fragments.count, using: &random)]
            scalars.insert(contentsOf: fragment.unicodeScalars, at: Int.random(in: 0...scalars.count, using: &random))
        case 3 where !scalars.isEmpty:
            let position = Int.random(in: 0..<scalars.count, using: &random)
            if ("0"..."9").contains(scalars[position]) {
                scalars[position] = Unicode.Scalar(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random))
            }
        case 4:
            lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
            return
        case 5:
            lines.insert(lines[index], at: Int.random(in: 0...lines.count, using: &random))
            return
        case 6:
            lines.remove(at: index)
            return
        default:
            return
        }
        var line = String.UnicodeScalarView()
        line.append(contentsOf: scalars)
        lines[index] = String(line)
    }
}

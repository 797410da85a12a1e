import GestureEngine
@testable import GestureReplay

/// Small hand-written recordings: an evemu description and event lines built from readable pieces.
enum RecordingText {
    /// A protocol B touchscreen of 4000 x 2000 units (0…3999, 0…1999), 10 slots, resolution `resolution` (units/mm).
    static func evemuDescription(resolution: (x: Int, y: Int) = (0, 0)) -> String {
        """
        # EVEMU 1.3
        N: Test Touchscreen
        I: 0003 1234 5678 0001
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        A: 00 0 3999 0 0 \(resolution.x)
        A: 01 0 1999 0 0 \(resolution.y)
        A: 2f 0 9 0 0 0
        A: 35 0 3999 0 0 \(resolution.x)
        A: 36 0 1999 0 0 \(resolution.y)
        A: 39 0 65535 0 0 0

        """
    }

    /// A protocol A touchscreen whose units are 1920 x 1080 screen pixels at the default screen.
    static let pixelDescription = """
        N: Pixel Touchscreen
        I: 0003 1234 5678 0001
        A: 35 0 1919 0 0 0
        A: 36 0 1079 0 0 0
        A: 39 0 65535 0 0 0

        """

    /// `E:` lines: each entry is microseconds after `base` and "type code value" in evemu's notation.
    static func evemuEvents(base: Int64 = 1, _ entries: [(Int64, String)]) -> String {
        entries.map { offset, event in "E: \(seconds(base + offset)) \(event)\n" }.joined()
    }

    /// `getevent -lt` lines: each entry is microseconds after `base` and "TYPE CODE value".
    static func geteventLines(base: Int64 = 1_807_354_865, _ entries: [(Int64, String)]) -> String {
        entries.map { offset, event in "[\(seconds(base + offset).leftPadded(to: 15))] \(event)\r\n" }.joined()
    }

    static func seconds(_ microseconds: Int64) -> String {
        let fraction = String(microseconds % 1_000_000)
        return "\(microseconds / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    /// Imports text as the replay command would, with an optional description and screen.
    static func importTrace(
        _ text: String, description: String? = nil,
        screen: Trace.Screen? = nil
    ) throws(TraceInputError) -> Trace {
        let options = TraceImporter.Options(
            screen: screen, deviceDescription: description.map { .init(text: $0, file: "test.desc") })
        return try TraceImporter.read(text, file: "test.events", options: options)
    }

    /// The touch lines of a trace as (t, id, phase, x, y), for comparisons that read like the trace.
    static func touches(_ trace: Trace) -> [Touch] {
        trace.events.compactMap { event in
            guard case .touch(let touch) = event.input else { return nil }
            return Touch(event.time, touch.id.rawValue, touch.phase, touch.location.x, touch.location.y)
        }
    }

    /// One touch line.
    struct Touch: Hashable, CustomStringConvertible {
        var time: Double
        var id: UInt32
        var phase: TouchPhase
        var x: Double
        var y: Double

        init(_ time: Double, _ id: UInt32, _ phase: TouchPhase, _ x: Double, _ y: Double) {
            (self.time, self.id, self.phase, self.x, self.y) = (time, id, phase, x, y)
        }

        var description: String { "(\(time), \(id), \(phase), \(x), \(y))" }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

import GestureConfig
import GestureRuntime
import GestureEngine
import Testing

/// Frames from samples (`FrameAssembler`) and the server's stamps on the daemon's clock (`ServerClock`).
@Suite struct FrameTimingTests {
    /// One sample in words: "1+" lands touch 1, "1~" moves it, "1-" lifts it.
    static func sample(_ word: Substring) -> TouchSample {
        let id = TouchID(UInt32(word.dropLast())!)
        let phase: TouchPhase =
            switch word.last {
            case "+": .began
            case "-": .ended
            default: .moved
            }
        return TouchSample(id: id, phase: phase, location: Point(x: 0, y: 0))
    }

    struct Assembly: Sendable, CustomTestStringConvertible {
        /// Samples with their times, "t:word".
        var input: String
        /// The frames, "t:word word | t:word".
        var frames: String
        var testDescription: String { input }
    }

    static let assemblies: [Assembly] = [
        // One instant, one frame.
        .init(input: "0:1+ 0:2+", frames: "0:1+ 2+"),
        // Another time starts another frame, even in one batch.
        .init(input: "0:1+ 0.01:1~ 0.02:1-", frames: "0:1+ | 0.01:1~ | 0.02:1-"),
        // The same touch twice in one instant: two frames.
        .init(input: "0:1+ 0:1-", frames: "0:1+ | 0:1-"),
        // A landing after a lift in one instant starts a frame: the lift ends its gesture first.
        .init(input: "0:1- 0:2- 0:3+ 0:4+", frames: "0:1- 2- | 0:3+ 4+"),
        .init(input: "0:3+ 0:1- 0:4+ 0:2-", frames: "0:3+ 1- | 0:4+ 2-"),
        // Never reordered: a landing and a move stay as X reported them.
        .init(input: "0:2+ 0:1~", frames: "0:2+ 1~"),
        .init(input: "0:1~ 0:2+", frames: "0:1~ | 0:2+"),
        // A two-finger tap in one instant, and split across two reads of the connection.
        .init(input: "0:1+ 0:2+ 0:1- 0:2-", frames: "0:1+ 2+ | 0:1- 2-"),
        .init(input: "0:1+ flush 0:2+ 0:1- 0:2-", frames: "0:1+ | 0:2+ 1- | 0:2-"),
        // One hardware frame that the server posted across a millisecond tick: one frame at the
        // later stamp. Two ticks apart, or the same touch again, is the next frame.
        .init(input: "0.01:1~ 0.011:2~ 0.022:1~ 0.023:2~", frames: "0.011:1~ 2~ | 0.023:1~ 2~"),
        .init(input: "0.01:1+ 0.011:2+ 0.011:3+", frames: "0.011:1+ 2+ 3+"),
        .init(input: "0.01:1~ 0.012:2~", frames: "0.01:1~ | 0.012:2~"),
        .init(input: "0.01:1~ 0.011:1~", frames: "0.01:1~ | 0.011:1~"),
        .init(input: "0.01:1~ 0.011:2~ 0.012:3~", frames: "0.011:1~ 2~ | 0.012:3~"),
        // A whole gesture in one instant, and the next one landing after its lifts.
        .init(input: "0:1+ 0:2+ 0:1- 0:2- 0:3+", frames: "0:1+ 2+ | 0:1- 2- | 0:3+")
    ]

    @Test(arguments: assemblies)
    func samplesBecomeOneFramePerInstantInArrivalOrder(_ case: Assembly) {
        var assembler = FrameAssembler()
        var frames: [String] = []
        let emit = { (frame: [TouchSample], time: Double) in
            frames.append("\(time.formatted):" + frame.map(Self.word).joined(separator: " "))
        }
        for item in `case`.input.split(separator: " ") {
            if item == "flush" { assembler.flush(emit: emit); continue }
            let parts = item.split(separator: ":")
            assembler.add(Self.sample(parts[1]), at: Double(parts[0])!, emit: emit)
        }
        assembler.flush(emit: emit)
        #expect(frames.joined(separator: " | ") == `case`.frames)
        #expect(assembler.isEmpty)
    }

    static func word(_ sample: TouchSample) -> String {
        "\(sample.id.rawValue)" + (sample.phase == .began ? "+" : sample.phase == .ended ? "-" : "~")
    }

    struct Stamping: Sendable, CustomTestStringConvertible {
        var name: String
        /// Each event: the server's stamp in ms, the daemon's clock then, the session's clock.
        var events: [(stamp: UInt64, now: Double, floor: Double)]
        var times: [Double]
        var testDescription: String { name }
    }

    static let stampings: [Stamping] = [
        Stamping(
            name: "a local server's stamps keep the events' ages and spacing",
            events: [(100_000, 100.050, 0), (100_010, 100.050, 0), (100_020, 100.051, 0)],
            times: [100.000, 100.010, 100.020]),
        Stamping(
            name: "a stamp on another clock counts as now, then spacing follows the stamps",
            events: [(5_000, 100.000, 0), (5_016, 100.030, 0)],
            times: [100.000, 100.016]),
        Stamping(
            name: "the 32-bit wrap",
            events: [(4_294_967_290, 50.000, 0), (4, 50.020, 0)],
            times: [50.000, 50.010]),
        Stamping(
            name: "never before the session's clock",
            events: [(100_000, 100.500, 100.400), (100_010, 100.500, 100.400)],
            times: [100.400, 100.410]),
        Stamping(
            name: "never ahead of now: a fast server clock re-anchors",
            events: [(5_000, 100.000, 0), (5_100, 100.050, 0), (5_110, 100.070, 0)],
            times: [100.000, 100.050, 100.060]),
        Stamping(
            name: "a stamp from before the last one does not run the clock back",
            events: [(100_000, 100.010, 0), (99_990, 100.020, 100.000)],
            times: [100.000, 100.000])
    ]

    @Test(arguments: stampings)
    func serverStampsGoOnTheDaemonsClock(_ case: Stamping) {
        var clock = ServerClock()
        let times = `case`.events.map { clock.time(ofServer: $0.stamp, now: $0.now, floor: $0.floor) }
        #expect(zip(times, `case`.times).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times)")
    }
}

private extension Double {
    var formatted: String { self == rounded() ? "\(Int(self))" : "\(self)" }
}

import GestureEngine
import GestureRuntime
import Glibc

/// `gesturebridge bench`: measures the engine's throughput and its allocations per event.
struct BenchCommand: Subcommand {
    static let name = "bench"
    static let abstract = "Measure the gesture engine: events per second, nanoseconds and allocations per event."
    static let discussion = """
        Runs the real engine over a four-level view tree (screen, window, region, \
        sub-region) holding 40 recognizers of every kind (strokes included), all allowed \
        to recognize together, in two cases: ten fingers moving together, and one finger. \
        Fingers land, move in small circles for FRAMES frames, and lift, over and over. \
        The figures are for the steady state (the move frames); allocations are counted \
        by ordo-one's malloc interposer. A stroke is named once, at the lift: the time \
        that takes, against the built-in shapes, is measured apart. Build with -c release \
        for meaningful numbers.
        """

    static let parameters: [CommandParameter] = [
        .option("frames", valueName: "frames", help: "Move frames measured per case. Default: 20000."),
        .option(
            "frames-per-gesture", valueName: "frames",
            help: "Move frames per gesture, from touch-down to lift. Default: 500."),
        .option("recognizers", valueName: "count", help: "Recognizers in the view tree. Default: 40.")
    ]

    var frames = 20_000
    var framesPerGesture = 500
    var recognizers = 40

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        frames = try arguments.integer("frames") ?? frames
        framesPerGesture = try arguments.integer("frames-per-gesture") ?? framesPerGesture
        recognizers = try arguments.integer("recognizers") ?? recognizers
        guard frames > 0, framesPerGesture > 0, recognizers > 0 else {
            throw .invalid("--frames, --frames-per-gesture and --recognizers must be positive")
        }
    }

    struct Result {
        var name: String
        var fingers: Int
        var events: Int
        var seconds: Double
        var allocations: Int
        /// Recognizers taking part 80 ms after touch-down, while multi-finger ones wait for more fingers.
        var busyRecognizers: Int
        /// Recognizers still running when the fingers lift: the steady state.
        var busyAtLift = 0

        var nanosecondsPerEvent: Double { seconds * 1e9 / Double(events) }
        var eventsPerSecond: Double { Double(events) / seconds }
        var allocationsPerEvent: Double { Double(allocations) / Double(events) }
    }

    func run() throws {
        #if DEBUG
            print("note: this is a debug build; build with `swift build -c release` for meaningful figures\n")
        #endif
        let seen = Self.calibrateAllocationCounter()
        if AllocationCounter.isAvailable {
            print("allocation counter: \(seen) of \(Self.calibrationObjects) test allocations seen")
        } else {
            print("allocation counter: not in this build (installed builds leave out the malloc interposer)")
        }
        let results = [measure("10 fingers", fingers: 10), measure("1 finger", fingers: 1)]
        let countsAllocations = seen >= Self.calibrationObjects
        print(Self.table(results, recognizers: recognizers, countsAllocations: countsAllocations))
        print("")
        let (touchpad, actions) = try measureTouchpad()
        print(
            Self.table(
                [touchpad],
                title: "the touchpad path, pinch updates through the session (synthesized fingers, "
                    + "bindings with steps firing, per XInput 2.4 update):", countsAllocations: countsAllocations))
        print("(\(actions) zoom steps fired in the measured updates)")
        print("")
        print(Self.strokeLine(Self.measureStrokeNaming(), countsAllocations: countsAllocations))
    }

    /// What naming one stroke at the lift costs: a checkmark of `points` points against every
    /// built-in template, the recognizer's classifier, in microseconds and allocations.
    static func measureStrokeNaming(points: Int = 120, repetitions: Int = 200) -> (
        microseconds: Double, allocations: Double, templates: Int
    ) {
        var path: [Point] = []
        for index in 0..<points {
            let t = Double(index) / Double(points - 1)
            path.append(
                t < 0.35
                    ? Point(x: 400 + t / 0.35 * 70, y: 400 + t / 0.35 * 90)
                    : Point(x: 470 + (t - 0.35) / 0.65 * 130, y: 490 - (t - 0.35) / 0.65 * 200))
        }
        let classifier = StrokeShapes.classifier
        precondition(classifier.classify(path)?.name == "checkmark", "the bench's stroke is no checkmark")
        let clock = ContinuousClock()
        AllocationCounter.reset()
        AllocationCounter.start()
        let start = clock.now
        var named = 0
        for _ in 0..<repetitions where classifier.classify(path) != nil { named += 1 }
        let elapsed = clock.now - start
        AllocationCounter.stop()
        precondition(named == repetitions)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return (
            seconds * 1e6 / Double(repetitions), Double(AllocationCounter.count) / Double(repetitions),
            classifier.templates.count
        )
    }

    static func strokeLine(
        _ figures: (microseconds: Double, allocations: Double, templates: Int), countsAllocations: Bool
    ) -> String {
        "a stroke named at the lift ($P, \(figures.templates) built-in templates): "
            + "\(FixedDecimal.text(figures.microseconds, decimals: 1)) µs, "
            + (countsAllocations
                ? "\(FixedDecimal.text(figures.allocations, decimals: 1)) allocations" : "allocations n/a")
    }

    static let calibrationObjects = 100

    /// Allocates a known number of objects while counting, so a zero in the table means zero.
    static func calibrateAllocationCounter() -> Int {
        final class Probe { var value = 0 }
        AllocationCounter.reset()
        AllocationCounter.start()
        var probes: [Probe] = []
        for _ in 0..<calibrationObjects { probes.append(Probe()) }
        AllocationCounter.stop()
        withExtendedLifetime(probes) {}
        return min(AllocationCounter.count, calibrationObjects)
    }

    func measure(_ name: String, fingers: Int) -> Result {
        var workload = BenchWorkload(fingers: fingers, recognizers: recognizers)
        // Warm up: fill every buffer (a stroke's path grows with the gesture) to its steady capacity.
        workload.touchDown()
        for _ in 0..<framesPerGesture + 10 { workload.moveFrame() }
        workload.liftAll()

        var result = Result(name: name, fingers: fingers, events: 0, seconds: 0, allocations: 0, busyRecognizers: 0)
        let clock = ContinuousClock()
        AllocationCounter.reset()
        while result.events < frames * fingers {
            workload.touchDown()
            for _ in 0..<10 { workload.moveFrame() }
            result.busyRecognizers = max(result.busyRecognizers, workload.busyRecognizers)
            let remaining = min(framesPerGesture, frames - result.events / fingers)
            AllocationCounter.start()
            let start = clock.now
            for _ in 0..<remaining { result.events += workload.moveFrame() }
            let elapsed = clock.now - start
            AllocationCounter.stop()
            result.busyAtLift = workload.busyRecognizers
            result.seconds += Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            workload.liftAll()
        }
        result.allocations = AllocationCounter.count
        return result
    }

    /// Pinch updates through ``PadBenchWorkload``, measured like the engine's move frames.
    func measureTouchpad() throws -> (Result, actions: Int) {
        var workload = try PadBenchWorkload()
        workload.begin()
        for _ in 0..<min(framesPerGesture, 200) { _ = workload.update() }
        workload.end()
        var result = Result(
            name: "touchpad pinch", fingers: 2, events: 0, seconds: 0, allocations: 0, busyRecognizers: 0)
        let clock = ContinuousClock()
        AllocationCounter.reset()
        var actions = 0
        while result.events < frames {
            workload.begin()
            for _ in 0..<10 { _ = workload.update() }
            result.busyRecognizers = max(result.busyRecognizers, workload.session.activeRecognizerCount)
            let remaining = min(framesPerGesture, frames - result.events)
            AllocationCounter.start()
            let start = clock.now
            let before = workload.actions
            for _ in 0..<remaining { result.events += workload.update() }
            let elapsed = clock.now - start
            AllocationCounter.stop()
            actions += workload.actions - before
            result.busyAtLift = workload.session.activeRecognizerCount
            result.seconds += Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            workload.end()
        }
        result.allocations = AllocationCounter.count
        precondition(actions > 0, "the pinch never fired its zoom steps: the bench measures nothing")
        return (result, actions)
    }

    static func table(_ results: [Result], recognizers: Int, countsAllocations: Bool) -> String {
        table(
            results, title: "engine steady state, \(recognizers) recognizers in a 4-level view tree:",
            countsAllocations: countsAllocations)
    }

    static func table(_ results: [Result], title: String, countsAllocations: Bool) -> String {
        var lines = [title, ""]
        let header = ["case", "events", "ns/event", "events/s", "allocs/event", "busy at 80 ms", "busy at lift"]
        var rows = [header]
        for result in results {
            rows.append([
                result.name, String(result.events), FixedDecimal.text(result.nanosecondsPerEvent, decimals: 0),
                FixedDecimal.text(result.eventsPerSecond / 1e6, decimals: 2) + "M",
                countsAllocations ? FixedDecimal.text(result.allocationsPerEvent, decimals: 3) : "n/a",
                String(result.busyRecognizers), String(result.busyAtLift)
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            lines.append(
                row.enumerated().map { index, cell in
                    index == 0
                        ? TextColumns.leftAligned(cell, width: widths[index])
                        : String(repeating: " ", count: widths[index] - cell.count) + cell
                }.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }
}

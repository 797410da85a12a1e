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
        by ordo-one's malloc interposer. A stroke is named once, at the lift: that is \
        measured apart, with real people's drawings (those the built-in shapes were made \
        from) drawn as touches under 40 stroke bindings of 20 drawings each, against the \
        1 ms target. Build with -c release for meaningful numbers.
        """

    static let frames = CommandParameter.option(
        "frames", valueName: "frames", help: "Move frames measured per case. Default: 20000.")
    static let recognizers = CommandParameter.option(
        "recognizers", valueName: "count", help: "Recognizers in the view tree. Default: 40.")

    static let framesPerGesture = CommandParameter.option(
        "frames-per-gesture", valueName: "frames",
        help: "Move frames per gesture, from touch-down to lift. Default: 500.")

    static let parameters: [CommandParameter] = [
        frames,
        framesPerGesture,
        recognizers
    ]

    var frames = 20_000
    var framesPerGesture = 500
    var recognizers = 40

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        frames = try arguments.integer(Self.frames) ?? frames
        framesPerGesture = try arguments.integer(Self.framesPerGesture) ?? framesPerGesture
        recognizers = try arguments.integer(Self.recognizers) ?? recognizers
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

    /// What naming a real stroke at the lift costs, as the daemon names it: 40 stroke bindings
    /// on the screen, each a shape of its own with 20 drawings (800 templates, made from the
    /// real people's drawings the binary carries, `StrokeShapes.realDrawings`, each turned and
    /// stretched a little so that no template is the stroke), and each real drawing fed as a
    /// touch through the engine. Measured: the lift frame (one comparison against the 800,
    /// shared by the 40 recognizers) in microseconds, and the allocations of the moves before it
    /// and of the lift.
    static func measureStrokeNaming(bindings: Int = 40, drawings: Int = 20, repetitions: Int = 10) -> (
        namingMicroseconds: Double, microseconds: Double, p99Microseconds: Double, allocationsBefore: Double,
        allocationsAtLift: Double, templates: Int, slowestMoveMicroseconds: Double
    ) {
        let real = StrokeShapes.realDrawings
        var classifier = StrokeClassifier()
        for binding in 0..<bindings {
            for drawing in 0..<drawings {
                let index = (binding * drawings + drawing) % real.count
                let angle = (Double((binding * 7 + drawing * 3) % 21) - 10) * Double.pi / 180
                let stretch = 0.85 + Double((binding + drawing * 5) % 7) * 0.05
                let (c, s) = (cos(angle), sin(angle))
                let points = real[index].points.map {
                    Point(x: ($0.x * c - $0.y * s) * stretch, y: $0.x * s + $0.y * c)
                }
                classifier.add("shape\(binding)", points: points, maximumDistance: 0.2)
            }
        }
        let screen = View(kind: .screen, frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        let engine = GestureEngine(root: screen)
        for binding in 0..<bindings {
            let recognizer = StrokeGestureRecognizer(name: "stroke\(binding)")
            recognizer.shapes = ["shape\(binding)"]
            recognizer.classifier = classifier
            screen.addGestureRecognizer(recognizer)
        }
        // Each real drawing as a finger draws it: 300 pt across, a point every 4 pt.
        let strokes = real.map { drawing -> [Point] in
            var path: [Point] = []
            for (a, b) in zip(drawing.points, drawing.points.dropFirst()) {
                let steps = max(1, Int(a.distance(to: b) * 3 / 4))
                for step in 0..<steps {
                    let t = Double(step) / Double(steps)
                    path.append(Point(x: 400 + (a.x + (b.x - a.x) * t) * 3, y: 300 + (a.y + (b.y - a.y) * t) * 3))
                }
            }
            path.append(
                Point(
                    x: 400 + drawing.points[drawing.points.count - 1].x * 3,
                    y: 300 + drawing.points[drawing.points.count - 1].y * 3))
            return path
        }
        let clock = ContinuousClock()
        var time = 0.0
        var total = Duration.zero
        var liftTimes: [Duration] = []
        // The slowest move frame of each drawing: where the 40 recognizers ask whether the path can
        // still become their shapes (issue 25's early decision), all at the same path lengths.
        var slowestMoves: [Duration] = []
        var before = 0, atLift = 0, lifts = 0
        for round in 0..<(repetitions + 1) {
            for path in strokes {
                engine.handle([TouchSample(id: TouchID(1), phase: .began, location: path[0])], at: time)
                // One frame buffer, rewritten in place: the bench itself allocates nothing per move.
                var frame = [TouchSample(id: TouchID(1), phase: .moved, location: path[0])]
                AllocationCounter.reset()
                AllocationCounter.start()
                var slowestMove = Duration.zero
                for index in 1..<path.count {
                    time += 0.008
                    frame[0].location = path[index]
                    let moveStart = clock.now
                    engine.handle(frame, at: time)
                    slowestMove = max(slowestMove, clock.now - moveStart)
                }
                AllocationCounter.stop()
                let moves = AllocationCounter.count
                time += 0.008
                AllocationCounter.reset()
                AllocationCounter.start()
                let start = clock.now
                engine.handle([TouchSample(id: TouchID(1), phase: .ended, location: path[path.count - 1])], at: time)
                let elapsed = clock.now - start
                AllocationCounter.stop()
                time += 1
                engine.advance(to: time)
                // The first round warms every buffer (a stroke's path reserves its storage once).
                guard round > 0 else { continue }
                before += moves
                atLift += AllocationCounter.count
                total += elapsed
                liftTimes.append(elapsed)
                slowestMoves.append(slowestMove)
                lifts += 1
            }
        }
        // The naming alone: the path against the 800 templates, as the first recognizer asks.
        let namingStart = clock.now
        var named = 0
        for _ in 0..<repetitions {
            for path in strokes where classifier.classify(path) != nil { named += 1 }
        }
        let naming = clock.now - namingStart
        func microseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) * 1e-12
        }
        liftTimes.sort()
        slowestMoves.sort()
        return (
            microseconds(naming) / Double(max(named, 1)), microseconds(total) / Double(lifts),
            microseconds(liftTimes[liftTimes.count * 99 / 100]), Double(before) / Double(lifts),
            Double(atLift) / Double(lifts), classifier.templates.count,
            microseconds(slowestMoves[slowestMoves.count / 2])
        )
    }

    static func strokeLine(
        _ figures: (
            namingMicroseconds: Double, microseconds: Double, p99Microseconds: Double, allocationsBefore: Double,
            allocationsAtLift: Double, templates: Int, slowestMoveMicroseconds: Double
        ), countsAllocations: Bool
    ) -> String {
        "a real stroke named at the lift, 40 stroke bindings of 20 drawings (\(figures.templates) templates), "
            + "target 1000 µs: naming \(FixedDecimal.text(figures.namingMicroseconds, decimals: 1)) µs; the lift "
            + "frame (all 40 decide) \(FixedDecimal.text(figures.microseconds, decimals: 1)) µs, p99 "
            + "\(FixedDecimal.text(figures.p99Microseconds, decimals: 1)) µs; the slowest move frame (all 40 "
            + "ask whether the path can still become their shapes) \(FixedDecimal.text(figures.slowestMoveMicroseconds, decimals: 1)) µs "
            + "(median over drawings); "
            + (countsAllocations
                ? "\(FixedDecimal.text(figures.allocationsBefore, decimals: 1)) allocations while drawing, "
                    + "\(FixedDecimal.text(figures.allocationsAtLift, decimals: 1)) at the lift"
                : "allocations n/a")
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

import Foundation
import GestureConfig
import GestureEngine
import TestSupport
import Testing

@testable import GestureRuntime

/// How well strokes are recognized on real people's drawings (`Tests/StrokeData`), measured
/// as the daemon runs: each drawing is fed as a touch to `GestureSession` with a config that
/// binds the shapes, and what fired is counted. docs/strokes.md's stroke table is this, on the
/// reporting part of the set (subjects never tuned on).
@Suite("Strokes on real people's drawings") struct StrokeAccuracyTests {
    @Test func theReadmeStrokeTableIsWhatTheReportingPartMeasures() throws {
        let drawings = try StrokeData.all.get()
        #expect(drawings.count == 5280, "the $1 set has 5,280 drawings")
        let subjects =
            ProcessInfo.processInfo.environment["GESTUREBRIDGE_STROKE_SUBJECTS"] == "tuning"
            ? StrokeData.tuningSubjects : StrokeData.reportingSubjects
        let report = try StrokeAccuracy(drawings: drawings).measure(subjects: subjects)
        let table = report.table()
        print(table)
        guard subjects == StrokeData.reportingSubjects else { return }
        let readme = try StrokeData.readme()
        let inReadme = readme.contains(table)
        #expect(inReadme, "docs/strokes.md's stroke table is not what the reporting part measures:\n\(table)")

        // Met on people never tuned on: nothing fires the wrong shape of your own 1 % of the time
        // or more, ≥ 95 % of unbound shapes' strokes fire nothing, and the built-ins reach the
        // issue's targets.
        for count in 1...3 {
            #expect(
                report.overall(drawings: count).mistakenShare <= 0.01,
                "\(count) drawings: \(report.overall(drawings: count))")
            #expect(report.quietShare(drawings: count) >= 0.95, "unbound shapes of your own, \(count) drawings")
        }
        let builtIns = report.builtIn.values.reduce(StrokeAccuracy.Tally(), +)
        #expect(builtIns.rightShare >= 0.95 && builtIns.mistakenShare <= 0.02, "built-ins: \(builtIns)")
        #expect(report.builtInQuietShare >= 0.95, "shapes no built-in draws, every built-in bound")

        // Deciding early (issue 25) loses at most 1 point against deciding at the lift, and the
        // README says how much it loses.
        var atTheLift = StrokeAccuracy(drawings: drawings)
        atTheLift.decidesEarly = false
        let lift = try atTheLift.measure(subjects: subjects)
        var losses: [String] = []
        for count in 1...3 {
            let loss = lift.overall(drawings: count).rightShare - report.overall(drawings: count).rightShare
            #expect(loss <= 0.01, "\(count) drawings lose \(loss) deciding early")
            losses.append(String(format: "%.1f", loss * 100))
        }
        let liftBuiltIns = lift.builtIn.values.reduce(StrokeAccuracy.Tally(), +)
        #expect(liftBuiltIns.rightShare - builtIns.rightShare <= 0.01, "built-ins at the lift: \(liftBuiltIns)")
        let liftFigures = (1...3).map { String(format: "%.1f", lift.overall(drawings: $0).rightShare * 100) }
        let sentence =
            "the same drawings are right \(liftFigures.joined(separator: " / ")) % of the time with\n"
            + "1 / 2 / 3 drawings of your own, and the built-ins \(String(format: "%.1f", liftBuiltIns.rightShare * 100)) %, "
            + "so deciding early costs \(losses.joined(separator: " / ")) and "
            + "\(String(format: "%.1f", (liftBuiltIns.rightShare - builtIns.rightShare) * 100)) points"
        #expect(readme.contains(sentence), "docs/strokes.md should say: \(sentence)")
        // Not met (issue 24 asks ≥ 97 % with one drawing, ≥ 99 % with three): these floors are
        // what this matcher reaches, so that a change that loses accuracy fails here.
        #expect(
            report.overall(drawings: 1).rightShare >= 0.93, "one drawing per shape: \(report.overall(drawings: 1))")
        #expect(report.overall(drawings: 2).rightShare >= 0.97, "two drawings: \(report.overall(drawings: 2))")
        #expect(report.overall(drawings: 3).rightShare >= 0.98, "three drawings: \(report.overall(drawings: 3))")
    }

    @Test func theRestAndStopLimitsAreLongerThanPeopleRestAndStopWhileDrawing() throws {
        // How long each drawing kept still (within the 10 pt the recognizer allows): before it
        // first moved, and at most once moving, up to its lift.
        func stillness(_ drawing: StrokeData.Drawing) -> (rest: Double, stop: Double) {
            let points = drawing.onScreen()
            var anchor = (at: points[0], since: 0.0)
            var rest: Double?
            var stop = 0.0
            for (point, time) in zip(points, drawing.times)
            where point.distance(to: anchor.at) > Thresholds.longPressAllowableMovement {
                if rest == nil { rest = time } else { stop = max(stop, time - anchor.since) }
                anchor = (point, time)
            }
            let lift = drawing.times.last ?? 0
            guard let rest else { return (lift, 0) }
            return (rest, max(stop, lift - anchor.since))
        }
        func percentile99(_ values: [Double]) -> Double { values.sorted()[Int(Double(values.count - 1) * 0.99)] }
        let drawings = try StrokeData.all.get()
        let tuning = drawings.filter { StrokeData.tuningSubjects.contains($0.subject) }.map(stillness)
        let reporting = drawings.filter { StrokeData.reportingSubjects.contains($0.subject) }.map(stillness)
        let longestRest = tuning.map(\.rest).max() ?? 0, longestStop = tuning.map(\.stop).max() ?? 0
        // Tuned: no drawing of the tuning part keeps still as long as the limits.
        #expect(longestRest < Thresholds.strokeLongestRest && longestStop < Thresholds.strokeLongestPause)
        let sentence =
            "No drawing of the $1 set's subjects 1–3 rested longer than \(String(format: "%.2f", longestRest)) s "
            + "before it moved or stopped longer than \(String(format: "%.2f", longestStop)) s on its way "
            + "(99 % within \(String(format: "%.2f", percentile99(tuning.map(\.rest)))) and "
            + "\(String(format: "%.2f", percentile99(tuning.map(\.stop)))) s); of subjects 4–11's "
            + "\(reporting.count) drawings, \(reporting.filter { $0.rest >= Thresholds.strokeLongestRest }.count) "
            + "rested \(String(format: "%g", Thresholds.strokeLongestRest)) s or longer and "
            + "\(reporting.filter { $0.stop >= Thresholds.strokeLongestPause }.count) stopped "
            + "\(String(format: "%g", Thresholds.strokeLongestPause)) s or longer."
        let saysIt = try StrokeData.readmeSays(sentence)
        #expect(saysIt, "docs/strokes.md should say: \(sentence)")
    }

    @Test func aStrokeOfAShapeNoBindingNamesFiresNothingEvenWhenABuiltInLooksLikeIt() throws {
        // Subject 4's own left square brackets, with only carets and checks of theirs bound:
        // nothing fires, and no built-in 'c' or 'l' takes them (none is bound).
        let drawings = try StrokeData.all.get().filter { $0.subject == "s04" }
        let accuracy = StrokeAccuracy(drawings: drawings)
        let templates = ["caret", "check"].map { shape in
            (shape, drawings.filter { $0.shape == shape && $0.number == 1 && $0.speed == "medium" })
        }
        let brackets = drawings.filter { $0.shape == "left_sq_bracket" }
        let fired = try accuracy.fire(brackets, templates: templates)
        #expect(fired.compactMap { $0 }.isEmpty, "fired: \(fired.compactMap { $0 })")
    }
}

/// Feeds drawings to the daemon's state machine and counts what fired.
struct StrokeAccuracy {
    /// What happened to the drawings of one shape.
    struct Tally: CustomStringConvertible {
        var right = 0, mistaken = 0, rejected = 0
        var total: Int { right + mistaken + rejected }
        var rightShare: Double { Double(right) / Double(max(total, 1)) }
        var mistakenShare: Double { Double(mistaken) / Double(max(total, 1)) }
        var rejectedShare: Double { Double(rejected) / Double(max(total, 1)) }
        static func + (a: Tally, b: Tally) -> Tally {
            Tally(right: a.right + b.right, mistaken: a.mistaken + b.mistaken, rejected: a.rejected + b.rejected)
        }
        var description: String {
            "\(right) right, \(mistaken) mistaken, \(rejected) rejected of \(total)"
        }
    }

    /// Everything measured on a set of subjects.
    struct Report {
        /// Per number of drawings recorded (1–3), per shape.
        var own: [Int: [String: Tally]] = [:]
        /// Per number of drawings: strokes of shapes not bound, and how many fired nothing.
        var ownQuiet: [Int: (quiet: Int, total: Int)] = [:]
        /// The built-in shapes, by the set's shape name, on every subject's strokes.
        var builtIn: [String: Tally] = [:]
        /// Strokes of the set's shapes no built-in draws, with every built-in bound.
        var builtInQuiet: (quiet: Int, total: Int) = (0, 0)
        var subjects: [String] = []

        func overall(drawings: Int) -> Tally { own[drawings, default: [:]].values.reduce(Tally(), +) }
        var builtInQuietShare: Double { Double(builtInQuiet.quiet) / Double(max(builtInQuiet.total, 1)) }
        func quietShare(drawings: Int) -> Double {
            let quiet = ownQuiet[drawings] ?? (0, 0)
            return Double(quiet.quiet) / Double(max(quiet.total, 1))
        }

        /// The README's table.
        func table() -> String {
            func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }
            func cell(_ tally: Tally?) -> String {
                guard let tally, tally.total > 0 else { return "" }
                return tally.mistaken == 0
                    ? percent(tally.rightShare) : "\(percent(tally.rightShare)) (\(percent(tally.mistakenShare)) wrong)"
            }
            let equivalents = Dictionary(uniqueKeysWithValues: StrokeData.builtInEquivalents.map { ($0.key, $0.value) })
            var lines = [
                "| shape | 1 drawing of your own | 2 drawings | 3 drawings | built-in, people who recorded nothing |",
                "|---|---|---|---|---|"
            ]
            for shape in own[1, default: [:]].keys.sorted() {
                let builtIn = equivalents[shape].map { "\(cell(self.builtIn[shape])) (`\($0)`)" } ?? ""
                lines.append(
                    "| \(shape.replacingOccurrences(of: "_", with: " ")) | \(cell(own[1]?[shape])) | "
                        + "\(cell(own[2]?[shape])) | \(cell(own[3]?[shape])) | \(builtIn) |")
            }
            let builtInAll = builtIn.values.reduce(Tally(), +)
            lines.append(
                "| **all: right** | **\(percent(overall(drawings: 1).rightShare))** | "
                    + "**\(percent(overall(drawings: 2).rightShare))** | **\(percent(overall(drawings: 3).rightShare))** | "
                    + "**\(percent(builtInAll.rightShare))** |")
            lines.append(
                "| all: mistaken for another | \(percent(overall(drawings: 1).mistakenShare)) | "
                    + "\(percent(overall(drawings: 2).mistakenShare)) | \(percent(overall(drawings: 3).mistakenShare)) | "
                    + "\(percent(builtInAll.mistakenShare)) |")
            lines.append(
                "| all: fired nothing | \(percent(overall(drawings: 1).rejectedShare)) | "
                    + "\(percent(overall(drawings: 2).rejectedShare)) | \(percent(overall(drawings: 3).rejectedShare)) | "
                    + "\(percent(builtInAll.rejectedShare)) |")
            lines.append(
                "| unbound shapes: fired nothing | \(percent(quietShare(drawings: 1))) | \(percent(quietShare(drawings: 2))) | "
                    + "\(percent(quietShare(drawings: 3))) | "
                    + "\(percent(builtInQuietShare)) |")
            return lines.joined(separator: "\n")
        }
    }

    let drawings: [StrokeData.Drawing]
    /// How many times each subject's templates are drawn at random, per number of drawings.
    var repetitions = 3
    /// Whether the strokes decide early, as the daemon's do, or only at the lift.
    var decidesEarly = true

    /// Measures everything on `subjects`.
    func measure(subjects: [String]) throws -> Report {
        var report = Report(subjects: subjects)
        var generator = SplitMix64(seed: 2007)
        for subject in subjects {
            let mine = drawings.filter { $0.subject == subject }
            let shapes = Set(mine.map(\.shape)).sorted()
            for count in 1...3 {
                for _ in 0..<repetitions {
                    var templates: [(String, [StrokeData.Drawing])] = []
                    var used = Set<String>()
                    for shape in shapes {
                        let chosen = Array(mine.filter { $0.shape == shape }.shuffled(using: &generator).prefix(count))
                        templates.append((shape, chosen))
                        for drawing in chosen { used.insert(drawing.key) }
                    }
                    let candidates = mine.filter { !used.contains($0.key) }
                    // Every shape bound.
                    let fired = try fire(candidates, templates: templates)
                    for (drawing, name) in zip(candidates, fired) {
                        var tally = report.own[count, default: [:]][drawing.shape, default: Tally()]
                        if name == drawing.shape {
                            tally.right += 1
                        } else if name == nil {
                            tally.rejected += 1
                        } else {
                            tally.mistaken += 1
                        }
                        report.own[count, default: [:]][drawing.shape] = tally
                    }
                    // Half of them bound: the other half's strokes should fire nothing.
                    let bound = Set(shapes.shuffled(using: &generator).prefix(shapes.count / 2))
                    let unbound = candidates.filter { !bound.contains($0.shape) }
                    let quietFired = try fire(unbound, templates: templates.filter { bound.contains($0.0) })
                    var quiet = report.ownQuiet[count] ?? (0, 0)
                    quiet.quiet += quietFired.filter { $0 == nil }.count
                    quiet.total += unbound.count
                    report.ownQuiet[count] = quiet
                }
            }
        }
        // Every built-in shape bound; everyone's strokes.
        let everyone = drawings.filter { subjects.contains($0.subject) }
        let fired = try fire(everyone, builtIns: true)
        let equivalents = Dictionary(uniqueKeysWithValues: StrokeData.builtInEquivalents.map { ($0.key, $0.value) })
        for (drawing, name) in zip(everyone, fired) {
            guard let builtIn = equivalents[drawing.shape] else {
                report.builtInQuiet.total += 1
                if name == nil { report.builtInQuiet.quiet += 1 }
                continue
            }
            var tally = report.builtIn[drawing.shape, default: Tally()]
            if name == builtIn {
                tally.right += 1
            } else if name == nil {
                tally.rejected += 1
            } else {
                tally.mistaken += 1
            }
            report.builtIn[drawing.shape] = tally
        }
        return report
    }

    /// What each drawing fired (the binding's name, which is its shape's), or nil, under a
    /// config binding `templates` as shapes of your own (written as `record --stroke` writes
    /// them), or every built-in shape.
    func fire(
        _ candidates: [StrokeData.Drawing], templates: [(String, [StrokeData.Drawing])] = [], builtIns: Bool = false
    ) throws -> [String?] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gesturebridge-strokes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var yaml = "gestures:\n"
        for (shape, samples) in templates {
            let text = StrokeTemplateFile.text(name: shape, samples: samples.map(\.recordedPath))
            try text.write(to: folder.appendingPathComponent("\(shape).yaml"), atomically: false, encoding: .utf8)
            // 'own: true': the set's circle and v are yours, not the built-ins of those names.
            yaml += "  - name: \(shape)\n    stroke: { shape: \(shape), own: true }\n    do: { keys: F1 }\n"
        }
        if builtIns {
            for shape in StrokeShapes.names where !shape.hasPrefix("circle-") {
                yaml += "  - name: \(shape)\n    stroke: { shape: \(shape) }\n    do: { keys: F1 }\n"
            }
        }
        let configuration = try ConfigLoader.load(yaml: yaml, strokeFolder: folder.path)
        let session = GestureSession(configuration: configuration, scene: SceneDescription())
        for case let (stroke as StrokeGestureRecognizer, _) in session.scene.recognizers {
            stroke.decidesEarly = decidesEarly
        }
        var fired: [String?] = []
        var time = 0.0
        for drawing in candidates {
            let points = drawing.onScreen()
            let start = time
            session.handle([TouchSample(id: TouchID(1), phase: .began, location: points[0])], at: start)
            for (point, offset) in zip(points.dropFirst(), drawing.times.dropFirst()) {
                session.handle([TouchSample(id: TouchID(1), phase: .moved, location: point)], at: start + offset)
            }
            let end = start + (drawing.times.last ?? 0) + 0.005
            session.handle([TouchSample(id: TouchID(1), phase: .ended, location: points[points.count - 1])], at: end)
            session.advance(to: end + 1)
            let names = session.outputs.compactMap { output -> String? in
                if case .action(let action) = output { return action.gesture }
                return nil
            }
            precondition(names.count <= 1, "one stroke fired \(names)")
            fired.append(names.first)
            session.removeAllOutputs()
            time = end + 2
        }
        return fired
    }
}

extension StrokeData.Drawing {
    var key: String { "\(subject) \(speed) \(shape) \(number)" }
}

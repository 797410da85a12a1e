import Foundation
import GestureEngine
import TestSupport
import Testing

/// Where shapes of your own lose accuracy (issue 24): not in naming the nearest shape but in
/// the bound past which a stroke is no shape at all. docs/strokes.md's paragraph on it is this, on
/// the reporting part of the $1 set, measured at the lift with the matcher alone
/// (`StrokeClassifier`), templates saved as `record --stroke` saves them.
@Suite("The bound on a shape of your own") struct StrokeBoundTests {
    @Test func theBoundTradesStrokesOfYourShapesForQuietStrokesOfUnboundOnes() throws {
        let drawings = try StrokeData.all.get().filter { StrokeData.reportingSubjects.contains($0.subject) }
        let nearest = NearestShapes(drawings: drawings)
        let percent = { (share: Double) in String(format: "%.1f", share * 100) }
        let bound = { (value: Double) in String(format: "%.3f", value) }
        let one = nearest.measured[1]!, three = nearest.measured[3]!
        // The loosest bound that still keeps 95 % of unbound shapes' strokes quiet, and the
        // tightest that reaches the issue's 97 % (one drawing) and 99 % (three).
        let quietOne = one.loosestBound(quiet: 0.95), quietThree = three.loosestBound(quiet: 0.95)
        let rightOne = one.tightestBound(right: 0.97), rightThree = three.tightestBound(right: 0.99)
        let sentence =
            "the nearest shape bound is the right one "
            + (1...3).map { percent(nearest.measured[$0]!.nearestRightShare) }.joined(separator: " / ")
            + " % of the time with 1 / 2 / 3 drawings. A bound loose enough for 97 % right with one "
            + "drawing (\(bound(rightOne))) lets \(percent(1 - one.quietShare(bound: rightOne))) % of unbound shapes' "
            + "strokes fire, and one for 99 % with three (\(bound(rightThree))) "
            + "\(percent(1 - three.quietShare(bound: rightThree))) %; a bound that keeps 95 % of them quiet "
            + "is right \(percent(one.rightShare(bound: quietOne))) % of the time with one drawing "
            + "(\(bound(quietOne))) and \(percent(three.rightShare(bound: quietThree))) % with three "
            + "(\(bound(quietThree))), even chosen on these very drawings. No one bound meets both targets; "
            + "ours (\(String(format: "%g", StrokeClassifier.ownMaximumDistance))) was chosen on subjects 1–3"
        print(sentence)
        // What the README says of them: no bound is both loose enough for the issue's accuracy
        // and tight enough for its quiet, and ours is on the quiet side.
        #expect(quietOne < rightOne && quietThree < rightThree, "a bound meets both targets: \(sentence)")
        #expect(StrokeClassifier.ownMaximumDistance <= min(quietOne, quietThree))
        let saysIt = try StrokeData.readmeSays(sentence)
        #expect(saysIt, "docs/strokes.md should say: \(sentence)")
    }
}

/// For each number of drawings per shape (1, 2, 3), the distance from every other drawing of
/// each subject to its nearest template: with all 16 shapes bound (was it the right shape?),
/// and with half of them bound for the other half's strokes. Drawn at random three times, as
/// `StrokeAccuracy` draws them.
struct NearestShapes {
    struct Measured {
        /// Every stroke with all shapes bound: its nearest template's distance, and whether
        /// that template is the stroke's shape.
        var own: [(distance: Double, right: Bool)] = []
        /// Every stroke of an unbound shape, half the shapes bound: its nearest distance.
        var unbound: [Double] = []

        var nearestRightShare: Double { Double(own.filter(\.right).count) / Double(own.count) }
        func rightShare(bound: Double) -> Double {
            Double(own.filter { $0.right && $0.distance <= bound }.count) / Double(own.count)
        }
        func quietShare(bound: Double) -> Double {
            Double(unbound.filter { $0 > bound }.count) / Double(unbound.count)
        }
        /// The largest distance among the unbound strokes' at which `quiet` of them fire nothing.
        func loosestBound(quiet: Double) -> Double {
            let sorted = unbound.sorted()
            let firing = Int((Double(sorted.count) * (1 - quiet)).rounded(.down))
            // Below the distance of the (firing + 1)th nearest stroke, at most `firing` fire.
            return sorted[firing].nextDown
        }
        /// The smallest distance among the own strokes' at which `right` of them are named right
        /// (infinity when fewer are named right at any distance).
        func tightestBound(right: Double) -> Double {
            let sorted = own.filter(\.right).map(\.distance).sorted()
            let needed = Int((Double(own.count) * right).rounded(.up))
            return needed <= sorted.count ? sorted[needed - 1] : .infinity
        }
    }

    var measured: [Int: Measured] = [:]

    init(drawings: [StrokeData.Drawing], repetitions: Int = 3) {
        var generator = SplitMix64(seed: 2007)
        let subjects = Set(drawings.map(\.subject)).sorted()
        for subject in subjects {
            let mine = drawings.filter { $0.subject == subject }
            let shapes = Set(mine.map(\.shape)).sorted()
            for count in 1...3 {
                var measured = self.measured[count] ?? Measured()
                for _ in 0..<repetitions {
                    var classifier = StrokeClassifier()
                    var used = Set<String>()
                    for shape in shapes {
                        for drawing in mine.filter({ $0.shape == shape }).shuffled(using: &generator).prefix(count) {
                            classifier.add(
                                shape, points: drawing.recordedPath,
                                maximumDistance: StrokeClassifier.ownMaximumDistance)
                            used.insert(drawing.key)
                        }
                    }
                    let strokes = mine.filter { !used.contains($0.key) }
                    let bound = Set(shapes.shuffled(using: &generator).prefix(shapes.count / 2))
                    for drawing in strokes {
                        let screen = drawing.onScreen()
                        guard let match = classifier.classify(screen) else { continue }
                        // The classifier names loops and lines with their direction: 'circle-…'.
                        let name = match.name.hasPrefix("circle") ? "circle" : match.name
                        measured.own.append((match.distance, name == drawing.shape))
                        if !bound.contains(drawing.shape),
                            let quiet = classifier.classify(screen, among: { bound.contains($0) })
                        {
                            measured.unbound.append(quiet.distance)
                        }
                    }
                }
                self.measured[count] = measured
            }
        }
    }
}

import Foundation
import GestureEngine

/// Real people's strokes: the $1 unistroke logs the repository carries in `Tests/StrokeData`
/// (`SOURCES.md` there says where they come from, under which licence, and how they are split).
enum StrokeData {
    /// One drawing: who drew it, how fast, which shape, and its points in pixels with their
    /// times in seconds from the first.
    struct Drawing: Sendable {
        var subject: String
        var speed: String
        var shape: String
        var number: Int
        var points: [Point]
        var times: [Double]
    }

    /// The subjects every threshold and template choice was tuned on.
    static let tuningSubjects = ["s01", "s02", "s03"]
    /// The subjects the README reports on, never tuned on.
    static let reportingSubjects = (4...11).map { String(format: "s%02d", $0) }
    /// The set's shapes that a built-in shape draws the same: the set's name and the built-in's.
    static let builtInEquivalents: KeyValuePairs<String, String> = [
        "check": "checkmark", "v": "v", "circle": "circle", "caret": "chevron-up"
    ]
    /// How much larger than on the Pocket PC a finger draws (`SOURCES.md`).
    static let scale = 2.0

    /// `Tests/StrokeData` of this checkout.
    static let folder: URL = {
        // This file is <repo>/Tests/GestureRuntimeTests/Support/StrokeData.swift.
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("StrokeData")
    }()

    /// This checkout's docs/strokes.md (linked from the README), whose stroke figures the tests check.
    static func readme() throws -> String {
        try String(
            contentsOf: folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "docs/strokes.md"),
            encoding: .utf8)
    }

    /// Whether docs/strokes.md says `sentence`, its lines joined with spaces (wrapped anywhere).
    static func readmeSays(_ sentence: String) throws -> Bool {
        try readme().split(separator: "\n").joined(separator: " ").contains(sentence)
    }

    /// Every drawing in the file, read once.
    static let all = Result { try load() }

    /// Every drawing in the file, in its order.
    static func load() throws -> [Drawing] {
        let text = try String(
            contentsOf: folder.appendingPathComponent("dollar1-unistrokes.txt"), encoding: .utf8)
        var drawings: [Drawing] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            guard fields.count > 5, let number = Int(fields[3]) else { throw Malformed(line: String(line)) }
            var x = 0.0, y = 0.0, t = 0.0
            var points: [Point] = []
            var times: [Double] = []
            for (index, field) in fields.dropFirst(4).enumerated() {
                let parts = field.split(separator: ",").compactMap { Double($0) }
                guard parts.count == 3 else { throw Malformed(line: String(line)) }
                if index == 0 {
                    (x, y) = (parts[0], parts[1])
                } else {
                    (x, y, t) = (x + parts[0], y + parts[1], t + parts[2] / 1000)
                }
                points.append(Point(x: x, y: y))
                times.append(t)
            }
            drawings.append(
                Drawing(
                    subject: String(fields[0]), speed: String(fields[1]), shape: String(fields[2]), number: number,
                    points: points, times: times))
        }
        return drawings
    }

    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var description: String { "a malformed line in dollar1-unistrokes.txt: \(line.prefix(60))" }
    }
}

extension StrokeData.Drawing {
    /// The drawing as the screen sees it: scaled to a finger's size and moved to `origin`.
    func onScreen(at origin: Point = Point(x: 300, y: 300)) -> [Point] {
        guard let first = points.first else { return [] }
        return points.map {
            Point(
                x: origin.x + ($0.x - first.x) * StrokeData.scale, y: origin.y + ($0.y - first.y) * StrokeData.scale)
        }
    }

    /// The path the recorder keeps of it (`StrokePath`), as `record --stroke` saves a drawing.
    var recordedPath: [Point] {
        let screen = onScreen()
        var path = StrokePath()
        path.restart(at: screen[0])
        for point in screen.dropFirst() { path.move(to: point) }
        return path.points
    }
}

import GestureConfig
import GestureEngine
import GestureReplay
import JSON

/// `record --stroke`'s state: reads the trace lines the daemon streams and cuts them into
/// drawings, each the path of the fingers' centre from the first finger down to the last
/// one up, followed as `StrokeGestureRecognizer` follows it (`StrokePath`).
package struct StrokeRecorder {
    package init() {}

    /// What one line did.
    package enum Outcome: Equatable, Sendable {
        /// Nothing finished.
        case none
        /// A drawing was kept: how many so far, its length in pixels and its finger count.
        case kept(count: Int, length: Double, fingers: Int)
        /// A drawing too short to be a stroke, with its length: draw it again.
        case tooShort(length: Double)
        /// The touches were cancelled (by the server or the daemon): draw it again.
        case cancelled
    }

    /// The drawings kept.
    package private(set) var samples: [[Point]] = []
    /// Each kept drawing's finger count.
    package private(set) var fingerCounts: [Int] = []
    private var down: [(id: Int, point: Point)] = []
    private var path = StrokePath()
    private var fingers = 0
    private var cancelled = false

    /// Follows one trace line (JSON); other lines (the header, touchpad gestures) are ignored.
    package mutating func read(_ line: String) -> Outcome {
        guard let value = try? JSONValue(parsing: line), case .number(let touch) = value["touch"],
            case .string(let phase) = value["phase"], case .number(let x) = value["x"],
            case .number(let y) = value["y"],
            x.isFinite, y.isFinite
        else { return .none }
        let id = Int(touch)
        let point = Point(x: x, y: y)
        switch phase {
        case "down":
            if down.isEmpty {
                cancelled = false
                fingers = 0
            }
            down.removeAll { $0.id == id }
            down.append((id, point))
            fingers = max(fingers, down.count)
            path.restart(at: centroid)
        case "move":
            guard let index = down.firstIndex(where: { $0.id == id }) else { return .none }
            down[index].point = point
            path.move(to: centroid)
        case "up", "cancel":
            guard let index = down.firstIndex(where: { $0.id == id }) else { return .none }
            // As the recognizer: a lift ends a finger's part where it last moved, so the centre
            // does not jump to the fingers still down.
            if phase == "cancel" { cancelled = true }
            down.remove(at: index)
            guard down.isEmpty else { return .none }
            return finish()
        default:
            return .none
        }
        return .none
    }

    private var centroid: Point {
        var sum = Point.zero
        for finger in down { sum = Point(x: sum.x + finger.point.x, y: sum.y + finger.point.y) }
        return Point(x: sum.x / Double(down.count), y: sum.y / Double(down.count))
    }

    private mutating func finish() -> Outcome {
        defer { path.removeAll() }
        if cancelled { return .cancelled }
        guard path.length >= Thresholds.strokeMinimumLength, path.points.count >= 2 else {
            return .tooShort(length: path.length)
        }
        samples.append(path.points)
        fingerCounts.append(fingers)
        return .kept(count: samples.count, length: path.length, fingers: fingers)
    }

    /// What the drawings have against the built-in shapes: for each one a built-in shape is
    /// close to (within the recognizer's threshold), its name and distance, nearest first.
    package func builtInLookalikes() -> [StrokeClassifier.Match] {
        var nearest: [String: Double] = [:]
        for sample in samples {
            guard let match = StrokeShapes.classifier.classify(sample), match.isClose else { continue }
            nearest[match.name] = min(nearest[match.name] ?? .infinity, match.distance)
        }
        return nearest.map { StrokeClassifier.Match(name: $0.key, distance: $0.value) }.sorted {
            $0.distance < $1.distance
        }
    }
}

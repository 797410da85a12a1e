/// Names the shape of a stroke by the $P point-cloud recognizer (Vatavu, Anthony and Wobbrock,
/// "Gestures as point clouds", ICMI 2012): the stroke and each template are resampled to
/// `pointCount` points, scaled to a unit box and moved to the origin, and matched greedily as
/// unordered clouds. Scale- and position-invariant; deliberately not rotation-invariant (a
/// rotated N is a Z, a turned V a chevron).
///
/// A point cloud has no direction, so shapes that are the same cloud drawn either way are
/// told apart afterwards: a closed loop by the sign of its area (`circle-clockwise`), a
/// straight line by where it ends (`line-up-right`).
public struct StrokeClassifier: Sendable {
    /// One template: a name and its points, already normalized.
    public struct Template: Sendable {
        public let name: String
        let points: [Point]
    }

    /// The best match: the template's name (with its direction, for loops and lines) and the
    /// cloud distance (0 is the template itself; around 1 is a loose likeness).
    public struct Match: Sendable, Equatable {
        public var name: String
        public var distance: Double

        public init(name: String, distance: Double) {
            self.name = name
            self.distance = distance
        }
    }

    /// How many points a stroke and each template are resampled to ($P's n).
    public static let pointCount = 32

    public private(set) var templates: [Template] = []

    public init() {}

    /// Adds a template from raw points (any scale and place).
    public mutating func add(_ name: String, points: [Point]) {
        guard points.count >= 2 else { return }
        templates.append(Template(name: name, points: Self.normalize(points)))
    }

    /// The template nearest to the stroke, or nil for fewer than two points or no templates.
    public func classify(_ stroke: [Point]) -> Match? {
        guard stroke.count >= 2, !templates.isEmpty else { return nil }
        let cloud = Self.normalize(stroke)
        var best: Match?
        for template in templates {
            let distance = Self.greedyCloudMatch(cloud, template.points, limit: best?.distance ?? .infinity)
            if best.map({ distance < $0.distance }) ?? true { best = Match(name: template.name, distance: distance) }
        }
        guard var match = best else { return nil }
        match.name = Self.directed(match.name, stroke)
        return match
    }

    /// A loop's or line's name with the direction it was drawn in.
    static func directed(_ name: String, _ stroke: [Point]) -> String {
        switch name {
        case "circle":
            // The shoelace area, y down: positive is clockwise on screen.
            var area = 0.0
            for index in stroke.indices {
                let a = stroke[index], b = stroke[(index + 1) % stroke.count]
                area += a.x * b.y - b.x * a.y
            }
            return area >= 0 ? "circle-clockwise" : "circle-counterclockwise"
        case "line-diagonal-down", "line-diagonal-up":
            guard let first = stroke.first, let last = stroke.last else { return name }
            let vertical = last.y > first.y ? "down" : "up"
            let horizontal = last.x > first.x ? "right" : "left"
            return "line-\(vertical)-\(horizontal)"
        default:
            return name
        }
    }

    // MARK: $P

    static func normalize(_ points: [Point]) -> [Point] {
        let resampled = resample(points, count: pointCount)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for point in resampled {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
        let size = max(maxX - minX, maxY - minY, 1e-9)
        var cx = 0.0, cy = 0.0
        for point in resampled {
            cx += (point.x - minX) / size
            cy += (point.y - minY) / size
        }
        cx /= Double(resampled.count)
        cy /= Double(resampled.count)
        return resampled.map { Point(x: ($0.x - minX) / size - cx, y: ($0.y - minY) / size - cy) }
    }

    /// `count` points spaced equally along the path.
    public static func resample(_ points: [Point], count: Int) -> [Point] {
        var length = 0.0
        for index in 1..<points.count { length += points[index].distance(to: points[index - 1]) }
        guard length > 0 else { return Array(repeating: points[0], count: count) }
        let interval = length / Double(count - 1)
        var result = [points[0]]
        result.reserveCapacity(count)
        var travelled = 0.0
        var previous = points[0]
        var index = 1
        while index < points.count && result.count < count {
            let current = points[index]
            let step = previous.distance(to: current)
            if step > 0, travelled + step >= interval {
                let t = (interval - travelled) / step
                let point = Point(
                    x: previous.x + t * (current.x - previous.x), y: previous.y + t * (current.y - previous.y))
                result.append(point)
                previous = point
                travelled = 0
            } else {
                travelled += step
                previous = current
                index += 1
            }
        }
        while result.count < count { result.append(points[points.count - 1]) }
        return result
    }

    /// The $P distance between two clouds of `pointCount` points; past `limit` (the best match
    /// so far) it stops early and returns a value at least `limit` (early abandoning).
    static func greedyCloudMatch(_ points: [Point], _ template: [Point], limit: Double = .infinity) -> Double {
        let n = points.count
        let step = max(1, Int(Double(n).squareRoot()))
        var best = limit
        var start = 0
        while start < n {
            best = min(best, cloudDistance(points, template, start: start, limit: best))
            best = min(best, cloudDistance(template, points, start: start, limit: best))
            start += step
        }
        return best
    }

    /// One greedy matching of `a` onto `b` from `start`, weighted as $P weighs it; stops once
    /// the sum reaches `limit`. The clouds have at most 64 points: the matched set is a bit mask.
    static func cloudDistance(_ a: [Point], _ b: [Point], start: Int, limit: Double = .infinity) -> Double {
        let n = a.count
        precondition(n <= 64 && b.count == n, "clouds of at most 64 points, the same number")
        var matched: UInt64 = 0
        var sum = 0.0
        var index = start
        repeat {
            var nearest = -1
            var minimum = Double.infinity
            let p = a[index]
            for j in 0..<n where matched & (1 << UInt64(j)) == 0 {
                let dx = p.x - b[j].x, dy = p.y - b[j].y
                let squared = dx * dx + dy * dy
                if squared < minimum {
                    minimum = squared
                    nearest = j
                }
            }
            matched |= 1 << UInt64(nearest)
            let weight = 1 - Double((index - start + n) % n) / Double(n)
            sum += weight * minimum.squareRoot()
            if sum >= limit { return sum }
            index = (index + 1) % n
        } while index != start
        return sum
    }
}

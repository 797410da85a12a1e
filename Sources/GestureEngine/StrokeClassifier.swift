/// Names the shape of a stroke by template matching in the manner of $1 and Protractor
/// (Wobbrock, Wilson and Li, UIST 2007; Li, CHI 2010): the stroke and each template are
/// resampled to `pointCount` points along the path, moved to their centroid and scaled by
/// their larger side, turned by the rotation that best lines them up up to ±`rotationLimit`,
/// then compared in drawing order by dynamic time warping within a narrow band: each point's
/// distance plus how far their directions of travel differ (a corner against a curve), a
/// point of one allowed to match one a little ahead or behind on the other (a longer arrow
/// head, a quicker first bar). Scale- and position-invariant; rotation-invariant only a
/// little (a rotated N is a Z, a turned V a chevron, and a line keeps its direction).
///
/// Why not $P, which this used before: a point cloud forgets the drawing order, and the order
/// is most of what tells a person's own shapes apart (on the $1 set's real strokes, tuning
/// part: 98 % against 95 % with one drawing per shape); and $P costs n² per template where
/// this costs n times the band's width, which is what keeps a lift with 800 templates under a
/// millisecond. Warping, against comparing point i with point i only: on the tuning part with
/// one drawing per shape, 98.5 % right against 96 % at the same share of unbound shapes' strokes
/// firing nothing (the same with three drawings: 99.8 % against 99.0 %).
///
/// Every template has its own largest distance: a shape of your own has
/// `ownMaximumDistance`, and the built-in shapes have theirs (`StrokeShapes`). A stroke is the nearest template's shape when it is
/// within that template's distance.
public struct StrokeClassifier: Sendable {
    /// One template: a name, its points normalized and the directions between them.
    public struct Template: Sendable {
        public let name: String
        /// The index of `name` in `shapeNames`.
        let shape: Int
        /// The largest distance at which a stroke is still this shape.
        public let maximumDistance: Double
        let xs: [Double]
        let ys: [Double]
        let directions: [Double]
    }

    /// The best match: the template's name (with its direction, for loops and lines), the
    /// distance (0 is the template itself, about 0.1 a close likeness, 0.5 another shape) and
    /// whether it is within the template's largest distance.
    public struct Match: Sendable, Equatable {
        public var name: String
        public var distance: Double
        /// The template's largest distance.
        public var limit: Double

        public var isClose: Bool { distance <= limit }

        public init(name: String, distance: Double, limit: Double = .infinity) {
            self.name = name
            self.distance = distance
            self.limit = limit
        }
    }

    /// The farthest from 0 a point of a stroke may be, in points: past any screen (X's
    /// coordinates are 16-bit), and far from where squares overflow. A path with a point
    /// farther, or not finite, is no shape (a damaged trace, never a hand).
    public static let maximumCoordinate = 1e6

    /// Whether every point is finite and within ``maximumCoordinate``; allocates nothing.
    public static func isOnAScreen(_ path: [Point]) -> Bool {
        for point in path where !(abs(point.x) <= maximumCoordinate && abs(point.y) <= maximumCoordinate) {
            return false
        }
        return true
    }

    /// How many points a stroke and each template are resampled to.
    public static let pointCount = 32
    /// The most a stroke is turned to line up with a template, in radians (15°).
    public static let rotationLimit = 15 * Double.pi / 180
    /// How much a difference in direction of travel weighs against one in position: the
    /// angle between matching segments, as a fraction of a half turn, times this.
    static let directionWeight = 1.3
    /// How far, in points of `pointCount`, the stroke may run ahead of or behind the template
    /// (a longer head on an arrow, a slower first bar of a star): dynamic time warping within
    /// this band.
    static let warpBand = 3
    /// What a step off the diagonal costs, so that warping is not free.
    static let warpPenalty = 0.02

    /// How many points a path under way and each template's beginnings are compared at.
    public static let prefixPointCount = 16
    /// The shares of a template's path whose beginnings a path under way is compared with.
    /// Fifths instead of tenths halve the cost and lost 4 points of accuracy on the tuning part.
    static let prefixFractions: [Double] = (1...10).map { Double($0) / 10 }
    /// How much farther than a template's largest distance a path under way may be from the
    /// nearest of the template's beginnings and still become it (`couldBecome`): a beginning is
    /// short, so a hand's wobble weighs more in it than in a whole stroke.
    /// Tuned on the tuning part (subjects 1–3) with `Thresholds.strokeFirstCheckLength`: 1.75
    /// lost 0.4 points of accuracy instead of 0.7, but held the Dell Canvas recording's flick up
    /// and right as a checkmark's beginning until its lift (docs/strokes.md, "Strokes by one finger").
    static let prefixTolerance = 1.5
    /// The doubles one beginning takes in `beginnings`.
    static var beginningStride: Int { 3 * prefixPointCount - 1 }
    /// The doubles one template's beginnings take in `beginnings`.
    static var beginningsPerTemplate: Int { prefixFractions.count * beginningStride }

    /// The largest distance for a shape of your own, however many times it was recorded:
    /// with warping, more drawings bring a stroke's nearest one nearer without bringing strokes
    /// of other shapes nearer, so a tighter bound for more drawings lost more than it won. Tuned
    /// on the tuning part of the $1 set (subjects 1–3) so that about 96 % of strokes of shapes
    /// you did not bind fire nothing (`StrokeAccuracyTests`).
    public static let ownMaximumDistance = 0.26

    public private(set) var templates: [Template] = [] {
        didSet { identity = Identity() }
    }
    /// Every template's beginnings (`prefixFractions` of its path), each normalized at
    /// `prefixPointCount` points as a stroke is (x, y, then the directions), template after
    /// template in the order of `templates`. Kept apart from the templates, in one block: in
    /// each template they were five times its size, and spread the templates' points over
    /// memory so far that naming a stroke took 1.4 times as long in `bench`.
    private(set) var beginnings: [Double] = []
    /// The names of the shapes it holds, each once, in the order they were added.
    public private(set) var shapeNames: [String] = []
    /// Changes with every change of `templates`: two classifiers with the same identity hold
    /// the same templates (the recognizers of one scene share one answer per lift).
    private var identity = Identity()
    private final class Identity: Sendable {}

    public init() {}

    /// Whether `other` holds the same templates, by being a copy of this one.
    public func isSame(as other: StrokeClassifier) -> Bool { identity === other.identity }

    /// Adds a template from raw points (any scale and place); fewer than two are ignored.
    public mutating func add(_ name: String, points: [Point], maximumDistance: Double) {
        guard points.count >= 2 else { return }
        var cloud = Normalized()
        cloud.load(points)
        append(
            name, maximumDistance: maximumDistance, xs: cloud.xs, ys: cloud.ys, directions: cloud.angles,
            beginnings: Self.beginnings(of: points)[...])
    }

    /// The normalized beginnings of a template's path, one per `prefixFractions`.
    static func beginnings(of points: [Point]) -> [Double] {
        // Fine enough that every fraction's end is one of its points.
        let steps = 10 * prefixPointCount * 4
        let fine = resample(points, count: steps + 1)
        var beginning = Normalized(count: prefixPointCount)
        var result: [Double] = []
        result.reserveCapacity(prefixFractions.count * beginningStride)
        for fraction in prefixFractions {
            let end = Int((fraction * Double(steps)).rounded())
            beginning.load(fine[0...end])
            result += beginning.xs
            result += beginning.ys
            result += beginning.angles
        }
        return result
    }

    /// Adds every template of `other` (a built-in shape's into a config's set).
    public mutating func add(contentsOf other: StrokeClassifier, where include: (String) -> Bool = { _ in true }) {
        let size = Self.beginningsPerTemplate
        for (index, template) in other.templates.enumerated() where include(template.name) {
            append(
                template.name, maximumDistance: template.maximumDistance, xs: template.xs, ys: template.ys,
                directions: template.directions, beginnings: other.beginnings[(index * size)..<((index + 1) * size)])
        }
    }

    private mutating func append(
        _ name: String, maximumDistance: Double, xs: [Double], ys: [Double], directions: [Double],
        beginnings: ArraySlice<Double>
    ) {
        let shape = shapeNames.firstIndex(of: name) ?? shapeNames.count
        if shape == shapeNames.count { shapeNames.append(name) }
        templates.append(
            Template(
                name: name, shape: shape, maximumDistance: maximumDistance, xs: xs, ys: ys, directions: directions))
        self.beginnings += beginnings
    }

    /// Whether the path drawn so far could still become one of the shapes `allowed` marks (by
    /// index in `shapeNames`): it is near enough to the beginning of one of their templates,
    /// in the template's own proportions (any size, turned as a stroke may be). `scratch` is
    /// the caller's storage (`prefixPointCount` points), so that asking allocates nothing.
    /// `maximumDistance`, when given, stands for every template's own (a binding's `max-distance`).
    public func couldBecome(
        _ path: [Point], allowed: [Bool], maximumDistance: Double? = nil, scratch: inout Beginning
    ) -> Bool {
        guard Self.isOnAScreen(path) else { return false }
        guard path.count >= 2 else { return true }
        scratch.normalized.load(path[...])
        let stride = Self.beginningStride, n = Self.prefixPointCount
        let size = Self.beginningsPerTemplate
        return beginnings.withUnsafeBufferPointer { beginnings in
            for (index, template) in templates.enumerated()
            where allowed.indices.contains(template.shape) && allowed[template.shape] {
                let limit = (maximumDistance ?? Self.ownMaximumDistance) * Self.prefixTolerance
                for start in Swift.stride(from: index * size, to: (index + 1) * size, by: stride) {
                    let xs = UnsafeBufferPointer(rebasing: beginnings[start..<(start + n)])
                    let ys = UnsafeBufferPointer(rebasing: beginnings[(start + n)..<(start + 2 * n)])
                    let directions = UnsafeBufferPointer(rebasing: beginnings[(start + 2 * n)..<(start + stride)])
                    if scratch.normalized.distance(toBeginning: xs, ys, directions, limit: limit) < limit {
                        return true
                    }
                }
            }
            return false
        }
    }

    /// Storage for `couldBecome`, made once per recognizer.
    public struct Beginning: Sendable {
        var normalized = Normalized(count: StrokeClassifier.prefixPointCount)
        public init() {}
    }

    /// The template nearest to the stroke among those `include` accepts (every one when nil),
    /// or nil for fewer than two points or no such template. `isClose` says whether it is
    /// within that template's distance.
    public func classify(_ stroke: [Point], among include: ((String) -> Bool)? = nil) -> Match? {
        guard stroke.count >= 2, Self.isOnAScreen(stroke) else { return nil }
        var cloud = Self.Normalized()
        cloud.load(stroke)
        return classify(cloud, stroke: stroke, among: include)
    }

    /// The same, for a stroke already normalized into `cloud`. `include` is asked once per
    /// shape, not per template.
    func classify(_ cloud: Normalized, stroke: [Point], among include: ((String) -> Bool)?) -> Match? {
        let allowed = include.map { include in shapeNames.map(include) }
        var bestIndex = -1
        var bestDistance = Double.infinity
        for index in templates.indices {
            if let allowed, !allowed[templates[index].shape] { continue }
            let distance = cloud.distance(to: templates[index], limit: bestDistance)
            if distance < bestDistance {
                bestDistance = distance
                bestIndex = index
            }
        }
        guard bestIndex >= 0 else { return nil }
        let template = templates[bestIndex]
        return Match(
            name: Self.directed(template.name, stroke), distance: bestDistance, limit: template.maximumDistance)
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

    // MARK: Normalizing

    /// A stroke resampled, centred and scaled, with its directions of travel (three arrays,
    /// made at the lift; nothing is allocated while the stroke is drawn).
    struct Normalized: Sendable {
        var xs: [Double]
        var ys: [Double]
        var angles: [Double]

        init(count: Int = StrokeClassifier.pointCount) {
            xs = [Double](repeating: 0, count: count)
            ys = [Double](repeating: 0, count: count)
            angles = [Double](repeating: 0, count: count - 1)
        }

        /// Resamples `points` (at least two) into the storage; allocates nothing.
        mutating func load(_ points: ArraySlice<Point>) {
            let n = xs.count
            StrokeClassifier.resample(points, into: &xs, &ys)
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            var cx = 0.0, cy = 0.0
            for index in 0..<n {
                minX = min(minX, xs[index])
                minY = min(minY, ys[index])
                maxX = max(maxX, xs[index])
                maxY = max(maxY, ys[index])
                cx += xs[index]
                cy += ys[index]
            }
            cx /= Double(n)
            cy /= Double(n)
            let size = max(maxX - minX, maxY - minY, 1e-9)
            for index in 0..<n {
                xs[index] = (xs[index] - cx) / size
                ys[index] = (ys[index] - cy) / size
            }
            for index in 0..<(n - 1) {
                angles[index] = atan2(ys[index + 1] - ys[index], xs[index + 1] - xs[index])
            }
        }

        mutating func load(_ points: [Point]) { load(points[...]) }

        /// The distance to `template`: the mean distance between matching points after the best
        /// rotation within the limit, plus the weighted mean difference in direction. Past
        /// `limit` it may stop early and return any value at least `limit`.
        func distance(to template: Template, limit: Double) -> Double {
            template.xs.withUnsafeBufferPointer { tx in
                template.ys.withUnsafeBufferPointer { ty in
                    template.directions.withUnsafeBufferPointer { td in
                        xs.withUnsafeBufferPointer { xs in
                            ys.withUnsafeBufferPointer { ys in
                                angles.withUnsafeBufferPointer { angles in
                                    Self.distance(
                                        xs, ys, angles, tx, ty, td, count: StrokeClassifier.pointCount, limit: limit)
                                }
                            }
                        }
                    }
                }
            }
        }

        /// The same, to a template's beginning (`prefixPointCount` points, as this one holds).
        func distance(
            toBeginning tx: UnsafeBufferPointer<Double>, _ ty: UnsafeBufferPointer<Double>,
            _ td: UnsafeBufferPointer<Double>, limit: Double
        ) -> Double {
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    angles.withUnsafeBufferPointer { angles in
                        Self.distance(
                            xs, ys, angles, tx, ty, td, count: StrokeClassifier.prefixPointCount, limit: limit)
                    }
                }
            }
        }

        /// Inlined into each caller, where `n` is a constant.
        @inline(__always)
        private static func distance(
            _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, _ angles: UnsafeBufferPointer<Double>,
            _ tx: UnsafeBufferPointer<Double>, _ ty: UnsafeBufferPointer<Double>, _ td: UnsafeBufferPointer<Double>,
            count n: Int, limit: Double
        ) -> Double {
            // The rotation that best lines the stroke up with the template (Protractor's closed
            // form), held to the limit.
            var cross = 0.0, dot = 0.0
            for index in 0..<n {
                cross += xs[index] * ty[index] - ys[index] * tx[index]
                dot += xs[index] * tx[index] + ys[index] * ty[index]
            }
            let theta = min(
                max(atan2(cross, dot), -StrokeClassifier.rotationLimit), StrokeClassifier.rotationLimit)
            let c = cosRadians(theta), s = sinRadians(theta)
            // Dynamic time warping within a band: point i of the stroke may match point j of the
            // template for |i - j| ≤ band, each step that is not diagonal costing `warpPenalty`.
            // Two rows of n + 1 cells on the stack; nothing is allocated.
            let band = StrokeClassifier.warpBand
            let bound = limit * Double(n)
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (n + 1)) { cells in
                var previous = 0, current = n + 1
                for j in 0...n { cells[previous + j] = .infinity }
                cells[previous] = 0
                for i in 1...n {
                    for j in 0...n { cells[current + j] = .infinity }
                    let x = xs[i - 1] * c - ys[i - 1] * s
                    let y = xs[i - 1] * s + ys[i - 1] * c
                    let direction = angles[min(i - 1, n - 2)] + theta
                    var rowMinimum = Double.infinity
                    for j in max(1, i - band)...min(n, i + band) {
                        let dx = x - tx[j - 1], dy = y - ty[j - 1]
                        var turn = direction - td[min(j - 1, n - 2)]
                        // Both angles are in [-π, π] and θ is at most 15°: one wrap brings it into (-π, π].
                        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
                        let cost = (dx * dx + dy * dy).squareRoot() + StrokeClassifier.directionWeight * abs(turn) / .pi
                        let diagonal = cells[previous + j - 1]
                        let warped = min(cells[previous + j], cells[current + j - 1]) + StrokeClassifier.warpPenalty
                        let cell = cost + min(diagonal, warped)
                        cells[current + j] = cell
                        rowMinimum = min(rowMinimum, cell)
                    }
                    // Every cost is positive: no path through this row ends under its least.
                    if rowMinimum >= bound { return limit }
                    swap(&previous, &current)
                }
                return cells[previous + n] / Double(n)
            }
        }
    }

    /// `xs.count` points spaced equally along the path, written into `xs` and `ys` (of one
    /// count); allocates nothing.
    static func resample(_ points: ArraySlice<Point>, into xs: inout [Double], _ ys: inout [Double]) {
        let count = xs.count
        let first = points[points.startIndex]
        var length = 0.0
        for index in points.indices.dropFirst() { length += points[index].distance(to: points[index - 1]) }
        guard length > 0 else {
            for index in 0..<count {
                xs[index] = first.x
                ys[index] = first.y
            }
            return
        }
        let interval = length / Double(count - 1)
        xs[0] = first.x
        ys[0] = first.y
        var written = 1
        var travelled = 0.0
        var previous = first
        var index = points.startIndex + 1
        while index < points.endIndex && written < count {
            let current = points[index]
            let step = previous.distance(to: current)
            if step > 0, travelled + step >= interval {
                let t = (interval - travelled) / step
                previous = Point(
                    x: previous.x + t * (current.x - previous.x), y: previous.y + t * (current.y - previous.y))
                xs[written] = previous.x
                ys[written] = previous.y
                written += 1
                travelled = 0
            } else {
                travelled += step
                previous = current
                index += 1
            }
        }
        let last = points[points.endIndex - 1]
        while written < count {
            xs[written] = last.x
            ys[written] = last.y
            written += 1
        }
    }

    /// `count` points spaced equally along the path.
    public static func resample(_ points: [Point], count: Int) -> [Point] {
        var xs = [Double](repeating: 0, count: count), ys = xs
        resample(points[...], into: &xs, &ys)
        return (0..<count).map { Point(x: xs[$0], y: ys[$0]) }
    }
}

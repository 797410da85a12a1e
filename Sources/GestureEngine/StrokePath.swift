/// The path a stroke draws: the centroid of the fingers down, one point per movement of at
/// least `spacing` (one point at first), at most `maximumCount` points: when it is full, every
/// other point is dropped and the spacing doubles, so a long drawing keeps its whole shape in
/// the storage reserved when the first finger landed (nothing is allocated while it moves). `StrokeGestureRecognizer` follows it live and
/// `gesturebridge record --stroke` builds a template from it, so a template is the same path
/// the recognizer will later compare with it.
public struct StrokePath: Sendable {
    /// The most points kept.
    public static let maximumCount = 1024

    /// The centroids, in screen points.
    public private(set) var points: [Point] = []
    /// The length of the path, in points.
    public private(set) var length = 0.0
    /// The least movement that adds a point, in points.
    public private(set) var spacing = 1.0

    public init() {}

    /// Starts again from `centroid`: a finger landed, which moves the centroid by a jump.
    public mutating func restart(at centroid: Point) {
        points.removeAll(keepingCapacity: true)
        points.reserveCapacity(Self.maximumCount)
        length = 0
        spacing = 1
        points.append(centroid)
    }

    /// Follows the centroid to `centroid`; a movement under `spacing` is ignored.
    public mutating func move(to centroid: Point) {
        guard let last = points.last else {
            points.append(centroid)
            return
        }
        let step = last.distance(to: centroid)
        guard step >= spacing else { return }
        length += step
        if points.count == Self.maximumCount {
            // Keep the first, then every other point, and the newest: half the storage.
            var kept = 1
            for index in stride(from: 2, to: points.count, by: 2) {
                points[kept] = points[index]
                kept += 1
            }
            points.removeLast(points.count - kept)
            spacing *= 2
        }
        points.append(centroid)
    }

    /// Forgets the path, keeping its storage.
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        length = 0
        spacing = 1
    }
}

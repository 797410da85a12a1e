/// The path a stroke draws: the centroid of the fingers down, one point per movement of at
/// least a point, at most `maximumCount` points. `StrokeGestureRecognizer` follows it live and
/// `gesturebridge record --stroke` builds a template from it, so a template is the same path
/// the recognizer will later compare with it.
public struct StrokePath: Sendable {
    /// The most points kept; later movement still adds to `length`, not to `points`.
    public static let maximumCount = 4096

    /// The centroids, in screen points.
    public private(set) var points: [Point] = []
    /// The length of the path, in points.
    public private(set) var length = 0.0

    public init() {}

    /// Starts again from `centroid`: a finger landed, which moves the centroid by a jump.
    public mutating func restart(at centroid: Point) {
        points.removeAll(keepingCapacity: true)
        length = 0
        points.append(centroid)
    }

    /// Follows the centroid to `centroid`; a movement under one point is ignored.
    public mutating func move(to centroid: Point) {
        guard let last = points.last else {
            points.append(centroid)
            return
        }
        let step = last.distance(to: centroid)
        guard step >= 1 else { return }
        length += step
        guard points.count < Self.maximumCount else { return }
        points.append(centroid)
    }

    /// Forgets the path, keeping its storage.
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        length = 0
    }
}

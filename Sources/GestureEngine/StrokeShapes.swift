/// The built-in stroke shapes, as polylines in a unit box (y down), drawn as most people draw
/// them: the seeds' checkmark and zig-zag ("tickle"), a circle, the letters most asked for,
/// chevrons, and the diagonal lines.
///
/// A loop and a line are each one cloud whichever way they are drawn; `StrokeClassifier`
/// names the direction afterwards (`circle-clockwise`, `line-up-right`).
public enum StrokeShapes {
    /// Each built-in shape's name and polyline.
    public static let polylines: [(String, [Point])] = [
        ("checkmark", points([(0, 0.55), (0.35, 1), (1, 0)])),
        ("zigzag", points([(0, 0), (1, 0.25), (0, 0.5), (1, 0.75), (0, 1)])),
        ("circle", arc(from: -90, to: 270)),
        ("c", arc(from: -45, to: -315)),
        ("l", points([(0, 0), (0, 1), (0.6, 1)])),
        ("m", points([(0, 1), (0, 0), (0.5, 0.6), (1, 0), (1, 1)])),
        ("n", points([(0, 1), (0, 0), (0.8, 1), (0.8, 0)])),
        (
            "s",
            points([
                (0.9, 0.1), (0.5, 0), (0.1, 0.15), (0.15, 0.4), (0.5, 0.5), (0.85, 0.6), (0.9, 0.85), (0.5, 1),
                (0.1, 0.9)
            ])
        ),
        ("v", points([(0, 0), (0.5, 1), (1, 0)])),
        ("w", points([(0, 0), (0.25, 1), (0.5, 0.3), (0.75, 1), (1, 0)])),
        ("z", points([(0, 0), (1, 0), (0, 1), (1, 1)])),
        ("chevron-left", points([(1, 0), (0, 0.5), (1, 1)])),
        ("chevron-right", points([(0, 0), (1, 0.5), (0, 1)])),
        ("chevron-up", points([(0, 1), (0.5, 0), (1, 1)])),
        ("line-diagonal-down", points([(0, 0), (1, 1)])),
        ("line-diagonal-up", points([(0, 1), (1, 0)]))
    ]

    /// The names a config may give: the shapes, the two circles and the four diagonal lines.
    public static let names: [String] =
        polylines.map(\.0).filter { !$0.hasPrefix("line-diagonal") }
        + [
            "circle-clockwise", "circle-counterclockwise", "line-up-right", "line-up-left", "line-down-right",
            "line-down-left"
        ]

    /// Whether `name` is a built-in shape's, as a config names it or as a template is called
    /// (`line-diagonal-up` too), so that no shape of your own can take it.
    public static func isBuiltIn(_ name: String) -> Bool {
        names.contains(name) || polylines.contains { $0.0 == name }
    }

    /// Whether a recognized (directed) name is what `wanted` asks for: itself, or its undirected shape.
    public static func matches(_ recognized: String, wanted: String) -> Bool {
        recognized == wanted || (wanted == "circle" && recognized.hasPrefix("circle-"))
    }

    /// A classifier with every built-in shape, each also narrower and wider (people's letters
    /// and checkmarks differ most in their width; a point cloud is scaled by its larger side,
    /// so each proportion is a template of its own, as $P allows several per shape).
    public static let classifier: StrokeClassifier = {
        var classifier = StrokeClassifier()
        for (name, points) in polylines {
            for width in [0.7, 1, 1.4] {
                classifier.add(name, points: points.map { Point(x: $0.x * width, y: $0.y) })
            }
        }
        return classifier
    }()

    static func points(_ pairs: [(Double, Double)]) -> [Point] {
        pairs.map { Point(x: $0.0, y: $0.1) }
    }

    /// Points on the circle of the unit box from `start` to `end` degrees (y down: -90 is the top).
    static func arc(from start: Double, to end: Double) -> [Point] {
        (0...32).map { index in
            let degrees = start + (end - start) * Double(index) / 32
            let radians = degrees * Double.pi / 180
            return Point(x: 0.5 + 0.5 * libmCos(radians), y: 0.5 + 0.5 * libmSin(radians))
        }
    }
}

@_silgen_name("cos")
private func libmCos(_ x: Double) -> Double
@_silgen_name("sin")
private func libmSin(_ x: Double) -> Double

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

    /// Whether the template called `template` (`circle`, `line-diagonal-up`) can be named what a
    /// binding asks for (`circle-clockwise`, `line-down-left`): only such templates compete.
    public static func template(_ template: String, serves wanted: String) -> Bool {
        switch wanted {
        case "circle", "circle-clockwise", "circle-counterclockwise": template == "circle"
        case "line-down-right", "line-up-left": template == "line-diagonal-down"
        case "line-up-right", "line-down-left": template == "line-diagonal-up"
        default: template == wanted
        }
    }

    /// Whether the template called `template` competes for a binding that asks for one of
    /// `wanted`: by its own name, or as the undirected shape of a directed one.
    public static func template(_ template: String, servesAnyOf wanted: some Collection<String>) -> Bool {
        wanted.contains(template)
            || (isUndirected(template) && wanted.contains { Self.template(template, serves: $0) })
    }

    /// Whether the template `name` is one a binding names by its direction (a circle, a diagonal).
    public static func isUndirected(_ name: String) -> Bool {
        name == "circle" || name == "line-diagonal-down" || name == "line-diagonal-up"
    }

    /// Whether a recognized (directed) name is what `wanted` asks for: itself, or its undirected shape.
    public static func matches(_ recognized: String, wanted: String) -> Bool {
        recognized == wanted || (wanted == "circle" && recognized.hasPrefix("circle-"))
    }

    /// The largest distance of a built-in shape (`StrokeClassifier`), the same for every one.
    /// Tuned on the tuning part of the $1 set (subjects 1–3: their checks, Vs, circles and
    /// carets against everything else they drew): 0.16 left 6 % of their checks unnamed, 0.22
    /// let a stroke of a shape no built-in draws fire one; 0.20 names all but a V and fires
    /// nothing for the rest.
    public static let maximumDistance = 0.20

    /// A classifier with every built-in shape, each also narrower and wider (people's letters
    /// and checkmarks differ most in their width, and a stroke is scaled by its larger side),
    /// and the circle from four starting points each way (people start a circle anywhere).
    public static let classifier: StrokeClassifier = {
        var classifier = StrokeClassifier()
        for (name, points) in polylines + circles {
            for width in [0.7, 1, 1.4] {
                classifier.add(
                    name, points: points.map { Point(x: $0.x * width, y: $0.y) },
                    maximumDistance: maximumDistance)
            }
        }
        for (name, points) in drawn {
            classifier.add(name, points: points, maximumDistance: maximumDistance)
            // A circle drawn the other way round is its mirror image.
            if name == "circle" {
                classifier.add(
                    name, points: points.map { Point(x: 100 - $0.x, y: $0.y) },
                    maximumDistance: maximumDistance)
            }
        }
        return classifier
    }()

    /// The circles beyond the first: from the right, bottom and left, and each the other way;
    /// and each diagonal line drawn the other way (the order of the points counts).
    static let circles: [(String, [Point])] = {
        var shapes: [(String, [Point])] = []
        for start: Double in [0, 90, 180, -90] {
            shapes.append(("circle", arc(from: start, to: start - 360)))
            if start != -90 { shapes.append(("circle", arc(from: start, to: start + 360))) }
        }
        shapes.append(("line-diagonal-down", points([(1, 1), (0, 0)])))
        shapes.append(("line-diagonal-up", points([(1, 0), (0, 1)])))
        return shapes
    }()

    static func points(_ pairs: [(Double, Double)]) -> [Point] {
        pairs.map { Point(x: $0.0, y: $0.1) }
    }

    /// Points on the circle of the unit box from `start` to `end` degrees (y down: -90 is the top).
    static func arc(from start: Double, to end: Double) -> [Point] {
        (0...32).map { index in
            let degrees = start + (end - start) * Double(index) / 32
            let radians = degrees * Double.pi / 180
            return Point(x: 0.5 + 0.5 * cosRadians(radians), y: 0.5 + 0.5 * sinRadians(radians))
        }
    }
}

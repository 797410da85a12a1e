import GestureEngine
import YAMLReader

/// A shape of your own for `stroke:` bindings: samples of one path drawn by you, kept in a
/// file `strokes/NAME.yaml` beside the config and recorded by `gesturebridge record --stroke
/// NAME`. A config that names a shape no built-in has (`shape: spiral`) loads it from there;
/// its samples then compete with the built-in shapes for every stroke, as $P's templates do.
public struct StrokeTemplate: Hashable, Sendable {
    /// The shape's name, as bindings write it.
    public var name: String
    /// Each drawing of it: a path in a 0–1000 box, y down.
    public var samples: [[Point]]
    /// The file it came from, as errors name it.
    public var file: String

    public init(name: String, samples: [[Point]], file: String) {
        self.name = name
        self.samples = samples
        self.file = file
    }
}

/// Reading and writing stroke template files, with bounds: at most 64 KiB, 20 samples of
/// 2–256 points each, every coordinate 0–1000.
public enum StrokeTemplateFile {
    /// A template file: 64 KiB, ten times the largest `record --stroke` writes.
    public static let limit = ConfigFile.Limit(bytes: 64 << 10, spoken: "64 KiB", noun: "a stroke template")
    /// The most samples a file holds.
    public static let maximumSamples = 20
    /// The most points in one sample; `record --stroke` writes 64.
    public static let maximumPoints = 256
    /// The side of the box the points lie in.
    public static let box = 1000.0
    /// How many points `text(name:samples:)` resamples each path to.
    public static let writtenPoints = 64
    /// The most shapes of your own one config names: every stroke is compared with all
    /// their drawings at its lift, so the whole is bounded, not only each file.
    public static let maximumShapes = 64
    /// The most drawings of all those shapes together: 800 templates name a real stroke in
    /// about 0.2 ms (`gesturebridge bench`, release build); 20,000 took 0.5 s a stroke.
    public static let maximumSamplesInAll = 800
    /// The folder beside the config that holds template files.
    public static let folderName = "strokes"

    /// Whether `name` can name a template: 1–32 lowercase letters, digits, dashes and
    /// underscores, starting with a letter, and not a built-in shape's name (a template of
    /// your own takes one only when the binding says `own: true`).
    public static func isValidName(_ name: String) -> Bool {
        isWellFormed(name) && !StrokeShapes.isBuiltIn(name)
    }

    /// Whether `name` is 1–32 lowercase letters, digits, dashes and underscores, starting with a letter.
    public static func isWellFormed(_ name: String) -> Bool {
        guard (1...32).contains(name.utf8.count), let first = name.utf8.first,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
        else { return false }
        return name.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
        }
    }

    /// The file of the template `name` in `folder`.
    public static func path(of name: String, in folder: String) -> String {
        folder + "/" + name + ".yaml"
    }

    /// The folder of templates for the config at `configPath`.
    public static func folder(forConfigAt configPath: String) -> String {
        let directory = configPath.lastIndex(of: "/").map { String(configPath[..<$0]) } ?? "."
        return (directory.isEmpty ? "" : directory) + "/" + folderName
    }

    /// Reads the template `name` from its file, or every reason it cannot be used.
    public static func read(_ path: String, name: String) throws(ConfigErrors) -> StrokeTemplate {
        try parse(try ConfigFile.read(path, limit: limit), file: path, name: name)
    }

    /// Reads a template from its bytes, bounded as a file is (64 KiB of UTF-8).
    public static func load(contents: ArraySlice<UInt8>, name: String, file: String = "template.yaml")
        throws(ConfigErrors) -> StrokeTemplate
    {
        try parse(try ConfigFile.text(of: contents, file: file, limit: limit), file: file, name: name)
    }

    /// Parses a template file's text; `file` is the name errors carry.
    public static func parse(_ text: String, file: String, name: String) throws(ConfigErrors) -> StrokeTemplate {
        let document: YAML.Document
        do {
            document = try YAML.compose(text)
        } catch {
            throw ConfigErrors([ConfigLoader.syntaxError(error, file: file, yaml: text)])
        }
        let parser = ConfigParser(file: file)
        let samples = parser.templateSamples(document.root, name: name)
        guard parser.errors.isEmpty else { throw ConfigErrors(parser.errors) }
        return StrokeTemplate(name: name, samples: samples, file: file)
    }

    /// A template file's text for the paths drawn (each at least two points), each
    /// resampled to `writtenPoints` points in the 0–1000 box.
    public static func text(name: String, samples: [[Point]]) -> String {
        var lines = [
            "# The stroke '\(name)' for gesturebridge, drawn \(samples.count) time\(samples.count == 1 ? "" : "s") "
                + "with 'gesturebridge record --stroke \(name)'.",
            "# Bind it with a binding such as:  stroke: { shape: \(name) }",
            "# Each sample is the path of the fingers' centre, as x, y points in a 0-1000 box (y down).",
            "samples:"
        ]
        for sample in samples {
            let points = boxed(StrokeClassifier.resample(sample, count: writtenPoints))
            var row = "  - ["
            for (index, point) in points.enumerated() {
                if index > 0 { row += index % 8 == 0 ? ",\n     " : ", " }
                row += "[\(Int(point.x.rounded())), \(Int(point.y.rounded()))]"
            }
            lines.append(row + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The points scaled by their larger side into the box, at its top left corner.
    static func boxed(_ points: [Point]) -> [Point] {
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for point in points {
            (minX, minY) = (min(minX, point.x), min(minY, point.y))
            (maxX, maxY) = (max(maxX, point.x), max(maxY, point.y))
        }
        let side = max(maxX - minX, maxY - minY, 1e-9)
        return points.map { Point(x: ($0.x - minX) / side * box, y: ($0.y - minY) / side * box) }
    }
}

extension ConfigParser {
    /// `samples:` of a template file: a list of paths, each a list of `[x, y]`.
    func templateSamples(_ root: Node?, name: String) -> [[Point]] {
        let again = "record it again with 'gesturebridge record --stroke \(name)'"
        guard let root else {
            report(
                .missingKey, at: SourceLocation(file: file, line: 1, column: 1), "the template is empty",
                suggestion: again)
            return []
        }
        guard let fields = fields(of: root, in: "a stroke template", allowed: ["samples"]) else { return [] }
        guard let field = fields[.samples] else {
            report(
                .missingKey, at: root, "a stroke template needs 'samples'", suggestion: again)
            return []
        }
        let items = items(field.value)
        guard (1...StrokeTemplateFile.maximumSamples).contains(items.count) else {
            report(
                .outOfRange, at: field.value,
                "\(items.count) samples; a template has 1 to \(StrokeTemplateFile.maximumSamples)",
                found: "\(items.count)", suggestion: "keep the best few drawings")
            return []
        }
        var samples: [[Point]] = []
        for item in items {
            if let sample = templateSample(item) { samples.append(sample) }
        }
        return samples
    }

    /// One sample: 2–256 points, not all in one place.
    private func templateSample(_ node: Node) -> [Point]? {
        guard let sequence = node.sequence else {
            report(
                .wrongType, at: node, "expected a sample, a list of [x, y] points, found \(describe(node))",
                found: describe(node))
            return nil
        }
        guard (2...StrokeTemplateFile.maximumPoints).contains(sequence.count) else {
            report(
                .outOfRange, at: node,
                "a sample of \(sequence.count) point\(sequence.count == 1 ? "" : "s"); one has 2 to \(StrokeTemplateFile.maximumPoints)",
                found: "\(sequence.count)")
            return nil
        }
        var points: [Point] = []
        for item in sequence {
            guard let pair = item.sequence, pair.count == 2 else {
                report(.wrongType, at: item, "expected a point [x, y], found \(describe(item))", found: describe(item))
                return nil
            }
            var coordinates: [Double] = []
            for coordinate in pair {
                guard let text = scalar(coordinate, expecting: "a coordinate from 0 to 1000") else { return nil }
                do throws(QuantityError) {
                    let value = try Quantity.number(text)
                    guard value <= StrokeTemplateFile.box else {
                        report(
                            .outOfRange, at: coordinate, "coordinate \(text) is past the 0-1000 box", found: text)
                        return nil
                    }
                    coordinates.append(value)
                } catch {
                    report(.invalidValue, at: coordinate, error.message, found: text, suggestion: error.suggestion)
                    return nil
                }
            }
            points.append(Point(x: coordinates[0], y: coordinates[1]))
        }
        if let first = points.first, points.allSatisfy({ $0.distance(to: first) < 1 }) {
            report(
                .neverFires, at: node, "every point of the sample is in one place: it is not a path",
                suggestion: "record it again, moving the fingers")
            return nil
        }
        return points
    }
}

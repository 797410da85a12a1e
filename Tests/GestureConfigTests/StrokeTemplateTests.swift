import Foundation
import GestureEngine
import Testing

@testable import GestureConfig

/// Shapes of your own: `strokes/NAME.yaml` beside the config, named by a stroke binding.
@Suite struct StrokeTemplateTests {
    static let binding = "gestures:\n  - name: lock\n    stroke: { shape: spiral }\n    do: { keys: super+l }\n"

    /// A spiral, two turns outwards, in screen points.
    static func spiral(turns: Double = 2, count: Int = 90) -> [Point] {
        (0...count).map { index in
            let t = Double(index) / Double(count)
            let angle = 2 * Double.pi * turns * t
            let radius = 10 + 110 * t
            return Point(x: 500 + radius * cos(angle), y: 400 + radius * sin(angle))
        }
    }

    /// A config folder with the binding and, if given, `strokes/spiral.yaml`.
    static func folder(template: String?) throws -> (directory: String, file: String) {
        let (directory, file) = try ConfigLoaderTests.makeConfig(text: binding)
        if let template {
            try FileManager.default.createDirectory(atPath: directory + "/strokes", withIntermediateDirectories: false)
            try Data(template.utf8).write(to: URL(fileURLWithPath: directory + "/strokes/spiral.yaml"))
        }
        return (directory, file)
    }

    /// A config in a fresh folder with `strokes/NAME.yaml` for each name (a spiral drawn once).
    static func folder(config: String, templates: [String]) throws -> (directory: String, file: String) {
        let (directory, file) = try ConfigLoaderTests.makeConfig(text: config)
        try FileManager.default.createDirectory(atPath: directory + "/strokes", withIntermediateDirectories: false)
        for name in templates {
            let text = StrokeTemplateFile.text(name: name, samples: [Self.spiral()])
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/strokes/\(name).yaml"))
        }
        return (directory, file)
    }

    @Test func aFileWithABuiltInsNameIsAnErrorUnlessTheBindingSaysOwn() throws {
        let plain = "gestures:\n  - name: loop\n    stroke: { shape: circle }\n    do: { keys: F5 }\n"
        let (directory, file) = try Self.folder(config: plain, templates: ["circle"])
        defer { ConfigLoaderTests.remove(directory) }
        let errors = #expect(throws: ConfigErrors.self) { try ConfigLoader.load(path: file) }
        let error = try #require(errors?.errors.first)
        #expect(
            error.message
                == "'circle' is a built-in shape, and \(directory)/strokes/circle.yaml is a shape of your own with its name"
        )
        #expect(error.suggestion?.contains("add 'own: true'") == true)
        #expect(error.suggestion?.contains("shape: my-circle") == true)

        let own = plain.replacingOccurrences(of: "shape: circle }", with: "shape: circle, own: true }")
        try Data(own.utf8).write(to: URL(fileURLWithPath: file))
        let configuration = try ConfigLoader.load(path: file)
        // Yours replaces the built-in: one drawing, no built-in circle template.
        #expect(configuration.strokeTemplates.map(\.name) == ["circle"])
        #expect(configuration.strokeClassifier.templates.count == 1)
    }

    /// Issue 27: 1,000 shapes of your own made every stroke block the daemon for 0.5 s. A config
    /// names at most `maximumShapes`, and their drawings are at most `maximumSamplesInAll`; the
    /// one past the bound is an error at its line and column.
    @Test func theShapesOfYourOwnAreBoundedAsAWhole() throws {
        let count = StrokeTemplateFile.maximumShapes + 1
        let names = (1...count).map { "shape\($0)" }
        var yaml = "gestures:\n"
        for name in names {
            yaml += "  - name: \(name)\n    stroke: { shape: \(name), fingers: 2 }\n    do: { keys: F5 }\n"
        }
        let (directory, file) = try Self.folder(config: yaml, templates: names)
        defer { ConfigLoaderTests.remove(directory) }
        let errors = #expect(throws: ConfigErrors.self) { try ConfigLoader.load(path: file) }
        #expect(errors?.errors.count == 1, "\(errors?.errors ?? [])")
        let error = try #require(errors?.errors.first)
        #expect(error.location.line == 3 + 3 * (count - 1))
        #expect(error.location.column == 22)
        #expect(error.message.hasPrefix("a 65th shape of your own; a config names at most 64"), "\(error.message)")
        // The shapes before it load.
        try Data(yaml.components(separatedBy: "  - name: shape\(count)\n")[0].utf8).write(
            to: URL(fileURLWithPath: file))
        #expect(try ConfigLoader.load(path: file).strokeTemplates.count == StrokeTemplateFile.maximumShapes)
    }

    @Test func theDrawingsOfYourShapesAreBoundedAsAWhole() throws {
        // 41 shapes of 20 drawings: the 41st passes 800.
        let names = (1...41).map { "shape\($0)" }
        var yaml = "gestures:\n"
        for name in names {
            yaml += "  - name: \(name)\n    stroke: { shape: \(name), fingers: 2 }\n    do: { keys: F5 }\n"
        }
        let (directory, file) = try ConfigLoaderTests.makeConfig(text: yaml)
        defer { ConfigLoaderTests.remove(directory) }
        try FileManager.default.createDirectory(atPath: directory + "/strokes", withIntermediateDirectories: false)
        for (index, name) in names.enumerated() {
            let drawings = (0..<20).map { Self.spiral(turns: 1 + Double(index) / 10 + Double($0) / 100) }
            let text = StrokeTemplateFile.text(name: name, samples: drawings)
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/strokes/\(name).yaml"))
        }
        let errors = #expect(throws: ConfigErrors.self) { try ConfigLoader.load(path: file) }
        let error = try #require(errors?.errors.first)
        #expect(errors?.errors.count == 1)
        #expect(error.location.line == 3 + 3 * 40)
        #expect(
            error.message.hasPrefix(
                "'shape41' brings the drawings of your shapes to 820; a config's shapes have at most 800"),
            "\(error.message)")
    }

    @Test func ownWithoutAFileSaysWhereToPutIt() throws {
        let yaml = "gestures:\n  - name: loop\n    stroke: { shape: v, own: true }\n    do: { keys: F5 }\n"
        let (directory, file) = try Self.folder(config: yaml, templates: [])
        defer { ConfigLoaderTests.remove(directory) }
        let errors = #expect(throws: ConfigErrors.self) { try ConfigLoader.load(path: file) }
        #expect(
            errors?.errors.first?.suggestion
                == "drop 'own: true' to use the built-in 'v', or put your drawings of it in \(directory)/strokes/v.yaml"
        )
    }

    /// A one-finger stroke on the screen or a window holds a one-finger touch until its path
    /// can no longer become the shape: check warns with the cost and the alternatives; with two
    /// fingers, in an edge, or with `start: hold`, it does not.
    @Test func aOneFingerStrokeOnTheScreenIsWarnedAbout() throws {
        let yaml = """
            gestures:
              - name: save
                stroke: { shape: checkmark }
                do: { keys: ctrl+s }
              - name: two
                stroke: { shape: checkmark, fingers: 2 }
                do: { keys: ctrl+s }
              - name: rested
                stroke: { shape: checkmark, start: hold }
                do: { keys: ctrl+s }
            edges:
              left:
                gestures:
                  - name: edge
                    stroke: { shape: v }
                    do: { keys: ctrl+w }
            apps:
              firefox:
                gestures:
                  - name: back
                    stroke: { shape: chevron-left }
                    do: { keys: alt+Left }
            """
        let warnings = try ConfigLoader.load(yaml: yaml).warnings
        #expect(warnings.map(\.location.line) == [2, 20], "\(warnings)")
        #expect(
            warnings.first?.message.hasPrefix("gesture 'save': a one-finger stroke on the screen holds each") == true)
        #expect(warnings.first?.message.contains("'fingers: 2'") == true)
        #expect(warnings.first?.message.contains("add 'start: hold'") == true)
        #expect(warnings.last?.message.contains("on firefox's windows") == true)
    }

    @Test func aNameWithUnderscoresIsAShapeOfYourOwn() throws {
        let yaml = "gestures:\n  - name: mine\n    stroke: { shape: my_shape }\n    do: { keys: F5 }\n"
        let (directory, file) = try Self.folder(config: yaml, templates: ["my_shape"])
        defer { ConfigLoaderTests.remove(directory) }
        #expect(try ConfigLoader.load(path: file).strokeTemplates.map(\.name) == ["my_shape"])
    }

    @Test func whatRecordWritesLoadsBackAsTheSameShape() throws {
        let drawings = [Self.spiral(), Self.spiral(turns: 1.8, count: 70)]
        let text = StrokeTemplateFile.text(name: "spiral", samples: drawings)
        let template = try StrokeTemplateFile.parse(text, file: "spiral.yaml", name: "spiral")
        #expect(template.samples.count == 2)
        #expect(template.samples.allSatisfy { $0.count == StrokeTemplateFile.writtenPoints })
        let all = template.samples.joined()
        #expect(all.allSatisfy { (0...1000).contains($0.x) && (0...1000).contains($0.y) })
        #expect(all.contains { $0.x == 1000 || $0.y == 1000 }, "scaled by the larger side")
        // The saved shape classifies a new drawing of it as itself.
        var classifier = StrokeShapes.classifier
        for sample in template.samples { classifier.add("spiral", points: sample, maximumDistance: 0.24) }
        #expect(classifier.classify(Self.spiral(turns: 1.9, count: 50))?.name == "spiral")
    }

    @Test func aBindingNamesATemplateBesideTheConfig() throws {
        let text = StrokeTemplateFile.text(name: "spiral", samples: [Self.spiral()])
        let (directory, file) = try Self.folder(template: text)
        defer { ConfigLoaderTests.remove(directory) }
        let configuration = try ConfigLoader.load(path: file)
        #expect(configuration.strokeTemplates.map(\.name) == ["spiral"])
        #expect(configuration.strokeTemplates.first?.file == directory + "/strokes/spiral.yaml")
        // Only the bound shapes compete: the spiral's one drawing, and no built-in.
        #expect(configuration.strokeClassifier.shapeNames == ["spiral"])
        #expect(configuration.strokeClassifier.templates.count == 1)
    }

    @Test(
        arguments: [
            // (template file, the errors' "file:line:column: message" beginnings)
            (nil, [":3:22: unknown shape 'spiral' for a stroke, and no template "]),
            ("samples: []\n", [":3:22: the shape 'spiral' cannot be read", "spiral.yaml:1:10: 0 samples"]),
            ("", [":3:22: the shape 'spiral' cannot be read", "spiral.yaml:1:1: the template is empty"]),
            (
                "points: [[0, 0]]\n",
                [
                    ":3:22: the shape 'spiral' cannot be read", "spiral.yaml:1:1: unknown key 'points'",
                    "spiral.yaml:1:1: a stroke template needs 'samples'"
                ]
            ),
            (
                "samples:\n  - [[0, 0], [1200, 5]]\n",
                [":3:22: the shape 'spiral' cannot be read", "spiral.yaml:2:15: coordinate 1200 is past the 0-1000 box"]
            ),
            (
                "samples:\n  - [[0, 0], [-5, 5]]\n",
                [":3:22: the shape 'spiral' cannot be read", "spiral.yaml:2:15: negative number '-5'"]
            ),
            (
                "samples:\n  - [[0, 0]]\n",
                [":3:22: the shape 'spiral' cannot be read", "spiral.yaml:2:5: a sample of 1 point;"]
            ),
            (
                "samples:\n  - [[7, 7], [7, 7.5]]\n",
                [
                    ":3:22: the shape 'spiral' cannot be read",
                    "spiral.yaml:2:5: every point of the sample is in one place"
                ]
            ),
            (
                "samples:\n  - [[0, 0], [5]]\n",
                [":3:22: the shape 'spiral' cannot be read", "spiral.yaml:2:14: expected a point [x, y]"]
            ),
            ("samples: [\n", [":3:22: the shape 'spiral' cannot be read", "spiral.yaml:2:1: invalid YAML"])
        ] as [(String?, [String])])
    func aBrokenOrMissingTemplateIsAnErrorInBothFiles(template: String?, expected: [String]) throws {
        let (directory, file) = try Self.folder(template: template)
        defer { ConfigLoaderTests.remove(directory) }
        let errors = #expect(throws: ConfigErrors.self) { try ConfigLoader.load(path: file) }
        let lines = errors?.errors.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } ?? []
        #expect(lines.count == expected.count, "\(lines)")
        // The config's error, at the shape, and the template's own, at their places in it.
        for beginning in expected {
            let place = beginning.hasPrefix(":") ? file + beginning : directory + "/strokes/" + beginning
            #expect(lines.contains { $0.hasPrefix(place) }, "\(place) in \(lines)")
        }
        if template == nil {
            #expect(errors?.errors.first?.suggestion?.contains("gesturebridge record --stroke spiral") == true)
        }
    }

    @Test func aTemplateFileIsBoundedInSizeSamplesAndPoints() throws {
        let point = "[1, 2], "
        let tooMany = "samples:\n" + String(repeating: "  - [[0, 0], [9, 9]]\n", count: 21)
        let tooLong = "samples:\n  - [" + String(repeating: point, count: 257) + "[3, 3]]\n"
        let tooBig = "# " + String(repeating: "x", count: 70_000) + "\nsamples:\n  - [[0, 0], [9, 9]]\n"
        for (text, message) in [
            (tooMany, "21 samples; a template has 1 to 20"), (tooLong, "a sample of 258 points; one has 2 to 256")
        ] {
            let errors = #expect(throws: ConfigErrors.self) {
                try StrokeTemplateFile.parse(text, file: "t.yaml", name: "t")
            }
            #expect(errors?.errors.first?.message == message)
        }
        let (directory, _) = try ConfigLoaderTests.makeConfig()
        defer { ConfigLoaderTests.remove(directory) }
        try Data(tooBig.utf8).write(to: URL(fileURLWithPath: directory + "/big.yaml"))
        let errors = #expect(throws: ConfigErrors.self) {
            try StrokeTemplateFile.read(directory + "/big.yaml", name: "big")
        }
        #expect(errors?.errors.first?.message.contains("a stroke template is at most 64 KiB") == true)
    }

    @Test(arguments: [
        ("spiral", true), ("my-shape-2", true), ("circle", false), ("checkmark", false), ("line-diagonal-up", false),
        ("Spiral", false), ("2fast", false), ("-x", false), ("", false), ("a/b", false), ("../x", false),
        (String(repeating: "a", count: 33), false), (String(repeating: "a", count: 32), true)
    ])
    func aTemplateNameIsAPlainWordThatIsNoBuiltInShape(name: String, valid: Bool) {
        #expect(StrokeTemplateFile.isValidName(name) == valid)
    }

    /// Without a folder (a config that is not a file), only the built-in shapes can be named;
    /// a name that cannot be a file's is refused before any file is looked for.
    @Test func withoutAFolderOrWithABadNameNoFileIsRead() throws {
        let errors = #expect(throws: ConfigErrors.self) { try ConfigLoader.load(yaml: Self.binding) }
        #expect(errors?.errors.map(\.message) == ["unknown shape 'spiral' for a stroke"])
        let escaping = Self.binding.replacingOccurrences(of: "spiral", with: "../config")
        let bad = #expect(throws: ConfigErrors.self) {
            try ConfigLoader.load(yaml: escaping, strokeFolder: "/nonexistent")
        }
        #expect(bad?.errors.map(\.message) == ["unknown shape '../config' for a stroke"])
        #expect(bad?.errors.first?.suggestion?.contains("lowercase letters, digits, dashes and underscores") == true)
    }
}

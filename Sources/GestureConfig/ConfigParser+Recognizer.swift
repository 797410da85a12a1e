import Glibc
import GestureEngine
import YAMLReader

extension GestureKind {
    /// The parameter keys this kind takes in the file.
    var parameterKeys: [String] {
        switch self {
        case .tap: ["fingers", "taps", "movement", "interval", "max-duration"]
        case .longPress: ["fingers", "taps", "duration", "movement"]
        case .pan: ["fingers", "min-fingers", "max-fingers", "direction", "hysteresis"]
        case .swipe: ["fingers", "direction", "distance", "max-duration", "max-angle"]
        case .pinch, .rotate: ["fingers", "hysteresis"]
        case .stroke: ["shape", "fingers", "max-distance", "own", "device", "button", "start", "hold"]
        case .custom: []
        }
    }

    /// How many fingers the recognizer can work with (UIKit: 1–10; pinch and rotation need 2–5).
    var fingerRange: ClosedRange<Int> {
        switch self {
        case .tap, .longPress, .pan, .swipe: 1...10
        case .pinch, .rotate: 2...5
        case .stroke: 1...5
        case .custom: 1...10
        }
    }
}

/// Reading a binding's recognizer key (`tap:`, `swipe:`, …) into a `RecognizerSpec`.
extension ConfigParser {
    /// The largest number of taps a tap or long press may ask for.
    static let maximumTaps = 10
    /// The largest swipe `max-angle`: beyond 45° the four directions would overlap.
    static let largestSwipeAngle = Double.pi / 4

    /// The recognizer spec for `field` (`swipe: { fingers: 3 }`), or nil after reporting.
    func recognizer(_ kind: GestureKind, _ field: Field) -> RecognizerSpec? {
        let errorCount = errors.count
        let fields = fields(of: field.value, in: kind.description, allowed: kind.parameterKeys) { key in
            let owners = GestureKind.builtIn.filter { $0 != kind && $0.parameterKeys.contains(key) }
            guard !owners.isEmpty else { return nil }
            return "'\(key)' belongs to \(Suggestion.list(owners.map(\.description)));"
                + " \(kind.description) takes \(Suggestion.list(kind.parameterKeys))"
        }
        guard let fields else { return nil }
        let fingers = fields[.fingers].flatMap {
            integer($0, in: kind.fingerRange, what: "'fingers' for \(kind.description)")
        }
        let spec: RecognizerSpec
        switch kind {
        case .tap:
            spec = .tap(
                TapParameters(
                    numberOfTouchesRequired: fingers,
                    numberOfTapsRequired: fields[.taps].flatMap { tapCount($0, kind: kind) },
                    allowableMovement: fields[.movement].flatMap { quantity($0, Quantity.points) },
                    maximumTapInterval: fields[.interval].flatMap(positiveSeconds),
                    maximumTapDuration: fields[.maxDuration].flatMap(positiveSeconds)
                ))
        case .longPress:
            spec = .longPress(
                LongPressParameters(
                    numberOfTouchesRequired: fingers,
                    numberOfTapsRequired: fields[.taps].flatMap { tapCount($0, kind: kind) },
                    minimumPressDuration: fields[.duration].flatMap { quantity($0, Quantity.seconds) },
                    allowableMovement: fields[.movement].flatMap { quantity($0, Quantity.points) }
                ))
        case .pan:
            spec = .pan(panParameters(fields, fingers: fingers))
        case .swipe:
            spec = .swipe(
                SwipeParameters(
                    numberOfTouchesRequired: fingers,
                    direction: fields[.direction].flatMap { directions($0, in: "swipe", diagonals: true) },
                    minimumDistance: fields[.distance].flatMap {
                        quantity($0, Quantity.points, where: { $0 > 0 }, rule: "more than 0")
                    },
                    maximumDuration: fields[.maxDuration].flatMap(positiveSeconds),
                    maximumAngle: fields[.maxAngle].flatMap {
                        quantity(
                            $0, Quantity.radians, where: { $0 > 0 && $0 <= Self.largestSwipeAngle },
                            rule: "more than 0 and at most 45deg")
                    }
                ))
        case .pinch:
            spec = .pinch(
                PinchParameters(
                    numberOfTouchesRequired: fingers,
                    hysteresis: fields[.hysteresis].flatMap { quantity($0, Quantity.points) }
                ))
        case .rotate:
            spec = .rotate(
                RotationParameters(
                    numberOfTouchesRequired: fingers,
                    hysteresis: fields[.hysteresis].flatMap {
                        quantity($0, Quantity.radians, where: { $0 < .pi }, rule: "less than 180deg")
                    }
                ))
        case .custom:
            // A binding names only the built-in kinds (`GestureKind(configKey:)`).
            return nil
        case .stroke:
            let device = fields[.device].flatMap { word($0, as: StrokeDevice.self) } ?? .touch
            spec = .stroke(
                StrokeParameters(
                    shapes: fields[.shape].map { shapes($0, own: fields[.own].flatMap(boolean) ?? false) } ?? [],
                    numberOfTouchesRequired: fingers,
                    maximumDistance: fields[.maxDistance].flatMap {
                        quantity($0, Quantity.number, where: { $0 > 0 && $0 <= 10 }, rule: "more than 0 and at most 10")
                    },
                    device: device,
                    button: fields[.button].flatMap { integer($0, in: 1...9, what: "'button' for a stroke") },
                    start: fields[.start].flatMap { word($0, as: StrokeStart.self) } ?? .move,
                    holdDuration: fields[.hold].flatMap {
                        quantity($0, Quantity.seconds, where: { $0 >= 0.1 && $0 <= 5 }, rule: "from 0.1s to 5s")
                    }))
            strokeDeviceRules(fields, device: device)
            strokeStartRules(fields, device: device)
            if fields[.shape] == nil {
                report(
                    .missingKey, at: field.value, "a stroke needs a 'shape'",
                    suggestion: "add 'shape:' with one of \(Suggestion.list(StrokeShapes.names))")
            }
        }
        return errors.count == errorCount ? spec : nil
    }

    /// A pen or mouse draws alone, with a button; fingers have no button.
    func strokeDeviceRules(_ fields: Fields, device: StrokeDevice) {
        if device == .touch, let button = fields[.button] {
            report(
                .conflictingKeys, at: button.keyNode, "'button' is for strokes drawn with a pen or a mouse",
                suggestion: "add 'device: mouse' (or 'device: pen'), or remove 'button'")
        }
        if device != .touch, let fingers = fields[.fingers] {
            report(
                .conflictingKeys, at: fingers.keyNode,
                "a \(device.rawValue) draws a stroke alone: 'fingers' is for touch",
                suggestion: "remove 'fingers', or remove 'device: \(device.rawValue)'")
        }
    }

    /// `start: hold` is for fingers, and `hold:` is its time.
    func strokeStartRules(_ fields: Fields, device: StrokeDevice) {
        let holds = fields[.start].flatMap { word($0, as: StrokeStart.self) } == .hold
        if holds, device != .touch, let start = fields[.start] {
            report(
                .conflictingKeys, at: start.keyNode,
                "'start: hold' is for fingers: a \(device.rawValue)'s stroke starts when its button is pressed",
                suggestion: "remove 'start: hold', or remove 'device: \(device.rawValue)'")
        }
        if !holds, let hold = fields[.hold] {
            report(
                .conflictingKeys, at: hold.keyNode, "'hold' is how long 'start: hold' waits for the fingers to rest",
                suggestion: "add 'start: hold', or remove 'hold'")
        }
    }

    /// Whether `name` is a template of your own, read from the stroke folder (once); reports
    /// why not when it is not. `own`: the binding said `own: true`, so a built-in's name is
    /// read from the folder too.
    private func template(_ name: String, at node: Node, own: Bool = false) -> Bool {
        if strokeTemplates[name] != nil { return true }
        let unknown = "unknown shape '\(name)' for a stroke"
        let builtIn = Suggestion.didYouMean(name, among: StrokeShapes.names)
        let path = strokeFolder.map { StrokeTemplateFile.path(of: name, in: $0) }
        let exists = path.map { access($0, F_OK) == 0 || errno != ENOENT } ?? false
        guard let path, StrokeTemplateFile.isWellFormed(name) else {
            report(
                .invalidValue, at: node, unknown, found: name,
                suggestion: builtIn ?? "expected \(Suggestion.list(StrokeShapes.names)), or a shape of your own "
                    + "(1-32 lowercase letters, digits, dashes and underscores, starting with a letter) recorded with "
                    + "'gesturebridge record --stroke NAME'"
                    + (strokeFolder.map { " into \($0)" } ?? ""))
            return false
        }
        guard exists else {
            report(
                .invalidValue, at: node, unknown + ", and no template \(path)", found: name,
                suggestion: own && StrokeShapes.isBuiltIn(name)
                    ? "drop 'own: true' to use the built-in '\(name)', or put your drawings of it in \(path)"
                    : builtIn ?? "record it with 'gesturebridge record --stroke \(name)', or use one of "
                        + Suggestion.list(StrokeShapes.names))
            return false
        }
        guard strokeTemplates.count < StrokeTemplateFile.maximumShapes else {
            report(
                .outOfRange, at: node,
                "a \(StrokeTemplateFile.maximumShapes + 1)th shape of your own; a config names at most "
                    + "\(StrokeTemplateFile.maximumShapes) (each stroke is compared with every drawing of them)",
                found: name, suggestion: "bind fewer shapes of your own, or reuse one shape in several bindings")
            return false
        }
        do throws(ConfigErrors) {
            let template = try StrokeTemplateFile.read(path, name: name)
            let before = strokeTemplates.values.reduce(0) { $0 + $1.samples.count }
            guard before + template.samples.count <= StrokeTemplateFile.maximumSamplesInAll else {
                report(
                    .outOfRange, at: node,
                    "'\(name)' brings the drawings of your shapes to \(before + template.samples.count); a config's "
                        + "shapes have at most \(StrokeTemplateFile.maximumSamplesInAll) in all (each stroke is "
                        + "compared with every one at its lift)",
                    found: name,
                    suggestion:
                        "record fewer drawings of each shape ('record --stroke NAME --samples 5'), or bind fewer shapes"
                )
                return false
            }
            strokeTemplates[name] = template
            return true
        } catch {
            report(
                .invalidValue, at: node, "the shape '\(name)' cannot be read from \(path)", found: name,
                suggestion: "fix the template, or record it again with 'gesturebridge record --stroke \(name)'")
            for problem in error.errors { report(problem) }
            return false
        }
    }

    /// `shape: checkmark` or a list; every name one of `StrokeShapes.names` or a template's.
    /// A built-in's name with a file of that name in the stroke folder is an error unless the
    /// binding says `own: true` (then the file is read, and it replaces the built-in).
    private func shapes(_ field: Field, own: Bool) -> [String] {
        let known = StrokeShapes.names
        var shapes: [String] = []
        for node in items(field.value) {
            guard let text = scalar(node, expecting: "a shape name such as 'checkmark'") else { continue }
            if known.contains(text) {
                let path = strokeFolder.map { StrokeTemplateFile.path(of: text, in: $0) }
                let exists = path.map { access($0, F_OK) == 0 || errno != ENOENT } ?? false
                if own {
                    guard template(text, at: node, own: true) else { continue }
                } else if exists, let path {
                    report(
                        .conflictingKeys, at: node,
                        "'\(text)' is a built-in shape, and \(path) is a shape of your own with its name", found: text,
                        suggestion: "add 'own: true' to this stroke to use yours instead of the built-in, or rename "
                            + "the file (e.g. my-\(text).yaml) and bind it as 'shape: my-\(text)'")
                    continue
                }
            } else {
                guard template(text, at: node) else { continue }
            }
            shapes.append(text)
        }
        if shapes.isEmpty, !ConfigParser.isNull(field.value), items(field.value).isEmpty {
            report(
                .neverFires, at: field.value, "empty shape list: the stroke could never be recognized",
                suggestion: "name at least one shape")
        }
        return shapes
    }

    /// A pan's parameters: `fingers` for an exact count, or `min-fingers` and `max-fingers`.
    private func panParameters(_ fields: Fields, fingers: Int?) -> PanParameters {
        let range = GestureKind.pan.fingerRange
        if let exact = fields[.fingers] {
            for key in [ConfigKey.minFingers, .maxFingers] {
                guard let other = fields[key] else { continue }
                report(
                    .conflictingKeys, at: other.keyNode, "'\(exact.key)' and '\(key.name)' in one pan",
                    found: key.name,
                    suggestion: "use 'fingers' for an exact count, or 'min-fingers' and 'max-fingers' for a range"
                )
            }
        }
        let minimum = fields[.minFingers].flatMap { integer($0, in: range) } ?? fingers
        let maximum = fields[.maxFingers].flatMap { integer($0, in: range) } ?? fingers
        if let minimum, let maximum, minimum > maximum, let field = fields[.maxFingers] ?? fields[.minFingers] {
            report(
                .neverFires, at: field.value,
                "pan needs at least \(minimum) fingers but at most \(maximum): it could never begin",
                found: String(maximum), suggestion: "make 'max-fingers' at least 'min-fingers'"
            )
        }
        return PanParameters(
            minimumNumberOfTouches: minimum,
            maximumNumberOfTouches: maximum,
            hysteresis: fields[.hysteresis].flatMap { quantity($0, Quantity.points) },
            allowedDirections: fields[.direction].flatMap { directions($0, in: "pan") }
        )
    }

    /// `taps` for a tap (at least 1; 0 could never fire) or a long press (0 or more).
    private func tapCount(_ field: Field, kind: GestureKind) -> Int? {
        guard let taps = integer(field, in: 0...Self.maximumTaps) else { return nil }
        if kind == .tap, taps == 0 {
            report(
                .neverFires, at: field.value, "a tap with 'taps: 0' could never fire",
                found: "0", suggestion: "write 'taps: 1' or more"
            )
            return nil
        }
        return taps
    }

    /// A duration that must be more than zero.
    private func positiveSeconds(_ field: Field) -> Double? {
        quantity(field, Quantity.seconds, where: { $0 > 0 }, rule: "more than 0")
    }
}

import GestureEngine
import YAMLReader

/// Reading `steps:`, the actions repeated as a continuous gesture goes on.
extension ConfigParser {
    /// The step sides each kind has, or nil for kinds without steps.
    static func stepSides(of kind: GestureKind) -> [String]? {
        switch kind {
        case .pinch: ["in", "out"]
        case .rotate: ["clockwise", "counterclockwise"]
        case .pan: ["left", "right", "up", "down"]
        case .tap, .swipe, .longPress, .stroke, .custom: nil
        }
    }

    /// The steps for a binding whose recognizer is `kind`, or nil after reporting.
    /// With no usable recognizer there is nothing to check them against, and nothing is reported.
    func steps(_ field: Field, kind: GestureKind?) -> Steps? {
        guard let kind else { return nil }
        guard let sides = Self.stepSides(of: kind) else {
            let reason = kind.isContinuous ? "has no amount to step by" : "is recognized once"
            report(
                .neverFires, at: field.keyNode,
                "'steps' applies only to pan, pinch and rotate, but \(kind.description) \(reason)",
                found: "steps", suggestion: "use 'do:' instead"
            )
            return nil
        }
        let context = "steps for \(kind.description)"
        let errorCount = errors.count
        let fields = fields(of: field.value, in: context, allowed: ["every"] + sides) { key in
            let owner = GestureKind.builtIn.first { Self.stepSides(of: $0)?.contains(key) ?? false }
            guard let owner else { return nil }
            return "'\(key)' is a step of \(owner.description); \(context) take 'every' and \(Suggestion.list(sides))"
        }
        guard let fields else { return nil }

        let example: String
        let every: Double?
        let everyField = fields[.every]
        switch kind {
        case .pinch:
            example = "every: 0.1"
            every = everyField.flatMap {
                quantity($0, Quantity.scale, where: { (0.01...10).contains($0) }, rule: "at least 0.01 and at most 10")
            }
        case .rotate:
            example = "every: 15deg"
            every = everyField.flatMap {
                quantity(
                    $0, Quantity.radians, where: { (Double.pi / 180...Double.pi).contains($0) },
                    rule: "at least 1deg and at most 180deg")
            }
        case .pan, .tap, .swipe, .longPress, .stroke, .custom:
            example = "every: 50"
            every = everyField.flatMap {
                quantity($0, Quantity.points, where: { (2...2000).contains($0) }, rule: "at least 2 and at most 2000")
            }
        }
        if everyField == nil {
            report(.missingKey, at: field.value, "\(context) need 'every'", suggestion: "add '\(example)'")
        }

        var actionsBySide: [String: [Action]] = [:]
        for side in sides {
            guard let sideField = fields.field(named: side) else { continue }
            actionsBySide[side] = actions(sideField)
        }
        guard errors.count == errorCount, let every else { return nil }
        if actionsBySide.values.allSatisfy(\.isEmpty) {
            report(
                .neverFires, at: field.keyNode, "\(context) name no actions",
                suggestion: "add \(Suggestion.list(sides)) with an action, such as '\(sides[0]): { keys: … }'"
            )
            return nil
        }
        let side = { (name: String) in actionsBySide[name] ?? [] }
        switch kind {
        case .pinch:
            return .pinch(every: every, inward: side("in"), outward: side("out"))
        case .rotate:
            return .rotate(every: every, clockwise: side("clockwise"), counterclockwise: side("counterclockwise"))
        case .pan, .tap, .swipe, .longPress, .stroke, .custom:
            return .pan(every: every, left: side("left"), right: side("right"), up: side("up"), down: side("down"))
        }
    }
}

import GestureEngine
import YAMLReader

/// What the checks across bindings need from every binding in the file, even a broken one.
struct BindingDraft {
    /// The binding's name, as written or generated.
    var name: String
    /// The node of the written name; nil when generated.
    var nameNode: Node?
    /// The binding's mapping.
    var node: Node
    /// The `after` entries with their nodes.
    var after: [(name: String, node: Node)]
    /// The `with` entries with their nodes.
    var with: [(name: String, node: Node)]
    /// The `not-prevented-by` and `does-not-prevent` entries with their nodes.
    var oneWay: [(key: String, name: String, node: Node)] = []
}

/// Reading `gestures:` lists and the bindings in them.
extension ConfigParser {
    /// The keys a binding may have.
    static let bindingKeys =
        ["name"] + GestureKind.builtIn.map(\.description)
        + [
            "after", "with", "not-prevented-by", "does-not-prevent", "cancels-touches", "when", "on", "do", "repeat",
            "steps", "hold", "target", "device", "feedback", "enabled"
        ]

    /// The bindings of a `gestures:` list; the usable ones, after reporting the rest.
    ///
    /// - Parameter path: where the list is, for generated names: `screen`, `apps.firefox`.
    ///   Defaults to the scope's description.
    func bindings(_ field: Field?, scope: BindingScope, path: String? = nil) -> [Binding] {
        guard let node = field?.value, !ConfigParser.isNull(node) else { return [] }
        guard let sequence = node.sequence else {
            report(
                .wrongType, at: node, "expected a list of gestures for 'gestures', found \(describe(node))",
                found: describe(node), suggestion: "start each gesture with '- ', as in '- swipe: { fingers: 3 }'"
            )
            return []
        }
        return sequence.enumerated().compactMap { index, item in
            binding(item, scope: scope, generatedName: "\(path ?? scope.description).gestures[\(index)]")
        }
    }

    /// One binding, or nil after reporting. Records a draft for the checks across bindings.
    func binding(_ node: Node, scope: BindingScope, generatedName: String) -> Binding? {
        let errorCount = errors.count
        // Touchégg's `type: SWIPE` names the recognizer in a value; here it is a key of its own.
        let touchEggType = node.mapping?.first { $0.key.scalar?.string == "type" }
            .flatMap { $0.value.scalar?.string }.flatMap { GestureKind(configKey: $0.lowercased()) }
        let fields = fields(of: node, in: "a gesture", allowed: Self.bindingKeys) { key in
            if key == "type", let touchEggType {
                return "the recognizer is a key of its own here, not Touchégg's 'type:': "
                    + "'\(touchEggType): { fingers: 3, ... }' (gesturebridge.yaml(5), RECOGNIZERS)"
            }
            let kinds = (touchEggType.map { [$0] } ?? []) + GestureKind.builtIn
            guard let owner = kinds.first(where: { $0.parameterKeys.contains(key) }) else {
                return nil
            }
            return "put it inside the recognizer, as in '\(owner.description): { \(key): … }'"
        }
        guard let fields else { return nil }

        // The name and references first, so that other bindings' checks see this one even if it is broken.
        var name = generatedName
        var nameNode: Node?
        if let field = fields[.name], let written = self.name(field.value, for: "name") {
            name = written
            nameNode = field.value
        }
        let after = fields[.after].map(names) ?? []
        let with = fields[.with].map(names) ?? []
        let notPreventedBy = fields[.notPreventedBy].map(names) ?? []
        let doesNotPrevent = fields[.doesNotPrevent].map(names) ?? []
        drafts.append(
            BindingDraft(
                name: name, nameNode: nameNode, node: node, after: after, with: with,
                oneWay: notPreventedBy.map { ("not-prevented-by", $0.name, $0.node) }
                    + doesNotPrevent.map { ("does-not-prevent", $0.name, $0.node) }))

        let recognizerFields = fields.entries.filter { GestureKind(configKey: $0.key) != nil }
        var kind: GestureKind?
        var spec: RecognizerSpec?
        switch recognizerFields.count {
        case 0 where touchEggType != nil:
            break  // the unknown 'type' key said how to write it
        case 0:
            report(
                .missingKey, at: node, "gesture '\(name)' has no recognizer",
                suggestion: "add one of \(Suggestion.list(GestureKind.builtIn.map(\.description)))"
            )
        case 1:
            let field = recognizerFields[0]
            kind = GestureKind(configKey: field.key)
            spec = kind.flatMap { recognizer($0, field) }
        default:
            let second = recognizerFields[1]
            report(
                .conflictingKeys, at: second.keyNode,
                "two recognizers in one gesture: '\(recognizerFields[0].key)' and '\(second.key)'",
                found: second.key, suggestion: "split them into two gestures, one recognizer each"
            )
        }

        let phase = fields[.on].flatMap { self.phase($0, kind: kind) }
        let actions = fields[.do].flatMap { self.actions($0) }
        let steps = fields[.steps].flatMap { self.steps($0, kind: kind) }
        let hold = fields[.hold].flatMap { self.hold($0, kind: kind) }
        let target = fields[.target].flatMap { word($0, as: ActionTarget.self) } ?? .under
        let cancelsTouches = fields[.cancelsTouches].flatMap { boolean($0) }
        let conditions = fields[.when].flatMap { self.conditions($0) }
        let repeatInterval = fields[.repeat].flatMap { self.repeatInterval($0, kind: kind, phase: phase) }
        let device = fields[.device].flatMap { word($0, as: InputDevice.self) } ?? .any
        let (feedback, feedbackStyle) = fields[.feedback].map(self.feedback) ?? (nil, nil)
        let enabled = fields[.enabled].flatMap { boolean($0) } ?? true

        guard errors.count == errorCount, let spec else { return nil }
        if device == .touchpad, let field = fields[.device], let (message, fix) = Self.touchpadCannotFire(spec) {
            report(.neverFires, at: field.value, "gesture '\(name)' can never fire: \(message)", suggestion: fix)
            return nil
        }
        if actions?.isEmpty ?? true, steps == nil, hold == nil {
            report(
                .neverFires, at: node, "gesture '\(name)' does nothing",
                suggestion: "add 'do:' with an action, or 'steps:' or 'hold:' for pan, pinch and rotate"
            )
            return nil
        }
        // Switched off: checked as the others (its name still answers `after:` and `with:`),
        // but not bound; the references to it then name nothing, as a missing recognizer.
        guard enabled else { return nil }
        var binding = Binding(
            name: name,
            isNameGenerated: nameNode == nil,
            scope: scope,
            recognizer: spec,
            requiresFailureOf: after.map(\.name),
            recognizesSimultaneouslyWith: with.map(\.name),
            phase: phase ?? (repeatInterval != nil ? .begin : nil)
                ?? .default(
                    for: spec.kind, feedback: (feedback ?? defaultFeedback) == .on, acts: !(actions?.isEmpty ?? true)),
            actions: actions ?? [],
            steps: steps,
            hold: hold,
            target: target,
            device: device,
            feedback: feedback,
            feedbackStyle: feedbackStyle,
            location: location(of: node)
        )
        if let warning = Self.holdsEveryOneFingerTouch(spec, scope: scope, device: device, name: name) {
            warnings.append(ConfigWarning(at: location(of: node), message: warning))
        }
        binding.notPreventedBy = notPreventedBy.map(\.name)
        binding.doesNotPrevent = doesNotPrevent.map(\.name)
        binding.cancelsTouches = cancelsTouches ?? true
        binding.repeatInterval = repeatInterval
        binding.conditions = conditions
        return binding
    }

    /// What a one-finger stroke on the screen or on a whole window costs, or nil: it holds each
    /// one-finger touch there until the path can no longer become its shape (or until the lift).
    /// The figures are `replay`'s on the project's real recordings, against a config with only a
    /// 3-finger swipe besides (`OneFingerStrokeHoldTests` checks them). A `start: hold` stroke
    /// lets a moving finger go at once, so it is not warned about.
    static func holdsEveryOneFingerTouch(_ spec: RecognizerSpec, scope: BindingScope, device: InputDevice, name: String)
        -> String?
    {
        guard case .stroke(let parameters) = spec, (parameters.numberOfTouchesRequired ?? 1) == 1,
            device != .touchpad, parameters.device == .touch, parameters.start == .move
        else { return nil }
        let place: String
        switch scope {
        case .screen: place = "on the screen"
        case .app(let app): place = "on \(app)'s windows"
        case .edge, .region: return nil
        }
        return "gesture '\(name)': a one-finger stroke \(place) holds each one-finger touch there until its path "
            + "can no longer become the shape, it keeps still longer than a drawing does (\(Thresholds.strokeLongestRest) s), or it lifts, so a "
            + "drag, a scroll or a text selection may reach "
            + "the application late (replayed on the project's recordings with a checkmark bound, 1 of 5 drags "
            + "reached it within 150 ms and presses waited up to 0.50 s; with every built-in shape bound, 0 of 5); "
            + "add 'start: hold' (drawn after the finger rests: 4 of 5 drags within 150 ms), draw it with two "
            + "fingers ('fingers: 2'), or bind it in an edge or a region"
    }

    /// Why a `device: touchpad` binding can never fire, or nil. X 2.4 reports a touchpad's
    /// swipes (3 or more fingers: two scroll, one moves the pointer) and pinches (2 or more) as
    /// gestures, and nothing else: its taps are clicks, and it has no long press.
    static func touchpadCannotFire(_ spec: RecognizerSpec) -> (message: String, fix: String)? {
        let fewFingers = "a touchpad's swipes have 3 or more fingers (two fingers scroll, one moves the pointer)"
        let moreFingers = "write 'fingers: 3' (or 4), or leave out 'device: touchpad'"
        switch spec {
        case .tap, .longPress:
            return (
                "a touchpad gives X no \(spec.kind.description) gestures, only its swipes and pinches (its taps are clicks)",
                "leave out 'device: touchpad', or bind a touchpad swipe or pinch"
            )
        case .swipe(let parameters) where (parameters.numberOfTouchesRequired ?? 1) < 3:
            return (fewFingers, moreFingers)
        case .stroke(let parameters) where parameters.device != .touch:
            return (
                "a \(parameters.device.rawValue)'s strokes are not a touchpad's",
                "leave out 'device: touchpad' (the stroke's own 'device: \(parameters.device.rawValue)' says what draws it)"
            )
        case .stroke(let parameters) where (parameters.numberOfTouchesRequired ?? 1) < 3:
            return (fewFingers, moreFingers)
        case .pan(let parameters) where (parameters.maximumNumberOfTouches ?? Int.max) < 3:
            return (fewFingers, "write 'max-fingers: 3' or more, or leave out 'device: touchpad'")
        case .swipe, .stroke, .pan, .pinch, .rotate: return nil
        }
    }

    /// `when: { class, title, state, min-windows, max-windows, quiet }`, or nil after reporting.
    private func conditions(_ field: Field) -> BindingConditions? {
        guard
            let fields = fields(
                of: field.value, in: "when",
                allowed: ["class", "title", "state", "min-windows", "max-windows", "quiet"])
        else { return nil }
        var conditions = BindingConditions()
        conditions.classes = fields[.class].map {
            items($0.value).compactMap { scalar($0, expecting: "a window class") }
        }
        conditions.titleContains = fields[.title].flatMap { scalar($0.value, expecting: "text the title contains") }
        conditions.states = fields[.state].map { field in
            items(field.value).compactMap { node -> WindowStateCondition? in
                guard let text = scalar(node, expecting: "a window state") else { return nil }
                guard let state = WindowStateCondition(rawValue: text) else {
                    report(
                        .invalidValue, at: node, "unknown window state '\(text)'", found: text,
                        suggestion: Suggestion.advice(for: text, among: WindowStateCondition.allCases.map(\.rawValue)))
                    return nil
                }
                return state
            }
        }
        conditions.minimumWindows = fields[.minWindows].flatMap { integer($0, in: 0...99) }
        conditions.maximumWindows = fields[.maxWindows].flatMap { integer($0, in: 0...99) }
        conditions.quiet = fields[.quiet].flatMap {
            quantity($0, Quantity.seconds, where: { $0 > 0 && $0 <= 60 }, rule: "more than 0 and at most 60s")
        }
        return conditions
    }

    /// `repeat: 150ms`: a swipe's or long press's `do` again while the fingers stay down.
    private func repeatInterval(_ field: Field, kind: GestureKind?, phase: ActionPhase?) -> Double? {
        guard kind == .swipe || kind == .longPress else {
            report(
                .neverFires, at: field.keyNode,
                "'repeat' applies to a swipe or a long press, not \(kind.map { "a \($0.description)" } ?? "this gesture")",
                found: "repeat", suggestion: "remove 'repeat', or use 'steps:' on a pan, pinch or rotation")
            return nil
        }
        if let phase, phase != .begin {
            report(
                .conflictingKeys, at: field.keyNode,
                "'repeat' acts while the fingers stay down, but 'on: \(phase.rawValue)' waits for them to lift",
                found: "repeat", suggestion: "write 'on: begin' or leave 'on' out")
            return nil
        }
        let range = Binding.repeatIntervals
        return quantity(
            field, Quantity.seconds, where: { range.contains($0) },
            rule: "from \(Int(range.lowerBound * 1000))ms to \(Int(range.upperBound))s")
    }

    /// `feedback: on|off`, or `feedback: { show: on|off, size: 24pt, where: fingers|window }`
    /// (`show` on unless it says off); nil parts were not written or were wrong (reported).
    func feedback(_ field: Field) -> (Feedback?, FeedbackStyle?) {
        guard field.value.mapping != nil else { return (word(field, as: Feedback.self), nil) }
        guard let fields = fields(of: field.value, in: "feedback", allowed: ["show", "size", "where"]) else {
            return (nil, nil)
        }
        let show = fields[.show].flatMap { word($0, as: Feedback.self) } ?? .on
        let size = fields[.size].flatMap {
            quantity(
                $0, Quantity.points, where: { FeedbackStyle.sizes.contains($0) },
                rule:
                    "from \(Int(FeedbackStyle.sizes.lowerBound)) to \(Int(FeedbackStyle.sizes.upperBound)) pt")
        }
        let placement = fields[.where].flatMap { word($0, as: FeedbackPlacement.self) }
        return (show, FeedbackStyle(size: size, placement: placement))
    }

    /// `on: begin|update|end`; a swipe has begin (when recognized) and end (at the lift), a tap none.
    private func phase(_ field: Field, kind: GestureKind?) -> ActionPhase? {
        if let kind, kind == .tap || kind == .stroke {
            report(
                .neverFires, at: field.keyNode,
                "'on' does not apply to a \(kind.description): it is recognized when the fingers lift",
                found: "on", suggestion: "remove 'on'; a \(kind.description) acts when it is recognized"
            )
            return nil
        }
        let phase = word(field, as: ActionPhase.self)
        if kind == .swipe, phase == .update || phase == .cancel {
            report(
                .invalidValue, at: field.value, "a swipe is recognized once, so it has no '\(phase?.rawValue ?? "")'",
                found: phase?.rawValue ?? "",
                suggestion: "write 'on: begin' to act as soon as it is recognized, or 'on: end' to act at the lift")
            return nil
        }
        return phase
    }

    /// `hold: alt`: one chord held while a continuous gesture runs.
    private func hold(_ field: Field, kind: GestureKind?) -> KeyChord? {
        if let kind, !kind.isContinuous {
            report(
                .neverFires, at: field.keyNode,
                "'hold' applies only to continuous gestures, but \(kind.description) is recognized once",
                found: "hold", suggestion: "use 'do: { keys: … }' for a \(kind.description)"
            )
            return nil
        }
        guard let text = scalar(field.value, expecting: "a chord such as 'alt' or 'ctrl+shift'") else { return nil }
        do {
            let sequence = try KeySequence(parsing: text)
            guard sequence.chords.count == 1, let chord = sequence.chords.first else {
                report(
                    .invalidValue, at: field.value, "'hold' takes one chord, not a sequence", found: text,
                    suggestion: "write one chord, such as 'alt' or 'ctrl+shift'")
                return nil
            }
            return chord
        } catch {
            report(
                .unknownKeyName, at: location(of: field.value, offset: error.offset), error.message,
                found: error.found, suggestion: error.suggestion
            )
            return nil
        }
    }
}

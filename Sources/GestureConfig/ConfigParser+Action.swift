import YAMLReader

/// Reading `do:` actions.
extension ConfigParser {
    /// The keys that name an action; an action mapping has exactly one.
    enum ActionKey: String, CaseIterable {
        case keys, command, click, scroll, window, desktop
    }

    /// The action keys as written.
    static let actionKeys = ActionKey.allCases.map(\.rawValue)
    /// The most clicks one `click` action may make.
    static let maximumClickCount = 3
    /// The most wheel clicks one `scroll` action may make.
    static let maximumScrollAmount = 100

    /// One action or a list of actions, or nil after reporting any bad one.
    func actions(_ field: Field) -> [Action]? {
        var actions: [Action] = []
        var isValid = true
        for node in items(field.value) {
            if let action = action(node) {
                actions.append(action)
            } else {
                isValid = false
            }
        }
        return isValid ? actions : nil
    }

    /// One action mapping such as `{ keys: ctrl+c }`, or nil after reporting.
    func action(_ node: Node) -> Action? {
        guard let mapping = node.mapping else {
            report(
                .wrongType, at: node, "expected an action, found \(describe(node))", found: describe(node),
                suggestion: "write an action such as '{ keys: ctrl+w }' or '{ command: \"notify-send hi\" }'"
            )
            return nil
        }
        var found: [(key: ActionKey, field: Field)] = []
        for pair in mapping {
            let (keyNode, value) = (pair.key, pair.value)
            guard let key = keyNode.scalar?.string else {
                report(.wrongType, at: keyNode, "expected an action name, found \(describe(keyNode))")
                return nil
            }
            guard let actionKey = ActionKey(rawValue: key) else {
                report(
                    .unknownAction, at: keyNode, "unknown action '\(key)'", found: key,
                    suggestion: Suggestion.advice(for: key, among: Self.actionKeys, listing: "actions are")
                )
                return nil
            }
            found.append((actionKey, Field(key: key, keyNode: keyNode, value: value)))
        }
        guard let (actionKey, field) = found.first else {
            report(
                .missingKey, at: node, "empty action",
                suggestion: "write one of \(Suggestion.list(Self.actionKeys)), such as '{ keys: ctrl+w }'"
            )
            return nil
        }
        guard found.count == 1 else {
            report(
                .conflictingKeys, at: found[1].field.keyNode,
                "two actions in one entry: '\(field.key)' and '\(found[1].field.key)'",
                found: found[1].field.key, suggestion: "make 'do' a list with one action per item"
            )
            return nil
        }
        switch actionKey {
        case .keys: return keys(field)
        case .command: return command(field)
        case .click: return click(field)
        case .scroll: return scroll(field)
        case .window: return window(field)
        case .desktop: return desktop(field)
        }
    }

    /// `keys: "ctrl+alt+Left"` or a sequence `"ctrl+c ctrl+v"`.
    private func keys(_ field: Field) -> Action? {
        if let list = field.value.sequence, !list.isEmpty, list.allSatisfy({ $0.scalar != nil }) {
            // `keys: [ctrl+c, ctrl+v]`: a sequence is one string here, the chords apart by spaces.
            let joined = list.compactMap { $0.scalar?.string }.joined(separator: " ")
            report(
                .wrongType, at: field.value, "expected keys such as 'ctrl+c', found a list", found: "a list",
                suggestion: "write a sequence of chords as one string: 'keys: \(joined)'")
            return nil
        }
        guard let text = scalar(field.value, expecting: "keys such as 'ctrl+c'") else { return nil }
        do {
            return .keys(try KeySequence(parsing: text))
        } catch {
            report(
                .unknownKeyName, at: location(of: field.value, offset: error.offset), error.message,
                found: error.found, suggestion: error.suggestion
            )
            return nil
        }
    }

    /// `command: "…"`: any non-empty text.
    private func command(_ field: Field) -> Action? {
        guard let text = scalar(field.value, expecting: "a command line") else { return nil }
        guard !text.trimmingWhitespace.isEmpty else {
            report(
                .invalidValue, at: field.value, "empty command",
                suggestion: "write a command line, such as 'rofi -show drun'")
            return nil
        }
        return .command(text)
    }

    /// `click: right` or `click: { button: right, count: 2 }`.
    private func click(_ field: Field) -> Action? {
        if field.value.mapping == nil {
            return word(field, as: MouseButton.self).map { .click($0, count: 1) }
        }
        guard let fields = fields(of: field.value, in: "click", allowed: ["button", "count"]) else { return nil }
        let count = fields[.count].map { integer($0, in: 1...Self.maximumClickCount) } ?? 1
        guard let buttonField = fields[.button] else {
            report(
                .missingKey, at: field.value, "click needs a 'button'",
                suggestion: "add 'button: left', 'right' or 'middle'")
            return nil
        }
        guard let button = word(buttonField, as: MouseButton.self), let count else { return nil }
        return .click(button, count: count)
    }

    /// `scroll: down` or `scroll: { direction: down, amount: 3 }`.
    private func scroll(_ field: Field) -> Action? {
        if field.value.mapping == nil {
            return word(field, as: ScrollDirection.self).map { .scroll($0, amount: 1) }
        }
        guard let fields = fields(of: field.value, in: "scroll", allowed: ["direction", "amount"]) else { return nil }
        let amount = fields[.amount].map { integer($0, in: 1...Self.maximumScrollAmount) } ?? 1
        guard let directionField = fields[.direction] else {
            report(
                .missingKey, at: field.value, "scroll needs a 'direction'",
                suggestion: "add 'direction: up', 'down', 'left' or 'right'")
            return nil
        }
        guard let direction = word(directionField, as: ScrollDirection.self), let amount else { return nil }
        return .scroll(direction, amount: amount)
    }

    /// `window: close`, …, `window: move-to-desktop 2`.
    private func window(_ field: Field) -> Action? {
        let keywords = WindowAction.keywords
        guard let text = scalar(field.value, expecting: "a window action such as 'close'") else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let verb = words.first ?? ""
        let argument = words.dropFirst().joined(separator: " ")
        let simple: [String: WindowAction] = [
            "close": .close, "minimize": .minimize, "maximize": .maximize, "fullscreen": .fullscreen,
            "activate": .activate, "raise": .raise, "lower": .lower
        ]
        if let action = simple[verb] {
            guard argument.isEmpty else {
                report(
                    .invalidValue, at: field.value, "window action '\(verb)' takes no argument, found '\(argument)'",
                    found: argument, suggestion: "write 'window: \(verb)'"
                )
                return nil
            }
            return .window(action)
        }
        guard verb == "move-to-desktop" else {
            report(
                .unknownAction, at: field.value, "unknown window action '\(verb)'", found: verb,
                suggestion: Suggestion.advice(for: verb, among: keywords, listing: "window actions are")
            )
            return nil
        }
        guard !argument.isEmpty else {
            report(
                .missingKey, at: field.value, "'move-to-desktop' needs a desktop",
                suggestion: "write 'window: move-to-desktop 2', 'move-to-desktop next' or 'move-to-desktop previous'"
            )
            return nil
        }
        return desktopTarget(argument, at: field.value, context: "move-to-desktop").map { .window(.moveToDesktop($0)) }
    }

    /// `desktop: next|previous|show|<number>`.
    private func desktop(_ field: Field) -> Action? {
        guard let text = scalar(field.value, expecting: "'next', 'previous', 'show' or a desktop number") else {
            return nil
        }
        if text == "show" { return .desktop(.showDesktop) }
        return desktopTarget(text, at: field.value, context: "desktop", extraWords: ["show"]).map {
            .desktop(.switchTo($0))
        }
    }

    /// `next`, `previous` or a desktop number from 1, or nil after reporting.
    private func desktopTarget(_ text: String, at node: Node, context: String, extraWords: [String] = [])
        -> DesktopTarget?
    {
        switch text {
        case "next": return .next
        case "previous": return .previous
        default:
            if let number = Int(text), number >= 1 { return .number(number) }
            if Int(text) != nil {
                report(
                    .outOfRange, at: node, "desktop number \(text) for '\(context)' is below 1", found: text,
                    suggestion: "desktops are numbered from 1"
                )
                return nil
            }
            let words = ["next", "previous"] + extraWords
            report(
                .unknownAction, at: node, "unknown desktop '\(text)' for '\(context)'", found: text,
                suggestion: Suggestion.didYouMean(text, among: words)
                    ?? "write \(Suggestion.list(words)) or a desktop number from 1"
            )
            return nil
        }
    }
}

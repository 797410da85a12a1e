import YAMLReader

typealias Node = YAML.Node

/// One key and its value in a YAML mapping, with the nodes kept for their positions.
struct Field {
    /// The key as written.
    var key: String
    /// The key's node, where errors about the key point.
    var keyNode: Node
    /// The value's node, where errors about the value point.
    var value: Node
}

/// A mapping's fields, in file order, looked up by key.
struct Fields {
    /// The fields in file order.
    var entries: [Field]
    /// The keys the section allows; nil when every key is allowed (a mapping of names).
    var allowed: [String]? = nil

    /// The field with this key, if present. A key the section does not allow is a programmer
    /// error: the list and the lookups must agree.
    subscript(key: ConfigKey) -> Field? {
        precondition(allowed?.contains(key.name) ?? true, "'\(key.name)' is not among the section's keys")
        return field(named: key.name)
    }

    /// The field with a key that comes from data (a step's side), if present.
    func field(named name: String) -> Field? {
        entries.first { $0.key == name }
    }
}

/// Walks the YAML node tree of one file, building the model and collecting every error.
///
/// Each `parse…` method returns nil after reporting when its part is unusable, and
/// the walk goes on, so that one load shows every mistake in the file. The sections
/// live in `ConfigParser+…` files; this one holds reporting and the shape checks.
final class ConfigParser {
    /// The file name errors carry.
    let file: String
    /// The errors found so far.
    private(set) var errors: [ConfigError] = []
    /// How many errors past `ConfigError.maximumCount` were not recorded.
    private(set) var unlisted = 0
    /// Every binding seen, usable or not, for the checks across bindings.
    var drafts: [BindingDraft] = []
    /// The file's `settings: feedback`, read before the bindings: it decides their default `on`.
    var defaultFeedback: Feedback = .off

    /// The folder of stroke templates (`strokes/` beside the file); nil when the config is not
    /// a file, and only built-in shapes can be named.
    let strokeFolder: String?
    /// The templates the bindings named, read once each.
    var strokeTemplates: [String: StrokeTemplate] = [:]
    /// What loads but costs the user something (`Configuration.warnings`).
    var warnings: [ConfigWarning] = []

    /// Creates a parser for the file named `file`.
    init(file: String, strokeFolder: String? = nil) {
        self.file = file
        self.strokeFolder = strokeFolder
    }

    // MARK: - Reporting

    /// Where a node starts.
    func location(of node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark.line, column: node.mark.column)
    }

    /// Where the part `offset` scalars into a one-line scalar starts, so that an error can
    /// point inside `"ctrl+c ctrl+vv"`; other nodes give their start.
    func location(of node: Node, offset: Int) -> SourceLocation {
        var location = location(of: node)
        guard let scalar = node.scalar, !scalar.string.contains("\n") else { return location }
        switch scalar.style {
        case .plain: location.column += offset
        case .singleQuoted, .doubleQuoted: location.column += offset + 1
        case .literal, .folded: break
        }
        return location
    }

    /// Records an error at a node.
    func report(
        _ kind: ConfigError.Kind, at node: Node, _ message: String, found: String = "", suggestion: String? = nil
    ) {
        report(kind, at: location(of: node), message, found: found, suggestion: suggestion)
    }

    /// Records an error at a location.
    func report(
        _ kind: ConfigError.Kind, at location: SourceLocation, _ message: String,
        found: String = "", suggestion: String? = nil
    ) {
        guard errors.count < ConfigError.maximumCount else {
            unlisted += 1
            return
        }
        report(ConfigError(kind, at: location, message: message, found: found, suggestion: suggestion))
    }

    /// Records an error made elsewhere, such as in a stroke template the file names.
    func report(_ error: ConfigError) {
        guard errors.count < ConfigError.maximumCount else {
            unlisted += 1
            return
        }
        errors.append(error)
    }

    // MARK: - Shapes

    /// Whether a node is YAML's null: an empty value, `~` or `null`, unquoted.
    static func isNull(_ node: Node) -> Bool { node.isNull }

    /// A few words for what a node is, for "found …" messages.
    func describe(_ node: Node) -> String {
        switch node.content {
        case .scalar(let scalar): ConfigParser.isNull(node) ? "nothing" : "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    /// The text of a scalar, or nil after reporting a wrong shape; `what` names what belongs there.
    func scalar(_ node: Node, expecting what: String) -> String? {
        if let scalar = node.scalar, !ConfigParser.isNull(node) { return scalar.string }
        report(.wrongType, at: node, "expected \(what), found \(describe(node))", found: describe(node))
        return nil
    }

    /// The items of a list, or the node alone when one value may stand for a list of one.
    func items(_ node: Node) -> [Node] {
        if let sequence = node.sequence { return Array(sequence) }
        return ConfigParser.isNull(node) ? [] : [node]
    }

    /// A mapping's fields, reporting keys not in `allowed` with advice; nil (after
    /// reporting) when the node is not a mapping. A null node reads as an empty mapping.
    ///
    /// - Parameters:
    ///   - context: how the place is named in messages: `swipe`, `settings`, `the gesture`.
    ///   - misplaced: advice for a key that belongs elsewhere, tried before "did you mean".
    func fields(
        of node: Node, in context: String, allowed: [String], misplaced: (String) -> String? = { _ in nil }
    ) -> Fields? {
        if ConfigParser.isNull(node) { return Fields(entries: [], allowed: allowed) }
        guard let mapping = node.mapping else {
            report(
                .wrongType, at: node, "expected a mapping for \(context), found \(describe(node))",
                found: describe(node), suggestion: "write keys under it, such as \(allowed.first ?? "key"): …"
            )
            return nil
        }
        var entries: [Field] = []
        for pair in mapping {
            let (keyNode, value) = (pair.key, pair.value)
            guard let key = keyNode.scalar?.string else {
                report(.wrongType, at: keyNode, "expected a plain key in \(context), found \(describe(keyNode))")
                continue
            }
            guard allowed.contains(key) else {
                let advice = misplaced(key) ?? Suggestion.advice(for: key, among: allowed)
                report(.unknownKey, at: keyNode, "unknown key '\(key)' in \(context)", found: key, suggestion: advice)
                continue
            }
            entries.append(Field(key: key, keyNode: keyNode, value: value))
        }
        return Fields(entries: entries, allowed: allowed)
    }
}

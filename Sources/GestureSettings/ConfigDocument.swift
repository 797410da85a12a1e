import GestureConfig
import YAMLReader

/// A config file's text with its bindings found in it, edited in place.
///
/// What a settings app needs to change one binding without rewriting the file: each edit
/// replaces only the text of the nodes it changes, found by the marks libyaml gives every node
/// (`YAML.Node.mark`, `YAML.Node.end`), so comments, order and formatting of everything else
/// stay as they were. Every edit gives a new document whose text was loaded again
/// (`ConfigLoader.load(yaml:)`): an edit that would make the file invalid throws, with the
/// loader's errors, and nothing is made of it. A binding written in a way the editor does not
/// rewrite (anchors and aliases, block scalars, one flow item) is read-only, with the reason.
///
/// Values are written in flow style on one line (`ConfigValue`); a new key of a block mapping
/// goes on a line of its own after the mapping's last, at its keys' indentation.
public struct ConfigDocument: Sendable {
    /// The file's text.
    public let text: String
    /// The name errors carry.
    public let file: String
    /// Where shapes of your own are, as the loader takes it.
    public let strokeFolder: String?
    /// The text, loaded and checked.
    public let configuration: Configuration
    /// Every binding, in file order: the screen's, each edge's, each app's and its regions'.
    public let entries: [Entry]
    let tree: Tree

    /// Where a binding is written.
    public enum Group: Hashable, Sendable, CustomStringConvertible {
        case screen
        case edge(String)
        /// An `apps:` key as written (`"firefox, chromium"`).
        case app(String)
        case region(app: String, name: String)

        public var description: String {
            switch self {
            case .screen: "the screen"
            case .edge(let edge): "the \(edge) edge"
            case .app(let key): "apps \"\(key)\""
            case .region(let app, let name): "region \(name) of apps \"\(app)\""
            }
        }
    }

    /// One binding: where it is, its name, the lines it takes, and whether it can be edited.
    public struct Entry: Hashable, Sendable {
        public var group: Group
        /// Its place in its group's `gestures:` list.
        public var index: Int
        /// The name as written; nil when the loader generates one.
        public var name: String?
        /// The lines its text takes, from its `- ` to its last value (1-based).
        public var lines: ClosedRange<Int>
        /// Why it cannot be edited here; nil when it can.
        public var readOnlyReason: String?
    }

    /// One change to a binding.
    public enum Change: Hashable, Sendable {
        /// The value at a key path (`["do"]`, `["swipe", "direction"]`): replaced, added when
        /// missing (its parent must be there), or removed when nil.
        case set([String], ConfigValue?)
        /// A top-level key and its value replaced in place by another (`swipe:` by `tap:`).
        case replaceKey(String, with: ConfigValue.Entry)
    }

    /// Why an edit was not made.
    public enum EditError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The binding is written in a way the editor does not rewrite.
        case readOnly(String)
        /// The edit would make the file invalid: the loader's errors for the edited text.
        case invalid(ConfigErrors)
        /// What the edit names is not in the file.
        case notFound(String)

        public var description: String {
            switch self {
            case .readOnly(let reason): "this binding is not edited here: \(reason)"
            case .invalid(let errors): "the change would make the config invalid:\n\(errors)"
            case .notFound(let what): "\(what) is not in the config"
            }
        }
    }

    /// Reads and checks `text`; throws the loader's errors for a file that is not valid.
    public init(text: String, file: String = "config.yaml", strokeFolder: String? = nil) throws(ConfigErrors) {
        configuration = try ConfigLoader.load(yaml: text, file: file, strokeFolder: strokeFolder)
        self.text = text
        self.file = file
        self.strokeFolder = strokeFolder
        tree = Tree(text)
        entries = tree.located.map(\.entry)
    }

    /// The binding's keys and their values as the file writes them (`("swipe", "{ fingers: 3,
    /// direction: left }")`), in file order; empty for a binding not found.
    public func keys(of entry: Entry) -> [(key: String, text: String)] {
        guard let node = tree.node(of: entry) else { return [] }
        return (node.mapping ?? []).compactMap { pair in
            pair.key.scalar.map { ($0.string, tree.lines.text(from: pair.value.mark, to: pair.value.contentEnd)) }
        }
    }

    /// The scalar at a key path of the binding (`["swipe", "fingers"]`), or nil.
    public func scalar(_ path: [String], in entry: Entry) -> String? {
        var node = tree.node(of: entry)
        for key in path { node = Tree.value(key, in: node) }
        return node?.scalar?.string
    }

    // MARK: Edits

    /// Sets the value at `path` in the binding, adding or removing the key (`Change.set`).
    public func setting(_ path: [String], to value: ConfigValue?, in entry: Entry) throws(EditError) -> ConfigDocument {
        try applying([.set(path, value)], to: entry)
    }

    /// Makes the changes one after the other and checks the result once: a binding may pass
    /// through a state that is not valid on its way (a recognizer replaced by another).
    public func applying(_ changes: [Change], to entry: Entry) throws(EditError) -> ConfigDocument {
        if let reason = entries.first(where: { $0.group == entry.group && $0.index == entry.index })?.readOnlyReason {
            throw .readOnly(reason)
        }
        var text = self.text
        for change in changes {
            let tree = Tree(text)
            guard let node = tree.node(of: entry) else { throw .notFound(describe(entry)) }
            guard let edit = try tree.edit(change, in: node, describing: describe(entry)) else { continue }
            text = tree.lines.replacing(edit)
        }
        return try checked(text)
    }

    /// Adds a binding (its keys in order, `name` first by custom) at the end of `group`'s
    /// `gestures:` list, making the list, and for an app the app's entry, when there is none.
    public func appending(_ binding: [ConfigValue.Entry], to group: Group) throws(EditError) -> ConfigDocument {
        try checked(tree.lines.replacing(try tree.appending(binding, to: group)))
    }

    /// Takes the binding out: its lines, from its `- ` to its last value.
    public func removing(_ entry: Entry) throws(EditError) -> ConfigDocument {
        try checked(try removedText(entry))
    }

    /// The binding taken out of its group and put at the end of `group` (an app picked for it),
    /// with `binding` as its keys.
    public func moving(_ entry: Entry, to group: Group, as binding: [ConfigValue.Entry]) throws(EditError)
        -> ConfigDocument
    {
        let removed = try removedText(entry)
        let tree = Tree(removed)
        return try checked(tree.lines.replacing(try tree.appending(binding, to: group)))
    }

    private func removedText(_ entry: Entry) throws(EditError) -> String {
        guard let current = entries.first(where: { $0.group == entry.group && $0.index == entry.index }) else {
            throw .notFound(describe(entry))
        }
        if let reason = current.readOnlyReason { throw .readOnly(reason) }
        guard let list = tree.list(of: entry.group), !list.isFlow else {
            throw .readOnly("its list is written in flow style ('[ … ]')")
        }
        return tree.lines.replacing(tree.lines.removingLines(current.lines))
    }

    /// The document of `text`, loaded again; throws the loader's errors if it is not valid.
    private func checked(_ text: String) throws(EditError) -> ConfigDocument {
        do {
            return try ConfigDocument(text: text, file: file, strokeFolder: strokeFolder)
        } catch {
            throw .invalid(error)
        }
    }

    private func describe(_ entry: Entry) -> String {
        "gesture \(entry.name.map { "'\($0)'" } ?? "\(entry.index + 1)") of \(entry.group)"
    }

    /// One replacement of the text between two places (unicode-scalar offsets).
    struct Edit {
        var from: Int
        var to: Int
        var text: String
    }
}

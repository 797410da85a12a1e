import YAMLReader

/// A config file's text with its bindings found in it, edited in place.
///
/// What a settings app needs to change one binding without rewriting the file: each edit
/// replaces only the text of the nodes it changes, found by the marks libyaml gives every node
/// (`YAML.Node.mark`, `YAML.Node.end`), so comments, order and formatting of everything else
/// stay as they were. Every edit gives a new document whose text was loaded again
/// (`ConfigLoader.load(yaml:)`): an edit that would make the file invalid throws, with the
/// loader's errors, and nothing is made of it. A binding written in a way the editor does not
/// rewrite (anchors and aliases, block scalars) is read-only, with the reason.
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
    private let root: YAML.Node?
    private let lines: SourceLines

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
        // Valid, so it composes.
        let document = try? YAML.compose(text)
        self.text = text
        self.file = file
        self.strokeFolder = strokeFolder
        root = document?.root
        lines = SourceLines(text)
        entries = Self.locate(root, lines: lines).map(\.entry)
    }

    /// The binding's keys and their values as the file writes them (`("swipe", "{ fingers: 3,
    /// direction: left }")`), in file order; empty for a binding not found.
    public func keys(of entry: Entry) -> [(key: String, text: String)] {
        guard let node = Self.locate(root, lines: lines).first(where: { $0.entry == entry })?.node else { return [] }
        return (node.mapping ?? []).compactMap { pair in
            pair.key.scalar.map { ($0.string, lines.text(from: pair.value.mark, to: pair.value.contentEnd)) }
        }
    }

    // MARK: Edits

    /// Sets the value at `path` in the binding (`["do"]`, `["swipe", "direction"]`) to `value`,
    /// adding the key when it is missing (its parent must be there), or removes it when `value`
    /// is nil.
    public func setting(_ path: [String], to value: ConfigValue?, in entry: Entry) throws(EditError) -> ConfigDocument {
        let node = try editableNode(of: entry)
        guard let key = path.last else { throw .notFound("an empty key path") }
        var parent = node
        for step in path.dropLast() {
            guard let next = parent.mapping?.first(where: { $0.key.scalar?.string == step })?.value else {
                throw .notFound("'\(path.joined(separator: "."))' of \(describe(entry))")
            }
            parent = next
        }
        let pairs = parent.mapping
        let index = pairs?.firstIndex { $0.key.scalar?.string == key }
        var edit: Edit
        switch (value, index) {
        case (let value?, let index?):
            edit = replacement(of: pairs![index].value, with: value.description)
        case (let value?, nil):
            edit = try insertion(of: ConfigValue.Entry(key, value), into: parent, entry: entry)
        case (nil, let index?):
            edit = try removal(of: index, in: parent, entry: entry)
        case (nil, nil):
            return self
        }
        return try applying(edit)
    }

    /// Adds a binding (its keys in order, `name` first by custom) at the end of `group`'s
    /// `gestures:` list, making the list when the group has none.
    public func appending(_ binding: [ConfigValue.Entry], to group: Group) throws(EditError) -> ConfigDocument {
        guard let container = Self.groupMapping(group, in: root) else { throw .notFound(group.description) }
        let list = container.mapping?.first { $0.key.scalar?.string == "gestures" }?.value
        if let list, let items = list.sequence, !list.isFlow, let last = items.last {
            // A new item after the last, at the items' indentation.
            let dash = lines.column(ofDashBefore: items[0].mark) ?? (items[0].mark.column - 2)
            let end = last.contentEnd
            let text = Self.blockItem(binding, dashColumn: dash)
            return try applying(Edit(from: lines.endOfLine(end), to: lines.endOfLine(end), text: "\n" + text))
        }
        if let list {
            // `gestures: []`, `gestures:` or a flow list: written anew, in flow style.
            let items = (list.sequence ?? []).map { lines.text(from: $0.mark, to: $0.contentEnd) }
            let text = "[" + (items + [ConfigValue.mapping(binding).description]).joined(separator: ", ") + "]"
            return try applying(
                list.isNull ? insertionAfterColon(of: list, text: text) : replacement(of: list, with: text))
        }
        return try applying(
            try insertion(
                of: ConfigValue.Entry("gestures", .list([.mapping(binding)])), into: container, entry: nil,
                blockList: binding))
    }

    /// Takes the binding out: its lines, from its `- ` to its last value.
    public func removing(_ entry: Entry) throws(EditError) -> ConfigDocument {
        _ = try editableNode(of: entry)
        guard let list = Self.list(of: entry.group, in: root), !list.isFlow else {
            throw .readOnly("its list is written in flow style ('[ … ]')")
        }
        let from = lines.startOfLine(entry.lines.lowerBound)
        let to = lines.startOfLine(entry.lines.upperBound + 1)
        return try applying(Edit(from: from, to: to, text: ""))
    }

    /// The document after `edit`, loaded again; throws the loader's errors if it is not valid.
    private func applying(_ edit: Edit) throws(EditError) -> ConfigDocument {
        let edited = lines.replacing(edit)
        do {
            return try ConfigDocument(text: edited, file: file, strokeFolder: strokeFolder)
        } catch {
            throw .invalid(error)
        }
    }

    // MARK: Finding nodes

    private func editableNode(of entry: Entry) throws(EditError) -> YAML.Node {
        guard let located = Self.locate(root, lines: lines).first(where: { $0.entry == entry }) else {
            throw .notFound(describe(entry))
        }
        if let reason = located.entry.readOnlyReason { throw .readOnly(reason) }
        return located.node
    }

    private func describe(_ entry: Entry) -> String {
        "gesture \(entry.name.map { "'\($0)'" } ?? "\(entry.index + 1)") of \(entry.group)"
    }

    private static func value(_ key: String, in node: YAML.Node?) -> YAML.Node? {
        node?.mapping?.first { $0.key.scalar?.string == key }?.value
    }

    /// The mapping that holds `group`'s `gestures:` key.
    private static func groupMapping(_ group: Group, in root: YAML.Node?) -> YAML.Node? {
        switch group {
        case .screen: return root
        case .edge(let edge): return value(edge, in: value("edges", in: root))
        case .app(let key): return value(key, in: value("apps", in: root))
        case .region(let app, let name):
            return value("regions", in: value(app, in: value("apps", in: root)))?.sequence?.first {
                value("name", in: $0)?.scalar?.string == name
            }
        }
    }

    private static func list(of group: Group, in root: YAML.Node?) -> YAML.Node? {
        value("gestures", in: groupMapping(group, in: root))
    }

    /// Every binding with its node, in file order.
    private static func locate(_ root: YAML.Node?, lines: SourceLines) -> [(entry: Entry, node: YAML.Node)] {
        var groups: [Group] = [.screen]
        for pair in value("edges", in: root)?.mapping ?? [] {
            if let edge = pair.key.scalar?.string { groups.append(.edge(edge)) }
        }
        for pair in value("apps", in: root)?.mapping ?? [] {
            guard let app = pair.key.scalar?.string else { continue }
            groups.append(.app(app))
            for region in value("regions", in: pair.value)?.sequence ?? [] {
                if let name = value("name", in: region)?.scalar?.string { groups.append(.region(app: app, name: name)) }
            }
        }
        var found: [(Entry, YAML.Node)] = []
        for group in groups {
            for (index, item) in (list(of: group, in: root)?.sequence ?? []).enumerated() {
                let first = lines.lineOfDash(before: item.mark) ?? item.mark.line
                let entry = Entry(
                    group: group, index: index, name: value("name", in: item)?.scalar?.string,
                    lines: first...max(first, item.contentEnd.line), readOnlyReason: readOnlyReason(item, lines: lines))
                found.append((entry, item))
            }
        }
        return found.sorted { $0.0.lines.lowerBound < $1.0.lines.lowerBound }
    }

    /// Why a binding's text is not rewritten here, or nil.
    private static func readOnlyReason(_ item: YAML.Node, lines: SourceLines) -> String? {
        guard item.mapping != nil else { return "it is not a mapping of keys" }
        if item.isFlow { return "it is written on one line in flow style ('- { … }'); write it as keys on lines" }
        if lines.dashColumn(before: item.mark) == nil {
            return "its '- ' is not on the line of its first key"
        }
        let text = lines.text(from: item.mark, to: item.contentEnd)
        if SourceLines.hasAnchorOrAlias(text) { return "it uses YAML anchors or aliases ('&', '*', '<<')" }
        if SourceLines.hasBlockScalar(text) { return "it has a multi-line text ('|' or '>')" }
        return nil
    }

    // MARK: Making edits

    /// One replacement of the text between two places (unicode-scalar offsets).
    struct Edit {
        var from: Int
        var to: Int
        var text: String
    }

    private func replacement(of node: YAML.Node, with text: String) -> Edit {
        if node.isNull, node.scalar?.string == "" { return insertionAfterColon(of: node, text: text) }
        return Edit(from: lines.offset(of: node.mark), to: lines.offset(of: node.contentEnd), text: text)
    }

    /// For an empty value (`key:` with nothing after it): the value written after the colon.
    private func insertionAfterColon(of node: YAML.Node, text: String) -> Edit {
        let at = lines.offset(of: node.mark)
        return Edit(from: at, to: at, text: (lines.character(before: at) == " " ? "" : " ") + text)
    }

    private func insertion(
        of pair: ConfigValue.Entry, into parent: YAML.Node, entry: Entry?, blockList: [ConfigValue.Entry]? = nil
    ) throws(EditError) -> Edit {
        guard let pairs = parent.mapping else {
            if parent.isNull { return insertionAfterColon(of: parent, text: ConfigValue.mapping([pair]).description) }
            throw .readOnly("the value that would hold '\(pair.key)' is not a mapping")
        }
        guard let last = pairs.last else {
            // `{}`: written anew.
            return replacement(of: parent, with: ConfigValue.mapping([pair]).description)
        }
        if parent.isFlow {
            let end = lines.offset(of: parent.end) - 1  // the closing '}'
            let close = lines.lastNonSpace(before: end)
            return Edit(from: close, to: close, text: ", \(ConfigValue.quotedIfNeeded(pair.key)): \(pair.value)")
        }
        let indent = pairs[0].key.mark.column - 1
        let end = max(last.key.contentEnd, last.value.contentEnd)
        let key = ConfigValue.quotedIfNeeded(pair.key)
        let text: String
        if let blockList {
            text = "\(key):\n" + Self.blockItem(blockList, dashColumn: indent + 2)
        } else {
            text = "\(key): \(pair.value)"
        }
        let at = lines.endOfLine(end)
        return Edit(from: at, to: at, text: "\n" + String(repeating: " ", count: indent) + text)
    }

    private func removal(of index: Int, in parent: YAML.Node, entry: Entry) throws(EditError) -> Edit {
        let pairs = parent.mapping ?? []
        let pair = pairs[index]
        if parent.isFlow {
            // With the comma before it, or after it for the first.
            let start = lines.offset(of: pair.key.mark)
            let end = lines.offset(of: max(pair.key.contentEnd, pair.value.contentEnd))
            if index > 0 {
                let previousEnd = lines.offset(
                    of: max(pairs[index - 1].key.contentEnd, pairs[index - 1].value.contentEnd))
                return Edit(from: previousEnd, to: end, text: "")
            }
            if pairs.count > 1 { return Edit(from: start, to: lines.offset(of: pairs[1].key.mark), text: "") }
            return replacement(of: parent, with: "{}")
        }
        if index == 0 {
            guard pairs.count > 1 else { throw .readOnly("'\(pair.key.scalar?.string ?? "")' is its only key") }
            // The next key moves up to the first key's place (after the item's '- ').
            return Edit(from: lines.offset(of: pair.key.mark), to: lines.offset(of: pairs[1].key.mark), text: "")
        }
        let end = max(pair.key.contentEnd, pair.value.contentEnd)
        return Edit(
            from: lines.startOfLine(pair.key.mark.line), to: lines.startOfLine(end.line + 1), text: "")
    }

    /// A block list item for a binding: `- key: value` and the rest of its keys under the first.
    private static func blockItem(_ binding: [ConfigValue.Entry], dashColumn: Int) -> String {
        let indent = String(repeating: " ", count: dashColumn)
        return binding.enumerated().map { index, pair in
            (index == 0 ? indent + "- " : indent + "  ") + "\(ConfigValue.quotedIfNeeded(pair.key)): \(pair.value)"
        }.joined(separator: "\n")
    }
}

/// The text as Unicode scalars with where each line starts: libyaml's marks are lines and
/// columns counted in scalars, so edits are made on scalar offsets.
struct SourceLines: Sendable {
    private let scalars: [Unicode.Scalar]
    /// The offset of each line's first scalar; line n is `starts[n - 1]`.
    private let starts: [Int]

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
        self.starts = starts
    }

    func startOfLine(_ line: Int) -> Int {
        line - 1 < starts.count ? starts[max(0, line - 1)] : scalars.count
    }

    /// The offset of a mark (1-based line and column).
    func offset(of mark: YAML.Mark) -> Int {
        min(startOfLine(mark.line) + mark.column - 1, scalars.count)
    }

    /// The end of the line a mark is on (before its newline). A mark at column 1 of a line
    /// (the end of a value that ran to its line's end) belongs to the line before.
    func endOfLine(_ mark: YAML.Mark) -> Int {
        var line = mark.line
        if mark.column == 1, line > 1 { line -= 1 }
        let next = startOfLine(line + 1)
        return next > 0 && next <= scalars.count && next > startOfLine(line) && scalars[next - 1] == "\n"
            ? next - 1 : next
    }

    func text(from: YAML.Mark, to: YAML.Mark) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[offset(of: from)..<max(offset(of: from), offset(of: to))])
        return String(text)
    }

    func character(before offset: Int) -> Unicode.Scalar? {
        offset > 0 ? scalars[offset - 1] : nil
    }

    /// The offset just past the last non-space scalar before `offset`.
    func lastNonSpace(before offset: Int) -> Int {
        var index = offset
        while index > 0, scalars[index - 1] == " " || scalars[index - 1] == "\n" { index -= 1 }
        return index
    }

    /// The 0-based column of the `-` that starts a list item whose first key is at `mark`, when
    /// only spaces and that `-` come before the key on its line.
    func dashColumn(before mark: YAML.Mark) -> Int? {
        let start = startOfLine(mark.line)
        let before = scalars[start..<offset(of: mark)]
        guard let dash = before.firstIndex(of: "-") else { return nil }
        guard before[..<dash].allSatisfy({ $0 == " " }), before[(dash + 1)...].allSatisfy({ $0 == " " }) else {
            return nil
        }
        return dash - start
    }

    func column(ofDashBefore mark: YAML.Mark) -> Int? { dashColumn(before: mark) }

    /// The line of the item's `- `: the key's own line when the dash is on it.
    func lineOfDash(before mark: YAML.Mark) -> Int? {
        dashColumn(before: mark) != nil ? mark.line : nil
    }

    /// The text with one edit made.
    func replacing(_ edit: Edit) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<edit.from])
        result.append(contentsOf: edit.text.unicodeScalars)
        result.append(contentsOf: scalars[edit.to...])
        return String(result)
    }

    typealias Edit = ConfigDocument.Edit

    /// Whether the text has an anchor (`&name`), an alias (`*name`) or a merge key (`<<`) outside quotes and comments.
    static func hasAnchorOrAlias(_ text: String) -> Bool {
        scanOutsideQuotes(text) { previous, scalar, next in
            (scalar == "&" || scalar == "*") && (previous == nil || " [{,:-".unicodeScalars.contains(previous!))
                && next != nil && next! != " "
                || scalar == "<" && next == "<"
        }
    }

    /// Whether the text has a block scalar indicator (`|` or `>` as a value).
    static func hasBlockScalar(_ text: String) -> Bool {
        scanOutsideQuotes(text) { previous, scalar, next in
            (scalar == "|" || scalar == ">") && previous == " "
                && (next == nil || next == "\n" || next == " "
                    || next == "-" || next == "+")
        }
    }

    private static func scanOutsideQuotes(
        _ text: String, _ matches: (Unicode.Scalar?, Unicode.Scalar, Unicode.Scalar?) -> Bool
    ) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var quote: Unicode.Scalar?
        var inComment = false
        for index in scalars.indices {
            let scalar = scalars[index]
            let previous = index > 0 ? scalars[index - 1] : nil
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if inComment {
                if scalar == "\n" { inComment = false }
                continue
            }
            if let open = quote {
                if scalar == open, open == "'" || previous != "\\" { quote = nil }
                continue
            }
            if scalar == "\"" || scalar == "'", previous == nil || " [{,:".unicodeScalars.contains(previous!) {
                quote = scalar
                continue
            }
            if scalar == "#", previous == nil || previous == " " || previous == "\n" {
                inComment = true
                continue
            }
            if matches(previous, scalar, next) { return true }
        }
        return false
    }
}

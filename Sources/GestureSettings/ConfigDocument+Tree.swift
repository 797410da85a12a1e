import GestureConfig
import YAMLReader

extension ConfigDocument {
    /// A text's YAML tree and lines: where the bindings are, and the text edits that change them.
    /// Made again after every edit of a multi-step change; only the final text is checked.
    struct Tree: Sendable {
        let root: YAML.Node?
        let lines: SourceLines
        /// Every binding with its node, in file order.
        let located: [(entry: Entry, node: YAML.Node)]

        init(_ text: String) {
            // A text that does not compose has no bindings; the loader says why when it is checked.
            root = (try? YAML.compose(text))?.root
            lines = SourceLines(text)
            located = Self.locate(root, lines: lines)
        }

        func node(of entry: Entry) -> YAML.Node? {
            located.first { $0.entry.group == entry.group && $0.entry.index == entry.index }?.node
        }

        static func value(_ key: String, in node: YAML.Node?) -> YAML.Node? {
            node?.mapping?.first { $0.key.scalar?.string == key }?.value
        }

        /// The mapping that holds `group`'s `gestures:` key.
        func groupMapping(_ group: Group) -> YAML.Node? {
            Self.groupMapping(group, in: root)
        }

        static func groupMapping(_ group: Group, in root: YAML.Node?) -> YAML.Node? {
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

        func list(of group: Group) -> YAML.Node? {
            Self.value("gestures", in: groupMapping(group))
        }

        private static func locate(_ root: YAML.Node?, lines: SourceLines) -> [(entry: Entry, node: YAML.Node)] {
            var groups: [Group] = [.screen]
            for pair in value("edges", in: root)?.mapping ?? [] {
                if let edge = pair.key.scalar?.string { groups.append(.edge(edge)) }
            }
            for pair in value("apps", in: root)?.mapping ?? [] {
                guard let app = pair.key.scalar?.string else { continue }
                groups.append(.app(app))
                for region in value("regions", in: pair.value)?.sequence ?? [] {
                    if let name = value("name", in: region)?.scalar?.string {
                        groups.append(.region(app: app, name: name))
                    }
                }
            }
            var found: [(Entry, YAML.Node)] = []
            for group in groups {
                let list = value("gestures", in: groupMapping(group, in: root))
                for (index, item) in (list?.sequence ?? []).enumerated() {
                    let first = lines.lineOfDash(before: item.mark) ?? item.mark.line
                    let entry = Entry(
                        group: group, index: index, name: value("name", in: item)?.scalar?.string,
                        lines: first...max(first, item.contentEnd.line),
                        readOnlyReason: readOnlyReason(item, lines: lines))
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

        // MARK: Edits

        /// The text edit for one change of the binding at `node`; nil when there is nothing to do.
        func edit(_ change: Change, in node: YAML.Node, describing binding: String) throws(EditError) -> Edit? {
            switch change {
            case .replaceKey(let old, let new):
                guard let pair = node.mapping?.first(where: { $0.key.scalar?.string == old }) else {
                    throw .notFound("'\(old)' of \(binding)")
                }
                return Edit(
                    from: lines.offset(of: pair.key.mark), to: lines.offset(of: pair.value.contentEnd),
                    text: "\(ConfigValue.quotedIfNeeded(new.key)): \(new.value)")
            case .set(let path, let value):
                guard let key = path.last else { throw .notFound("an empty key path") }
                var parent = node
                for step in path.dropLast() {
                    guard let next = Self.value(step, in: parent) else {
                        throw .notFound("'\(path.joined(separator: "."))' of \(binding)")
                    }
                    parent = next
                }
                let pairs = parent.mapping
                let index = pairs?.firstIndex { $0.key.scalar?.string == key }
                switch (value, index) {
                case (let value?, let index?):
                    return replacement(of: pairs![index].value, with: value.description)
                case (let value?, nil):
                    return try insertion(of: ConfigValue.Entry(key, value), into: parent)
                case (nil, let index?):
                    return try removal(of: index, in: parent)
                case (nil, nil):
                    return nil
                }
            }
        }

        /// A new binding at the end of `group`'s list; for an app without an entry, the entry too.
        func appending(_ binding: [ConfigValue.Entry], to group: Group) throws(EditError) -> Edit {
            guard let container = groupMapping(group) else {
                if group == .screen, root == nil {
                    // An empty file (or comments alone): its first section.
                    let end = lines.endOfText
                    let newline = lines.endsWithNewline || end == 0 ? "" : "\n"
                    return Edit(
                        from: end, to: end,
                        text: newline + "gestures:\n" + Self.blockItem(binding, dashColumn: 2) + "\n")
                }
                switch group {
                case .app(let key): return try newEntry(in: "apps", key, binding)
                case .edge(let edge): return try newEntry(in: "edges", edge, binding)
                default: throw .notFound(group.description)
                }
            }
            let list = Self.value("gestures", in: container)
            if let list, let items = list.sequence, !list.isFlow, let last = items.last {
                // A new item after the last, at the items' indentation.
                let dash = lines.dashColumn(before: items[0].mark) ?? (items[0].mark.column - 2)
                let at = lines.endOfLine(last.contentEnd)
                return Edit(from: at, to: at, text: "\n" + Self.blockItem(binding, dashColumn: dash))
            }
            if let list {
                // `gestures: []`, `gestures:` or a flow list: written anew, in flow style.
                let items = (list.sequence ?? []).map { lines.text(from: $0.mark, to: $0.contentEnd) }
                let text = "[" + (items + [ConfigValue.mapping(binding).description]).joined(separator: ", ") + "]"
                return list.isNull ? insertionAfterColon(of: list, text: text) : replacement(of: list, with: text)
            }
            return try insertion(
                of: ConfigValue.Entry("gestures", .list([.mapping(binding)])), into: container, blockList: binding)
        }

        /// An app's or an edge's entry with its first binding, under `apps:` or `edges:` (`section`,
        /// made at the end when missing). An edge takes the default width.
        private func newEntry(in section: String, _ key: String, _ binding: [ConfigValue.Entry]) throws(EditError)
            -> Edit
        {
            let name = ConfigValue.quotedIfNeeded(key)
            guard let existing = Self.value(section, in: root), let first = existing.mapping?.first, !existing.isFlow
            else {
                if let existing = Self.value(section, in: root), !existing.isNull {
                    throw .readOnly("'\(section):' is written in flow style")
                }
                if let existing = Self.value(section, in: root) {
                    // `apps:` or `edges:` with nothing under it.
                    let at = lines.endOfLine(existing.contentEnd)
                    let text = "\n  \(name):\n    gestures:\n" + Self.blockItem(binding, dashColumn: 6)
                    return Edit(from: at, to: at, text: text)
                }
                guard root?.mapping != nil || root == nil, root?.isFlow != true else {
                    throw .readOnly("the file is not a mapping of sections")
                }
                let end = lines.endOfText
                let newline = lines.endsWithNewline || end == 0 ? "" : "\n"
                let text =
                    newline + "\(section):\n  \(name):\n    gestures:\n" + Self.blockItem(binding, dashColumn: 6) + "\n"
                return Edit(from: end, to: end, text: text)
            }
            let indent = first.key.mark.column - 1
            let at = lines.endOfLine(existing.contentEnd)
            let pad = String(repeating: " ", count: indent)
            let text = "\n\(pad)\(name):\n\(pad)  gestures:\n" + Self.blockItem(binding, dashColumn: indent + 4)
            return Edit(from: at, to: at, text: text)
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
            of pair: ConfigValue.Entry, into parent: YAML.Node, blockList: [ConfigValue.Entry]? = nil
        ) throws(EditError) -> Edit {
            guard let pairs = parent.mapping else {
                if parent.isNull {
                    return insertionAfterColon(of: parent, text: ConfigValue.mapping([pair]).description)
                }
                throw .readOnly("the value that would hold '\(pair.key)' is not a mapping")
            }
            guard let last = pairs.last else {
                // `{}`: written anew.
                return replacement(of: parent, with: ConfigValue.mapping([pair]).description)
            }
            if parent.isFlow {
                let close = lines.lastNonSpace(before: lines.offset(of: parent.end) - 1)
                return Edit(from: close, to: close, text: ", \(ConfigValue.quotedIfNeeded(pair.key)): \(pair.value)")
            }
            let indent = pairs[0].key.mark.column - 1
            let key = ConfigValue.quotedIfNeeded(pair.key)
            let text =
                if let blockList {
                    "\(key):\n" + Self.blockItem(blockList, dashColumn: indent + 2)
                } else {
                    "\(key): \(pair.value)"
                }
            let at = lines.endOfLine(max(last.key.contentEnd, last.value.contentEnd))
            return Edit(from: at, to: at, text: "\n" + String(repeating: " ", count: indent) + text)
        }

        private func removal(of index: Int, in parent: YAML.Node) throws(EditError) -> Edit {
            let pairs = parent.mapping ?? []
            let pair = pairs[index]
            func end(_ pair: YAML.Pair) -> Int { lines.offset(of: max(pair.key.contentEnd, pair.value.contentEnd)) }
            if parent.isFlow {
                // With the comma before it, or after it for the first.
                if index > 0 { return Edit(from: end(pairs[index - 1]), to: end(pair), text: "") }
                if pairs.count > 1 {
                    return Edit(
                        from: lines.offset(of: pair.key.mark), to: lines.offset(of: pairs[1].key.mark), text: "")
                }
                return replacement(of: parent, with: "{}")
            }
            if index == 0 {
                guard pairs.count > 1 else { throw .readOnly("'\(pair.key.scalar?.string ?? "")' is its only key") }
                // The next key moves up to the first key's place (after the item's '- ').
                return Edit(from: lines.offset(of: pair.key.mark), to: lines.offset(of: pairs[1].key.mark), text: "")
            }
            let last = max(pair.key.contentEnd, pair.value.contentEnd)
            return lines.removingLines(pair.key.mark.line...last.line)
        }

        /// A block list item for a binding: `- key: value` and the rest of its keys under the first.
        static func blockItem(_ binding: [ConfigValue.Entry], dashColumn: Int) -> String {
            let indent = String(repeating: " ", count: dashColumn)
            return binding.enumerated().map { index, pair in
                (index == 0 ? indent + "- " : indent + "  ") + "\(ConfigValue.quotedIfNeeded(pair.key)): \(pair.value)"
            }.joined(separator: "\n")
        }
    }
}

internal import CYAML

/// Builds a `YAML.Document` from libyaml's events (`yaml_parser_parse`), with explicit state:
/// the collections open around the current event, the anchors seen, and the nodes made so far
/// against the bound.
struct Composer {
    private let text: String
    private let nodeLimit: Int
    private var nodes = 0
    private var anchors: [String: (node: YAML.Node, size: Int)] = [:]
    private var duplicateKeys: [YAML.DuplicateKey] = []
    private var duplicatePairs: [YAML.Pair] = []
    private var open: [Collection] = []
    private var root: YAML.Node?

    /// A sequence or mapping whose end has not come yet.
    private struct Collection {
        var mark: YAML.Mark
        var anchor: String?
        var isMapping: Bool
        var isFlow = false
        var elements: [YAML.Node] = []
        var pairs: [YAML.Pair] = []
        /// A mapping's key waiting for its value.
        var key: YAML.Node?
        /// Where each scalar key stands first.
        var keys: [String: YAML.Mark] = [:]
        /// The nodes in it so far, itself included.
        var size = 1
    }

    init(text: String) {
        self.text = text
        nodeLimit = max(text.utf8.count, 64) * YAML.Limits.nodesPerByte
    }

    mutating func compose() throws(YAML.Error) -> YAML.Document {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAML.Error(kind: .tooLarge, problem: "out of memory", mark: YAML.Mark(line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        // libyaml reads from this buffer until the parser is deleted.
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.utf8.count, 1))
        defer { bytes.deallocate() }
        let count = bytes.initialize(fromContentsOf: text.utf8)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, count)

        var documents = 0
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { throw error(of: parser) }
            defer { yaml_event_delete(&event) }
            let mark = YAML.Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            let end = YAML.Mark(line: Int(event.end_mark.line) + 1, column: Int(event.end_mark.column) + 1)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return YAML.Document(root: root, duplicateKeys: duplicateKeys, duplicatePairs: duplicatePairs)
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    throw YAML.Error(
                        kind: .documents, problem: "a second document ('---'): a file holds one", mark: mark)
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let value = String(
                    decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
                let node = YAML.Node(
                    mark: mark, content: .scalar(YAML.Scalar(value, style: Self.style(scalar.style))), end: end)
                try add(node, size: 1, new: 1, anchor: Self.string(scalar.anchor))
            case YAML_ALIAS_EVENT:
                let name = Self.string(event.data.alias.anchor) ?? ""
                guard let anchored = anchors[name] else {
                    throw YAML.Error(kind: .syntax, problem: "the alias *\(name) names no anchor before it", mark: mark)
                }
                var node = anchored.node
                node.mark = mark
                node.end = end
                try add(node, size: anchored.size, new: anchored.size, anchor: nil)
            case YAML_SEQUENCE_START_EVENT:
                try begin(
                    mark: mark, anchor: Self.string(event.data.sequence_start.anchor), isMapping: false,
                    isFlow: event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE)
            case YAML_MAPPING_START_EVENT:
                try begin(
                    mark: mark, anchor: Self.string(event.data.mapping_start.anchor), isMapping: true,
                    isFlow: event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let collection = open.popLast() else { break }
                let content: YAML.Node.Content =
                    collection.isMapping ? .mapping(collection.pairs) : .sequence(collection.elements)
                // It and its contents were counted as they came.
                var node = YAML.Node(mark: collection.mark, content: content, end: end)
                node.isFlow = collection.isFlow
                try add(node, size: collection.size, new: 0, anchor: collection.anchor)
            default:
                // Stream start, document end: nothing to build.
                break
            }
        }
    }

    private mutating func begin(mark: YAML.Mark, anchor: String?, isMapping: Bool, isFlow: Bool) throws(YAML.Error) {
        guard open.count < YAML.Limits.depth else {
            throw YAML.Error(
                kind: .tooLarge, problem: "lists and mappings nested more than \(YAML.Limits.depth) deep", mark: mark)
        }
        try count(1, at: mark)
        open.append(Collection(mark: mark, anchor: anchor, isMapping: isMapping, isFlow: isFlow))
    }

    /// Puts a finished node where it belongs: the root, a sequence's next element, a mapping's key or value.
    ///
    /// - Parameters:
    ///   - size: the nodes it holds, itself included.
    ///   - new: how many of them are not counted yet.
    private mutating func add(_ node: YAML.Node, size: Int, new: Int, anchor: String?) throws(YAML.Error) {
        try count(new, at: node.mark)
        if let anchor { anchors[anchor] = (node, size) }
        guard var top = open.popLast() else {
            root = node
            return
        }
        top.size += size
        if !top.isMapping {
            top.elements.append(node)
        } else if let key = top.key {
            top.key = nil
            if let name = key.scalar?.string {
                if let first = top.keys[name] {
                    duplicateKeys.append(YAML.DuplicateKey(key: name, mark: key.mark, first: first))
                    duplicatePairs.append(YAML.Pair(key: key, value: node))
                    open.append(top)
                    return
                }
                top.keys[name] = key.mark
            }
            top.pairs.append(YAML.Pair(key: key, value: node))
        } else {
            top.key = node
        }
        open.append(top)
    }

    private mutating func count(_ size: Int, at mark: YAML.Mark) throws(YAML.Error) {
        nodes += size
        guard nodes <= nodeLimit else {
            throw YAML.Error(
                kind: .tooLarge,
                problem: "aliases make the document larger than the file (\(nodeLimit) values at most)", mark: mark)
        }
    }

    /// libyaml's complaint and where it is.
    private func error(of parser: yaml_parser_t) -> YAML.Error {
        let problem = parser.problem.map { String(cString: $0) } ?? "not YAML"
        switch parser.error {
        case YAML_READER_ERROR:
            let value =
                parser.problem_value >= 0 ? " (#x\(String(parser.problem_value, radix: 16, uppercase: true)))" : ""
            return YAML.Error(kind: .invalidText, problem: problem + value, mark: mark(ofByte: parser.problem_offset))
        case YAML_MEMORY_ERROR:
            return YAML.Error(kind: .tooLarge, problem: "out of memory", mark: YAML.Mark(line: 1, column: 1))
        default:
            return YAML.Error(
                kind: .syntax, problem: problem, context: parser.context.map { String(cString: $0) },
                mark: YAML.Mark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1))
        }
    }

    /// The line and column of a byte offset in the text.
    private func mark(ofByte offset: Int) -> YAML.Mark {
        var line = 1
        var column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return YAML.Mark(line: line, column: column)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAML.Scalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}

/// YAML text read into a tree of nodes, each with its place in the text.
///
/// libyaml (the parser Yams wraps) reads the text; `Composer` builds the tree from its events.
/// Every scalar stays text, as it was written: the readers convert what they need, so `on`,
/// `no` and `0.5s` mean what the config says they mean, not what YAML 1.1 would make of them.
/// Anchors and aliases work, with a bound on the size they can make the tree
/// (`Limits.nodesPerByte`), and so does nesting, to a bound (`Limits.depth`).
public enum YAML {
    /// A place in the text: the 1-based line, and the 1-based column in Unicode scalars.
    public struct Mark: Hashable, Sendable, Comparable, CustomStringConvertible {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        public var description: String { "\(line):\(column)" }

        public static func < (lhs: Mark, rhs: Mark) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    /// A value in the tree: a scalar, a sequence or a mapping, where it starts and where it ends.
    public struct Node: Sendable {
        public var mark: Mark
        public var content: Content
        /// Just past its last character, as libyaml marks it: after a scalar's text or a flow
        /// collection's closing bracket. A block collection ends where the next token starts
        /// (the next item, after blank lines and comments); `contentEnd` is its last character's.
        public var end: Mark

        public init(mark: Mark, content: Content, end: Mark? = nil) {
            self.mark = mark
            self.content = content
            self.end = end ?? mark
        }

        /// Just past the last character of the node's own text: for a block collection, of its
        /// last key or value, so the comments and blank lines after it are not its.
        public var contentEnd: Mark {
            switch content {
            case .scalar: return end
            case .sequence(let elements):
                guard isFlow, let last = elements.last else { return elements.last?.contentEnd ?? end }
                return max(end, last.contentEnd)
            case .mapping(let pairs):
                guard let last = pairs.last else { return end }
                let lastEnd = max(last.key.contentEnd, last.value.contentEnd)
                return isFlow ? max(end, lastEnd) : lastEnd
            }
        }

        /// Whether it is written in flow style (`{ … }`, `[ … ]`); false for scalars.
        public var isFlow = false

        public enum Content: Sendable {
            case scalar(Scalar)
            case sequence([Node])
            /// The pairs in file order. A key given twice keeps its first pair; the second is in
            /// `Document.duplicateKeys`.
            case mapping([Pair])
        }

        /// The scalar, if this is one.
        public var scalar: Scalar? {
            guard case .scalar(let scalar) = content else { return nil }
            return scalar
        }

        /// The elements, if this is a sequence.
        public var sequence: [Node]? {
            guard case .sequence(let elements) = content else { return nil }
            return elements
        }

        /// The pairs, if this is a mapping.
        public var mapping: [Pair]? {
            guard case .mapping(let pairs) = content else { return nil }
            return pairs
        }

        /// Whether this is YAML's null: an empty value, `~` or `null`, unquoted.
        public var isNull: Bool { scalar?.isNull ?? false }
    }

    /// A scalar's text, and how it was written.
    public struct Scalar: Hashable, Sendable {
        public var string: String
        public var style: Style

        public init(_ string: String, style: Style = .plain) {
            self.string = string
            self.style = style
        }

        /// How a scalar was written.
        public enum Style: Hashable, Sendable {
            case plain, singleQuoted, doubleQuoted, literal, folded
        }

        /// Whether this is YAML's null: an empty value, `~` or `null`, unquoted.
        public var isNull: Bool { style == .plain && ["", "~", "null", "Null", "NULL"].contains(string) }
    }

    /// One key and its value.
    public struct Pair: Sendable {
        public var key: Node
        public var value: Node
    }

    /// A key given a second time in one mapping: readers report it and go on.
    public struct DuplicateKey: Hashable, Sendable {
        /// The key's text.
        public var key: String
        /// Where it stands the second time.
        public var mark: Mark
        /// Where it stands first.
        public var first: Mark

        public init(key: String, mark: Mark, first: Mark) {
            self.key = key
            self.mark = mark
            self.first = first
        }
    }

    /// What a text holds: its one document (nil when the text is empty or only comments), and
    /// the keys given twice.
    public struct Document: Sendable {
        public var root: Node?
        public var duplicateKeys: [DuplicateKey]
        /// The pairs of `duplicateKeys`, in the same order: the second key with its value, which
        /// the tree leaves out, so that a reader can still check what it says.
        public var duplicatePairs: [Pair] = []
    }

    /// Text that is not YAML, or that passes a bound: what is wrong and where.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        public enum Kind: Hashable, Sendable {
            /// libyaml's reader refused a character (a control character, say).
            case invalidText
            /// libyaml's scanner or parser: not YAML.
            case syntax
            /// More than one document.
            case documents
            /// Aliases or nesting past the bounds.
            case tooLarge
        }

        public var kind: Kind
        /// What is wrong, in libyaml's words where it found it: "mapping values are not allowed in this context".
        public var problem: String
        /// What libyaml was reading when it found the problem: "while scanning a simple key".
        public var context: String?
        public var mark: Mark

        public var description: String { problem + (context.map { " " + $0 } ?? "") }
    }

    /// The bounds on what a text may make.
    public enum Limits {
        /// How many nodes the tree may hold per byte of text, aliases expanded: one, and a
        /// little room for a tiny text. A few aliases of aliases cannot make it blow up.
        public static let nodesPerByte = 1
        /// How deep sequences and mappings may nest.
        public static let depth = 128
    }

    /// Reads `text`'s one document.
    public static func compose(_ text: String) throws(Error) -> Document {
        var composer = Composer(text: text)
        return try composer.compose()
    }
}

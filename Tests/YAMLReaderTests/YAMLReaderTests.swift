import Testing
import YAMLReader

/// YAML text to nodes with their places, on libyaml.
@Suite struct YAMLReaderTests {
    /// The tree as one line: scalars as text@line:column, with their style when quoted.
    static func shape(_ node: YAML.Node) -> String {
        switch node.content {
        case .scalar(let scalar):
            let quote = scalar.style == .plain ? "" : "(\(scalar.style))"
            return "\(scalar.string)\(quote)@\(node.mark)"
        case .sequence(let elements):
            return "[" + elements.map(shape).joined(separator: ", ") + "]@\(node.mark)"
        case .mapping(let pairs):
            return "{" + pairs.map { shape($0.key) + ": " + shape($0.value) }.joined(separator: ", ") + "}@\(node.mark)"
        }
    }

    @Test(arguments: [
        ("a: 1", "{a@1:1: 1@1:4}@1:1"),
        ("- on\n- 'no'\n- \"0.5s\"", "[on@1:3, no(singleQuoted)@2:3, 0.5s(doubleQuoted)@3:3]@1:1"),
        ("x:\n  y: [1, 2]\n", "{x@1:1: {y@2:3: [1@2:7, 2@2:10]@2:6}@2:3}@1:1"),
        ("k: |\n  two\n  lines\n", "{k@1:1: two\nlines\n(literal)@1:4}@1:1"),
        ("ключ: значение", "{ключ@1:1: значение@1:7}@1:1"),
        ("a: &x {b: 1}\nc: *x", "{a@1:1: {b@1:8: 1@1:11}@1:4, c@2:1: {b@1:8: 1@1:11}@2:4}@1:1"),
        ("empty:", "{empty@1:1: @1:7}@1:1")
    ])
    func textBecomesNodesWithTheirPlaces(text: String, expected: String) throws {
        let document = try YAML.compose(text)
        let root = try #require(document.root)
        #expect(Self.shape(root) == expected)
        #expect(document.duplicateKeys.isEmpty)
    }

    @Test(arguments: ["", "# only a comment\n", "---\n"])
    func aTextWithNoValueHasNoRoot(text: String) throws {
        #expect(try YAML.compose(text).root == nil || YAML.compose(text).root?.isNull == true)
    }

    @Test func nullIsAPlainEmptyValueTildeOrNullButNotAQuotedOne() throws {
        let root = try #require(try YAML.compose("[~, null, '', 'null', x]").root)
        #expect(root.sequence?.map(\.isNull) == [true, true, false, false, false])
    }

    @Test func aKeyGivenTwiceIsReportedWithBothPlacesAndTheFirstValueStays() throws {
        let document = try YAML.compose("apps:\n  a: 1\nsettings: {}\napps:\n  b: 2\n")
        #expect(
            document.duplicateKeys == [
                YAML.DuplicateKey(key: "apps", mark: .init(line: 4, column: 1), first: .init(line: 1, column: 1))
            ])
        let root = try #require(document.root)
        #expect(root.mapping?.map { $0.key.scalar?.string } == ["apps", "settings"])
        #expect(root.mapping?.first?.value.mapping?.first?.key.scalar?.string == "a")
    }

    @Test(arguments: [
        ("a: b: c", YAML.Error.Kind.syntax, 1, 5, "mapping values are not allowed in this context"),
        ("a:\n\tb: 1", .syntax, 2, 1, "found character that cannot start any token"),
        ("a: [1, 2", .syntax, 2, 1, "did not find expected ',' or ']'"),
        ("a: 1\n---\nb: 2", .documents, 2, 1, "a second document"),
        ("a: *nowhere", .syntax, 1, 4, "names no anchor"),
        ("a: b\u{1}", .invalidText, 1, 5, "control characters are not allowed")
    ])
    func textThatIsNotYAMLSaysWhatAndWhere(
        text: String, kind: YAML.Error.Kind, line: Int, column: Int, problem: String
    ) {
        #expect {
            try YAML.compose(text)
        } throws: { error in
            guard let error = error as? YAML.Error else { return false }
            return error.kind == kind && error.mark == YAML.Mark(line: line, column: column)
                && error.description.contains(problem)
        }
    }

    @Test func aliasesOfAliasesCannotMakeTheTreeLargerThanTheText() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        #expect {
            try YAML.compose(text)
        } throws: { error in
            (error as? YAML.Error)?.kind == .tooLarge
        }
    }

    @Test func nestingHasABound() throws {
        let deep =
            String(repeating: "[", count: YAML.Limits.depth + 1) + String(repeating: "]", count: YAML.Limits.depth + 1)
        #expect {
            try YAML.compose(deep)
        } throws: { error in
            (error as? YAML.Error)?.kind == .tooLarge
        }
        let allowed =
            String(repeating: "[", count: YAML.Limits.depth) + String(repeating: "]", count: YAML.Limits.depth)
        #expect(try YAML.compose(allowed).root != nil)
    }
}

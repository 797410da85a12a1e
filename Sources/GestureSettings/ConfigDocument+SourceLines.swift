import YAMLReader

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

    /// The offset past the last scalar.
    var endOfText: Int { scalars.count }

    var endsWithNewline: Bool { scalars.last == "\n" }

    func startOfLine(_ line: Int) -> Int {
        line - 1 < starts.count ? starts[max(0, line - 1)] : scalars.count
    }

    /// The edit that takes whole lines out; the last line of a text without a final newline
    /// goes with the newline before it.
    func removingLines(_ range: ClosedRange<Int>) -> Edit {
        let from = startOfLine(range.lowerBound), to = startOfLine(range.upperBound + 1)
        if to == endOfText, !endsWithNewline, from > 0 { return Edit(from: from - 1, to: to, text: "") }
        return Edit(from: from, to: to, text: "")
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

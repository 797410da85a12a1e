/// Parses the YAML subset that `libinput record` writes into `YAMLNode`s.
///
/// Supported: block mappings (`key: value`, `key:` with a nested block, or a
/// sequence at the key's own indentation), block sequences (`- item`, and
/// `- key: value` starting a mapping), flow sequences and mappings (`[0, 1]`,
/// `{time: 0.1, type: TOUCH_DOWN}`, which may span lines), plain, single- and
/// double-quoted scalars, `#` comments and a leading `---`. Anchors, aliases,
/// tags, block scalars (`|`, `>`) and several documents are not: the recorder
/// never writes them, and they are reported on their line rather than misread.
enum RecordYAML {
    static func parse(_ text: String, file: String) throws(RecordingError) -> YAMLNode {
        var parser = try BlockParser(text: text, file: file)
        return try parser.document()
    }
}

/// One content line: where its text starts and ends (comment and trailing spaces removed).
private struct ContentLine {
    var number: Int
    var indent: Int
    var start: Int
    var end: Int
}

private struct BlockParser {
    let bytes: [UInt8]
    let file: String
    var lines: [ContentLine] = []
    var index = 0

    init(text: String, file: String) throws(RecordingError) {
        bytes = Array(text.utf8)
        self.file = file
        var start = 0
        var number = 1
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            try addLine(number: number, start: start, end: end)
            start = end + 1
            number += 1
        }
    }

    private mutating func addLine(number: Int, start: Int, end: Int) throws(RecordingError) {
        var indent = start
        while indent < end, bytes[indent] == UInt8(ascii: " ") { indent += 1 }
        if indent < end, bytes[indent] == UInt8(ascii: "\t") {
            throw error(number, "a tab in the indentation; YAML indents with spaces")
        }
        // A comment starts at a # that begins the text or follows a space, outside quotes.
        var contentEnd = end
        var quote: UInt8?
        var position = indent
        while position < end {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "#"),
                      position == indent || bytes[position - 1] == UInt8(ascii: " ") || bytes[position - 1] == 9 {
                contentEnd = position
                break
            }
            position += 1
        }
        while contentEnd > indent, [UInt8(ascii: " "), 9, 13].contains(bytes[contentEnd - 1]) { contentEnd -= 1 }
        guard contentEnd > indent else { return }
        let text = bytes[indent..<contentEnd]
        if text.elementsEqual("---".utf8) {
            guard lines.isEmpty else { throw error(number, "several YAML documents in one file") }
            return
        }
        if text.elementsEqual("...".utf8) { return }
        lines.append(ContentLine(number: number, indent: indent - start, start: indent, end: contentEnd))
    }

    mutating func document() throws(RecordingError) -> YAMLNode {
        guard let first = lines.first else { return YAMLNode(line: 1, value: .mapping([])) }
        let node = try block(indent: first.indent)
        if index < lines.count { throw error(lines[index].number, "unexpected indentation") }
        return node
    }

    /// The block whose first line is `lines[index]`, at `indent`.
    private mutating func block(indent: Int) throws(RecordingError) -> YAMLNode {
        let line = lines[index]
        if isSequenceItem(line) { return try sequence(indent: indent) }
        if try keySeparator(line) != nil { return try mapping(indent: indent) }
        index += 1
        let node = try inlineValue(from: line.start, line: line)
        try rejectDeeperLines(than: indent, after: line.number)
        return node
    }

    private mutating func sequence(indent: Int) throws(RecordingError) -> YAMLNode {
        let firstLine = lines[index].number
        var elements: [YAMLNode] = []
        while index < lines.count, lines[index].indent == indent, isSequenceItem(lines[index]) {
            var line = lines[index]
            var itemStart = line.start + 1
            while itemStart < line.end, bytes[itemStart] == UInt8(ascii: " ") { itemStart += 1 }
            if itemStart == line.end {
                index += 1
                if index < lines.count, lines[index].indent > indent {
                    elements.append(try block(indent: lines[index].indent))
                } else {
                    elements.append(YAMLNode(line: line.number, value: .scalar("")))
                }
                continue
            }
            // The item's text is a block of its own, indented to where it starts: `- a: 1` then `  b: 2`.
            line.indent += itemStart - line.start
            line.start = itemStart
            lines[index] = line
            elements.append(try block(indent: line.indent))
        }
        return YAMLNode(line: firstLine, value: .sequence(elements))
    }

    private mutating func mapping(indent: Int) throws(RecordingError) -> YAMLNode {
        let firstLine = lines[index].number
        var members: [(key: String, value: YAMLNode)] = []
        while index < lines.count, lines[index].indent == indent, !isSequenceItem(lines[index]) {
            let line = lines[index]
            guard let (key, valueStart) = try keySeparator(line) else {
                throw error(line.number, "expected \"key: value\" (found \(show(line)))")
            }
            guard !members.contains(where: { $0.key == key }) else {
                throw error(line.number, "the key \"\(key)\" appears twice")
            }
            index += 1
            let value: YAMLNode
            if valueStart < line.end {
                value = try inlineValue(from: valueStart, line: line)
                try rejectDeeperLines(than: indent, after: line.number)
            } else if index < lines.count, lines[index].indent > indent {
                value = try block(indent: lines[index].indent)
            } else if index < lines.count, lines[index].indent == indent, isSequenceItem(lines[index]) {
                value = try sequence(indent: indent)
            } else {
                value = YAMLNode(line: line.number, value: .scalar(""))
            }
            members.append((key, value))
        }
        return YAMLNode(line: firstLine, value: .mapping(members))
    }

    /// A scalar or flow collection that starts at `start` on `line`; a flow collection may go on over the next lines.
    private mutating func inlineValue(from start: Int, line: ContentLine) throws(RecordingError) -> YAMLNode {
        var text = Array(bytes[start..<line.end])
        if text.first == UInt8(ascii: "[") || text.first == UInt8(ascii: "{") {
            while !FlowParser.isClosed(text), index < lines.count {
                text.append(UInt8(ascii: " "))
                text += bytes[lines[index].start..<lines[index].end]
                index += 1
            }
        }
        var flow = FlowParser(bytes: text, line: line.number, file: file)
        return try flow.document()
    }

    private func rejectDeeperLines(than indent: Int, after number: Int) throws(RecordingError) {
        guard index < lines.count, lines[index].indent > indent else { return }
        throw error(lines[index].number, "unexpected indentation: the value on line \(number) is already complete")
    }

    private func isSequenceItem(_ line: ContentLine) -> Bool {
        bytes[line.start] == UInt8(ascii: "-") && (line.end == line.start + 1 || bytes[line.start + 1] == UInt8(ascii: " "))
    }

    /// The key of a `key: value` line and where its value starts, nil if the line is not one.
    private func keySeparator(_ line: ContentLine) throws(RecordingError) -> (String, Int)? {
        let first = bytes[line.start]
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { return nil }
        var keyEnd = line.start
        var key: String
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var flow = FlowParser(bytes: Array(bytes[line.start..<line.end]), line: line.number, file: file)
            guard case .scalar(let quoted) = try flow.value().value else { return nil }
            key = quoted
            keyEnd = line.start + flow.position
            while keyEnd < line.end, bytes[keyEnd] == UInt8(ascii: " ") { keyEnd += 1 }
            guard keyEnd < line.end, bytes[keyEnd] == UInt8(ascii: ":") else { return nil }
        } else {
            while keyEnd < line.end {
                if bytes[keyEnd] == UInt8(ascii: ":"), keyEnd + 1 == line.end || bytes[keyEnd + 1] == UInt8(ascii: " ") {
                    break
                }
                keyEnd += 1
            }
            guard keyEnd < line.end else { return nil }
            key = String(decoding: bytes[line.start..<keyEnd], as: UTF8.self).trimmingSpaces
        }
        var valueStart = keyEnd + 1
        while valueStart < line.end, bytes[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        return (key, valueStart)
    }

    private func show(_ line: ContentLine) -> String {
        RecordingError.show(String(decoding: bytes[line.start..<line.end], as: UTF8.self))
    }

    private func error(_ line: Int, _ message: String) -> RecordingError {
        RecordingError(file: file, line: line, reason: .invalidYAML(message))
    }
}

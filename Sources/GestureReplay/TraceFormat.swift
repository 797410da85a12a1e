/// The inputs `gesturebridge replay` reads, told apart by their content.
public enum TraceFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Our JSON Lines trace (`docs/replay-contract.md`): a line that starts with `{`.
    case jsonLines
    /// An evemu recording or description: `# EVEMU`, or lines such as `N:`, `A:`, `E:`.
    case evemu
    /// A `libinput record` YAML file: top-level keys such as `version:` and `devices:`.
    case libinputRecord
    /// Android `getevent -t`/`-lt` output: `[ <seconds>] EV_…` lines.
    case getevent

    public var description: String {
        switch self {
        case .jsonLines: "JSON Lines trace"
        case .evemu: "evemu recording"
        case .libinputRecord: "libinput record"
        case .getevent: "getevent output"
        }
    }

    /// The format of `text`, judged by its first line that is neither blank nor a comment.
    ///
    /// Returns the format, or nil with the line that matched none. An empty text
    /// is an empty JSON Lines trace.
    public static func detect(_ text: String) -> (format: TraceFormat?, line: Int, found: String) {
        var lineNumber = 0
        var found = ""
        for line in FirstLines(text: text) {
            lineNumber += 1
            let content = line.drop { $0 == " " || $0 == "\t" }
            if content.allSatisfy({ $0 == "\r" }) { continue }
            found = String(content)
            if content.hasPrefix("{") { return (.jsonLines, lineNumber, found) }
            if content.hasPrefix("# EVEMU") || EvemuReader.isEvemuLine(content) { return (.evemu, lineNumber, found) }
            if content.hasPrefix("#") { continue }
            if GeteventReader.isGeteventLine(content) || content.hasPrefix("add device")
                || content.hasPrefix("could not")
            {
                return (.getevent, lineNumber, found)
            }
            if LibinputRecordReader.isRecordLine(content) { return (.libinputRecord, lineNumber, found) }
            return (nil, lineNumber, found)
        }
        return (.jsonLines, max(lineNumber, 1), found)
    }
}

/// The lines of a text from its start, found one at a time so detection never splits a whole large file.
private struct FirstLines: Sequence, IteratorProtocol {
    let text: String
    var position: String.UTF8View.Index?

    init(text: String) {
        self.text = text
        position = text.utf8.startIndex
    }

    mutating func next() -> Substring? {
        guard let start = position, start < text.utf8.endIndex else { return nil }
        let end = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.utf8.endIndex
        position = end < text.utf8.endIndex ? text.utf8.index(after: end) : nil
        return Substring(text.utf8[start..<end])
    }
}

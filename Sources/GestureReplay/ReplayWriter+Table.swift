import GestureEngine
import JSON

extension ReplayWriter {
    /// The table's column titles.
    static let tableTitles = ["TIME", "GESTURE", "WHAT", "DETAILS"]

    /// The same events as the JSON output, as an aligned table for a terminal.
    ///
    /// Times have exactly three decimals and are right-aligned; the other columns
    /// are left-aligned and separated by two spaces. Verbose transitions show
    /// their WHAT in parentheses, because no action message is sent for them.
    static func table(for records: [ReplayRecord]) -> String {
        var rows = [tableTitles]
        for record in records {
            rows.append(row(for: record))
        }
        var widths = [Int](repeating: 0, count: tableTitles.count)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        var output = ""
        for row in rows {
            var line = String(repeating: " ", count: widths[0] - row[0].count) + row[0]
            for column in 1..<row.count {
                line += "  " + row[column]
                if column < row.count - 1 {
                    line += String(repeating: " ", count: widths[column] - row[column].count)
                }
            }
            while line.last == " " { line.removeLast() }
            output += line + "\n"
        }
        if records.isEmpty { output += "(no events)\n" }
        return output
    }

    /// One record's cells: time, gesture, what, details.
    static func row(for record: ReplayRecord) -> [String] {
        switch record {
        case let .state(time, gesture, kind, state, x, y, touches, fields, verbose):
            let what = "\(plain(kind)) \(state)"
            var details = [
                "at \(number(x, key: "x")), \(number(y, key: "y"))",
                touches == 1 ? "1 touch" : "\(touches) touches"
            ]
            details += fields.map { "\(plain($0.0)) \(cell($0.1, key: $0.0))" }
            return [fixedTime(time), plain(gesture), verbose ? "(\(what))" : what, details.joined(separator: "; ")]
        case let .action(time, gesture, action):
            let details = action.map { "\(plain($0.0)) \(cell($0.1, key: $0.0))" }
            return [fixedTime(time), plain(gesture), "action", details.joined(separator: "; ")]
        case let .delivery(time, touch, delivery):
            let consequence: String
            switch delivery {
            case .accepted: consequence = "consumed by a gesture"
            case .rejected: consequence = "replayed to the application"
            }
            return [fixedTime(time), "touch \(touch)", "delivery", "\(delivery) (\(consequence))"]
        case let .commitment(time, gesture, kind, commit, reason, verbose):
            let what = "\(plain(kind)) \(commit)"
            return [fixedTime(time), plain(gesture), verbose ? "(\(what))" : what, reason.map(plain) ?? ""]
        }
    }

    /// A time with exactly three decimals, so that a column of them lines up.
    static func fixedTime(_ time: Double) -> String {
        let compact = JSONNumberFormat.string(time, decimals: 3)
        guard let point = compact.firstIndex(of: ".") else { return compact + ".000" }
        let decimals = compact.distance(from: point, to: compact.endIndex) - 1
        return compact + String(repeating: "0", count: 3 - decimals)
    }

    private static func number(_ value: Double, key: String) -> String {
        JSONNumberFormat.string(value, decimals: decimals(forKey: key))
    }

    /// A value in a cell: plain words bare, anything else as compact JSON.
    private static func cell(_ value: JSONValue, key: String) -> String {
        if case .string(let text) = value { return plain(text) }
        var output = ""
        value.write(to: &output, key: key, decimals: decimals(forKey:))
        return output
    }

    /// Text for a cell: bare when it is one printable word, JSON-quoted otherwise.
    ///
    /// Names and window titles are foreign strings; quoting keeps control
    /// characters and escape sequences from reaching the terminal, and keeps
    /// spaces from blurring the columns.
    static func plain(_ text: String) -> String {
        let isWord =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar.value != 0x7F && scalar != "\"" && scalar != ";"
                    && !(0x80...0x9F).contains(scalar.value) && !scalar.properties.isWhitespace
            }
        if isWord { return text }
        var quoted = ""
        JSONValue.writeQuoted(text, to: &quoted)
        return quoted
    }
}

import YAMLReader

/// `pick --add`: puts a picked window's `apps:` entry into a config's text, keeping every
/// other line (and comment) as it was.
///
/// The entry goes first under the top-level `apps:` key, at its entries' indentation; a
/// config without `apps:` gets one at the end. The result must load without errors, or
/// nothing is written: the caller writes the returned text.
public enum PickMerge {
    /// Why the entry could not be added, as one line for stderr.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// The config text with `entry` (the entry's lines, indented by two spaces, as
    /// `PickSnippet.entry` writes them) added under `apps:`.
    public static func add(entry: [String], key: String, to text: String, file: String) throws(Refusal) -> String {
        let document: YAML.Document
        do {
            document = try YAML.compose(text)
        } catch {
            throw Refusal(
                description: "\(file):\(error.mark): invalid YAML: \(error); fix it first ('gesturebridge check')")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let root = document.root, !root.isNull else {
            return try validated(lines + ["apps:"] + entry, file: file)
        }
        guard let pairs = root.mapping else {
            throw Refusal(description: "\(file): the config is not a mapping of sections; add the entry by hand")
        }
        guard let apps = pairs.first(where: { $0.key.scalar?.string == "apps" }) else {
            return try validated(lines + ["apps:"] + entry, file: file)
        }
        let indent: Int
        let insertAt: Int
        switch apps.value.content {
        case .mapping(let entries) where apps.value.mark.line > apps.key.mark.line:
            // A block mapping: its entries start on later lines, at one column.
            if let existing = entries.first(where: { $0.key.scalar?.string.lowercased() == key.lowercased() }) {
                throw Refusal(
                    description:
                        "\(file):\(existing.key.mark.line): apps already has an entry for '\(key)'; add the binding there"
                )
            }
            indent = apps.value.mark.column - 1
            insertAt = apps.value.mark.line - 1
        case .scalar(let scalar) where scalar.isNull:
            indent = 2
            insertAt = apps.key.mark.line
        default:
            throw Refusal(
                description:
                    "\(file):\(apps.key.mark.line): apps is written inline; write it as a block (one entry per line) "
                    + "or add the entry by hand")
        }
        let shifted = entry.map { String(repeating: " ", count: indent) + $0.dropFirst(2) }
        lines.insert(contentsOf: shifted, at: insertAt)
        return try validated(lines, file: file)
    }

    /// The lines as a file's text, if it loads without errors.
    private static func validated(_ lines: [String], file: String) throws(Refusal) -> String {
        let merged = lines.joined(separator: "\n") + "\n"
        do {
            _ = try ConfigLoader.load(yaml: merged, file: file)
        } catch {
            throw Refusal(
                description: "the config would not load with the entry; nothing written:\n\(error.description)")
        }
        return merged
    }
}

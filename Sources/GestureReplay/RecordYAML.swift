import GestureConfig
import YAMLReader

/// Reads a `libinput record` file, which is YAML, into `YAMLNode`s with their lines.
///
/// The reader is the one the config uses (`YAMLReader`, on libyaml): every scalar stays text
/// (the reader converts where it needs numbers), aliases are resolved within its bounds, and a
/// null or empty value is the empty scalar here.
enum RecordYAML {
    static func parse(_ text: String, file: String) throws(RecordingError) -> YAMLNode {
        let document: YAML.Document
        do {
            document = try YAML.compose(text)
        } catch {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // libyaml puts an error at the end of the input on the line after the last newline.
            let last = max(lines.count - (lines.last?.isEmpty == true ? 1 : 0), 1)
            let line = min(error.mark.line, last)
            var message = error.description
            if error.kind == .syntax || error.kind == .invalidText {
                message += "; " + YAMLAdvice.hint(for: message, line: lines[line - 1])
            }
            throw RecordingError(file: file, line: line, reason: .invalidYAML(message))
        }
        if let duplicate = document.duplicateKeys.first {
            throw RecordingError(
                file: file, line: duplicate.mark.line,
                reason: .invalidYAML(
                    "the key \"\(duplicate.key)\" appears twice (first on line \(duplicate.first.line))"))
        }
        guard let root = document.root else { return YAMLNode(line: 1, value: .scalar("")) }
        return try node(root, file: file)
    }

    private static func node(_ node: YAML.Node, file: String) throws(RecordingError) -> YAMLNode {
        let line = node.mark.line
        switch node.content {
        case .scalar(let scalar):
            return YAMLNode(line: line, value: .scalar(scalar.isNull ? "" : scalar.string))
        case .sequence(let sequence):
            var elements: [YAMLNode] = []
            for element in sequence { elements.append(try self.node(element, file: file)) }
            return YAMLNode(line: line, value: .sequence(elements))
        case .mapping(let mapping):
            var members: [(key: String, value: YAMLNode)] = []
            for pair in mapping {
                guard let name = pair.key.scalar?.string else {
                    throw RecordingError(
                        file: file, line: pair.key.mark.line, reason: .invalidYAML("a key that is not text"))
                }
                members.append((name, try self.node(pair.value, file: file)))
            }
            return YAMLNode(line: line, value: .mapping(members))
        }
    }
}

import GestureConfig
import Yams

/// Reads a `libinput record` file, which is YAML, into `YAMLNode`s with their lines.
///
/// The parser is the one the config uses (Yams, on libyaml), with the basic resolver so
/// that every scalar stays text (the reader converts where it needs numbers). A null or
/// empty value is the empty scalar. Aliases are resolved, but the tree may hold no more
/// nodes than the file has bytes, so a few aliases of aliases cannot blow it up.
enum RecordYAML {
    static func parse(_ text: String, file: String) throws(RecordingError) -> YAMLNode {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, Resolver.basic)
        } catch let error as YamlError {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // libyaml puts an error at the end of the input on the line after the last newline.
            let line = min(line(of: error, lines: lines), max(lines.count - (lines.last?.isEmpty == true ? 1 : 0), 1))
            var message = message(of: error)
            if let hint = YAMLAdvice.hint(for: message, line: lines[line - 1]) { message += "; " + hint }
            throw RecordingError(file: file, line: line, reason: .invalidYAML(message))
        } catch {
            throw RecordingError(file: file, line: 1, reason: .invalidYAML("\(error)"))
        }
        guard let root else { return YAMLNode(line: 1, value: .scalar("")) }
        var budget = text.utf8.count + 1
        return try node(root, file: file, budget: &budget)
    }

    private static func node(_ node: Node, file: String, budget: inout Int) throws(RecordingError) -> YAMLNode {
        let line = max(node.mark?.line ?? 1, 1)
        budget -= 1
        guard budget >= 0 else {
            throw RecordingError(
                file: file, line: line,
                reason: .invalidYAML("aliases make the document larger than the file"))
        }
        switch node {
        case .scalar(let scalar):
            let isNull = scalar.style == .plain && ["~", "null", "Null", "NULL"].contains(scalar.string)
            return YAMLNode(line: line, value: .scalar(isNull ? "" : scalar.string))
        case .sequence(let sequence):
            var elements: [YAMLNode] = []
            for element in sequence { elements.append(try self.node(element, file: file, budget: &budget)) }
            return YAMLNode(line: line, value: .sequence(elements))
        case .mapping(let mapping):
            var members: [(key: String, value: YAMLNode)] = []
            for (key, value) in mapping {
                guard let name = key.scalar?.string else {
                    throw RecordingError(
                        file: file, line: max(key.mark?.line ?? line, 1),
                        reason: .invalidYAML("a key that is not text"))
                }
                members.append((name, try self.node(value, file: file, budget: &budget)))
            }
            return YAMLNode(line: line, value: .mapping(members))
        case .alias:
            throw RecordingError(file: file, line: line, reason: .invalidYAML("an unresolved alias"))
        }
    }

    /// The 1-based line libyaml stopped on; for a key given twice, the line of its second use.
    private static func line(of error: YamlError, lines: [Substring]) -> Int {
        switch error {
        case let .scanner(_, _, mark, _), let .parser(_, _, mark, _), let .composer(_, _, mark, _):
            return max(mark.line, 1)
        case let .duplicatedKeysInMapping(duplicates, context):
            let start = max(context.mark.line, 1)
            let uses = lines.indices.dropFirst(start - 1).filter { index in
                let content = lines[index].drop { $0 == " " || $0 == "-" }
                return duplicates.contains { content.hasPrefix($0 + ":") || content.hasPrefix("\"\($0)\":") }
            }
            return uses.count > 1 ? uses[1] + 1 : start
        default:
            return 1
        }
    }

    /// libyaml's complaint, with what it was doing.
    private static func message(of error: YamlError) -> String {
        switch error {
        case let .scanner(context, problem, _, _), let .parser(context, problem, _, _),
            let .composer(context, problem, _, _):
            return problem + (context.map { " \($0.text)" } ?? "")
        case let .duplicatedKeysInMapping(duplicates, _):
            return "the key \(duplicates.map { "\"\($0)\"" }.joined(separator: ", ")) appears twice"
        case let .reader(problem, _, _, _):
            return problem
        default:
            return "\(error)"
        }
    }
}

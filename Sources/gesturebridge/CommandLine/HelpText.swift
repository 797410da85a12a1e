/// The text `--help` prints, laid out for an 80-column terminal.
enum HelpText {
    static let width = 80
    /// Where the options' descriptions start.
    private static let column = 26

    /// What every command also accepts, listed last in its help.
    static let helpParameter = CommandParameter.flag("help", short: "h", help: "Show this help.")
    static let versionParameter = CommandParameter.flag("version", help: "Show the version.")

    /// The help of the program itself: its overview and its subcommands.
    static func root(abstract: String, discussion: String, subcommands: [any Subcommand.Type]) -> String {
        var text = overview(abstract: abstract, discussion: discussion)
        text += "USAGE: \(GestureBridge.name) <subcommand>\n\n"
        text += "OPTIONS:\n"
        text += entries([versionParameter, helpParameter])
        text += "\nSUBCOMMANDS:\n"
        for subcommand in subcommands { text += entry(subcommand.name, subcommand.abstract) }
        text += "\n  See '\(GestureBridge.name) help <subcommand>' for detailed help.\n"
        return text
    }

    /// A subcommand's help: overview, usage, arguments and options.
    static func subcommand(_ command: any Subcommand.Type) -> String {
        var text = overview(abstract: command.abstract, discussion: command.discussion)
        text += usage(command, lead: "USAGE: ") + "\n"
        let arguments = command.parameters.filter { $0.kind == .argument }
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n" + entries(arguments)
        }
        text += "\nOPTIONS:\n" + entries(command.parameters.filter { $0.kind != .argument } + [helpParameter])
        return text
    }

    /// `gesturebridge replay <trace> [--screen <WxH[@dpi]>] …`, as declared, after `lead`
    /// (`USAGE: `), in lines that fit; a continuation lines up under the first parameter.
    static func usage(_ command: any Subcommand.Type, lead: String = "") -> String {
        let start = lead + "\(GestureBridge.name) \(command.name)"
        let indent = String(repeating: " ", count: start.count + 1)
        var lines = [start]
        for parameter in command.parameters {
            let word = parameter.kind == .argument ? parameter.synopsis : "[\(parameter.synopsis)]"
            if lines[lines.count - 1].count + 1 + word.count > width {
                lines.append(indent + word)
            } else {
                lines[lines.count - 1] += " " + word
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func overview(abstract: String, discussion: String) -> String {
        var text = wrap("OVERVIEW: " + abstract, width: width).joined(separator: "\n") + "\n\n"
        for paragraph in paragraphs(discussion) {
            text += wrap(paragraph, width: width).joined(separator: "\n") + "\n\n"
        }
        return text
    }

    private static func entries(_ parameters: [CommandParameter]) -> String {
        var text = ""
        for parameter in parameters {
            text += entry(parameter.label, parameter.help)
            for paragraph in paragraphs(parameter.discussion) {
                text += wrap(paragraph, width: width - 8).map { "        " + $0 + "\n" }.joined()
            }
        }
        return text
    }

    /// `  label                   description`, the label on a line of its own when too long.
    private static func entry(_ label: String, _ description: String) -> String {
        let lines = wrap(description, width: width - column)
        let indent = String(repeating: " ", count: column)
        var text = "  " + label
        if label.count + 2 >= column {
            text += "\n" + indent
        } else {
            text += String(repeating: " ", count: column - 2 - label.count)
        }
        text += lines.first ?? ""
        for line in lines.dropFirst() { text += "\n" + indent + line }
        return text + "\n"
    }

    private static func paragraphs(_ text: String) -> [String] {
        var result: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                if !current.isEmpty { result.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: " ")) }
        return result
    }

    /// `text`'s words in lines of at most `width` characters (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

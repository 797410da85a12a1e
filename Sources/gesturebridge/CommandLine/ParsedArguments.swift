/// A command line split into a command's flags, option values and arguments, by its parameters.
///
/// `--name value` and `--name=value` both give an option its value, which may start with a dash
/// (`--timeout -1` reaches the command's own check); the last of a repeated option wins. `--`
/// ends the options; `-` alone is an argument (standard input or output).
struct ParsedArguments {
    private var flags: Set<String> = []
    private var values: [String: String] = [:]
    private var arguments: [String: String] = [:]
    private let parameters: [CommandParameter]

    /// Splits `words` (the words after the subcommand's name) by `parameters`.
    init(_ words: some Sequence<String>, parameters: [CommandParameter]) throws(CommandLineError) {
        self.parameters = parameters
        let positional = parameters.filter { $0.kind == .argument }
        var given: [String] = []
        var words = Array(words)[...]
        var optionsEnded = false
        while let word = words.popFirst() {
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                given.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = Self.split(word)
            guard let parameter = parameters.first(where: { $0.matches(name) }) else {
                throw .unknownOption(name)
            }
            switch parameter.kind {
            case .flag:
                if inlineValue != nil { throw .flagWithValue(parameter.name) }
                flags.insert(parameter.name)
            case .option:
                guard let value = inlineValue ?? words.popFirst() else { throw .missingValue(parameter.synopsis) }
                values[parameter.name] = value
            case .argument:
                throw .unknownOption(name)
            }
        }
        if given.count > positional.count { throw .unexpectedArgument(given[positional.count]) }
        let required = positional.filter { !$0.isOptional }.count
        if given.count < required { throw .missingArgument(positional[given.count].valueName) }
        for (parameter, word) in zip(positional, given) { arguments[parameter.name] = word }
    }

    /// `--name=value` → ("--name", "value"); anything else → (word, nil).
    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    // Each lookup names the command's own `CommandParameter` constant, never a string: a
    // misspelt lookup does not compile, and one the command did not declare stops at once.

    func flag(_ parameter: CommandParameter) -> Bool {
        precondition(declared(parameter.name, .flag), "no flag --\(parameter.name)")
        return flags.contains(parameter.name)
    }

    func string(_ parameter: CommandParameter) -> String? {
        precondition(declared(parameter.name, .option), "no option --\(parameter.name)")
        return values[parameter.name]
    }

    /// A required positional argument (the parser has checked it is there).
    func argument(_ parameter: CommandParameter) -> String {
        precondition(declared(parameter.name, .argument), "no argument <\(parameter.name)>")
        return arguments[parameter.name] ?? ""
    }

    /// A positional argument that may be left out; nil when it was.
    func optionalArgument(_ parameter: CommandParameter) -> String? {
        precondition(declared(parameter.name, .argument), "no argument <\(parameter.name)>")
        return arguments[parameter.name]
    }

    /// An option's value converted by `convert`, nil when absent; a value `convert` refuses is
    /// an error that says what was `expected`.
    func value<Value>(
        _ parameter: CommandParameter, expected: String, _ convert: (String) -> Value?
    ) throws(CommandLineError) -> Value? {
        guard let text = string(parameter) else { return nil }
        guard let value = convert(text) else {
            throw .invalidValue(option: "--\(parameter.name)", value: text, expected: expected)
        }
        return value
    }

    func integer(_ parameter: CommandParameter) throws(CommandLineError) -> Int? {
        try value(parameter, expected: "a whole number") { Int($0) }
    }

    func number(_ parameter: CommandParameter) throws(CommandLineError) -> Double? {
        try value(parameter, expected: "a number") { Double($0) }
    }

    /// A `--duration`-style option: a positive, finite number of seconds, or nil when absent.
    func seconds(_ parameter: CommandParameter) throws(CommandLineError) -> Double? {
        guard let seconds = try number(parameter) else { return nil }
        guard seconds > 0 && seconds.isFinite else {
            throw .invalid("--\(parameter.name) must be a positive number of seconds (found \(seconds))")
        }
        return seconds
    }

    private func declared(_ name: String, _ kind: CommandParameter.Kind) -> Bool {
        parameters.contains { $0.name == name && $0.kind == kind }
    }
}

extension CommandParameter {
    /// Whether `word` (`--config`, `-v`) names this flag or option.
    func matches(_ word: String) -> Bool {
        guard kind != .argument else { return false }
        if word == "--\(name)" { return true }
        if let short, word == "-\(short)" { return true }
        return false
    }
}

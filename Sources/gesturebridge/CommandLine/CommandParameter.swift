/// One thing a command accepts: a flag (`--json`), an option with a value (`--config FILE`) or a
/// positional argument (`TRACE`). Help, parsing and the shell completions all read these.
struct CommandParameter: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case flag
        case option
        case argument
    }

    /// What a shell offers for the value.
    enum Completion: Sendable, Equatable {
        case none
        case file
        case values([String])
        /// The X displays running here (`:0`, from the sockets in /tmp/.X11-unix).
        case displays
        /// The shapes of your own in the config's `strokes/` folder (to record one again).
        case strokeNames
    }

    var kind: Kind
    /// The long name without dashes (`config`); for an argument, its key.
    var name: String
    var short: Character?
    /// How help shows the value: `--config <file>`, `<trace>`.
    var valueName: String
    /// One sentence for the options list.
    var help: String
    /// More lines under it, if any.
    var discussion: String
    var completion: Completion
    /// For an argument: whether it may be left out (`[<file>]`); it comes after the required ones.
    var isOptional = false

    static func flag(_ name: String, short: Character? = nil, help: String) -> CommandParameter {
        CommandParameter(
            kind: .flag, name: name, short: short, valueName: "", help: help, discussion: "", completion: .none)
    }

    static func option(
        _ name: String, valueName: String, help: String, discussion: String = "", completion: Completion = .none
    ) -> CommandParameter {
        CommandParameter(
            kind: .option, name: name, short: nil, valueName: valueName, help: help, discussion: discussion,
            completion: completion)
    }

    /// A required positional argument.
    static func argument(_ name: String, help: String, completion: Completion = .file) -> CommandParameter {
        CommandParameter(
            kind: .argument, name: name, short: nil, valueName: name, help: help, discussion: "",
            completion: completion)
    }

    /// A positional argument that may be left out, such as `record`'s file beside `--stroke`.
    static func optionalArgument(_ name: String, help: String, completion: Completion = .file) -> CommandParameter {
        CommandParameter(
            kind: .argument, name: name, short: nil, valueName: name, help: help, discussion: "",
            completion: completion, isOptional: true)
    }

    /// How usage lines and help name it: `--config <file>`, `-v, --verbose`, `<trace>`.
    var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .option: "--\(name) <\(valueName)>"
        case .argument: isOptional ? "[<\(valueName)>]" : "<\(valueName)>"
        }
    }

    /// The options list's left column.
    var label: String {
        guard let short else { return synopsis }
        return "-\(short), \(synopsis)"
    }
}

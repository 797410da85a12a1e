/// Everything wrong a command line can be. Rendered in one place, `GestureBridge.main`, with the
/// command's usage, and exit status 64.
enum CommandLineError: Error, Equatable, CustomStringConvertible {
    case unknownSubcommand(String)
    case unknownOption(String)
    case missingValue(String)
    /// `--json=yes`: a flag takes no value.
    case flagWithValue(String)
    case missingArgument(String)
    case unexpectedArgument(String)
    /// The option (as written in help), the value given, and what was expected.
    case invalidValue(option: String, value: String, expected: String)
    /// A value that parses but is not allowed, as the command words it.
    case invalid(String)

    var description: String {
        switch self {
        case .unknownSubcommand(let name): "unknown subcommand '\(name)'"
        case .unknownOption(let option): "unknown option '\(option)'"
        case .missingValue(let option): "missing value for '\(option)'"
        case .flagWithValue(let flag): "'--\(flag)' takes no value"
        case .missingArgument(let argument): "missing argument '<\(argument)>'"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
        case .invalidValue(let option, let value, let expected):
            "'\(value)' is not a valid value for '\(option)': expected \(expected)"
        case .invalid(let message): message
        }
    }
}

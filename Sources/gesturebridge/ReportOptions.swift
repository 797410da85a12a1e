/// What the commands that report on the desktop (`devices`, `doctor`) take: the display, the
/// config, and `--json` for scripts.
struct ReportOptions {
    /// `--json`, described as printing JSON `instead` of the usual output.
    static func json(instead: String) -> CommandParameter {
        .flag("json", help: "Print JSON for scripts instead of \(instead).")
    }

    /// The parameters, `--json` described as printing JSON `instead` of the usual output.
    static func parameters(instead: String) -> [CommandParameter] {
        DisplayOptions.parameters + ConfigOptions.parameters + [json(instead: instead)]
    }

    var display: DisplayOptions
    var config: ConfigOptions
    var json: Bool

    init(_ arguments: ParsedArguments) {
        display = DisplayOptions(arguments)
        config = ConfigOptions(arguments)
        json = arguments.flag(Self.json(instead: ""))
    }
}

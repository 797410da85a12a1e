/// A `gesturebridge` subcommand: what it is called, what it accepts, how it is built from a
/// parsed command line, and what it does.
///
/// `init(_:)` reads the values and checks them (a bad value is a `CommandLineError`, shown with
/// the usage and exit status 64); `run()` does the work and ends with an `ExitCode` for any
/// status but 0.
protocol Subcommand: Sendable {
    static var name: String { get }
    /// One line, for the list of subcommands and the top of the help.
    static var abstract: String { get }
    /// Paragraphs under it, separated by blank lines.
    static var discussion: String { get }
    static var parameters: [CommandParameter] { get }

    init(_ arguments: ParsedArguments) throws(CommandLineError)
    func run() throws
}

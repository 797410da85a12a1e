/// Ends the program with a status, without a message (the command printed its own).
struct ExitCode: Error, Equatable {
    var status: Int32

    init(_ status: Int32) { self.status = status }

    static let success = ExitCode(0)
    static let failure = ExitCode(1)
    /// A command line that does not parse (sysexits' EX_USAGE).
    static let usage = ExitCode(64)
}

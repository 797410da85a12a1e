/// A problem on a line of an input file: the file as the user named it, the 1-based line, and
/// what is wrong there. Traces (`TraceError`) and device recordings (`RecordingError`) share it.
///
/// Its description is the one line the CLI prints, in the compiler's `file:line: message` form,
/// so that editors can jump to it.
public struct LocatedError<Reason: Sendable & Hashable & CustomStringConvertible>: Error, Sendable, Hashable,
    CustomStringConvertible
{
    /// The file name as the user gave it (for a recording, perhaps its `--device-description` file).
    public var file: String
    /// The 1-based line the problem is on.
    public var line: Int
    /// What is wrong.
    public var reason: Reason

    public init(file: String, line: Int, reason: Reason) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(file):\(line): \(reason)" }
}

import GestureConfig

/// Writes one line to standard error: a tool's messages, never its output.
func printError(_ line: String) {
    _ = OutputFile.standardError.write(line + "\n")
}

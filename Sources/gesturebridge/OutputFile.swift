import Glibc

/// Where a tool writes its lines: standard output, or a file it creates; whole writes, no buffering.
///
/// Each call writes everything it is given before returning, so a line is on
/// disk (or in the pipe) as soon as it was received, and an interrupted tool
/// never leaves half a line behind.
struct OutputFile {
    let fd: Int32
    /// The name for messages: the path, or `<stdout>`.
    let name: String

    /// Why a file could not be created, as one line for stderr.
    struct CreateError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    static let standardOutput = OutputFile(fd: STDOUT_FILENO, name: "<stdout>")
    static let standardError = OutputFile(fd: STDERR_FILENO, name: "<stderr>")

    private init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
    }

    /// Creates (or truncates) the file at `path`, mode 0644 less the umask; `-` is standard output.
    static func create(_ path: String) throws(CreateError) -> OutputFile {
        if path == "-" { return standardOutput }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CreateError(path: path, reason: String(cString: strerror(errno))) }
        return OutputFile(fd: fd, name: path)
    }

    /// Writes all of `text`; false when the output is gone (a closed pipe, a full disk).
    func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes = bytes.dropFirst(count)
        }
        return true
    }

    /// Replaces the file at `path` with `text` through `temporary` and a rename, so that a
    /// reader (the daemon, watching the folder) sees the old file or the new one, never half;
    /// `mode` is the new file's permissions. The temporary file is removed on failure.
    static func replace(_ path: String, with text: String, through temporary: String, mode: mode_t) throws(CreateError)
    {
        do throws(CreateError) {
            let file = try create(temporary)
            defer { file.close() }
            guard file.write(text) else { throw CreateError(path: temporary, reason: "the write failed") }
        } catch {
            unlink(temporary)
            throw error
        }
        chmod(temporary, mode)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CreateError(path: path, reason: reason)
        }
    }

    /// Closes a created file; standard output and error stay open.
    func close() {
        if fd > STDERR_FILENO { Glibc.close(fd) }
    }
}

/// Writes one line to standard error: a tool's messages, never its output.
func printError(_ line: String) {
    _ = OutputFile.standardError.write(line + "\n")
}

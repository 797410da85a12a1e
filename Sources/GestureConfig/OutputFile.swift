import Glibc

/// Where a tool writes its lines (and the settings app its config): standard output, or a file it creates; whole writes, no buffering.
///
/// Each call writes everything it is given before returning, so a line is on
/// disk (or in the pipe) as soon as it was received, and an interrupted tool
/// never leaves half a line behind.
public struct OutputFile: Sendable {
    public let fd: Int32
    /// The name for messages: the path, or `<stdout>`.
    public let name: String

    /// Why a file could not be created, as one line for stderr.
    public struct CreateError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static let standardOutput = OutputFile(fd: STDOUT_FILENO, name: "<stdout>")
    public static let standardError = OutputFile(fd: STDERR_FILENO, name: "<stderr>")

    private init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
    }

    /// Creates the file at `path` for this user alone (mode 0600: what a tool writes holds
    /// your touches and window titles), replacing any file there; `-` is standard output.
    ///
    /// The file is made under a fresh name in the same folder, opened exclusively (a name
    /// another user planted, or a symbolic link, is never opened), then renamed onto `path`
    /// at once, so the lines that follow land in it as they come and a link at `path` is
    /// replaced, never followed.
    public static func create(_ path: String) throws(CreateError) -> OutputFile {
        if path == "-" { return standardOutput }
        let (fd, temporary) = try exclusiveFile(beside: path)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            unlink(temporary)
            throw CreateError(path: path, reason: reason)
        }
        return OutputFile(fd: fd, name: path)
    }

    /// A new file of mode 0600 with a name of its own beside `path` (`.NAME.XXXXXX`, made by
    /// `mkstemp(3)`: created exclusively, never through a link) and that name.
    public static func exclusiveFile(beside path: String) throws(CreateError) -> (fd: Int32, path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + base + ".XXXXXX").utf8CString)
        // mkstemp: mkostemp, which also sets close-on-exec, is a GNU extension Glibc's module
        // hides. The tools that write files start no programs while they do.
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw CreateError(path: path, reason: String(cString: strerror(errno))) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return (fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Writes all of `text`; false when the output is gone (a closed pipe, a full disk).
    public func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes = bytes.dropFirst(count)
        }
        return true
    }

    /// Replaces the file at `path` with `text` through a fresh temporary file beside it
    /// (``exclusiveFile(beside:)``) and a rename, so that a reader (the daemon, watching the
    /// folder) sees the old file or the new one, never half, and a planted name or link is
    /// never written through; `mode` is the new file's permissions. The temporary file is
    /// removed on failure.
    public static func replace(_ path: String, with text: String, mode: mode_t) throws(CreateError) {
        let (fd, temporary) = try exclusiveFile(beside: path)
        let file = OutputFile(fd: fd, name: temporary)
        let written = file.write(text)
        let moded = fchmod(fd, mode) == 0
        file.close()
        guard written, moded else {
            unlink(temporary)
            throw CreateError(path: temporary, reason: written ? "cannot set its mode" : "the write failed")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CreateError(path: path, reason: reason)
        }
    }

    /// Closes a created file; standard output and error stay open.
    public func close() {
        if fd > STDERR_FILENO { Glibc.close(fd) }
    }

    /// Writes an edited config to `path` as `replace` does, keeping the mode of the file there
    /// (0600 for a new one) and writing through a link to the file it names (a dotfiles
    /// checkout keeps pointing at it); the folders above it are made, private, when missing.
    public static func replaceConfig(_ path: String, with text: String) throws(CreateError) {
        var path = path
        if let resolved = realpath(path, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        var status = stat()
        let mode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o600
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            makePrivateDirectories(String(path[..<slash]))
        }
        try replace(path, with: text, mode: mode)
    }

    /// `mkdir -p`, private: the folder and those above it that are missing.
    public static func makePrivateDirectories(_ path: String) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            mkdir(prefix, 0o700)
        }
    }
}

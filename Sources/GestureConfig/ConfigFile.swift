import Glibc

/// Reads a config file's text with bounds: a regular file, at most `maximumSize` bytes,
/// UTF-8; every refusal one `ConfigError` for the whole file that says what was found.
///
/// Opened non-blocking, so a FIFO in the config's place cannot hang the daemon's loop on
/// a reload; a device such as `/dev/zero` is refused before a byte is read. `pick --add`
/// reads the config it edits the same way.
public enum ConfigFile {
    /// The largest config accepted: 1 MiB, hundreds of times a large real config (the shipped
    /// one is under 4 KiB), small enough that a reload parses in well under a second.
    static let maximumSize = 1 << 20

    /// What a file of a kind may hold: how many bytes, and the words errors use for it.
    public struct Limit: Sendable {
        /// The most bytes.
        public var bytes: Int
        /// The size as errors say it, such as `1 MiB`.
        public var spoken: String
        /// The kind of file, such as `a config`.
        public var noun: String

        /// A config: 1 MiB.
        public static let config = Limit(bytes: maximumSize, spoken: "1 MiB", noun: "a config")
    }

    /// The file's text, or the one error that says why not.
    public static func read(_ path: String, limit: Limit = .config) throws(ConfigErrors) -> String {
        let maximumSize = limit.bytes
        func refuse(_ message: String, suggestion: String? = nil) -> ConfigErrors {
            ConfigErrors([
                ConfigError(
                    .unreadable, at: SourceLocation(file: path, line: 0, column: 0),
                    message: message, found: path, suggestion: suggestion)
            ])
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT:
                throw refuse("no such file", suggestion: "create it; gesturebridge.yaml(5) describes what goes in it")
            case ELOOP: throw refuse("a loop of symbolic links", suggestion: "point the link at the real file")
            case EACCES: throw refuse("permission denied", suggestion: "check its permissions")
            case ENOTDIR: throw refuse("a part of the path is not a directory")
            default: throw refuse("cannot open the file: \(String(cString: strerror(errno)))")
            }
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw refuse("cannot read the file: \(String(cString: strerror(errno)))") }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refuse("is a directory, not a file")
        case S_IFIFO: throw refuse("is a FIFO, not a file", suggestion: "point --config at a regular file")
        case S_IFCHR, S_IFBLK: throw refuse("is a device, not a file", suggestion: "point --config at a regular file")
        default: throw refuse("is not a regular file", suggestion: "point --config at a regular file")
        }
        guard status.st_size <= maximumSize else {
            throw refuse(
                "the file is \(status.st_size) bytes; \(limit.noun) is at most \(limit.spoken) (\(maximumSize) bytes)",
                suggestion: "is this the right file?")
        }
        // Read to the end, but never past the limit: the file may grow while it is read.
        var bytes = [UInt8](repeating: 0, count: maximumSize + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw refuse("cannot read the file: \(String(cString: strerror(errno)))")
            }
            count += got
        }
        guard count <= maximumSize else {
            throw refuse("the file grew past \(limit.spoken) while it was read", suggestion: "is this the right file?")
        }
        return try text(of: bytes[..<count], file: path, limit: limit)
    }

    /// The text of a config's bytes: at most `maximumSize` of them, and UTF-8; `file` names it in errors.
    static func text(of data: ArraySlice<UInt8>, file path: String, limit: Limit = .config) throws(ConfigErrors)
        -> String
    {
        guard data.count <= limit.bytes else {
            throw ConfigErrors([
                ConfigError(
                    .unreadable, at: SourceLocation(file: path, line: 0, column: 0),
                    message:
                        "the file is \(data.count) bytes; \(limit.noun) is at most \(limit.spoken) (\(limit.bytes) bytes)",
                    found: path, suggestion: "is this the right file?")
            ])
        }
        if let bad = firstInvalidUTF8(data) {
            let before = data[..<bad]
            let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex
            let column = String(decoding: data[lineStart..<bad], as: UTF8.self).unicodeScalars.count + 1
            throw ConfigErrors([
                ConfigError(
                    .unreadable, at: SourceLocation(file: path, line: line, column: column),
                    message:
                        "the file is not UTF-8 text: byte \(bad - data.startIndex) is 0x\(String(data[bad], radix: 16, uppercase: true))",
                    found: path, suggestion: "save it as UTF-8"
                )
            ])
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The offset of the first byte that does not belong to valid UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = bytes.startIndex
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

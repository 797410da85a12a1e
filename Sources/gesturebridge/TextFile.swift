import Glibc

/// Reads a UTF-8 text file given on the command line, or standard input for `-`: a trace or a
/// device recording, at most `maximumSize` bytes.
enum TextFile {
    /// The largest trace or recording read: 64 MiB, twenty times the largest real recording the
    /// project has (3.2 MB), so that `/dev/zero` or a runaway pipe ends with a message, not memory.
    static let maximumSize = 64 << 20

    /// Why a file could not be read, as one line for stderr.
    struct ReadError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot read \(path): \(reason)" }
    }

    /// The name error messages use for `path`: `<stdin>` for `-`.
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The file's contents; the reason comes from the system (`strerror`) where it has one.
    static func read(_ path: String) throws(ReadError) -> String {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            // Reading a directory fails here, after open succeeded.
            guard count >= 0 else { throw ReadError(path: displayName(path), reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            guard bytes.count + count <= maximumSize else {
                throw ReadError(
                    path: displayName(path),
                    reason: "more than \(maximumSize >> 20) MiB; a trace or recording is at most that: cut it shorter")
            }
            bytes += chunk[..<count]
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReadError(path: displayName(path), reason: "not UTF-8 text")
        }
        return text
    }
}

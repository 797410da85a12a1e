import Foundation

/// Reads a UTF-8 text file given on the command line, or standard input for `-`.
enum TextFile {
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
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw ReadError(path: path, reason: String(cString: strerror(errno)))
            }
            defer { try? handle.close() }
            do {
                data = try handle.readToEnd() ?? Data()
            } catch {
                // Reading a directory fails here, after open succeeded.
                throw ReadError(path: path, reason: String(cString: strerror(errno)))
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReadError(path: displayName(path), reason: "not UTF-8 text")
        }
        return text
    }
}

import Glibc

extension String {
    /// Writes a script, mode 0755, through a descriptor no other thread's child inherits.
    ///
    /// Swift Testing runs suites on several threads: with `write(toFile:)`, a process another
    /// suite forks at that moment inherits the descriptor and holds the file open for writing,
    /// and running the script then fails with "Text file busy" (seen in PackagingTests).
    public func writeScript(to path: String) throws(Errno) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw Errno(code: errno, path: path) }
        defer { Glibc.close(fd) }
        let bytes = Array(utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw Errno(code: errno, path: path)
        }
    }
}

/// A failed system call on a test file, with its path.
public struct Errno: Error, CustomStringConvertible {
    public var code: Int32
    public var path: String
    public var description: String { "\(path): \(String(cString: strerror(code)))" }
}

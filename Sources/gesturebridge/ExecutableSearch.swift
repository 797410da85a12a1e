import Glibc

/// Finds a program on `PATH` as a shell would: the first regular, executable file of that name.
enum ExecutableSearch {
    static func find(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            var status = stat()
            return stat($0, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access($0, X_OK) == 0
        }
    }
}

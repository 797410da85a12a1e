import Foundation

/// A private `XDG_RUNTIME_DIR` for one test, so the daemon's control socket is its own.
enum RuntimeDirectory {
    /// A new directory under the temporary one, as the environment to add.
    static func make() throws -> [String: String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-xdg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return ["XDG_RUNTIME_DIR": directory.path]
    }

    /// Removes a directory `make()` made (a test's `defer`); the run's folder goes at its end anyway.
    static func remove(_ environment: [String: String]) {
        guard let path = environment["XDG_RUNTIME_DIR"], path.contains("/gb-xdg-") else { return }
        try? FileManager.default.removeItem(atPath: path)
    }
}

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
}

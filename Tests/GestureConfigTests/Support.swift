import Foundation
@testable import GestureConfig

/// Paths and helpers shared by the GestureConfig tests.
enum Fixture {
    /// The package's root directory, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under the package root.
    static func path(_ relative: String) -> String {
        packageRoot.appendingPathComponent(relative).path
    }

    /// The text of a file under the package root.
    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }
}

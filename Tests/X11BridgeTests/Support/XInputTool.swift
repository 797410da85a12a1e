import Foundation
import Testing

extension XServer {
    /// Runs the `xinput` tool against this server, such as `["disable", "touchscreen"]`; a failure fails the test.
    func xinput(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xinput")
        process.arguments = arguments
        process.environment = TestRun.tagged(["DISPLAY": display])
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "xinput \(arguments.joined(separator: " ")) failed")
    }
}

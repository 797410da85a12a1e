import Foundation
import Glibc
import TestSupport
import Testing

/// One daemon per display: a second `gesturebridge run` on the same server names the first and exits 3.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonInstanceLockTests {
    static let config =
        "gestures:\n  - name: next\n    swipe: { fingers: 3, direction: left }\n    do: { keys: ctrl+alt+Left }\n"

    @Test func aSecondDaemonOnTheSameDisplaySaysWhoRunsAndExits3() throws {
        let server = try XServer.shared()
        let first = try DaemonProcess.start(display: server.display, config: Self.config)
        defer { first.stop() }
        let second = Process()
        second.executableURL = first.process.executableURL
        second.arguments = ["run", "--config", first.configURL.path, "--display", server.display]
        let errors = Pipe.closingOnExec()
        second.standardError = errors
        second.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try second.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        second.waitUntilExit()
        #expect(second.terminationStatus == 3)
        #expect(
            text.hasPrefix(
                "gesturebridge: already running on \(server.display): pid \(first.process.processIdentifier)"),
            "the program's name once: \(text)")
        #expect(first.process.isRunning, "the first daemon is untouched")

        // Once the first has gone, a new one starts.
        #expect(first.stop() == 0)
        let third = try DaemonProcess.start(display: server.display, config: Self.config)
        #expect(third.stop() == 0)
    }
}

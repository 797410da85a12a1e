import CX11
import Foundation
import Glibc
import Testing
@testable import X11Bridge

/// A test whose X server dies under it fails, alone: the test process, and every other suite's
/// servers, go on.
///
/// Each test starts a server of its own and SIGKILLs it while its connections are open (as the
/// OOM killer or a crash would), then goes on using them the way the suites do: requests that
/// wait for replies, and requests that only fill Xlib's output buffer (more than its 16 KiB:
/// before `Tests/TestXlib` discarded them, libX11 wrote through a NULL request there and the
/// whole run died of SIGSEGV). The loss must come out as the test's issue, which
/// `withKnownIssue` expects; a loss that recorded nothing would fail the test.
@Suite("A lost test server fails its test alone")
struct TestServerLossTests {
    /// Kills `server`'s Xorg as a crash would, without telling the loss handler it was meant.
    static func crash(_ server: XServer) {
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()
    }

    @Test func aKilledServerIsTheTestsIssueAndItsRequestsReturn() throws {
        let server = try XServer.start(devices: [.touchscreen, .keyboard])
        defer { server.stop() }
        let connection = try X11Connection.toTestServer(server.display)
        let display = connection.display
        let window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 10, 10, 0, 0, 0)
        XSync(display, 0)
        Self.crash(server)
        withKnownIssue("the server died under the test") {
            var attributes = XWindowAttributes()
            // A reply: Xlib finds the loss here and returns.
            #expect(XGetWindowAttributes(display, window, &attributes) == 0)
            // 64 KiB of requests that wait for nothing, four times Xlib's buffer.
            for _ in 0..<8192 { XMapWindow(display, window) }
            XFlush(display)
            #expect(XGetWindowAttributes(display, window, &attributes) == 0)
        } matching: { issue in
            // The loss quotes the end of the server's log, which stop() is about to remove.
            "\(issue)".contains("the end of its log (\(server.logPath))")
        }
    }

    /// A killed server leaves its socket; its test removes it only while no other server listens there.
    @Test func stoppingAKilledServerRemovesItsOwnSocketAndNoOneElses() throws {
        let server = try XServer.start(devices: [.keyboard])
        let socket = "/tmp/.X11-unix/X\(server.display.dropFirst())"
        TestServerLoss.expectLoss(of: server.display)
        Self.crash(server)
        #expect(FileManager.default.fileExists(atPath: socket), "SIGKILL leaves the socket behind")
        #expect(!XServer.isListening(socket))
        // As when another suite's new server took the number meanwhile: something listens there now.
        try FileManager.default.removeItem(atPath: socket)
        let listener = try Self.listen(at: socket)
        defer {
            close(listener)
            try? FileManager.default.removeItem(atPath: socket)
        }
        server.stop()
        #expect(FileManager.default.fileExists(atPath: socket), "the stop removed a socket another server listens on")

        let second = try XServer.start(devices: [.keyboard])
        let secondSocket = "/tmp/.X11-unix/X\(second.display.dropFirst())"
        TestServerLoss.expectLoss(of: second.display)
        Self.crash(second)
        second.stop()
        #expect(!FileManager.default.fileExists(atPath: secondSocket), "its own dead socket stays behind")
    }

    /// A Unix socket listening at `path`, as a server's.
    static func listen(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && Glibc.listen(descriptor, 1) == 0, "\(String(cString: strerror(errno)))")
        return descriptor
    }

    /// An object that opens its own connection (the indicator's) is protected the same way.
    @Test func aConnectionAnObjectOpensForItselfSurvivesToo() throws {
        let server = try XServer.start(devices: [.touchscreen])
        defer { server.stop() }
        let overlay = try FeedbackOverlay(displayName: server.display)
        Self.crash(server)
        withKnownIssue("the server died under the test") {
            for _ in 0..<200 {
                overlay.show(.init(text: "ctrl+Right ←", x: 300, y: 300, tone: .pending))
                overlay.hide()
            }
            XFlush(overlay.connection.display)
            var attributes = XWindowAttributes()
            let display = overlay.connection.display
            #expect(XGetWindowAttributes(display, XDefaultRootWindow(display), &attributes) == 0)
        }
    }

    /// Stopping a server on purpose while connections to it are still open is no failure.
    @Test func aServerStoppedByItsTestIsNotALoss() throws {
        let server = try XServer.start(devices: [.keyboard])
        let connection = try X11Connection.toTestServer(server.display)
        server.stop()
        var attributes = XWindowAttributes()
        #expect(XGetWindowAttributes(connection.display, XDefaultRootWindow(connection.display), &attributes) == 0)
    }
}

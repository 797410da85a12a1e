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
        }
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

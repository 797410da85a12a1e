import CX11
import Glibc
import Testing
@testable import X11Bridge

@Suite("Connecting to a real Xorg", .serialized)
struct X11ConnectionTests {
    @Test func opensTheDisplayAndNegotiatesXInput2() throws {
        let server = try XServer.start(devices: [.touchscreen, .keyboard])
        defer { server.stop() }
        let connection = try X11Connection.toTestServer(server.display)
        #expect(connection.xinputVersion.major == 2)
        #expect(connection.xinputVersion.minor >= 2)
        #expect(connection.supportsGestures, "Xorg 21.1 speaks XInput 2.4")
        #expect(connection.screenSize.width == 1920 && connection.screenSize.height == 1080)
        #expect(connection.fileDescriptor >= 0)
    }

    @Test func aMissingDisplayIsAClearError() {
        #expect(throws: X11Error.cannotOpenDisplay(":97")) { try X11Connection(displayName: ":97") }
        #expect(X11Error.cannotOpenDisplay(":97").description.contains("is an X server running there"))
    }

    /// A test server that dies under a test's connection fails that test, not the whole run
    /// (Xlib's default is `exit(1)` in whichever test touches the connection next).
    @Test func aTestServerThatDiesLeavesTheTestRunAlive() throws {
        let server = try XServer.start(devices: [.keyboard])
        let connection = try X11Connection.toTestServer(server.display)
        #expect(XSync(connection.display, 0) == 1)
        server.stop()
        XSync(connection.display, 0)  // the broken connection: Xlib's IO error, then back here
        XSync(connection.display, 0)
        #expect(XPending(connection.display) == 0)
    }
}

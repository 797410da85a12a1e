import Foundation
import Testing
@testable import X11Bridge

/// Where the capture's touch grab sits: on the root when it is free, else on every top-level
/// window below the client that holds the root (mutter does), and back on the root once free.
@Suite("Where the touch grab sits", .serialized, .xServer([.touchscreen]))
struct TouchCapturePlacementTests {
    /// Whether a third client could grab touches on `window` now (it lets go at once).
    static func isFree(_ window: UInt64, for other: X11Connection) -> Bool {
        let id = WindowID(rawValue: window)
        guard other.grabTouches(on: id) else { return false }
        other.ungrabTouches(on: id)
        other.sync()
        return true
    }

    @Test func belowARootGrabberEachNewWindowIsGrabbedAndTheRootIsTakenBackOnceFree() throws {
        let server = try XServer.shared()
        let grabber = try TestClient.launch(display: server.display, flags: [.grabTouches])
        defer { grabber.kill() }
        let connection = try X11Connection.toTestServer(server.display)
        let capture = TouchCapture(connection: connection)
        defer { capture.releaseAll() }
        #expect(capture.placement == .topLevelWindows, "another client holds the root: no error, the windows instead")

        // A window that appears afterwards is grabbed as it is created.
        let client = try TestClient.launch(display: server.display, frame: (100, 100, 400, 300))
        defer { client.kill() }
        let other = try X11Connection.toTestServer(server.display)
        try waitUntil("the capture grabbed the new window") {
            var events: [CaptureEvent] = []
            capture.nextEvents(into: &events)
            return !Self.isFree(client.window, for: other)
        }
        #expect(!capture.moveGrabToRoot(), "the root is still held")

        // The grabber goes: the capture takes the root and lets the windows go.
        grabber.kill()
        try waitUntil("the root free") { Self.isFree(UInt64(connection.root.rawValue), for: other) }
        #expect(capture.moveGrabToRoot())
        #expect(capture.placement == .root)
        #expect(Self.isFree(client.window, for: other), "the windows' grabs were dropped")
        #expect(!Self.isFree(UInt64(connection.root.rawValue), for: other), "the capture holds the root")

        // And gives it up again, for a mutter that arrives later.
        capture.yieldRootGrab()
        #expect(capture.placement == .topLevelWindows)
        #expect(Self.isFree(UInt64(connection.root.rawValue), for: other))
        #expect(!Self.isFree(client.window, for: other))
    }

    @Test(arguments: [
        ("Mutter", true), ("GNOME Shell", true), ("Mutter (Muffin)", true), ("Magpie", true),
        ("Openbox", false), ("Xfwm4", false), ("KWin", false), ("i3", false), ("Marco", false)
    ])
    func whichWindowManagersTakeTheRootTouchGrab(name: String, grabs: Bool) {
        let manager = WindowManagerInfo(name: name, supported: [1], ownsSelection: true, hasLiveCheckWindow: true)
        #expect(manager.grabsRootTouches == grabs)
    }
}

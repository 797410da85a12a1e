import CX11
import Foundation
import GestureConfig
import GestureEngine
import Testing
@testable import X11Bridge

/// The tracker under openbox, a reparenting EWMH window manager: clients behind frames, the WM's lists.
@Suite("Tracking windows under openbox", .serialized, .xServer())
struct WindowTrackerOpenboxTests {
    /// openbox, the tracker, and two clients it has framed and listed.
    struct Managed {
        let desk: WindowDesk
        let openbox: Openbox
        let alpha: TestClient
        let beta: TestClient

        /// The clients map before openbox starts, so that a starting openbox adopts them:
        /// a window mapped while openbox was starting up was seen never to be mapped.
        init() throws {
            desk = try WindowDesk()
            let display = desk.server.display
            alpha = try TestClient.launch(
                display: display, instance: "alpha", className: "Alpha", title: "Alpha window",
                frame: (100, 150, 400, 300), flags: [])
            beta = try TestClient.launch(
                display: display, instance: "beta", className: "Beta", title: "Beta window",
                frame: (600, 200, 500, 350), flags: [])
            openbox = try Openbox.shared(on: desk)
            let (alpha, beta, desk) = (alpha, beta, desk)
            try desk.waitForScene("both clients listed in frames", timeout: 10) { scene in
                WindowDesk.ids(scene, among: [alpha, beta]).count == 2
                    && desk.topLevel(of: alpha.window) != alpha.window && desk.topLevel(of: beta.window) != beta.window
            }
        }

        func finish() {
            alpha.kill()
            beta.kill()
        }
    }

    @Test func theClientsAreListedWithTheirClassesAndSizesNotTheirFrames() throws {
        let managed = try Managed()
        defer { managed.finish() }
        let scene = managed.desk.tracker.scene
        let alpha = try #require(scene.windows.first { $0.info.id == managed.alpha.window })
        let beta = try #require(scene.windows.first { $0.info.id == managed.beta.window })
        #expect(
            alpha.info
                == WindowInfo(id: managed.alpha.window, windowClass: "Alpha", instance: "alpha", title: "Alpha window"))
        #expect(
            beta.info
                == WindowInfo(id: managed.beta.window, windowClass: "Beta", instance: "beta", title: "Beta window"))
        #expect(
            alpha.frame.width == 400 && alpha.frame.height == 300, "the client's own size, not the decorated frame's")
        #expect(beta.frame.width == 500 && beta.frame.height == 350)
        #expect(
            WindowDesk.ids(scene, among: [managed.alpha, managed.beta]) == [managed.beta.window, managed.alpha.window])
    }

    @Test func theClientIsFoundBelowItsFrameByWMState() throws {
        let managed = try Managed()
        defer { managed.finish() }
        for client in [managed.alpha, managed.beta] {
            let frame = managed.desk.topLevel(of: client.window)
            #expect(frame != client.window, "openbox reparented the client into a frame")
            #expect(
                managed.desk.tracker.client(forTopLevel: WindowID(rawValue: frame)) == WindowID(rawValue: client.window)
            )
        }
    }

    @Test func theActiveWindowFollowsActivation() throws {
        let managed = try Managed()
        defer { managed.finish() }
        let (alpha, beta) = (managed.alpha, managed.beta)
        try activate(beta.window, from: managed.desk.mover)
        try managed.desk.waitForScene("beta active") { $0.activeWindow == beta.window }
        try activate(alpha.window, from: managed.desk.mover)
        let scene = try managed.desk.waitForScene("alpha active and on top") {
            $0.activeWindow == alpha.window && WindowDesk.ids($0, among: [alpha, beta]) == [alpha.window, beta.window]
        }
        #expect(scene.windows.first?.info.id == alpha.window)
    }

    @Test func movingTheFrameMovesTheClient() throws {
        let managed = try Managed()
        defer { managed.finish() }
        let alpha = managed.alpha
        let before = try #require(managed.desk.tracker.scene.windows.first { $0.info.id == alpha.window }?.frame)
        let frame = managed.desk.topLevel(of: alpha.window)
        var attributes = XWindowAttributes()
        XGetWindowAttributes(managed.desk.mover.display, Window(frame), &attributes)
        // Moving the frame directly, as the window manager itself does when dragging.
        managed.desk.act { XMoveWindow($0, Window(frame), attributes.x + 250, attributes.y + 120) }
        let expected = Rect(x: before.x + 250, y: before.y + 120, width: before.width, height: before.height)
        try managed.desk.waitForScene("alpha moved with its frame") {
            $0.windows.first { $0.info.id == alpha.window }?.frame == expected
        }
    }

    /// `when: { state }` reads the window manager's `_NET_WM_STATE`: toggled full screen by an
    /// EWMH request, alpha is full screen in the scene, and normal again when toggled back.
    @Test func aWindowMadeFullScreenIsFullScreenInTheScene() throws {
        let managed = try Managed()
        defer { managed.finish() }
        let alpha = managed.alpha
        func toggleFullscreen() {
            managed.desk.act { display in
                var event = XEvent()
                event.xclient.type = ClientMessage
                event.xclient.send_event = 1
                event.xclient.display = display
                event.xclient.window = Window(alpha.window)
                event.xclient.message_type = XInternAtom(display, "_NET_WM_STATE", 0)
                event.xclient.format = 32
                event.xclient.data.l.0 = 2  // toggle
                event.xclient.data.l.1 = Int(XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0))
                event.xclient.data.l.3 = 2  // a pager's request
                let root = XDefaultRootWindow(display)
                XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
            }
        }
        func state() -> (Bool, Bool)? {
            managed.desk.tracker.scene.windows.first { $0.info.id == alpha.window }.map {
                ($0.info.isFullscreen, $0.info.isMaximized)
            }
        }
        #expect(state().map { $0 == (false, false) } == true)
        toggleFullscreen()
        try managed.desk.waitForScene("alpha full screen") {
            $0.windows.first { $0.info.id == alpha.window }?.info.isFullscreen == true
        }
        toggleFullscreen()
        try managed.desk.waitForScene("alpha back to normal") {
            $0.windows.first { $0.info.id == alpha.window }?.info.isFullscreen == false
        }
    }

    @Test func anIconifiedWindowLeavesTheSceneAndReturnsWhenActivated() throws {
        let managed = try Managed()
        defer { managed.finish() }
        let (alpha, beta) = (managed.alpha, managed.beta)
        managed.desk.act { XIconifyWindow($0, Window(alpha.window), 0) }
        try managed.desk.waitForScene("alpha iconified") { WindowDesk.ids($0, among: [alpha, beta]) == [beta.window] }
        try activate(alpha.window, from: managed.desk.mover)
        try managed.desk.waitForScene("alpha restored on top") {
            WindowDesk.ids($0, among: [alpha, beta]) == [alpha.window, beta.window]
        }
    }

    @Test func closingAManagedWindowRemovesIt() throws {
        let managed = try Managed()
        defer { managed.finish() }
        let (alpha, beta) = (managed.alpha, managed.beta)
        alpha.kill()
        try managed.desk.waitForScene("alpha gone") { WindowDesk.ids($0, among: [alpha, beta]) == [beta.window] }
    }

    /// An EWMH activation request, as a pager sends it (source indication 2).
    private func activate(_ window: UInt64, from connection: X11Connection) throws {
        let display = connection.display
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = XInternAtom(display, "_NET_ACTIVE_WINDOW", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = 2
        event.xclient.data.l.1 = Int(CurrentTime)
        let root = Window(connection.root.rawValue)
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        #expect(connection.sync().isEmpty)
    }
}

/// A window manager that dies leaves stale EWMH properties: the tracker must not trust them.
///
/// Its own server, because openbox is started once per server (see `Openbox.shared(on:)`).
@Suite("Tracking windows after the window manager dies", .serialized, .xServer())
struct WindowTrackerWindowManagerDeathTests {
    @Test func whenTheWindowManagerDiesTheQueryTreeFallbackStillFindsTheClients() throws {
        let managed = try WindowTrackerOpenboxTests.Managed()
        defer { managed.finish() }
        let (alpha, beta) = (managed.alpha, managed.beta)
        let tracker = managed.desk.tracker
        managed.openbox.stop()
        let scene = try managed.desk.waitForScene("both clients without openbox") {
            tracker.clientListSource == .queryTree
                && Set(WindowDesk.ids($0, among: [alpha, beta])) == [alpha.window, beta.window]
        }
        #expect(scene.activeWindow == nil, "a dead window manager's _NET_ACTIVE_WINDOW is stale")
        #expect(
            managed.desk.topLevel(of: alpha.window) == alpha.window, "the server took the clients back from the frames")
    }

}

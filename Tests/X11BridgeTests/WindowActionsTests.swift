import CX11
import Glibc
import GestureConfig
import Testing
@testable import X11Bridge

/// Window and desktop requests, carried out by a real EWMH window manager (openbox) on real windows.
@Suite("Window and desktop actions under openbox", .serialized, .xServer([.keyboard]))
struct WindowActionsTests {
    let server: XServer
    let connection: X11Connection
    let actions: WindowActions

    init() throws {
        server = try XServer.shared()
        connection = try X11Connection.toTestServer(server.display)
        actions = try WindowActions(connection: connection)
    }

    func atom(_ name: String) -> Atom { XInternAtom(connection.display, name, 0) }

    /// A client window openbox manages (it is in `_NET_CLIENT_LIST`).
    func managedClient(_ instance: String = "testclient", flags: [TestClient.Flag] = []) throws -> TestClient {
        let client = try TestClient.launch(
            display: server.display, instance: instance, frame: (100, 100, 640, 480), flags: flags)
        try waitUntil("openbox manages \(instance)") { clientList().contains(client.window) }
        return client
    }

    func clientList(stacking: Bool = false) -> [UInt64] {
        let property = atom(stacking ? "_NET_CLIENT_LIST_STACKING" : "_NET_CLIENT_LIST")
        return (connection.property32(property, of: connection.root, type: Atom(XA_WINDOW)) ?? []).map { UInt64($0) }
    }

    func states(of window: UInt64) -> [Atom] {
        connection.atoms(actions.atoms.wmState, of: WindowID(rawValue: window))
    }

    /// Starts openbox, resets it to the first desktop, and runs `body`.
    func underOpenbox(_ body: (WindowManager) throws -> Void) throws {
        let manager = try WindowManager.start(display: server.display)
        defer { manager.stop() }
        if actions.currentDesktop != 0 {
            try actions.switchDesktop(to: .number(1))
            try waitUntil("desktop 1") { actions.currentDesktop == 0 }
        }
        try body(manager)
    }

    @Test func closeAsksTheWindowToCloseThroughTheWindowManager() throws {
        try underOpenbox { _ in
            let client = try managedClient()
            defer { client.kill() }
            #expect(try actions.close(WindowID(rawValue: client.window)).wasSent)
            try client.waitForEvent("WM_DELETE_WINDOW") { $0.type == "DeleteWindow" }
        }
    }

    @Test func closeWithoutAWindowManagerSendsWMDeleteWindowItself() throws {
        // A window manager that ran before may have left its list of supported requests behind.
        XDeleteProperty(connection.display, Window(connection.root.rawValue), actions.atoms.supported)
        let client = try TestClient.launch(display: server.display)
        defer { client.kill() }
        #expect(actions.windowManager()?.supports(actions.atoms.closeWindow) != true)
        #expect(try actions.close(WindowID(rawValue: client.window)).wasSent)
        try client.waitForEvent("WM_DELETE_WINDOW") { $0.type == "DeleteWindow" }
    }

    @Test func minimizeIconifiesTheGivenWindowAndNoOther() throws {
        try underOpenbox { _ in
            let target = try managedClient("target"), bystander = try managedClient("bystander")
            defer {
                target.kill()
                bystander.kill()
            }
            try actions.minimize(WindowID(rawValue: target.window))
            try target.waitForEvent("UnmapNotify") { $0.type == "UnmapNotify" }
            let wmState = atom("WM_STATE")
            try waitUntil("WM_STATE Iconic") {
                connection.property32(wmState, of: WindowID(rawValue: target.window), type: wmState)?.first == 3
            }
            #expect(states(of: target.window).contains(atom("_NET_WM_STATE_HIDDEN")))
            try bystander.sync()
            #expect(bystander.events(ofType: "UnmapNotify").isEmpty)
        }
    }

    @Test func maximizeAndFullscreenToggleBothWays() throws {
        try underOpenbox { _ in
            let client = try managedClient()
            defer { client.kill() }
            let window = WindowID(rawValue: client.window)
            let maximized = [actions.atoms.maximizedVertical, actions.atoms.maximizedHorizontal]
            try actions.toggleMaximized(window)
            try waitUntil("maximized") { Set(maximized).isSubset(of: states(of: client.window)) }
            try actions.toggleMaximized(window)
            try waitUntil("restored") { Set(maximized).isDisjoint(with: states(of: client.window)) }
            try actions.toggleFullscreen(window)
            try waitUntil("full screen") { states(of: client.window).contains(actions.atoms.fullscreen) }
            try actions.toggleFullscreen(window)
            try waitUntil("not full screen") { !states(of: client.window).contains(actions.atoms.fullscreen) }
        }
    }

    @Test func activateFocusesTheWindowAndRaiseAndLowerRestackIt() throws {
        try underOpenbox { _ in
            let first = try managedClient("first"), second = try managedClient("second")
            defer {
                first.kill()
                second.kill()
            }
            try actions.activate(WindowID(rawValue: first.window))
            try first.waitForEvent("FocusIn") { $0.type == "FocusIn" }
            try waitUntil("_NET_ACTIVE_WINDOW") {
                connection.property32(
                    actions.atoms.activeWindow, of: connection.root,
                    type: Atom(XA_WINDOW))?.first == UInt(first.window)
            }
            try actions.restack(WindowID(rawValue: first.window), above: false)
            try waitUntil("first at the bottom") { clientList(stacking: true).first == first.window }
            try actions.restack(WindowID(rawValue: first.window), above: true)
            try waitUntil("first on top") { clientList(stacking: true).last == first.window }
        }
    }

    /// Each step: a target, whether a request goes out, the desktop after (0-based).
    @Test(arguments: [
        [
            (DesktopTarget.next, true, 1), (.next, true, 2), (.previous, true, 1), (.number(4), true, 3),
            (.next, false, 3)
        ],
        [(DesktopTarget.previous, false, 0), (.number(9), false, 0), (.number(1), false, 0), (.number(2), true, 1)]
    ])
    func desktopsSwitchWithoutWrapping(_ steps: [(DesktopTarget, Bool, Int)]) throws {
        try underOpenbox { _ in
            #expect(actions.numberOfDesktops == 4, "openbox's default")
            for (target, sends, after) in steps {
                #expect(try actions.switchDesktop(to: target).wasSent == sends, "\(target)")
                try waitUntil("desktop \(after + 1)") { actions.currentDesktop == after }
            }
        }
    }

    @Test func showDesktopToggles() throws {
        try underOpenbox { _ in
            #expect(!actions.isShowingDesktop)
            #expect(try actions.perform(.showDesktop).wasSent == true)
            try waitUntil("showing the desktop") { actions.isShowingDesktop }
            try actions.toggleShowingDesktop()
            try waitUntil("windows back") { !actions.isShowingDesktop }
        }
    }

    @Test func moveToDesktopSendsTheWindowAndNotPastTheEnds() throws {
        try underOpenbox { _ in
            let client = try managedClient()
            defer { client.kill() }
            let window = WindowID(rawValue: client.window)
            #expect(actions.desktop(of: window) == 0)
            #expect(try actions.move(window, toDesktop: .previous).wasSent == false)
            #expect(try actions.perform(.moveToDesktop(.next), on: window).wasSent == true)
            try waitUntil("on desktop 2") { actions.desktop(of: window) == 1 }
            #expect(try actions.move(window, toDesktop: .number(4)).wasSent)
            try waitUntil("on desktop 4") { actions.desktop(of: window) == 3 }
            #expect(try actions.move(window, toDesktop: .next).wasSent == false)
            #expect(actions.currentDesktop == 0, "the view stays where it was")
        }
    }

    @Test func aWindowThatWentAwayIsAThrownErrorNotAnExit() throws {
        try underOpenbox { _ in
            let client = try managedClient()
            let window = WindowID(rawValue: client.window)
            client.kill(SIGKILL)
            try waitUntil("openbox forgets the window") { !clientList().contains(client.window) }
            #expect {
                try actions.move(window, toDesktop: .next)
            } throws: { error in
                (error as? X11Error).map { "\($0)".contains("BadWindow") } ?? false
            }
            #expect(try actions.switchDesktop(to: .next).wasSent, "the connection still works")
        }
    }
}

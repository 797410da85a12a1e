import CX11
import Foundation
import GestureConfig
import GestureRuntime
import GestureEngine
import Testing
@testable import X11Bridge

/// The tracker against a real Xorg with no window manager: the XQueryTree fallback, updated by events alone.
@Suite("Tracking windows without a window manager", .serialized, .xServer())
struct WindowTrackerTests {
    static let alphaFrame = (x: 100, y: 150, width: 400, height: 300)
    static let betaFrame = (x: 600, y: 200, width: 500, height: 350)

    /// Two clients launched after the tracker started, so only events can bring them in.
    struct Pair {
        let desk: WindowDesk
        let alpha: TestClient
        let beta: TestClient

        init() throws {
            desk = try WindowDesk()
            _ = desk.tracker.scene
            let display = desk.server.display
            alpha = try TestClient.launch(
                display: display, instance: "alpha", className: "Alpha", title: "Alpha window",
                frame: WindowTrackerTests.alphaFrame, flags: [])
            beta = try TestClient.launch(
                display: display, instance: "beta", className: "Beta", title: "Beta window",
                frame: WindowTrackerTests.betaFrame, flags: [])
            let ids = [beta.window, alpha.window]
            try desk.waitForScene("both clients") { WindowDesk.ids($0, among: [alpha, beta]) == ids }
        }

        func window(_ client: TestClient, in scene: SceneDescription) -> SceneWindow? {
            scene.windows.first { $0.info.id == client.window }
        }

        func finish() {
            alpha.kill()
            beta.kill()
        }
    }

    @Test func twoClientsAppearWithTheirClassTitleAndFrameTopMostFirst() throws {
        let pair = try Pair()
        defer { pair.finish() }
        let scene = pair.desk.tracker.scene
        #expect(pair.desk.tracker.clientListSource == .queryTree)
        #expect(scene.windows.map(\.info.id) == [pair.beta.window, pair.alpha.window], "the later window is on top")
        let alpha = try #require(pair.window(pair.alpha, in: scene))
        let beta = try #require(pair.window(pair.beta, in: scene))
        #expect(
            alpha.info
                == WindowInfo(id: pair.alpha.window, windowClass: "Alpha", instance: "alpha", title: "Alpha window"))
        #expect(
            beta.info == WindowInfo(id: pair.beta.window, windowClass: "Beta", instance: "beta", title: "Beta window"))
        #expect(alpha.frame == Rect(x: 100, y: 150, width: 400, height: 300))
        #expect(beta.frame == Rect(x: 600, y: 200, width: 500, height: 350))
        #expect(scene.width == 1920 && scene.height == 1080)
        #expect(scene.activeWindow == nil, "no window manager sets _NET_ACTIVE_WINDOW")
    }

    @Test func raisingTheLowerWindowPutsItFirst() throws {
        let pair = try Pair()
        defer { pair.finish() }
        pair.desk.act { XRaiseWindow($0, Window(pair.alpha.window)) }
        try pair.desk.waitForScene("alpha on top") {
            WindowDesk.ids($0, among: [pair.alpha, pair.beta]) == [pair.alpha.window, pair.beta.window]
        }
        pair.desk.act { XRaiseWindow($0, Window(pair.beta.window)) }
        try pair.desk.waitForScene("beta on top again") {
            WindowDesk.ids($0, among: [pair.alpha, pair.beta]) == [pair.beta.window, pair.alpha.window]
        }
    }

    @Test(arguments: [(300, 320, 640, 480), (0, 0, 200, 100), (1500, 900, 420, 180)])
    func movingAndResizingUpdatesTheFrame(x: Int32, y: Int32, width: UInt32, height: UInt32) throws {
        let pair = try Pair()
        defer { pair.finish() }
        pair.desk.act { XMoveResizeWindow($0, Window(pair.alpha.window), x, y, width, height) }
        let expected = Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
        let scene = try pair.desk.waitForScene("alpha at \(expected)") {
            pair.window(pair.alpha, in: $0)?.frame == expected
        }
        #expect(pair.window(pair.beta, in: scene)?.frame == Rect(x: 600, y: 200, width: 500, height: 350))
    }

    @Test func closingAWindowRemovesIt() throws {
        let pair = try Pair()
        defer { pair.finish() }
        pair.beta.kill()
        let scene = try pair.desk.waitForScene("beta gone") {
            WindowDesk.ids($0, among: [pair.alpha, pair.beta]) == [pair.alpha.window]
        }
        #expect(scene.windows.count == 1)
    }

    @Test func anUnmappedWindowLeavesTheSceneAndReturnsWhenMapped() throws {
        let pair = try Pair()
        defer { pair.finish() }
        pair.desk.act { XUnmapWindow($0, Window(pair.alpha.window)) }
        try pair.desk.waitForScene("alpha unmapped") {
            WindowDesk.ids($0, among: [pair.alpha, pair.beta]) == [pair.beta.window]
        }
        pair.desk.act { XMapRaised($0, Window(pair.alpha.window)) }
        try pair.desk.waitForScene("alpha back on top") {
            WindowDesk.ids($0, among: [pair.alpha, pair.beta]) == [pair.alpha.window, pair.beta.window]
        }
    }

    @Test func aTitleChangeIsSeenAndNetWMNameWinsOverWMName() throws {
        let pair = try Pair()
        defer { pair.finish() }
        let window = Window(pair.alpha.window)
        pair.desk.act { XStoreName($0, window, "Renamed") }
        try pair.desk.waitForScene("WM_NAME change") { pair.window(pair.alpha, in: $0)?.info.title == "Renamed" }

        let utf8 = Array("Größe — 標題".utf8)
        pair.desk.act { display in
            let name = XInternAtom(display, "_NET_WM_NAME", 0), type = XInternAtom(display, "UTF8_STRING", 0)
            XChangeProperty(display, window, name, type, 8, PropModeReplace, utf8, Int32(utf8.count))
        }
        try pair.desk.waitForScene("_NET_WM_NAME in UTF-8") {
            pair.window(pair.alpha, in: $0)?.info.title == "Größe — 標題"
        }
    }

    @Test func aNetWMNameOfTypeStringIsReadAsLatin1() throws {
        let pair = try Pair()
        defer { pair.finish() }
        let window = Window(pair.alpha.window)
        // As `xdotool set_window --name` writes it: _NET_WM_NAME, type STRING (Latin-1).
        let latin1: [UInt8] = Array("Caf".utf8) + [0xE9, 0x20] + Array("menu".utf8)
        pair.desk.act { display in
            let name = XInternAtom(display, "_NET_WM_NAME", 0)
            XChangeProperty(display, window, name, Atom(XA_STRING), 8, PropModeReplace, latin1, Int32(latin1.count))
        }
        try pair.desk.waitForScene("_NET_WM_NAME as STRING") {
            pair.window(pair.alpha, in: $0)?.info.title == "Café menu"
        }
    }

    @Test func withoutAWindowManagerNoFrameHoldsAClient() throws {
        let pair = try Pair()
        defer { pair.finish() }
        #expect(pair.desk.topLevel(of: pair.alpha.window) == pair.alpha.window, "not reparented")
        #expect(
            pair.desk.tracker.client(forTopLevel: WindowID(rawValue: pair.alpha.window)) == nil, "no WM_STATE anywhere")
    }

    /// XRandR monitors as the server defines them (`XRRSetMonitor`, which is `xrandr --setmonitor`).
    ///
    /// The split is made before the tracker starts: Xorg sends no RandR event for a
    /// monitor definition alone, and the dummy driver has a single output to plug.
    @Test func aScreenSplitIntoTwoMonitorsGivesTwoMonitorRects() throws {
        let desk = try WindowDesk()
        let display = desk.mover.display, root = Window(desk.mover.root.rawValue)
        let resources = try #require(XRRGetScreenResourcesCurrent(display, root))
        let output = resources.pointee.outputs[0]
        XRRFreeScreenResources(resources)
        func setMonitor(_ name: String, x: Int32, outputs: [RROutput]) {
            guard let monitor = XRRAllocateMonitor(display, Int32(outputs.count)) else { return }
            defer { XFree(monitor) }
            monitor.pointee.name = XInternAtom(display, name, 0)
            (monitor.pointee.x, monitor.pointee.y, monitor.pointee.width, monitor.pointee.height) = (x, 0, 960, 1080)
            (monitor.pointee.mwidth, monitor.pointee.mheight) = (254, 286)
            for (index, output) in outputs.enumerated() { monitor.pointee.outputs[index] = output }
            XRRSetMonitor(display, root, monitor)
        }
        desk.act { _ in
            setMonitor("LEFT", x: 0, outputs: [output])
            setMonitor("RIGHT", x: 960, outputs: [])
        }
        defer {
            desk.act { display in
                XRRDeleteMonitor(display, root, XInternAtom(display, "LEFT", 0))
                XRRDeleteMonitor(display, root, XInternAtom(display, "RIGHT", 0))
            }
        }
        let tracker = WindowTracker(connection: try X11Connection.toTestServer(desk.server.display))
        let halves: Set = [Rect(x: 0, y: 0, width: 960, height: 1080), Rect(x: 960, y: 0, width: 960, height: 1080)]
        #expect(tracker.monitors.count == 2 && Set(tracker.monitors) == halves, "\(tracker.monitors)")
    }

    @Test func theMonitorsAndResolutionComeFromTheServerOrTheOverride() throws {
        let desk = try WindowDesk()
        #expect(desk.tracker.monitors == [Rect(x: 0, y: 0, width: 1920, height: 1080)])
        let size = desk.connection.screenSize
        #expect(abs(desk.tracker.dpi - Double(size.width) * 25.4 / Double(size.widthMM)) < 1e-9)
        #expect(desk.tracker.scene.dpi == desk.tracker.dpi)
        desk.tracker.dpiOverride = 144
        #expect(desk.tracker.dpi == 144)
        #expect(desk.tracker.scene.dpi == 144, "the override marks the scene dirty")
    }
}

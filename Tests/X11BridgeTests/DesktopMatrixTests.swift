import Foundation
import GestureEngine
import Glibc
import Testing
@testable import X11Bridge

/// The same scenarios under every window manager the users run, each on a server of its own.
///
/// Per manager: desktops next, previous and shown; the window under the fingers sent to
/// another desktop; keys to the window under the fingers while another is focused; a
/// per-app binding; tap and drag passing through to the application; the title bar
/// dragged, double-tapped and its close button tapped by touch; the manager restarted
/// under the running daemon; and the daemon started before the manager. What a manager
/// lacks is asserted to be reported as skipped. The figures each run prints (`matrix:`
/// lines) are the ones the README's table gives.
@Suite("Desktop matrix", .serialized)
struct DesktopMatrixTests {
    static let config = """
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { desktop: next }
          - name: previous-desktop
            swipe: { fingers: 3, direction: right }
            do: { desktop: previous }
          - name: show-desktop
            swipe: { fingers: 3, direction: up }
            do: { desktop: show }
          - name: window-away
            swipe: { fingers: 4, direction: down }
            do: { window: move-to-desktop next }
          - name: type-here
            swipe: { fingers: 4, direction: left }
            do: { keys: ctrl+alt+k }
        apps:
          beta:
            gestures:
              - name: beta-only
                swipe: { fingers: 3, direction: down }
                do: { keys: ctrl+alt+b }
        """

    /// How many gestures after a restart of the window manager must all type into the window under the fingers.
    static let restartRounds = 20

    static func stop(_ server: XServer) {
        InputTestDevice.forget(server, .touchscreen)
        server.stop()
    }

    /// The scene on `server` and the first client window, alpha, managed.
    static func sceneWithAlpha(_ server: XServer) throws -> (DesktopScene, TestClient) {
        let scene = try DesktopScene(server: server)
        return (scene, try scene.launchManaged("alpha", className: "Alpha", frame: (60, 80, 700, 500)))
    }

    static func report(_ kind: DesktopKind, _ text: String) {
        print("matrix: \(kind): \(text)")
    }

    @Test("window manager first, then the daemon", arguments: DesktopKind.selected)
    func managerFirst(_ kind: DesktopKind) throws {
        let server = try XServer.start(devices: [.touchscreen, .keyboard])
        defer { Self.stop(server) }
        let desktop = try Desktop.start(kind, display: server.display)
        defer { desktop.stop() }
        let (scene, alpha) = try Self.sceneWithAlpha(server)
        defer { alpha.kill() }
        let beta = try scene.launchManaged("beta", className: "Beta", frame: (1000, 120, 700, 500))
        defer { beta.kill() }
        var gamma: TestClient?
        defer { gamma?.kill() }
        if kind.desktopsNeedWindows {
            // i3 has a second workspace only while a window is on it.
            gamma = try scene.launchManaged("gamma", className: "Gamma", frame: (0, 0, 400, 300))
            try desktop.run("/usr/bin/i3-msg", ["[class=\"Gamma\"] move to workspace 2"])
            try waitUntil("two workspaces") { (scene.actions.numberOfDesktops ?? 0) >= 2 }
        }

        // The close button, clicked with the mouse first: the point is where the button is. (Not
        // tapped: mutter's own frames miss taps under load, replayed with their old time.)
        if kind.hasCloseButton {
            // Clear of alpha and beta: a manager that keeps a new window below the focused one (mutter
            // under load) must not put another window under the point.
            let control = try scene.launchManaged("control", className: "Control", frame: (900, 700, 500, 300))
            defer { control.kill() }
            try tapCloseButton(of: control, scene, "clicked without the daemon", mouse: true)
        }

        let alone = try tapDelay(scene, to: alpha)
        Self.report(
            kind, "without the daemon, a tap reaches the application \(Self.milliseconds(alone)) after the finger lands"
        )

        let daemon = try DaemonProcess.start(display: server.display, config: Self.config)
        defer { daemon.stop() }
        try daemon.waitForLog("window manager: \(kind.wmName)")
        if kind == .mutter {
            try daemon.waitForLog("Mutter holds the root's touch grab")
            try expectDoctor(
                says:
                    "ok       touch-grab: Mutter holds the root's grab for its own touchscreen gestures; gesturebridge pid \(daemon.process.processIdentifier)",
                display: server.display)
        }

        try daemon.explaining {
            try keysGoToTheWindowUnderTheFingers(scene, daemon, focused: alpha, under: beta)
            try perAppBindingFiresOnlyOverItsApp(scene, daemon, alpha: alpha, beta: beta)
            try tapAndDragPassThrough(kind, scene, daemon, to: alpha)
            try decorationsWorkByTouch(kind, scene, daemon, alpha: alpha, beta: beta)
            try desktopsFollowTheFingers(kind, scene, daemon, alpha: alpha, beta: beta)
        }

        // The manager restarts under the running daemon: keys still go to the window under the fingers.
        try desktop.restart()
        try daemon.waitForLog("window manager: \(kind.wmName)")
        let (typed, late, astray, repeated) = try keysAfterRestart(scene, daemon, focused: alpha, under: beta)
        Self.report(
            kind,
            "after a restart of the window manager, \(typed)/\(Self.restartRounds) chords typed into the window under the fingers, \(astray) into the focused one, \(late.count) later than 3 s, \(repeated) swipes repeated"
        )
        let lines = daemon.log.split(separator: "\n").filter { !$0.contains("debug") && !$0.hasPrefix(" ") }.suffix(30)
            .joined(separator: "\n")
        #expect(typed == Self.restartRounds && astray == 0, "late rounds \(late); the daemon's log:\n\(lines)")
    }

    @Test("the daemon first, then the window manager", arguments: DesktopKind.selected)
    func daemonFirst(_ kind: DesktopKind) throws {
        let server = try XServer.start(devices: [.touchscreen, .keyboard])
        defer { Self.stop(server) }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config)
        defer { daemon.stop() }
        let desktop = try Desktop.start(kind, display: server.display)
        defer { desktop.stop() }
        try daemon.waitForLog("window manager: \(kind.wmName)")
        if kind == .mutter {
            // mutter found the root's grab taken: the daemon says so, lets go, and works below.
            try daemon.waitForLog("Mutter started after gesturebridge and found the root's touch grab taken")
            let probe = try X11Connection.toTestServer(server.display)
            #expect(probe.canGrabTouches(), "the daemon let go of the root for mutter's next start")
            try expectDoctor(
                says:
                    "warning  touch-grab: Mutter runs without its root touch grab, so its own touchscreen gestures are off; gesturebridge pid \(daemon.process.processIdentifier) takes touches on the windows.",
                display: server.display)
        }
        let (scene, alpha) = try Self.sceneWithAlpha(server)
        defer { alpha.kill() }
        let beta = try scene.launchManaged("beta", className: "Beta", frame: (1000, 120, 700, 500))
        defer { beta.kill() }
        try daemon.explaining {
            try keysGoToTheWindowUnderTheFingers(scene, daemon, focused: alpha, under: beta)
            try tapAndDragPassThrough(kind, scene, daemon, to: alpha)
        }
    }

    @Test("decorations by touch with the shipped config", arguments: DesktopKind.selected.filter(\.hasCloseButton))
    func decorationsWithTheShippedConfig(_ kind: DesktopKind) throws {
        let server = try XServer.start(devices: [.touchscreen, .keyboard])
        defer { Self.stop(server) }
        let desktop = try Desktop.start(kind, display: server.display)
        defer { desktop.stop() }
        let (scene, alpha) = try Self.sceneWithAlpha(server)
        defer { alpha.kill() }
        // As in the manager-first test: the close button's point checked with a mouse click first.
        // (Under the whole suite's load, mutter once missed a title-bar drag that was the first
        // pointer input it ever saw; not explained, see the note.)
        let control = try scene.launchManaged("control", className: "Control", frame: (900, 700, 500, 300))
        defer { control.kill() }
        try tapCloseButton(of: control, scene, "clicked without the daemon", mouse: true)
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Config/config.yaml")
        let daemon = try DaemonProcess.start(
            display: server.display, config: String(contentsOf: shipped, encoding: .utf8))
        defer { daemon.stop() }
        try daemon.explaining {
            try decorationsWorkByTouch(kind, scene, daemon, alpha: alpha, beta: alpha)
        }
    }

    /// Runs `gesturebridge doctor` on the display; expects a line that starts with `line`.
    func expectDoctor(says line: String, display: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var environment = ["DISPLAY": display, "PATH": "/nonexistent"]
        environment["XDG_RUNTIME_DIR"] = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"]
        let result = try ToolRun.run(["doctor"], environment: environment)
        #expect(
            result.output.split(separator: "\n").contains { $0.hasPrefix(line) }, "\(result.output)",
            sourceLocation: sourceLocation)
    }

    // MARK: Scenarios

    func keysGoToTheWindowUnderTheFingers(
        _ scene: DesktopScene, _ daemon: DaemonProcess,
        focused alpha: TestClient, under beta: TestClient
    ) throws {
        try scene.activate(alpha)
        try alpha.sync()
        alpha.clear()
        try recognized("type-here", daemon) { try scene.swipe(4, on: scene.clientBox(beta.window), dx: -200, dy: 0) }
        try beta.waitForEvent("KeyPress k", timeout: 15) { $0.type == "KeyPress" && $0.keysym == "k" }
        try alpha.sync()
        #expect(!alpha.events.contains { $0.type == "KeyPress" }, "the focused window typed nothing")
    }

    func perAppBindingFiresOnlyOverItsApp(
        _ scene: DesktopScene, _ daemon: DaemonProcess,
        alpha: TestClient, beta: TestClient
    ) throws {
        try recognized("beta-only", daemon) { try scene.swipe(3, on: scene.clientBox(beta.window), dx: 0, dy: 200) }
        try beta.waitForEvent("KeyPress b") { $0.type == "KeyPress" && $0.keysym == "b" }
        try alpha.sync()
        alpha.clear()
        try scene.swipe(3, on: scene.clientBox(alpha.window), dx: 0, dy: 200)
        // Over alpha the binding does not exist: its touches reach alpha, whole.
        try alpha.waitForEvents("three TouchEnds", count: 3) { $0.type == "TouchEnd" }
        #expect(daemon.log.components(separatedBy: "beta-only: keys").count == 2, "beta-only fired once, over beta")
    }

    func tapAndDragPassThrough(
        _ kind: DesktopKind, _ scene: DesktopScene, _ daemon: DaemonProcess,
        to alpha: TestClient
    ) throws {
        let delay = try tapDelay(scene, to: alpha)
        Self.report(
            kind, "with the daemon, a tap reaches the application \(Self.milliseconds(delay)) after the finger lands")
        let box = try scene.clientBox(alpha.window)
        alpha.clear()
        try scene.drag(from: (box.midX, box.midY), dx: 0, dy: -150)
        try alpha.waitForEvent("TouchEnd of a drag") { $0.type == "TouchEnd" }
        #expect(alpha.events(ofType: "TouchUpdate").count >= 5, "the drag's moves reached the application")
    }

    /// Performs a gesture that `binding` answers, repeating it (at most twice more) when the
    /// daemon did not recognize it within 3 s: a daemon starved by the whole suite's load can
    /// miss the finger window (its clock is its own, not the server's: issue 10). What follows
    /// asserts what the recognized gesture did. Repeats are printed.
    func recognized(_ binding: String, _ daemon: DaemonProcess, _ gesture: () throws -> Void) throws {
        let count = { daemon.log.components(separatedBy: "\(binding): ").count }
        let before = count()
        for attempt in 1...3 {
            try gesture()
            if (try? waitUntil("\(binding) recognized", timeout: 3) { count() > before }) != nil {
                if attempt > 1 { print("matrix: \(binding) recognized at attempt \(attempt)") }
                return
            }
        }
        throw DeadlinePassed(waitingFor: "\(binding) recognized in 3 attempts", timeout: 9)
    }

    /// Taps the middle of alpha; returns how long its TouchBegin took to arrive, in microseconds.
    func tapDelay(_ scene: DesktopScene, to alpha: TestClient) throws -> Int64 {
        try alpha.sync()
        alpha.clear()
        let box = try scene.clientBox(alpha.window)
        let start = try scene.tap(at: (box.midX, box.midY))
        let begin = try alpha.waitForEvent("TouchBegin of a tap") { $0.type == "TouchBegin" }
        try alpha.waitForEvent("TouchEnd of a tap") { $0.type == "TouchEnd" }
        return begin.t - start
    }

    /// Taps (or clicks) the window's close button and waits for the window to be asked to close.
    ///
    /// The mouse click is the control that the point is the button: it is tried up to three
    /// times, as mutter under load may drop a click on a frame it has not settled yet. The tap
    /// is tried once.
    func tapCloseButton(of client: TestClient, _ scene: DesktopScene, _ how: String, mouse: Bool = false) throws {
        try settle(client, scene)
        let point = try scene.closeButtonPoint(client.window)
        let boxes = "frame \(try scene.frameBox(client.window)), client \(try scene.clientBox(client.window))"
        for attempt in 1...(mouse ? 3 : 1) {
            if mouse {
                try PointerInjector(connection: scene.connection).click(.left, at: Point(x: point.x, y: point.y))
            } else {
                try scene.tap(at: point)
            }
            let what = "DeleteWindow \(how) from a tap at \(point) (\(boxes)), attempt \(attempt)"
            if mouse, attempt < 3, (try? client.waitForEvent(what, timeout: 5) { $0.type == "DeleteWindow" }) == nil {
                continue
            }
            try client.waitForEvent(what, timeout: 20) { $0.type == "DeleteWindow" }
            return
        }
    }

    /// Waits until the window's frame is drawn and stays still: mutter's frames take no input
    /// before they settle after mapping (its map effect), and X sends no event for either.
    func settle(_ client: TestClient, _ scene: DesktopScene) throws {
        try scene.waitUntilTitleBarDrawn(client.window)
        try scene.waitUntilStill(scene.frameBox(client.window), for: 0.4)
    }

    static func milliseconds(_ microseconds: Int64) -> String {
        String(format: "%.1f ms", Double(microseconds) / 1000)
    }

    func decorationsWorkByTouch(
        _ kind: DesktopKind, _ scene: DesktopScene, _ daemon: DaemonProcess,
        alpha: TestClient, beta: TestClient
    ) throws {
        try settle(alpha, scene)
        if kind == .i3 {
            // A tiled title bar does not move; a tap on it focuses its window.
            try scene.activate(beta)
            try scene.tap(at: scene.titleBarPoint(alpha.window))
            try waitUntil("alpha focused by a tap on its title bar") { scene.activeWindow == alpha.window }
        } else {
            let before = try scene.clientBox(alpha.window)
            // As a hand drags: longer than the finger window a three-finger gesture may take to land.
            try scene.drag(from: scene.titleBarPoint(alpha.window), dx: 120, dy: 80, steps: 40)
            var moved = (x: 0.0, y: 0.0)
            do {
                try waitUntil("alpha moved by its title bar", timeout: 20) {
                    let after = try scene.clientBox(alpha.window)
                    moved = (after.x - before.x, after.y - before.y)
                    return abs(moved.x - 120) <= 8 && abs(moved.y - 80) <= 8
                }
            } catch {
                throw DeadlinePassed(
                    waitingFor: "alpha moved (120, 80) by its title bar; it moved (\(moved.x), \(moved.y))", timeout: 20
                )
            }
        }
        if kind.maximizesOnDoubleTap {
            // Past the double-click interval since the drag's press, as a hand would be.
            usleep(600_000)
            let point = try scene.titleBarPoint(alpha.window)
            try scene.tap(at: point)
            usleep(60_000)
            try scene.tap(at: point)
            try waitUntil("alpha maximized by a double tap on its title bar", timeout: 20) {
                scene.isMaximized(alpha.window)
            }
            try scene.actions.toggleMaximized(WindowID(rawValue: alpha.window))
            try waitUntil("alpha restored") { !scene.isMaximized(alpha.window) }
        }
        if kind.hasCloseButton {
            let doomed = try scene.launchManaged("doomed", className: "Doomed", frame: (900, 700, 500, 300))
            defer { doomed.kill() }
            try tapCloseButton(of: doomed, scene, "with the daemon")
        }
    }

    func desktopsFollowTheFingers(
        _ kind: DesktopKind, _ scene: DesktopScene, _ daemon: DaemonProcess,
        alpha: TestClient, beta: TestClient
    ) throws {
        let actions = scene.actions
        // Beta goes to the next desktop under four fingers.
        try recognized("window-away", daemon) { try scene.swipe(4, on: scene.clientBox(beta.window), dx: 0, dy: 200) }
        try waitUntil("beta on desktop 2") { actions.desktop(of: WindowID(rawValue: beta.window)) == 1 }
        try daemon.waitForLog("window-away: window: move-to-desktop next (performed)")
        // Next desktop from alpha, previous from beta, which is there.
        try recognized("next-desktop", daemon) {
            try scene.swipe(3, on: scene.clientBox(alpha.window), dx: -200, dy: 0)
        }
        try waitUntil("desktop 2") { actions.currentDesktop == 1 }
        try waitUntil("beta shown") {
            (try? scene.clientBox(beta.window)) != nil && scene.clientList.contains(beta.window)
        }
        try recognized("previous-desktop", daemon) {
            try scene.swipe(3, on: scene.clientBox(beta.window), dx: 200, dy: 0)
        }
        try waitUntil("desktop 1") { actions.currentDesktop == 0 }
        // Showing the desktop, or saying why not.
        try recognized("show-desktop", daemon) {
            try scene.swipe(3, on: scene.clientBox(alpha.window), dx: 0, dy: -200)
        }
        if kind.showsDesktop {
            try daemon.waitForLog("show-desktop: desktop: show (performed)")
            try waitUntil("the desktop shown") { actions.isShowingDesktop }
            try actions.toggleShowingDesktop()
            try waitUntil("windows back") { !actions.isShowingDesktop }
        } else {
            try daemon.waitForLog(
                "show-desktop: desktop: show (skipped: \(kind.wmName) does not support _NET_SHOWING_DESKTOP)")
        }
        // Beta comes back to the first desktop for what follows.
        try actions.move(WindowID(rawValue: beta.window), toDesktop: .number(1))
        try waitUntil("beta back on desktop 1") { actions.desktop(of: WindowID(rawValue: beta.window)) == 0 }
        // On the bare desktop, below both windows (mutter's guard window there; i3 tiles the
        // whole screen, so it has none): the swipes work there too.
        if kind != .i3 {
            let bare = DesktopScene.Box(x: 200, y: 760, width: 600, height: 200)
            try recognized("next-desktop", daemon) { try scene.swipe(3, on: bare, dx: -200, dy: 0) }
            try waitUntil("desktop 2 from the bare desktop") { actions.currentDesktop == 1 }
            try recognized("previous-desktop", daemon) { try scene.swipe(3, on: bare, dx: 200, dy: 0) }
            try waitUntil("desktop 1 from the bare desktop") { actions.currentDesktop == 0 }
        }
    }

    /// Focuses alpha, swipes four fingers over beta, `restartRounds` times; returns how many
    /// chords beta received, the rounds whose chord took longer than 3 s, how many chords went
    /// to alpha instead, and how many swipes had to be repeated because the daemon did not
    /// recognize them (a starved daemon under the whole suite's load, not the focus logic
    /// this counts: the swipe is repeated as a hand would).
    func keysAfterRestart(
        _ scene: DesktopScene, _ daemon: DaemonProcess, focused alpha: TestClient,
        under beta: TestClient
    ) throws -> (typed: Int, late: [Int], astray: Int, repeated: Int) {
        // The new manager adopts the windows anew; wait until it lists both.
        try waitUntil("both windows managed again", timeout: 15) {
            scene.clientList.contains(alpha.window) && scene.clientList.contains(beta.window)
        }
        try beta.sync()
        beta.clear()
        try alpha.sync()
        alpha.clear()
        let isChord = { (event: TestClient.Event) in event.type == "KeyPress" && event.keysym == "k" }
        let recognized = { daemon.log.components(separatedBy: "type-here: keys: ctrl+alt+k (").count - 1 }
        var late: [Int] = []
        var repeated = 0
        for round in 1...Self.restartRounds {
            try scene.activate(alpha)
            let before = recognized()
            try scene.swipe(4, on: scene.clientBox(beta.window), dx: -200, dy: 0)
            if (try? waitUntil("swipe \(round) recognized", timeout: 3) { recognized() > before }) == nil {
                repeated += 1
                try scene.activate(alpha)
                try scene.swipe(4, on: scene.clientBox(beta.window), dx: -200, dy: 0)
            }
            if (try? beta.waitForEvents("chord \(round)", count: round, timeout: 3, where: isChord)) == nil {
                late.append(round)
            }
        }
        _ = try? beta.waitForEvents("every chord", count: Self.restartRounds, timeout: 5, where: isChord)
        try alpha.sync()
        return (beta.events.filter(isChord).count, late, alpha.events.filter(isChord).count, repeated)
    }
}

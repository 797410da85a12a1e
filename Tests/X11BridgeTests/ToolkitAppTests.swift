import CX11
import Foundation
import Glibc
import TestSupport
import Testing
@testable import X11Bridge

/// Real GTK 3 and Qt 5 applications from Debian under the daemon: a tap presses their buttons,
/// a drag scrolls their lists, and none of it happens while a gesture bound over them is recognized.
///
/// The buttons are found from the dialog's window: GTK puts the affirmative button at the
/// right end of the bottom row, KDE's dialogs at the left end; both rows sit 24 px above the
/// window's bottom edge with Debian's default themes.
@Suite("Real toolkit applications", .serialized, .xServer([.touchscreen, .keyboard]))
struct ToolkitAppTests {
    static let config = """
        gestures:
          - name: three-up
            swipe: { fingers: 3, direction: up }
            do: { keys: ctrl+alt+u }
        """

    /// An application run in a home of its own, its output collected, reaped at the end.
    final class App: @unchecked Sendable {
        let process = Process()
        let output = Pipe.closingOnExec()
        let home: URL

        init(_ executable: String, _ arguments: [String], display: String) throws {
            let privateHome = try PrivateHome("app")
            home = privateHome.url
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            var environment = privateHome.environment(display: display)
            environment["NO_AT_BRIDGE"] = "1"
            environment["GTK_A11Y"] = "none"
            environment["QT_QPA_PLATFORM"] = "xcb"
            environment["DBUS_SESSION_BUS_ADDRESS"] = "disabled:"
            process.environment = environment
            process.standardOutput = output
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
        }

        /// Waits for the exit; its status, or nil if it still runs after `timeout` seconds.
        func exitStatus(within timeout: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            return process.isRunning ? nil : process.terminationStatus
        }

        var printed: String {
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: home)
        }
    }

    /// The managed client window of `className`, once the window manager lists it.
    func window(_ className: String, _ scene: DesktopScene) throws -> UInt64 {
        var found: UInt64?
        try waitUntil("a \(className) window", timeout: 15) {
            found = scene.clientList.first { id in
                var hint = XClassHint()
                guard XGetClassHint(scene.connection.display, Window(id), &hint) != 0 else { return false }
                defer {
                    if let name = hint.res_name { XFree(name) }
                    if let name = hint.res_class { XFree(name) }
                }
                return hint.res_class.map { String(cString: $0) } == className
            }
            return found != nil
        }
        let id = try #require(found)
        // Drawn and placed: the size stays put for 200 ms (GTK sizes its dialog after mapping it).
        try waitUntil("\(className) settled", timeout: 10) {
            let before = try scene.clientBox(id).description
            usleep(200_000)
            return try scene.clientBox(id).description == before
        }
        return id
    }

    /// Runs `body` on the shared server under openbox with the daemon running `config`; both
    /// are stopped after it, however it ends.
    static func withOpenboxAndDaemon(
        config: String = config, _ body: (XServer, DaemonProcess, DesktopScene) throws -> Void
    ) throws {
        let server = try XServer.shared()
        let desktop = try Desktop.start(.openbox, display: server.display)
        defer { desktop.stop() }
        let scene = try DesktopScene(server: server)
        let daemon = try DaemonProcess.start(display: server.display, config: config)
        defer { daemon.stop() }
        try body(server, daemon, scene)
    }

    @Test func aTapPressesAGTKAndAQtButtonButNotWhileABoundGestureRuns() throws {
        try Self.withOpenboxAndDaemon { server, daemon, scene in
            let zenity = try App("/usr/bin/zenity", ["--question", "--text=Tap Yes"], display: server.display)
            let question = try scene.clientBox(window("Zenity", scene))
            let yes = (x: question.maxX - 50, y: question.y + question.height - 24)
            // Three fingers swipe up from the Yes button: the gesture's, so the dialog answers nothing.
            try scene.swipe(3, on: .init(x: yes.x - 60, y: yes.y - 10, width: 120, height: 20), dx: 0, dy: -150)
            try daemon.waitForLog("three-up: keys: ctrl+alt+u (performed)")
            #expect(zenity.exitStatus(within: 1) == nil, "the bound gesture's touches never reached zenity")
            try scene.tap(at: yes)
            #expect(zenity.exitStatus(within: 10) == 0, "a tap on Yes answers zenity --question")

            let kdialog = try App("/usr/bin/kdialog", ["--yesno", "Tap Yes"], display: server.display)
            let box = try scene.clientBox(window("kdialog", scene))
            try scene.tap(at: (box.x + 51, box.y + box.height - 24))
            #expect(kdialog.exitStatus(within: 10) == 0, "a tap on Yes answers kdialog --yesno (Qt 5)")
        }
    }

    /// Drags the list (or swipes three fingers over it), then picks the second row on screen
    /// and OK; returns the row zenity prints.
    func rowAfter(_ gesture: (DesktopScene, DesktopScene.Box) throws -> Void, _ scene: DesktopScene, display: String)
        throws -> String
    {
        let zenity = try App(
            "/usr/bin/zenity",
            ["--list", "--title=Rows", "--column=Row", "--width=300", "--height=420"]
                + (1...200).map(String.init), display: display)
        let list = try scene.clientBox(window("Zenity", scene))
        try gesture(scene, list)
        // Kinetic scrolling, over once the list stands still; then the tapped row is drawn selected.
        try scene.waitUntilStill(list, for: 0.4)
        let before = scene.pixels(of: list)
        try scene.tap(at: (list.midX, list.y + 95))
        try scene.waitUntilChanged(list, from: before, "the tapped row drawn selected")
        try scene.tap(at: (list.maxX - 50, list.y + list.height - 24))
        #expect(zenity.exitStatus(within: 10) == 0, "OK answers zenity --list")
        return zenity.printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aOneFingerDragScrollsAGTKListButAThreeFingerGestureDoesNot() throws {
        try Self.withOpenboxAndDaemon { server, daemon, scene in
            let dragged = try rowAfter(
                { scene, list in
                    try scene.drag(from: (list.midX, list.y + 330), dx: 0, dy: -220, steps: 20)
                }, scene, display: server.display)
            #expect((Int(dragged) ?? 0) > 2, "the drag scrolled the list: the second row on screen is \(dragged)")

            let swiped = try rowAfter(
                { scene, list in
                    try scene.swipe(
                        3, on: .init(x: list.x, y: list.y + 250, width: list.width, height: 100), dx: 0, dy: -150)
                    try daemon.waitForLog("three-up: keys: ctrl+alt+u (performed)")
                }, scene, display: server.display)
            #expect(swiped == "2", "the bound swipe did not scroll the list")
        }
    }

    /// The config, and a one-finger checkmark on the screen that saves.
    static let configWithACheckmark =
        config + """

              - name: save
                stroke: { shape: checkmark }
                do: { keys: ctrl+s }
            """

    /// Issue 25: with a one-finger checkmark bound on the screen, a one-finger drag up is no
    /// checkmark's beginning, so the list scrolls while the finger is still down; a drawn
    /// checkmark still types its key.
    @Test func aOneFingerDragScrollsAGTKListWhileItMovesWithAOneFingerStrokeBound() throws {
        try Self.withOpenboxAndDaemon(config: Self.configWithACheckmark) { server, daemon, scene in
            var scrolledBeforeLift = false
            let dragged = try rowAfter(
                { scene, list in
                    let before = scene.pixels(of: list)
                    let id = scene.ids(1)[0]
                    let (x, y) = (list.midX, list.y + 330)
                    try scene.touchscreen.touch(id: id, phase: .began, x: x, y: y)
                    for step in 1...25 {
                        usleep(15_000)
                        try scene.touchscreen.touch(id: id, phase: .moved, x: x, y: y - Double(step) * 10)
                    }
                    // The finger is still down, 250 px up.
                    scrolledBeforeLift =
                        (try? scene.waitUntilChanged(
                            list, from: before, "the list scrolled before the lift", timeout: 5))
                        != nil
                    try scene.touchscreen.touch(id: id, phase: .ended, x: x, y: y - 250)
                }, scene, display: server.display)
            #expect(
                scrolledBeforeLift,
                "the list moved while the finger was down; the daemon's log:\n\(daemon.log.suffix(1500))")
            #expect((Int(dragged) ?? 0) > 2, "the drag scrolled the list: the second row on screen is \(dragged)")

            try DaemonStrokeTests.draw([(0, 0.55), (0.35, 1), (1, 0)], id: scene.ids(1)[0], on: scene.touchscreen)
            try daemon.waitForLog("save: keys: ctrl+s (")
        }
    }

    /// Issue 25: with a one-finger checkmark bound on the screen, a short drag straight down
    /// (how many a checkmark begins, and too short to be ruled out) that then stops is held
    /// while it moves, and reaches the list once it has kept still longer than a drawing does
    /// (1 s), with the finger still down.
    @Test func aDragThatStopsReachesAGTKListBeforeItsLiftWithAOneFingerStrokeBound() throws {
        try Self.withOpenboxAndDaemon(config: Self.configWithACheckmark) { server, daemon, scene in
            var heldWhileMoving = false
            var reachedBeforeLift = false
            var stillFor = 0.0
            _ = try rowAfter(
                { scene, list in
                    let before = scene.pixels(of: list)
                    let id = scene.ids(1)[0]
                    let (x, y) = (list.midX, list.y + 100)
                    try scene.touchscreen.touch(id: id, phase: .began, x: x, y: y)
                    for step in 1...6 {
                        usleep(15_000)
                        try scene.touchscreen.touch(id: id, phase: .moved, x: x, y: y + Double(step) * 10)
                    }
                    let stopped = Date()
                    // 60 px down in 90 ms, under the 80 pt from which a path is compared with the
                    // shapes' beginnings: only the stop can let it go before the lift.
                    heldWhileMoving = scene.pixels(of: list) == before
                    reachedBeforeLift =
                        (try? scene.waitUntilChanged(list, from: before, "the list moved before the lift", timeout: 5))
                        != nil
                    stillFor = Date().timeIntervalSince(stopped)
                    try scene.touchscreen.touch(id: id, phase: .ended, x: x, y: y + 60)
                }, scene, display: server.display)
            #expect(heldWhileMoving, "the drag down was held while it moved (a checkmark may begin so)")
            #expect(
                reachedBeforeLift && stillFor >= 0.9,
                "the list moved \(stillFor) s after the finger stopped, before its lift; the daemon's log:\n\(daemon.log.suffix(1500))"
            )
        }
    }
}

import CX11
import Foundation
import GestureEngine
import Testing
@testable import GestureConfig
@testable import GestureRuntime
@testable import X11Bridge

/// Fired actions, as `BindingRuntime` hands them over, performed against real windows under openbox.
@Suite("Performing fired actions", .serialized, .xServer([.keyboard]))
struct ActionPerformerTests {
    let server: XServer
    let connection: X11Connection
    let performer: ActionPerformer

    init() throws {
        server = try XServer.shared()
        connection = try X11Connection.toTestServer(server.display)
        performer = try ActionPerformer(connection: connection)
    }

    static func fired(
        _ action: Action, at location: Point = Point(x: 300, y: 200), window: UInt64? = nil,
        title: String = "Test client"
    ) -> FiredAction {
        let context = ActionContext(
            gesture: "three-finger-swipe", kind: .swipe, state: .ended, fingers: 3, location: location,
            measurement: .swipe(direction: .left),
            window: window.map { WindowInfo(id: $0, windowClass: "TestClient", instance: "testclient", title: title) })
        return FiredAction(time: 1, gesture: context.gesture, action: action, context: context)
    }

    @Test func keysGoToTheFocusedWindow() throws {
        let client = try TestClient.launch(display: server.display, frame: (0, 0, 800, 600), flags: [.focus])
        defer { client.kill() }
        try client.waitForEvent("FocusIn") { $0.type == "FocusIn" }
        let outcome = try performer.perform(Self.fired(.keys(KeySequence(parsing: "ctrl+alt+Left"))))
        #expect(outcome == .performed)
        let press = try client.waitForEvent("KeyPress Left") { $0.type == "KeyPress" && $0.keysym == "Left" }
        #expect(press.state == UInt32(4 | 8), "Control and Mod1")
        try client.waitForEvents("three releases", count: 3) { $0.type == "KeyRelease" }
        #expect(performer.keys.heldKeycodes.isEmpty)
    }

    @Test func clicksAndScrollsLandAtTheGestureLocation() throws {
        let client = try TestClient.launch(display: server.display)
        defer { client.kill() }
        try performer.perform(Self.fired(.click(.right, count: 1), at: Point(x: 640, y: 480)))
        let click = try client.waitForEvent("ButtonPress 3") { $0.type == "ButtonPress" }
        #expect(click.button == 3 && click.root_x == 640 && click.root_y == 480)
        try performer.perform(Self.fired(.scroll(.down, amount: 2), at: Point(x: 20, y: 30)))
        let wheel = try client.waitForEvents("two wheel steps", count: 2) { $0.type == "ButtonPress" && $0.button == 5 }
        #expect(wheel.allSatisfy { $0.root_x == 20 && $0.root_y == 30 })
    }

    @Test func windowActionsActOnTheContextWindowAndDesktopActionsOnTheDesktop() throws {
        let manager = try WindowManager.start(display: server.display)
        defer { manager.stop() }
        let windows = performer.windows
        let target = try TestClient.launch(display: server.display, instance: "target")
        let bystander = try TestClient.launch(display: server.display, instance: "bystander")
        defer {
            target.kill()
            bystander.kill()
        }
        try waitUntil("openbox manages both") {
            [target.window, bystander.window].allSatisfy { windows.desktop(of: WindowID(rawValue: $0)) != nil }
        }
        #expect(try performer.perform(Self.fired(.window(.minimize), window: target.window)) == .performed)
        try target.waitForEvent("UnmapNotify") { $0.type == "UnmapNotify" }
        #expect(try performer.perform(Self.fired(.window(.close), window: target.window)) == .performed)
        try target.waitForEvent("WM_DELETE_WINDOW") { $0.type == "DeleteWindow" }
        try bystander.sync()
        #expect(!bystander.events.contains { $0.type == "UnmapNotify" || $0.type == "DeleteWindow" })

        #expect(try performer.perform(Self.fired(.window(.close))) == .skipped("no window under the gesture"))
        let start = try #require(windows.currentDesktop)
        #expect(try performer.perform(Self.fired(.desktop(.switchTo(.next)))) == .performed)
        try waitUntil("the next desktop") { windows.currentDesktop == start + 1 }
        try windows.switchDesktop(to: .number(start + 1))
        try waitUntil("back") { windows.currentDesktop == start }
    }

    @Test func aCommandRunsWithTheGestureAndWindowInItsEnvironment() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gesturebridge-env-\(UUID().uuidString.prefix(8))"
        ).path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let line =
            "printf '%s|%s|%s|%s' \"$GESTURE_NAME\" \"$GESTURE_FINGERS\" \"$WINDOW_ID\" \"$WINDOW_TITLE\" > \(output)"
        let outcome = try performer.perform(Self.fired(.command(line), window: 77, title: "it's \"$(reboot)\""))
        guard case .spawned(let pid) = outcome else {
            Issue.record("expected a spawned process, got \(outcome)")
            return
        }
        try waitUntil("the command exits") { performer.commands.reapChildren().contains { $0.pid == pid } }
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "three-finger-swipe|3|77|it's \"$(reboot)\"")
    }

    @Test func aKeyboardMapChangeReadOnItsOwnConnectionMakesTheInjectorReadTheMapAgain() throws {
        _ = try performer.keys.layout()
        let other = try X11Connection.toTestServer(server.display)
        var row = try performer.keys.coreRow(8)
        XChangeKeyboardMapping(other.display, 8, Int32(row.count), &row, 1)
        XSync(other.display, 0)
        XSync(connection.display, 0)
        #expect(performer.keys.cachedLayout != nil, "nothing read yet")
        performer.processPendingEvents()
        #expect(performer.keys.cachedLayout == nil, "the map change was seen")
    }
}

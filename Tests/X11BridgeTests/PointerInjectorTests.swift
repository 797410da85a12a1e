import GestureConfig
import GestureEngine
import Testing
@testable import X11Bridge

/// Clicks and wheel steps reach the real client window under the given position.
@Suite("Clicking and scrolling into a real client", .serialized, .xServer([.keyboard]))
struct PointerInjectorTests {
    let server: XServer
    let pointer: PointerInjector

    init() throws {
        server = try XServer.shared()
        pointer = try PointerInjector(connection: X11Connection.toTestServer(server.display))
    }

    @Test(arguments: [(MouseButton.right, 1, 3), (.left, 2, 1), (.middle, 1, 2), (.back, 1, 8), (.forward, 3, 9)])
    func aClickReachesTheClientAtThoseCoordinates(_ button: MouseButton, _ count: Int, _ number: Int) throws {
        let client = try TestClient.launch(display: server.display, frame: (100, 50, 800, 600))
        defer { client.kill() }
        try pointer.click(button, count: count, at: Point(x: 412.4, y: 300.6))
        let presses = try client.waitForEvents("\(count) ButtonPress", count: count) { $0.type == "ButtonPress" }
        for press in presses {
            #expect(press.button == number)
            #expect(press.root_x == 412 && press.root_y == 301, "whole pixels, rounded")
            #expect(press.event_x == 312 && press.event_y == 251, "in the window's own coordinates")
        }
        try client.sync()
        #expect(client.events(ofType: "ButtonRelease").count == count, "every press is released")
        #expect(client.events(ofType: "ButtonPress").count == count)
    }

    @Test(arguments: [(ScrollDirection.down, 5), (.up, 4), (.left, 6), (.right, 7)])
    func aScrollIsSoManyWheelButtonClicks(_ direction: ScrollDirection, _ number: Int) throws {
        let client = try TestClient.launch(display: server.display)
        defer { client.kill() }
        try pointer.scroll(direction, amount: 3, at: Point(x: 10, y: 1070))
        let presses = try client.waitForEvents("3 ButtonPress", count: 3) { $0.type == "ButtonPress" }
        #expect(presses.allSatisfy { $0.button == number && $0.root_x == 10 && $0.root_y == 1070 })
        try client.sync()
        #expect(client.events(ofType: "ButtonPress").count == 3)
        #expect(client.events(ofType: "ButtonRelease").count == 3)
    }

    @Test func aClickLandsOnTheWindowUnderThePositionNotTheFocusedOne() throws {
        let left = try TestClient.launch(
            display: server.display, instance: "left", frame: (0, 0, 960, 1080), flags: [.focus])
        let right = try TestClient.launch(display: server.display, instance: "right", frame: (960, 0, 960, 1080))
        defer {
            left.kill()
            right.kill()
        }
        try pointer.click(.left, at: Point(x: 1500, y: 500))
        let press = try right.waitForEvent("ButtonPress on the right") { $0.type == "ButtonPress" }
        #expect(press.event_x == 540 && press.event_y == 500)
        try left.sync()
        #expect(left.events(ofType: "ButtonPress").isEmpty)
    }
}

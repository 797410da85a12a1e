import Foundation
import Testing

/// The harness itself: what the inputtest sockets inject reaches a real client as real X events.
@Suite("The test harness drives a real Xorg", .serialized, .xServer())
struct TestHarnessTests {
    /// The test process keeps one XInput 2 display open from its first server on, so that
    /// libXi's and libXext's process-wide display lists never empty while another thread
    /// opens a display (`GenericEventAnchor`: that race crashed a whole run in libXext).
    @Test func theProcessHoldsAnXInputDisplayOpenOnceAServerRuns() throws {
        _ = try XServer.shared()
        #expect(GenericEventAnchor.isHeld)
    }

    @Test(arguments: [(500.0, 400.0), (100.0, 200.0), (899.0, 799.0), (250.5, 333.25)])
    func aTouchReachesTheClientWindowAsXITouchEventsAtItsCoordinates(x: Double, y: Double) throws {
        let server = try XServer.shared()
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        let client = try TestClient.launch(display: server.display, frame: (100, 200, 800, 600))
        defer { client.kill() }

        try touchscreen.touch(id: 1, phase: .began, x: x, y: y)
        try touchscreen.touch(id: 1, phase: .moved, x: x + 20, y: y + 10)
        try touchscreen.touch(id: 1, phase: .ended, x: x + 20, y: y + 10)

        let events = try client.waitForEvents("a whole touch", count: 3) { $0.type.hasPrefix("Touch") }
        #expect(events.map(\.type) == ["TouchBegin", "TouchUpdate", "TouchEnd"])
        #expect(Set(events.map(\.detail)).count == 1, "one touch id for the whole sequence")
        let begin = events[0], update = events[1]
        #expect(abs((begin.root_x ?? -1) - x) < 0.5 && abs((begin.root_y ?? -1) - y) < 0.5, "\(begin)")
        #expect(abs((begin.event_x ?? -1) - (x - 100)) < 0.5 && abs((begin.event_y ?? -1) - (y - 200)) < 0.5)
        #expect(abs((update.root_x ?? -1) - (x + 20)) < 0.5 && abs((update.root_y ?? -1) - (y + 10)) < 0.5)
    }

    /// Keycodes as the server's default US keymap defines them (the inputtest keyboard uses the xkb defaults).
    @Test(arguments: [(38, "a"), (65, "space"), (36, "Return"), (50, "Shift_L"), (37, "Control_L")])
    func aKeyReachesTheFocusedClientWithItsKeysym(code: Int32, keysym: String) throws {
        let server = try XServer.shared()
        let keyboard = try InputTestDevice.connection(to: server, .keyboard)
        let client = try TestClient.launch(display: server.display, frame: (0, 0, 400, 300), flags: [.focus])
        defer { client.kill() }
        try client.waitForEvent("focus") { $0.type == "FocusIn" }

        try keyboard.key(code: code, isPress: true)
        try keyboard.key(code: code, isPress: false)

        let keys = try client.waitForEvents("press and release", count: 2) { $0.type.hasPrefix("Key") }
        #expect(keys.map(\.type) == ["KeyPress", "KeyRelease"])
        #expect(keys.map(\.keysym) == [keysym, keysym])
        #expect(keys.map(\.keycode) == [Int(code), Int(code)])
    }

    @Test func aTouchpadPinchArrivesAsXI24PinchEvents() throws {
        let server = try XServer.shared()
        let touchpad = try InputTestDevice.connection(to: server, .touchpad)
        let client = try TestClient.launch(display: server.display, flags: [.rootGestures])
        defer { client.kill() }

        try touchpad.pinch(.began, fingers: 2, scale: 1)
        try touchpad.pinch(.updated, fingers: 2, dx: 3, dy: -2, scale: 1.5, angleDelta: 10)
        try touchpad.pinch(.ended, fingers: 2, scale: 1.5)

        let pinch = try client.waitForEvents("a pinch", count: 3) { $0.type.hasPrefix("GesturePinch") }
        #expect(pinch.map(\.type) == ["GesturePinchBegin", "GesturePinchUpdate", "GesturePinchEnd"])
        #expect(pinch.allSatisfy { $0.detail == 2 }, "two fingers")
        #expect(pinch[1].scale == 1.5 && pinch[1].delta_angle == 10)
        #expect(pinch[1].delta_x == 3 && pinch[1].delta_y == -2)
    }

    @Test(arguments: [3, 4] as [UInt16])
    func aTouchpadSwipeArrivesAsXI24SwipeEvents(fingers: UInt16) throws {
        let server = try XServer.shared()
        let touchpad = try InputTestDevice.connection(to: server, .touchpad)
        let client = try TestClient.launch(display: server.display, flags: [.rootGestures])
        defer { client.kill() }

        try touchpad.swipe(.began, fingers: fingers)
        try touchpad.swipe(.updated, fingers: fingers, dx: 12, dy: 0)
        try touchpad.swipe(.updated, fingers: fingers, dx: 8, dy: 1)
        try touchpad.swipe(.ended, fingers: fingers)

        let swipe = try client.waitForEvents("a swipe", count: 4) { $0.type.hasPrefix("GestureSwipe") }
        #expect(
            swipe.map(\.type) == ["GestureSwipeBegin", "GestureSwipeUpdate", "GestureSwipeUpdate", "GestureSwipeEnd"])
        #expect(swipe.allSatisfy { $0.detail == Int(fingers) })
        #expect(swipe[1].delta_x == 12 && swipe[2].delta_x == 8 && swipe[2].delta_y == 1)
    }

    @Test func syncIsABarrierSoAnAbsentEventCanBeAsserted() throws {
        let server = try XServer.shared()
        let keyboard = try InputTestDevice.connection(to: server, .keyboard)
        let client = try TestClient.launch(display: server.display, frame: (0, 0, 400, 300), flags: [.focus])
        defer { client.kill() }
        try client.sync()
        #expect(client.events(ofType: "KeyPress").isEmpty)

        try keyboard.key(code: 38, isPress: true)
        try keyboard.key(code: 38, isPress: false)
        try client.sync()
        // No wait: the barrier alone must have brought the events in.
        #expect(client.events(ofType: "KeyPress").count == 1)
        #expect(client.events(ofType: "KeyRelease").count == 1)
    }
}

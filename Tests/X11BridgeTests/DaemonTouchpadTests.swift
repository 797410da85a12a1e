import Foundation
import Glibc
import Testing
@testable import X11Bridge

/// Touchpad gestures in the real daemon: XI 2.4 events from the inputtest PointerGesture device fire bindings.
@Suite(.serialized, .xServer([.touchscreen, .touchpad, .keyboard]))
struct DaemonTouchpadTests {
    /// Moves the pointer through XTest: touchpad gestures act on the window under it.
    static func movePointer(to x: Double, _ y: Double, display: String) throws {
        try PointerInjector(connection: try X11Connection.toTestServer(display)).move(to: .init(x: x, y: y))
    }

    /// A three-finger touchpad swipe: begin, six updates of `dx` pixels, end.
    static func padSwipe(_ touchpad: InputTestDevice, fingers: UInt16 = 3, dx: Double = -20) throws {
        try touchpad.swipe(.began, fingers: fingers)
        for _ in 0..<6 { try touchpad.swipe(.updated, fingers: fingers, dx: dx, dy: 1) }
        try touchpad.swipe(.ended, fingers: fingers)
    }

    /// Three fingers on the touchscreen swipe 150 px left, starting at `x`.
    static func screenSwipe(_ touchscreen: InputTestDevice, at x: Double, firstID: UInt32) throws {
        try DaemonPerAppTests.swipe(touchscreen, at: x, firstID: firstID)
    }

    @Test func aThreeFingerPadSwipeTypesTheBoundKeysIntoTheClient() throws {
        let server = try XServer.shared()
        let client = try TestClient.launch(display: server.display, instance: "alpha", className: "Alpha")
        defer { client.kill() }
        let daemon = try DaemonProcess.start(
            display: server.display,
            config: """
                gestures:
                  - name: next-desktop
                    swipe: { fingers: 3, direction: left }
                    do: { keys: ctrl+alt+Right }
                """)
        defer { daemon.stop() }
        try Self.movePointer(to: 960, 540, display: server.display)
        let touchpad = try InputTestDevice.connection(to: server, .touchpad)

        try Self.padSwipe(touchpad)
        let press = try client.waitForEvent("KeyPress Right") { $0.type == "KeyPress" && $0.keysym == "Right" }
        #expect((press.state ?? 0) & 0xFF == UInt32(4 | 8), "ctrl+alt held")
        try daemon.waitForLog("next-desktop: keys")
        #expect(!daemon.log.contains("gesturebridge: bug:"), "no touch decision was sent for the touchpad's touches")
    }

    @Test func aPadPinchFiresTheZoomBinding() throws {
        let server = try XServer.shared()
        let client = try TestClient.launch(display: server.display, instance: "navigator", className: "Firefox")
        defer { client.kill() }
        let daemon = try DaemonProcess.start(
            display: server.display,
            config: """
                apps:
                  firefox:
                    gestures:
                      - name: browser-zoom
                        pinch: { fingers: 2 }
                        steps: { every: 0.15, out: { keys: ctrl+plus }, in: { keys: ctrl+minus } }
                """)
        defer { daemon.stop() }
        try Self.movePointer(to: 960, 540, display: server.display)
        let touchpad = try InputTestDevice.connection(to: server, .touchpad)

        try touchpad.pinch(.began, fingers: 2, scale: 1)
        for step in 1...8 { try touchpad.pinch(.updated, fingers: 2, scale: 1 + 0.05 * Double(step)) }
        try touchpad.pinch(.ended, fingers: 2, scale: 1.4)
        // The server's keymap has plus on shift+equal: XTest types ctrl+shift+equal.
        let presses = try client.waitForEvents("two ctrl+plus", count: 2) {
            $0.type == "KeyPress" && $0.lookup == "plus"
        }
        #expect(presses.allSatisfy { ($0.state ?? 0) & 4 != 0 }, "with ctrl")
        try client.sync()
        #expect(!client.events.contains { $0.lookup == "minus" })
    }

    @Test func theWindowUnderThePointerChoosesThePerAppBinding() throws {
        let server = try XServer.shared()
        let alpha = try TestClient.launch(
            display: server.display, instance: "alpha", className: "Alpha",
            frame: (0, 0, 960, 1080))
        defer { alpha.kill() }
        let beta = try TestClient.launch(
            display: server.display, instance: "beta", className: "Beta",
            frame: (960, 0, 960, 1080))
        defer { beta.kill() }
        let daemon = try DaemonProcess.start(
            display: server.display,
            config: """
                apps:
                  alpha:
                    gestures:
                      - { name: alpha-swipe, swipe: { fingers: 3, direction: left }, do: { keys: ctrl+alt+a } }
                  beta:
                    gestures:
                      - { name: beta-swipe, swipe: { fingers: 3, direction: left }, do: { keys: ctrl+alt+b } }
                """)
        defer { daemon.stop() }
        let touchpad = try InputTestDevice.connection(to: server, .touchpad)

        for (pointerX, client, other, key) in [(1400.0, beta, alpha, "b"), (400.0, alpha, beta, "a")] {
            alpha.clear()
            beta.clear()
            try Self.movePointer(to: pointerX, 500, display: server.display)
            try Self.padSwipe(touchpad)
            try client.waitForEvent("KeyPress \(key)") { $0.type == "KeyPress" && $0.keysym == key }
            try other.sync()
            #expect(!other.events.contains { $0.type == "KeyPress" }, "only the window under the pointer")
        }
    }

    @Test func deviceKeepsTouchscreenAndTouchpadBindingsApart() throws {
        let server = try XServer.shared()
        let client = try TestClient.launch(
            display: server.display, instance: "alpha", className: "Alpha",
            flags: [.selectTouch])
        defer { client.kill() }
        let daemon = try DaemonProcess.start(
            display: server.display,
            config: """
                gestures:
                  - name: pad-swipe
                    swipe: { fingers: 3, direction: left }
                    device: touchpad
                    do: { keys: ctrl+alt+p }
                  - name: screen-swipe
                    swipe: { fingers: 3, direction: left }
                    device: touchscreen
                    do: { keys: ctrl+alt+s }
                """)
        defer { daemon.stop() }
        try Self.movePointer(to: 960, 540, display: server.display)
        let touchpad = try InputTestDevice.connection(to: server, .touchpad)
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)

        try Self.padSwipe(touchpad)
        try client.waitForEvent("KeyPress p") { $0.type == "KeyPress" && $0.keysym == "p" }
        try Self.screenSwipe(touchscreen, at: 1200, firstID: 1)
        try client.waitForEvent("KeyPress s") { $0.type == "KeyPress" && $0.keysym == "s" }
        try client.waitForEvents("six releases", count: 6) { $0.type == "KeyRelease" }
        try client.sync()
        #expect(
            client.events.filter { $0.type == "KeyPress" && $0.keysym == "p" }.count == 1,
            "the touchscreen swipe did not fire the touchpad binding")
        #expect(
            client.events.filter { $0.type == "KeyPress" && $0.keysym == "s" }.count == 1,
            "the touchpad swipe did not fire the touchscreen binding")
    }
}

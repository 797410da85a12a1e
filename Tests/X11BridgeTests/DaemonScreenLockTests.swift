import Foundation
import Glibc
import Testing

/// A locked screen on a real Xorg: while another client holds the keyboard (as every X screen
/// locker does), touches pass through to it and no action runs.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonScreenLockTests {
    static let config = """
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { keys: ctrl+alt+Left }
        """

    /// A three-finger pan whose action waits for the lift.
    static let dragConfig = """
        gestures:
          - name: drag-and-drop
            pan: { fingers: 3 }
            on: end
            do: { keys: ctrl+alt+Right }
        """

    /// The client that plays the locker (it selects touches on its window, under the swipe),
    /// the real daemon, and the touchscreen; `body` runs with all three, which are then stopped.
    static func withLocker(config: String = config, _ body: (TestClient, DaemonProcess, InputTestDevice) throws -> Void)
        throws
    {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: config)
        defer { daemon.stop() }
        try body(client, daemon, try InputTestDevice.connection(to: server, .touchscreen))
    }

    @Test func whileAnotherClientHoldsTheKeyboardTouchesPassThroughAndNothingFires() throws {
        try Self.withLocker { client, daemon, touchscreen in
            try client.grabKeyboard()
            try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: 1)
            try touchscreen.sync()
            let ends = try client.waitForEvents("the three touches, passed through whole", count: 3) {
                $0.type == "TouchEnd"
            }
            #expect(ends.count == 3)
            try client.sync()
            #expect(client.events(ofType: "TouchBegin").count == 3)
            #expect(client.events(ofType: "KeyPress").isEmpty, "no key reached the locker")
            try daemon.waitForLog("another client holds the keyboard")

            // Unlocked: the same swipe is a gesture again, and its touches stay with the daemon.
            try client.ungrabKeyboard()
            client.clear()
            try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: 10)
            try client.waitForEvent("KeyPress Left") { $0.type == "KeyPress" && $0.keysym == "Left" }
            try client.sync()
            #expect(client.events(ofType: "TouchBegin").isEmpty)
        }
    }

    @Test func aLockThatComesUpMidGestureStopsItsAction() throws {
        try Self.withLocker(config: Self.dragConfig) { client, daemon, touchscreen in
            // Three fingers drag down: a pan whose action waits for the lift.
            let ids: [UInt32] = [1, 2, 3]
            let x = [1200.0, 1300.0, 1400.0]
            var y = 300.0
            try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .began, x: x[$0], y: y) })
            for _ in 0..<6 {
                y += 30
                try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .moved, x: x[$0], y: y) })
            }
            try daemon.waitForLog("[drag-and-drop")
            try daemon.waitForLog("→ began")
            // The locker comes up while the fingers are still down.
            try client.grabKeyboard()
            try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .ended, x: x[$0], y: y) })
            try touchscreen.sync()
            try daemon.waitForLog(
                "drag-and-drop: keys: ctrl+alt+Right not run: the keyboard is grabbed by another client")
            try client.sync()
            #expect(client.events(ofType: "KeyPress").isEmpty)
            try client.ungrabKeyboard()
        }
    }
}

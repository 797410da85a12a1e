import CX11
import Foundation
import Testing
@testable import X11Bridge

/// The daemon's indicator on a real server, seen in the screen's pixels: it appears at the
/// fingers when the swipe is recognized, in the committed tone, with its text, and goes away
/// after the gesture.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonFeedbackTests {
    static let config = """
        settings:
          feedback: on
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { keys: ctrl+alt+Left }
        """

    /// One row of the root window's pixels, as (red, green, blue).
    static func row(_ connection: X11Connection, y: Int, from x: Int, width: Int) throws -> [(Int, Int, Int)] {
        let image = try #require(
            XGetImage(
                connection.display, Window(connection.root.rawValue), Int32(x), Int32(y), UInt32(width), 1,
                UInt(UInt32.max), ZPixmap))
        defer { _ = cx11_XDestroyImage(image) }
        return (0..<width).map {
            let value = Int(cx11_XGetPixel(image, Int32($0), 0))
            return ((value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff)
        }
    }

    @Test func aRecognizedSwipeShowsItsIndicatorAtTheFingersThenHidesIt() throws {
        let server = try XServer.shared()
        let connection = try X11Connection.toTestServer(server.display)
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config)
        defer { daemon.stop() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        // The label's middle row: FeedbackOverlay.lift above the fingers (y 502).
        let y = 502 - Int(FeedbackOverlay.lift)
        let before = try Self.row(connection, y: y, from: 600, width: 900)
        let fill = FeedbackOverlay.fill(.committed)
        let committed = (Int(fill.0 * 255), Int(fill.1 * 255), Int(fill.2 * 255))
        func isFill(_ pixel: (Int, Int, Int)) -> Bool {
            abs(pixel.0 - committed.0) <= 3 && abs(pixel.1 - committed.1) <= 3 && abs(pixel.2 - committed.2) <= 3
        }

        try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: 100)
        _ = try client.waitForEvent("KeyPress Left") { $0.type == "KeyPress" && $0.keysym == "Left" }
        let pressed = Date()
        var labelled: [(Int, Int, Int)] = []
        try waitUntil("the indicator drawn", timeout: 2) {
            labelled = try Self.row(connection, y: y, from: 600, width: 900)
            return labelled.contains(where: isFill)
        }
        print("indicator on screen \(Int(Date().timeIntervalSince(pressed) * 1000)) ms after the client's KeyPress")
        let span = labelled.indices.filter { isFill(labelled[$0]) }
        let centre = 600 + (span.first! + span.last!) / 2
        // The fingers were at x 1200-1400 and moved left while the swipe was recognized.
        #expect((1000...1350).contains(centre), "centred over the fingers: \(centre)")
        #expect(
            labelled[span.first!...span.last!].contains { $0.0 > 200 && $0.1 > 200 && $0.2 > 200 },
            "white text on the label")
        // A tap on the label while it lingers is not the label's: no gesture wants one finger,
        // so the touch reaches the client below, whole.
        try touchscreen.touch(id: 200, phase: .began, x: Double(centre), y: Double(y))
        #expect(
            try Self.row(connection, y: y, from: 600, width: 900).contains(where: isFill),
            "the label was still on screen when the finger landed")
        try touchscreen.touch(id: 200, phase: .ended, x: Double(centre), y: Double(y))
        let begin = try client.waitForEvent("TouchBegin under the label") { $0.type == "TouchBegin" }
        #expect(begin.root_x == Double(centre) && begin.root_y == Double(y))
        try waitUntil("the indicator gone after the gesture", timeout: 3) {
            try Self.row(connection, y: y, from: 600, width: 900).elementsEqual(before) { $0 == $1 }
        }
    }
}

import Foundation
import Testing

/// A stroke on the real server: a checkmark drawn by one finger types its key; a V does not.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonStrokeTests {
    static let config = """
        gestures:
          - name: save
            stroke: { shape: checkmark }
            do: { keys: ctrl+s }
        """

    /// One finger along `corners` (a unit box, y down) 240 px across, a frame every 8 px.
    static func draw(_ corners: [(Double, Double)], id: UInt32, on touchscreen: InputTestDevice) throws {
        let (left, top, size) = (700.0, 300.0, 240.0)
        var points: [(Double, Double)] = []
        for index in 1..<corners.count {
            let (a, b) = (corners[index - 1], corners[index])
            let length = ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot() * size
            let steps = max(1, Int(length / 8))
            for step in 0..<steps {
                let t = Double(step) / Double(steps)
                points.append((left + (a.0 + (b.0 - a.0) * t) * size, top + (a.1 + (b.1 - a.1) * t) * size))
            }
        }
        let last = corners[corners.count - 1]
        points.append((left + last.0 * size, top + last.1 * size))
        try touchscreen.touch(id: id, phase: .began, x: points[0].0, y: points[0].1)
        for point in points.dropFirst() { try touchscreen.touch(id: id, phase: .moved, x: point.0, y: point.1) }
        try touchscreen.touch(id: id, phase: .ended, x: points[points.count - 1].0, y: points[points.count - 1].1)
    }

    @Test func aCheckmarkDrawnByTouchTypesItsKey() throws {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config)
        defer { daemon.stop() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)

        // A V first: not a checkmark, so its touch reaches the client and no key is typed.
        try Self.draw([(0, 0), (0.5, 1), (1, 0)], id: 900, on: touchscreen)
        _ = try client.waitForEvent("the V's TouchEnd at the client") { $0.type == "TouchEnd" }
        try Self.draw([(0, 0.55), (0.35, 1), (1, 0)], id: 901, on: touchscreen)
        let press = try client.waitForEvent("KeyPress s") { $0.type == "KeyPress" && $0.keysym == "s" }
        #expect((press.state ?? 0) & 4 == 4, "Control held with s")
        try client.sync()
        #expect(client.events(ofType: "KeyPress").filter { $0.keysym == "s" }.count == 1, "only the checkmark typed")
        #expect(daemon.log.contains("save"), "\(daemon.log.suffix(500))")
    }
}

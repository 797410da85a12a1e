import Foundation
import GestureEngine
import Testing
@testable import X11Bridge

/// Touchpad gestures on a real Xorg: the capture selects XI 2.4 gesture events on the root and reports them as values.
@Suite("Capturing touchpad gestures on a real Xorg", .serialized, .xServer([.touchscreen, .touchpad]))
struct GestureCaptureTests {
    /// A capture on its own connection with the touchpad; events are read after a round trip.
    struct Pad {
        let connection: X11Connection
        let capture: TouchCapture
        let touchpad: InputTestDevice

        init(filter: DeviceFilter = .all) throws {
            let server = try XServer.shared()
            touchpad = try InputTestDevice.connection(to: server, .touchpad)
            connection = try X11Connection.toTestServer(server.display)
            capture = TouchCapture(connection: connection, filter: filter)
        }

        func gestures() -> [CapturedGesture] {
            #expect(connection.sync().isEmpty, "no X errors")
            var events: [CaptureEvent] = []
            capture.nextEvents(into: &events)
            return events.compactMap { if case .gesture(let gesture) = $0 { gesture } else { nil } }
        }
    }

    @Test(arguments: [3, 4])
    func aSwipeArrivesWithItsFingersDeltasAndThePointer(fingers: Int) throws {
        let pad = try Pad()
        defer { pad.capture.releaseAll() }
        #expect(pad.capture.gesturesUnavailableReason == nil)
        try pad.touchpad.swipe(.began, fingers: UInt16(fingers))
        try pad.touchpad.swipe(.updated, fingers: UInt16(fingers), dx: 12, dy: -3.5)
        try pad.touchpad.swipe(.updated, fingers: UInt16(fingers), dx: 20, dy: 0)
        try pad.touchpad.swipe(.ended, fingers: UInt16(fingers))
        let gestures = pad.gestures()
        #expect(gestures.map(\.event.phase) == [.began, .updated, .updated, .ended])
        #expect(gestures.allSatisfy { $0.event.kind == .swipe && $0.event.fingers == fingers })
        #expect(gestures.map(\.event.dx) == [0, 12, 20, 0])
        #expect(gestures.map(\.event.dy) == [0, -3.5, 0, 0])
        let touchpad = try #require(pad.capture.devices.touchpads.first)
        #expect(gestures.allSatisfy { $0.device == touchpad.id })
        // A gesture does not move the pointer: every event reports where it rests.
        #expect(Set(gestures.map(\.event.pointer)).count == 1)
    }

    @Test func aPinchArrivesWithItsScaleAndAngle() throws {
        let pad = try Pad()
        defer { pad.capture.releaseAll() }
        try pad.touchpad.pinch(.began, fingers: 2, scale: 1)
        try pad.touchpad.pinch(.updated, fingers: 2, dx: 3, dy: -2, scale: 1.25, angleDelta: 4.5)
        try pad.touchpad.pinch(.ended, fingers: 2, scale: 1.25)
        let gestures = pad.gestures()
        #expect(gestures.map(\.event.phase) == [.began, .updated, .ended])
        #expect(gestures.allSatisfy { $0.event.kind == .pinch && $0.event.fingers == 2 })
        #expect(gestures[1].event.scale == 1.25 && gestures[1].event.angle == 4.5)
        #expect(gestures[1].event.dx == 3 && gestures[1].event.dy == -2)
    }

    @Test func gesturesFromAnExcludedTouchpadAreNotReported() throws {
        let pad = try Pad(filter: DeviceFilter(exclude: ["touchpad"]))
        defer { pad.capture.releaseAll() }
        try pad.touchpad.swipe(.began, fingers: 3)
        try pad.touchpad.swipe(.updated, fingers: 3, dx: 12)
        try pad.touchpad.swipe(.ended, fingers: 3)
        #expect(pad.gestures().isEmpty)
        #expect(pad.capture.devices.touchpads.isEmpty)
    }
}

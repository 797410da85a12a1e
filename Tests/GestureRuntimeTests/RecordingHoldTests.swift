import GestureEngine
import Testing

@testable import GestureRuntime

@Suite struct RecordingHoldTests {
    @Test func whileARecorderListensANewTouchIsHeldToItsEndAndThenTaken() {
        var hold = RecordingHold()
        #expect(hold.route(TouchID(1), .began, recording: true) == .held)
        #expect(hold.route(TouchID(1), .moved, recording: true) == .held)
        #expect(hold.isHolding)
        #expect(hold.route(TouchID(1), .ended, recording: true) == .accept)
        #expect(!hold.isHolding)
        // The same id again, with no recorder: the session's.
        #expect(hold.route(TouchID(1), .began, recording: false) == .session)
    }

    @Test func aTouchFromBeforeTheRecorderStaysWithTheSessionAndAHeldOneStaysHeld() {
        var hold = RecordingHold()
        #expect(hold.route(TouchID(1), .began, recording: false) == .session)
        #expect(hold.route(TouchID(1), .moved, recording: true) == .session, "landed before the recorder came")
        #expect(hold.route(TouchID(2), .began, recording: true) == .held)
        // The recorder leaves mid-drawing: the touch is still held, and taken at its end.
        #expect(hold.route(TouchID(2), .moved, recording: false) == .held)
        #expect(hold.route(TouchID(2), .cancelled, recording: false) == .accept)
        #expect(hold.route(TouchID(1), .ended, recording: false) == .session)
    }
}

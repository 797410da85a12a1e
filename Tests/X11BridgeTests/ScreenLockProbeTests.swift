import Testing
@testable import X11Bridge

/// The locker probe on a real Xorg, asked alone and together with the focus (one round trip
/// through XCB on Xlib's connection).
@Suite(.serialized, .xServer([.keyboard]))
struct ScreenLockProbeTests {
    @Test func askedTogetherTheFocusAndTheHolderAreWhatTheSeparateQuestionsAnswer() throws {
        let server = try XServer.shared()
        let connection = try X11Connection.toTestServer(server.display)
        let probe = ScreenLockProbe(connection: connection)
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }

        let free = probe.focusAndKeyboardHolder()
        #expect(free.holder == .nobody && probe.keyboardHolder() == .nobody)
        #expect(free.focus != .none && free.focus == connection.inputFocus())

        try client.grabKeyboard()
        let held = probe.focusAndKeyboardHolder()
        #expect(held.holder == .anotherClient && probe.keyboardHolder() == .anotherClient)
        #expect(held.focus == connection.inputFocus())

        try client.ungrabKeyboard()
        #expect(probe.focusAndKeyboardHolder().holder == .nobody)
        // Xlib's own requests and replies still line up after the XCB ones.
        #expect(connection.inputFocus() == free.focus)
    }
}

import GestureSettings
import Testing

/// Reading what `try --bind` and `pick` print.
@Suite struct ToolOutputTests {
    @Test func aPerformedGestureIsReadFromItsBindingLine() {
        #expect(
            ToolOutput.performed(line: "  - swipe: { fingers: 3, direction: left }")
                == .init(kind: .swipe, fingers: 3, direction: "left"))
        #expect(ToolOutput.performed(line: "  - long-press: { fingers: 2 }") == .init(kind: .longPress, fingers: 2))
        #expect(ToolOutput.performed(line: "  # a 3-finger swipe left; paste under gestures:") == nil)
        #expect(ToolOutput.performed(line: "    do: { command: \"notify-send 'x'\" }") == nil)
        #expect(ToolOutput.performed(line: "  - stroke: { shape: v }") == nil, "not a kind the form offers")
    }

    @Test func thePickedAppIsTheEntrysKey() {
        let printed = """
            # class "Firefox", instance "Navigator", title "a \\"quoted\\" title"
            # window 1234: 800x600 at (10, 20)
            # paste under the apps: line of your config (or let 'gesturebridge pick --add' do it);
            # the name matches the class or the instance, ignoring case
              "Firefox":
                gestures:
                  - name: firefox-back
                    swipe: { fingers: 2, direction: right }
                    do: { keys: alt+Left }
            """
        #expect(ToolOutput.pickedApp(printed) == "Firefox")
        #expect(ToolOutput.pickedApp("# this window has no WM_CLASS: per-application bindings cannot name it\n") == nil)
    }
}

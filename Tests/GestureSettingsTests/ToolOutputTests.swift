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
        #expect(ToolOutput.performed(line: "  - stroke: { shape: v }") == nil, "a stroke is drawn, not performed")
    }

    /// The figures try --bind measured are in its comment line, for the gestures that have them.
    @Test func theMeasuredFiguresAreReadFromTheComment() {
        #expect(
            ToolOutput.measured(
                line: "  # a 2-finger pinch, spread out to ×1.80; paste under gestures: and set what it does")
                == "spread out to ×1.80")
        #expect(
            ToolOutput.measured(line: "  # a 2-finger rotate, turned 45° clockwise; paste under gestures:")
                == "turned 45° clockwise")
        #expect(
            ToolOutput.measured(line: "  # a 3-finger swipe left; paste under gestures: and set what it does") == nil)
        #expect(ToolOutput.measured(line: "  - pinch: { fingers: 2 }") == nil)
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

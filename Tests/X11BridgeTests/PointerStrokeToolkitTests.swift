import Foundation
import Glibc
import Testing

/// Pen and mouse strokes beside a real GTK 3 application (zenity) under openbox and xfwm4: a
/// stroke fires, and the clicks and drags that draw no stroke reach the application unchanged,
/// those the daemon held back (the pen's tip) and those it never grabs (the mouse's left button).
@Suite("Pen and mouse strokes beside GTK 3", .serialized, .xServer([.touchscreen, .keyboard, .mouse, .pen]))
struct PointerStrokeToolkitTests {
    /// A mouse checkmark types ctrl+s, a pen one ctrl+z.
    static let config = DaemonPointerStrokeTests.config

    @Test(arguments: [DesktopKind.openbox, .xfwm4])
    func aStrokeFiresAndAClickOrDragWithNoStrokeStillReachesGTK(_ manager: DesktopKind) throws {
        let server = try XServer.shared()
        let desktop = try Desktop.start(manager, display: server.display)
        defer { desktop.stop() }
        let scene = try DesktopScene(server: server)
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config)
        defer { daemon.stop() }
        let pen = try InputTestDevice.connection(to: server, .pen)
        let mouse = try DaemonPointerStrokeTests.unacceleratedMouse(server)
        let keyboard = try InputTestDevice.connection(to: server, .keyboard)

        let zenity = try ToolkitAppTests.App(
            "/usr/bin/zenity", ["--entry", "--text=Type", "--entry-text=aaaaaaaaaa"], display: server.display)
        let box = try scene.clientBox(ToolkitAppTests().window("Zenity", scene))
        // GTK 3's layout of the dialog (Debian's Adwaita): the entry's middle 52 px below the
        // client's top, OK at the right end of the bottom row.
        let entryY = box.y + 52

        // The pen's hover puts the pointer on the dialog; a checkmark with the mouse's right
        // button from there types ctrl+s and leaves zenity alone.
        try pen.motion(x: box.midX - 40, y: box.y + 20, absolute: true)
        let checkmark = DaemonPointerStrokeTests.path(
            DaemonPointerStrokeTests.checkmark, origin: (box.midX - 40, box.y + 20 - 0.55 * 80), size: 80, step: 3)
        try mouse.button(3, isPress: true)
        _ = try DaemonPointerStrokeTests.move(mouse, from: checkmark[0], along: checkmark)
        try mouse.button(3, isPress: false)
        try daemon.waitForLog("save: keys: ctrl+s (performed)")
        #expect(zenity.exitStatus(within: 0.5) == nil, "the mouse's stroke did nothing to zenity")

        // A tap of the pen's tip in the entry, played back as a click: GTK drops the selection of
        // the whole text (a drag that began on it would drag the text away).
        let entry = DesktopScene.Box(x: box.x + 10, y: entryY - 10, width: box.width - 20, height: 20)
        let selected = scene.pixels(of: entry)
        try pen.motion(x: box.midX, y: entryY, absolute: true)
        try pen.button(1, isPress: true)
        try pen.button(1, isPress: false)
        try daemon.waitForLog("button 1 played back")
        // GTK has handled the click once the selection's highlight is gone. Without this wait,
        // once under the whole suite's load (xfwm4), the drag's x replaced the whole text, as if
        // the drag had begun on the selection (which drags it) or made a double click.
        try scene.waitUntilChanged(entry, from: selected, "the click dropped the selection")
        // A drag of the pen's tip in the entry that draws no shape: played back whole, it
        // selects from where it began to the end, and a typed x replaces what it selected.
        try pen.motion(x: box.x + 40, y: entryY, absolute: true)
        try pen.button(1, isPress: true)
        var x = box.x + 40
        while x < box.maxX - 14 {
            x += 6
            try pen.motion(x: x, y: entryY, absolute: true)
        }
        try pen.button(1, isPress: false)
        try waitUntil("the drag played back", timeout: 10) {
            daemon.log.components(separatedBy: "button 1 played back").count == 3
        }
        try keyboard.key(code: 53, isPress: true)  // x
        try keyboard.key(code: 53, isPress: false)

        // The mouse's left button, which no binding grabs, clicks OK where the pen's hover put the pointer.
        try pen.motion(x: box.maxX - 50, y: box.y + box.height - 24, absolute: true)
        try mouse.button(1, isPress: true)
        try mouse.button(1, isPress: false)
        try #require(zenity.exitStatus(within: 10) == 0, "a left click on OK answers zenity")
        let typed = zenity.printed.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            typed.hasSuffix("x") && typed.count > 1 && typed.count < 11,
            """
            the drag selected from its start to the end (a click alone would leave a's after the x; \
            nothing played back, all of them selected, only 'x'): '\(typed)'; box \(box)
            \(daemon.log.split(separator: "\n").filter { $0.contains("pen") || $0.contains("pencil") }.joined(separator: "\n"))
            """)
    }
}

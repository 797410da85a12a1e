import CX11
import Foundation
import Testing
@testable import X11Bridge

/// The daemon's indicator on a real server, seen in the screen's pixels: it appears at the
/// fingers when the swipe is recognized, in the committed tone, with its text, and goes away
/// after the gesture.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonFeedbackTests {
    /// The end-to-end tests' swipe, with the indicator on.
    static let config = "settings:\n  feedback: on\n" + DaemonEndToEndTests.config

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

/// Commit or cancel on the real server: what the label says while the fingers are down, and
/// that a swipe taken back before the lift types nothing.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonCommitFeedbackTests {
    static let pinchConfig = """
        settings:
          feedback: on
        gestures:
          - name: zoom
            pinch: { fingers: 2 }
            do: { keys: ctrl+plus }
        """

    /// The root window's pixels in a rectangle, row by row, as (red, green, blue).
    static func region(_ connection: X11Connection, x: Int, y: Int, width: Int, height: Int) throws -> [(Int, Int, Int)]
    {
        try (y..<(y + height)).flatMap { try DaemonFeedbackTests.row(connection, y: $0, from: x, width: width) }
    }

    static func isTone(_ tone: FeedbackOverlay.Indicator.Tone) -> ((Int, Int, Int)) -> Bool {
        let fill = FeedbackOverlay.fill(tone)
        let rgb = (Int(fill.0 * 255), Int(fill.1 * 255), Int(fill.2 * 255))
        return { abs($0.0 - rgb.0) <= 3 && abs($0.1 - rgb.1) <= 3 && abs($0.2 - rgb.2) <= 3 }
    }

    /// Three fingers at `offset` px left of 1200/1300/1400, y 502.
    static func fingers(_ ids: [UInt32], _ phase: InputTestDevice.TouchPhase, offset: Double) -> [InputTestDevice
        .TouchPoint]
    {
        ids.indices.map { .init(id: ids[$0], phase: phase, x: 1200 + 100 * Double($0) - offset, y: 502) }
    }

    @Test func aSwipeTakenBackSaysItWillCancelAndTypesNothing() throws {
        let server = try XServer.shared()
        let connection = try X11Connection.toTestServer(server.display)
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: DaemonFeedbackTests.config)
        defer { daemon.stop() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        let y = 502 - Int(FeedbackOverlay.lift)
        let before = try DaemonFeedbackTests.row(connection, y: y, from: 600, width: 1000)
        let ids: [UInt32] = [300, 301, 302]

        // Out: recognized with the fingers down; the label says what lifting will do (grey).
        try touchscreen.frame(Self.fingers(ids, .began, offset: 0))
        try touchscreen.frame(Self.fingers(ids, .moved, offset: 30))
        // 60 px: past the swipe's 50 pt. How long until the label is on screen, as fast as the
        // test can look (a printed figure, not a limit).
        let sent = Date()
        try touchscreen.frame(Self.fingers(ids, .moved, offset: 60))
        try waitUntil("the pending label", timeout: 2) {
            try DaemonFeedbackTests.row(connection, y: y, from: 600, width: 1000).contains(where: Self.isTone(.pending))
        }
        print(
            "indicator: on screen \(Int(Date().timeIntervalSince(sent) * 1000)) ms after the frame that recognized the swipe"
        )
        for step in 3...6 { try touchscreen.frame(Self.fingers(ids, .moved, offset: 30 * Double(step))) }
        try client.sync()
        #expect(client.events(ofType: "KeyPress").isEmpty, "nothing typed before the lift")

        // Back to where they landed: the label turns red, "lift to cancel", and follows them.
        for step in 1...6 { try touchscreen.frame(Self.fingers(ids, .moved, offset: 180 - 30 * Double(step))) }
        var red: [(Int, Int, Int)] = []
        try waitUntil("the label turned to cancel", timeout: 2) {
            red = try DaemonFeedbackTests.row(connection, y: y, from: 600, width: 1000)
            return red.contains(where: Self.isTone(.cancelled)) && !red.contains(where: Self.isTone(.pending))
        }
        let span = red.indices.filter { Self.isTone(.cancelled)(red[$0]) }
        #expect(600 + (span.first! + span.last!) / 2 > 1200, "over the fingers, back at x 1200-1400")

        // Lifted there: withdrawn, said in the log; the label goes away.
        try touchscreen.frame(Self.fingers(ids, .ended, offset: 0))
        try waitUntil("the label gone", timeout: 3) {
            try DaemonFeedbackTests.row(connection, y: y, from: 600, width: 1000).elementsEqual(before) { $0 == $1 }
        }
        // Bounded generously: under a loaded CI run the log reader may lag the screen. The reason
        // is "moved back past where it started"; once (a first run in a fresh Debian root) the
        // swipe measured its start 20 pt off and said "moved back to 20 pt of the 50 pt": the
        // withdrawal is what this holds, the figure is the issue's note's.
        do {
            try waitUntil("the log says why", timeout: 10) {
                daemon.log.contains("withdrawn, nothing done: moved back past where it started")
                    || daemon.log.contains("withdrawn, nothing done: moved back to ")
            }
        } catch {
            Issue.record("the daemon's log ends with:\n\(daemon.log.suffix(1500))")
            throw error
        }

        // A swipe that is not taken back types its chord: after it, exactly one Left was typed.
        try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: 400)
        _ = try client.waitForEvent("KeyPress Left") { $0.type == "KeyPress" && $0.keysym == "Left" }
        try client.sync()
        #expect(client.events(ofType: "KeyPress").filter { $0.keysym == "Left" }.count == 1)
    }

    /// `feedback: { where: window, size: 36 }`: the label sits in the middle of the window the
    /// swipe acts on, not above the fingers, twice the size of the default one.
    @Test func theLabelCanSitOnTheWindowAndBeLarger() throws {
        let server = try XServer.shared()
        let connection = try X11Connection.toTestServer(server.display)
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        func labelSpan(config: String, y: Int, firstID: UInt32) throws -> [Int] {
            let daemon = try DaemonProcess.start(display: server.display, config: config)
            defer { daemon.stop() }
            client.clear()
            try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: firstID)
            _ = try client.waitForEvent("KeyPress Left") { $0.type == "KeyPress" && $0.keysym == "Left" }
            var row: [(Int, Int, Int)] = []
            try waitUntil("the label at y \(y)", timeout: 2) {
                row = try DaemonFeedbackTests.row(connection, y: y, from: 0, width: 1920)
                return row.contains(where: Self.isTone(.committed))
            }
            let span = row.indices.filter { Self.isTone(.committed)(row[$0]) }
            return [span.first!, span.last!]
        }
        let swipe =
            "gestures:\n  - name: next-desktop\n    swipe: { fingers: 3, direction: left }\n"
            + "    on: begin\n    do: { keys: ctrl+alt+Left }\n"
        let atFingers = try labelSpan(
            config: "settings:\n  feedback: on\n" + swipe, y: 502 - Int(FeedbackOverlay.lift), firstID: 600)
        let onWindow = try labelSpan(
            config: "settings:\n  feedback: { where: window, size: 36 }\n" + swipe, y: 540, firstID: 610)
        // The test client's window fills the screen: its middle is (960, 540).
        #expect(abs((onWindow[0] + onWindow[1]) / 2 - 960) <= 2, "centred on the window: \(onWindow)")
        let (small, large) = (atFingers[1] - atFingers[0], onWindow[1] - onWindow[0])
        #expect(Double(large) > 1.7 * Double(small), "36 pt against 18 pt: \(large) px against \(small) px")
    }

    /// A pinch's label shows its scale as it changes, before anything is done; the key at the lift.
    @Test func aPinchsLabelFollowsItsScaleAndActsAtTheLift() throws {
        let server = try XServer.shared()
        let connection = try X11Connection.toTestServer(server.display)
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.pinchConfig)
        defer { daemon.stop() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        let top = 540 - Int(FeedbackOverlay.lift) - 15
        func label() throws -> [(Int, Int, Int)] { try Self.region(connection, x: 760, y: top, width: 400, height: 30) }
        func spread(_ phase: InputTestDevice.TouchPhase, _ half: Double) throws {
            try touchscreen.frame([
                .init(id: 500, phase: phase, x: 960 - half, y: 540), .init(id: 501, phase: phase, x: 960 + half, y: 540)
            ])
        }

        try spread(.began, 100)
        for half in stride(from: 110.0, through: 130, by: 10) { try spread(.moved, half) }
        var first: [(Int, Int, Int)] = []
        try waitUntil("the pinch's label", timeout: 2) {
            first = try label()
            return first.contains(where: Self.isTone(.pending))
        }
        for half in stride(from: 140.0, through: 180, by: 10) { try spread(.moved, half) }
        try waitUntil("the label redrawn with the new scale", timeout: 2) {
            let now = try label()
            return now.contains(where: Self.isTone(.pending)) && !now.elementsEqual(first) { $0 == $1 }
        }
        try client.sync()
        #expect(client.events(ofType: "KeyPress").isEmpty, "nothing done before the lift")
        try spread(.ended, 180)
        // plus is shift+equal on the test server's US layout; the client names the key's base keysym.
        _ = try client.waitForEvent("KeyPress plus") { $0.type == "KeyPress" && $0.keysym == "equal" }
        try waitUntil("the label in the committed tone", timeout: 2) {
            try label().contains(where: Self.isTone(.committed))
        }
    }
}

/// Under mutter, whose default plugin animates a desktop switch for 500 ms in actors above
/// every window (override-redirect ones too), the "done" label of a swipe that switched desktops
/// is seen on the new desktop, after the animation, for its linger: not only under the animation.
@Suite(.serialized)
struct DaemonDesktopSwitchFeedbackTests {
    static let config = """
        settings:
          feedback: on
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { desktop: next }
        """

    /// How many pixels of the label's area are the committed tone, blended translucent over what
    /// is below (mutter composites): green well above red and blue.
    static func labelPixels(_ connection: X11Connection) throws -> Int {
        let (left, top, width, height) = (800, 380, 700, 100)
        let image = try #require(
            XGetImage(
                connection.display, Window(connection.root.rawValue), Int32(left), Int32(top), UInt32(width),
                UInt32(height), UInt(UInt32.max), ZPixmap))
        defer { _ = cx11_XDestroyImage(image) }
        var count = 0
        for y in stride(from: 0, to: height, by: 2) {
            for x in stride(from: 0, to: width, by: 2) {
                let value = Int(cx11_XGetPixel(image, Int32(x), Int32(y)))
                let (red, green, blue) = ((value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff)
                if green > red + 40 && green > blue + 40 { count += 1 }
            }
        }
        return count
    }

    @Test func underMutterTheDoneLabelOfADesktopSwitchIsSeenOnTheNewDesktop() throws {
        let server = try XServer.start(devices: [.touchscreen, .keyboard])
        defer { DesktopMatrixTests.stop(server) }
        let desktop = try Desktop.start(.mutter, display: server.display)
        defer { desktop.stop() }
        let scene = try DesktopScene(server: server)
        // A window under the label, on the first desktop: the animation carries it over the label.
        let beta = try scene.launchManaged("beta", className: "Beta", frame: (700, 200, 900, 600))
        defer { beta.kill() }
        let connection = try X11Connection.toTestServer(server.display)
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config)
        defer { daemon.stop() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        let start = Date()
        func now() -> Double { Date().timeIntervalSince(start) }
        try DaemonEndToEndTests.swipeLeft(touchscreen, firstID: 100)
        var switched: Double?
        var seen: [Double] = []
        while now() < 4, switched.map({ now() < $0 + 2 }) ?? true {
            if switched == nil, scene.actions.currentDesktop == 1 { switched = now() }
            if try Self.labelPixels(connection) >= 20 { seen.append(now()) }
        }
        let switchedAt = try #require(switched, "the swipe switched desktops")
        print(
            "desktop switched \(Int(switchedAt * 1000)) ms after the swipe; label seen from \(seen.first.map { Int($0 * 1000) } ?? -1) to \(seen.last.map { Int($0 * 1000) } ?? -1) ms"
        )
        let afterAnimation = switchedAt + 0.5
        // On the new desktop once the animation is over (before, the label was gone by then: last seen
        // 0.45 s after the switch, or never). mutter paints late under load: 0.1 s of margin, not the whole linger.
        #expect(
            seen.contains { $0 >= afterAnimation + 0.1 },
            "the label is seen on the new desktop after the 0.5 s animation: last seen \(seen.last ?? -1) s, switch at \(switchedAt) s"
        )
        #expect(seen.last.map { $0 < switchedAt + 1.9 } ?? false, "and goes away after its linger")
    }
}

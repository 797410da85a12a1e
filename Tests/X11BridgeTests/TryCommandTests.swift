import CX11
import Foundation
import Glibc
import Testing
@testable import X11Bridge

/// `gesturebridge try` as a real process against the real daemon: why a gesture failed, the
/// gesture as a binding, and the marks the daemon draws on the fingers while it runs.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct TryCommandTests {
    static let config = """
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { keys: ctrl+alt+Left }
          - name: menu
            tap: { fingers: 2 }
            do: { keys: F10 }
        """

    /// Microseconds between two frames of a gesture: a touchscreen reporting at 83 Hz.
    static let frameInterval: useconds_t = 12_000
    /// Pixels each finger moves a frame, and the frames of a swipe: 96 px in 0.2 s.
    static let swipeStep = 6.0
    static let swipeFrames = 16

    var server: XServer { get throws { try XServer.shared() } }
    let runtime: [String: String]

    init() throws {
        runtime = try RuntimeDirectory.make()
    }

    func points(_ ids: [UInt32], _ phase: InputTestDevice.TouchPhase, _ xs: [Double], y: Double)
        -> [InputTestDevice.TouchPoint]
    {
        ids.indices.map { .init(id: ids[$0], phase: phase, x: xs[$0], y: y) }
    }

    /// A focused client, the daemon under `config`, and `gesturebridge try` with `options`, ready
    /// for touches; `stop` ends all three.
    struct Session {
        let client: TestClient
        let daemon: DaemonProcess
        let tester: ToolProcess
        let touchscreen: InputTestDevice

        func stop() {
            tester.signal(SIGKILL)
            daemon.stop()
            client.kill()
        }
    }

    func startTrying(_ options: [String]) throws -> Session {
        let server = try server
        let client = try TestClient.launchFocused(display: server.display)
        var daemon: DaemonProcess?
        var tester: ToolProcess?
        do {
            daemon = try DaemonProcess.start(display: server.display, config: Self.config, environment: runtime)
            tester = try ToolProcess(["try"] + options + ["--display", server.display], environment: runtime)
            try tester?.waitForOutput("Ctrl-C stops")
            return Session(
                client: client, daemon: daemon!, tester: tester!,
                touchscreen: try InputTestDevice.connection(to: server, .touchscreen))
        } catch {
            tester?.signal(SIGKILL)
            daemon?.stop()
            client.kill()
            throw error
        }
    }

    @Test func aFailedGestureSaysWhyAndBindPrintsTheGestureAsABinding() throws {
        let session = try startTrying(["--bind", "--act"])
        defer { session.stop() }
        let (client, daemon, tester, touchscreen) = (
            session.client, session.daemon, session.tester, session.touchscreen
        )
        #expect(tester.standardOutput.contains("trying gesturebridge"), "\(tester.standardOutput)")

        // Two fingers swipe left: the 3-finger swipe cannot be it, and says so. --bind names the
        // gesture by replaying its lines, so the fingers move as a brisk hand does (500 px/s, a
        // frame every 12 ms). Sent back to back, the server stamped the whole swipe with one
        // millisecond; at 30 px a frame, a frame the loaded server posted a few milliseconds
        // apart put one finger 30 px ahead, a pinch by the numbers (each seen about 1 run in 20
        // under a CPU hog). 6 px ahead is less than any pinch or turn needs to begin.
        var xs = [1200.0, 1300.0]
        try touchscreen.frame(points([10, 11], .began, xs, y: 500))
        for _ in 0..<Self.swipeFrames {
            usleep(Self.frameInterval)
            xs = xs.map { $0 - Self.swipeStep }
            try touchscreen.frame(points([10, 11], .moved, xs, y: 500))
        }
        usleep(Self.frameInterval)
        try touchscreen.frame(points([10, 11], .ended, xs, y: 500))
        do { try tester.waitForOutput("- swipe: { fingers: 2, direction: left }") } catch {
            Issue.record("daemon log:\n\(daemon.log.suffix(12000))")
            throw error
        }
        let output = tester.standardOutput
        #expect(output.contains("✗ next-desktop (swipe) failed: "), "\(output)")
        #expect(output.contains("✗ menu (tap) failed: moved "), "\(output)")
        #expect(output.contains("more than the 45 pt a tap allows"), "\(output)")
        #expect(output.contains("# a 2-finger swipe left; paste under gestures:"), "\(output)")

        // Three fingers: the binding acts, and --bind names the same gesture.
        try DaemonEndToEndTests.swipeLeft(
            touchscreen, firstID: 20, interval: Self.frameInterval, step: Self.swipeStep, frames: Self.swipeFrames)
        do { try tester.waitForOutput("- swipe: { fingers: 3, direction: left }") } catch {
            Issue.record("daemon log:\n\(daemon.log.suffix(12000))")
            throw error
        }
        try tester.waitForOutput("→ next-desktop: {\"keys\": \"ctrl+alt+Left\"")
        #expect(tester.standardOutput.contains("✓ next-desktop (swipe) recognized"), "\(tester.standardOutput)")
        _ = try client.waitForEvent("KeyPress Left") { $0.type == "KeyPress" && $0.keysym == "Left" }

        tester.signal(SIGINT)
        #expect(try tester.waitForExit() == 0, "\(tester.standardError)")
    }

    /// Why the first two fingers' gesture failed: they did not become three in time.
    @Test func tooFewFingersAreCounted() throws {
        let server = try server
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config, environment: runtime)
        defer { daemon.stop() }
        let tester = try ToolProcess(["try", "--display", server.display], environment: runtime)
        defer { tester.signal(SIGKILL) }
        try tester.waitForOutput("Ctrl-C stops")
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        try touchscreen.frame(points([40], .began, [800], y: 400))
        try tester.waitForOutput(
            "✗ next-desktop (swipe) failed: 1 finger when the finger window closed, a swipe wants 3")
        // The server numbers touches itself: the lift is the first "up" line.
        try touchscreen.frame(points([40], .ended, [800], y: 400))
        try tester.waitForOutput(" up at 800, 400")
        tester.signal(SIGINT)
        #expect(try tester.waitForExit() == 0)
    }

    /// Without `--act`, `try` shows what would run and nothing runs; a touch no gesture wants is
    /// said to go to the application when it does, and lifts once, when and where the finger
    /// lifts. Seen failing before: the swipe switched the desktop while trying, and the hand-over
    /// printed "touch N up at 800, 400" 0.15 s into a touch that lifted at 900, 450 later.
    @Test func withoutActNothingRunsAndAHandedOverTouchLiftsWhenTheFingerDoes() throws {
        let session = try startTrying([])
        defer { session.stop() }
        let (client, daemon, tester, touchscreen) = (
            session.client, session.daemon, session.tester, session.touchscreen
        )

        try DaemonEndToEndTests.swipeLeft(
            touchscreen, firstID: 60, interval: Self.frameInterval, step: Self.swipeStep, frames: Self.swipeFrames)
        try tester.waitForOutput("(not performed in a dry run; --act performs it)")
        #expect(tester.standardOutput.contains("✓ next-desktop (swipe) recognized"), "\(tester.standardOutput)")

        try touchscreen.frame(points([61], .began, [800], y: 400))
        try tester.waitForOutput("handed to the application: no gesture wanted it")
        let handedOver = tester.standardOutput
        try touchscreen.frame(points([61], .moved, [900], y: 450))
        try touchscreen.frame(points([61], .ended, [900], y: 450))
        try tester.waitForOutput(" up at 900, 450")
        let lifts = tester.standardOutput.split(separator: "\n").filter { $0.contains(" up at ") }
        #expect(lifts.count == 4, "the swipe's three fingers and this one, each once: \(tester.standardOutput)")
        #expect(!handedOver.contains(" up at 800, 400"), "no lift at the hand-over: \(handedOver)")
        tester.signal(SIGINT)
        #expect(try tester.waitForExit() == 0)
        try client.sync()
        #expect(client.events(ofType: "KeyPress").isEmpty, "the swipe's keys did not run")
        #expect(
            daemon.log.contains("(not performed in a dry run; --act performs it)"),
            "\(daemon.log.suffix(3000))")
    }

    /// A grab another client holds is said in `try` and the log: a menu holding the pointer takes
    /// the touches (the daemon never sees them), and one holding the keyboard gets the touch
    /// sequence whole (the daemon stands aside). Seen before: the next gesture did nothing and
    /// nothing said why.
    @Test func grabsOtherClientsHoldAreSaid() throws {
        let session = try startTrying([])
        defer { session.stop() }
        let (client, daemon, tester, touchscreen) = (
            session.client, session.daemon, session.tester, session.touchscreen
        )

        try client.grabPointer()
        try touchscreen.frame(points([70], .began, [600], y: 400))
        try touchscreen.frame(points([70], .moved, [620], y: 410))
        try touchscreen.frame(points([70], .ended, [620], y: 410))
        try tester.waitForOutput("went to another client that holds the pointer")
        try daemon.waitForLog("went to another client that holds the pointer (a menu, a drag or a screen locker)")
        try client.ungrabPointer()

        try client.grabKeyboard()
        try touchscreen.frame(points([71, 72], .began, [600, 700], y: 400))
        try tester.waitForOutput("another client holds the keyboard (a screen locker or an open menu)")
        try tester.waitForOutput("handed to the application")
        try touchscreen.frame(points([71, 72], .ended, [600, 700], y: 400))
        try daemon.waitForLog(
            "another client holds the keyboard (a screen locker or an open menu): this touch sequence")
        try client.ungrabKeyboard()
        tester.signal(SIGINT)
        #expect(try tester.waitForExit() == 0)
    }

    /// While `try` runs, each finger has an amber mark under it; when it stops, the marks go.
    @Test func theDaemonMarksTheFingersOnlyWhileTryRuns() throws {
        let server = try server
        let connection = try X11Connection.toTestServer(server.display)
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config, environment: runtime)
        defer { daemon.stop() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        func pixel(_ x: Int, _ y: Int) throws -> (Int, Int, Int) {
            try DaemonFeedbackTests.row(connection, y: y, from: x, width: 1)[0]
        }
        func isAmber(_ p: (Int, Int, Int)) -> Bool {
            abs(p.0 - TouchMarks.colour.0) <= 3 && abs(p.1 - TouchMarks.colour.1) <= 3
                && abs(p.2 - TouchMarks.colour.2) <= 3
        }
        let desktop = try pixel(700, 300)

        // Without a try client: no mark.
        try touchscreen.frame(points([50], .began, [700], y: 300))
        try touchscreen.frame(points([50], .moved, [702], y: 300))
        try touchscreen.frame(points([50], .ended, [702], y: 300))
        let tester = try ToolProcess(["try", "--display", server.display], environment: runtime)
        defer { tester.signal(SIGKILL) }
        try tester.waitForOutput("Ctrl-C stops")
        #expect(try !isAmber(pixel(702, 300)), "no mark before try ran")

        try touchscreen.frame(points([51], .began, [700], y: 300))
        try waitUntil("a mark under the finger", timeout: 3) { try isAmber(pixel(700, 300)) }
        try touchscreen.frame(points([51], .moved, [900], y: 320))
        try waitUntil("the mark follows the finger", timeout: 3) {
            try isAmber(pixel(900, 320)) && !isAmber(pixel(700, 300))
        }
        try touchscreen.frame(points([51], .ended, [900], y: 320))
        try waitUntil("the mark gone at the lift", timeout: 3) { try !isAmber(pixel(900, 320)) }

        try touchscreen.frame(points([52], .began, [500], y: 500))
        try waitUntil("a mark for the next finger", timeout: 3) { try isAmber(pixel(500, 500)) }
        tester.signal(SIGINT)
        #expect(try tester.waitForExit() == 0)
        try waitUntil("the marks gone once try stopped", timeout: 3) { try !isAmber(pixel(500, 500)) }
        #expect(try pixel(700, 300) == desktop)
        try touchscreen.frame(points([52], .ended, [500], y: 500))
    }
}

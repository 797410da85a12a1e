import CX11
import Foundation
import Glibc
import Testing
@testable import X11Bridge
import GestureRuntime

/// Mixed gestures sent back to back through the real daemon on a real Xorg, with no gap:
/// every second gesture lands in the very frame the one before lifts.
///
/// The suite sends 400 by default; `make soak` sends 20,000 (`GESTUREBRIDGE_SOAK=N`, with
/// `GESTUREBRIDGE_BINARY` naming a release build). It prints the figures the issue asks for
/// (`soak:` lines): gestures, missed, the daemon's RSS at start and end, touches left
/// undelivered and keys left down; and fails on any missed gesture, stuck touch or key.
@Suite("Soak: back-to-back gestures", .serialized, .xServer([.touchscreen, .keyboard]))
struct SoakTests {
    static let config = """
        apps:
          taps:
            inherit: false
        gestures:
          - name: left
            swipe: { fingers: 3, direction: left }
            do: { keys: a }
          - name: right
            swipe: { fingers: 3, direction: right }
            do: { keys: b }
          - name: up
            swipe: { fingers: 4, direction: up }
            do: { keys: c }
          - name: two-finger-tap
            tap: { fingers: 2 }
            do: { keys: d }
        """

    /// How many gestures: `GESTUREBRIDGE_SOAK`, else 400.
    static var count: Int {
        ProcessInfo.processInfo.environment["GESTUREBRIDGE_SOAK"].flatMap { Int($0) } ?? 400
    }

    /// One gesture of the mix, over the right half (the keys client) or the left (the taps client).
    enum Kind: CaseIterable {
        case left, right, up, twoFingerTap, tap

        var keysym: String? {
            switch self {
            case .left: "a"
            case .right: "b"
            case .up: "c"
            case .twoFingerTap: "d"
            case .tap: nil
            }
        }

        /// The fingers' frames, landing to lift.
        func frames(ids: [UInt32]) -> [[InputTestDevice.TouchPoint]] {
            let fingers =
                switch self {
                case .up: 4
                case .twoFingerTap: 2
                case .tap: 1
                default: 3
                }
            let step: (dx: Double, dy: Double) =
                switch self {
                case .left: (-30, 0)
                case .right: (30, 0)
                case .up: (0, -30)
                case .tap, .twoFingerTap: (0, 0)
                }
            let still = self == .tap || self == .twoFingerTap
            let start: (x: Double, y: Double) = self == .tap ? (400, 500) : (1300, 600)
            let points = (0..<fingers).map { (x: start.x + Double($0) * 90, y: start.y) }
            func frame(_ phase: InputTestDevice.TouchPhase, moved steps: Double) -> [InputTestDevice.TouchPoint] {
                points.indices.map {
                    .init(
                        id: ids[$0], phase: phase, x: points[$0].x + step.dx * steps,
                        y: points[$0].y + step.dy * steps)
                }
            }
            let moves = still ? [] : (1...6).map { frame(.moved, moved: Double($0)) }
            return [frame(.began, moved: 0)] + moves + [frame(.ended, moved: still ? 0 : 6)]
        }
    }

    @Test func everyGestureSentBackToBackFiresAndNothingIsLeftDown() throws {
        let server = try XServer.shared()
        let keys = try TestClient.launch(
            display: server.display, instance: "keys", className: "Keys",
            frame: (960, 0, 960, 1080), flags: [.selectTouch, .focus])
        defer { keys.kill() }
        try keys.waitForEvent("FocusIn") { $0.type == "FocusIn" }
        let taps = try TestClient.launch(
            display: server.display, instance: "taps", className: "Taps",
            frame: (0, 0, 960, 1080), flags: [.selectTouch])
        defer { taps.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config, verbose: false)
        defer { daemon.stop() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        let rssAtStart = Self.residentKiB(daemon.process.processIdentifier)

        // While the daemon runs, and then while it is stopped: resumed, it reads a long
        // batch at once, every gesture's frames in one read.
        let kinds = (0..<Self.count).map { Kind.allCases[$0 % Kind.allCases.count] }
        let started = Date()
        try Self.send(kinds, to: touchscreen)
        let sending = Date().timeIntervalSince(started)
        let batched = (0..<Self.batched).map { Kind.allCases[$0 % Kind.allCases.count] }
        kill(daemon.process.processIdentifier, SIGSTOP)
        try Self.send(batched, to: touchscreen)
        kill(daemon.process.processIdentifier, SIGCONT)
        let sent = kinds + batched

        var missed: [String] = []
        for kind in Kind.allCases {
            let expected = sent.filter { $0 == kind }.count
            let arrived: Int
            if let keysym = kind.keysym {
                arrived =
                    (try? keys.waitForEvents("\(keysym) presses", count: expected, timeout: 10) {
                        $0.type == "KeyPress" && $0.keysym == keysym
                    })?.count ?? keys.events.filter { $0.type == "KeyPress" && $0.keysym == keysym }.count
            } else {
                arrived =
                    (try? taps.waitForEvents("tap ends", count: expected, timeout: 10) {
                        $0.type == "TouchEnd"
                    })?.count ?? taps.events.filter { $0.type == "TouchEnd" }.count
            }
            if arrived != expected { missed.append("\(kind): \(expected - arrived) of \(expected)") }
        }
        try keys.sync()
        try taps.sync()
        let rssAtEnd = Self.residentKiB(daemon.process.processIdentifier)
        let tapBegins = taps.events.filter { $0.type == "TouchBegin" }.count
        let tapEnds = taps.events.filter { $0.type == "TouchEnd" }.count
        let touchesAtKeys = keys.events.filter { $0.type.hasPrefix("Touch") }.count
        let connection = try X11Connection.toTestServer(server.display)
        var bits = [CChar](repeating: 0, count: 32)
        XQueryKeymap(connection.display, &bits)
        let keysDown = (0..<256).filter { UInt8(bitPattern: bits[$0 / 8]) & (1 << ($0 % 8)) != 0 }

        print(
            "soak: \(kinds.count) gestures back to back in \(String(format: "%.1f", sending)) s, then \(batched.count) read in one batch; missed \(missed.isEmpty ? "none" : missed.joined(separator: ", "))"
        )
        print("soak: daemon RSS \(rssAtStart) KiB at start, \(rssAtEnd) KiB at the end")
        print(
            "soak: stuck touches \(tapBegins - tapEnds), touches that reached the keys client \(touchesAtKeys), keys left down \(keysDown)"
        )
        #expect(missed.isEmpty, "missed: \(missed)")
        #expect(tapBegins == tapEnds, "every tap that began at the client ended there")
        #expect(touchesAtKeys == 0, "the swipes' touches were all accepted")
        #expect(keysDown.isEmpty, "keys left down: \(keysDown)")
        #expect(daemon.process.isRunning)
    }

    /// How many swipes the lag test sends: `GESTUREBRIDGE_SOAK`, else 300.
    static var lagCount: Int {
        ProcessInfo.processInfo.environment["GESTUREBRIDGE_SOAK"].flatMap { Int($0) } ?? 300
    }

    /// Issue 27: with the indicator on, 1,000 rapid gestures lost nothing but the daemon finished
    /// 5 s behind (1.2 s with it off): it drew every change. Drawing is now paced to the
    /// display's frames, so the daemon keeps up as it does with the indicator off. Prints how far
    /// behind the last key comes, with the indicator on and off, under the same swipes.
    @Test func withTheIndicatorOnTheDaemonKeepsUpWithRapidGestures() throws {
        let server = try XServer.shared()
        let keys = try TestClient.launch(
            display: server.display, instance: "keys", className: "Keys",
            frame: (0, 0, 1920, 1080), flags: [.selectTouch, .focus])
        defer { keys.kill() }
        try keys.waitForEvent("FocusIn") { $0.type == "FocusIn" }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        let kinds = [Kind](repeating: .left, count: Self.lagCount)
        var lags: [String: Double] = [:]
        for feedback in ["off", "on"] {
            keys.clear()
            let config = "settings:\n  feedback: \(feedback)\n" + Self.config
            let daemon = try DaemonProcess.start(display: server.display, config: config, verbose: false)
            defer { daemon.stop() }
            // Sent while the daemon is stopped, then read at once: how fast it works through
            // them, not how fast this test can send them.
            kill(daemon.process.processIdentifier, SIGSTOP)
            try Self.send(kinds, to: touchscreen)
            kill(daemon.process.processIdentifier, SIGCONT)
            let sent = Date()
            let arrived = try keys.waitForEvents("every swipe's key", count: kinds.count, timeout: 60) {
                $0.type == "KeyPress" && $0.keysym == "a"
            }
            let lag = Date().timeIntervalSince(sent)
            lags[feedback] = lag
            #expect(arrived.count == kinds.count)
            guard feedback == "on" else { continue }
            // At most one drawing a display frame while it worked through them (and a few as the
            // last labels linger out): not one per change.
            daemon.stop()
            let drawn = daemon.log.split(separator: "\n").first { $0.contains("the indicator was drawn ") }
            let times = drawn.flatMap { line in
                line.split(separator: " ").firstIndex(of: "drawn").map { Int(line.split(separator: " ")[$0 + 1]) ?? -1 }
            }
            let most = Int(lag / max(RedrawPacer.frameInterval, 1e-3)) + 20
            #expect(
                times.map { $0 > 0 && $0 <= most } == true,
                "drawn \(times ?? -1) times in \(lag) s: \(drawn ?? "no count")")
            print("soak: the indicator was drawn \(times ?? -1) times for \(kinds.count) swipes (\(drawn ?? ""))")
        }
        let on = lags["on"] ?? 0, off = lags["off"] ?? 0
        print(
            "soak: \(kinds.count) swipes back to back, read at once; the last key came \(String(format: "%.2f", off)) s "
                + "after the daemon resumed with the indicator off, \(String(format: "%.2f", on)) s with it on")
        // Behind by no more than a frame a gesture's worth of slack over the indicator off (the
        // audit's 3.8 s more for 1,000 is 3.8 ms a gesture; a paced indicator costs far less).
        #expect(on <= off + Double(kinds.count) * 0.002 + 0.5, "on \(on) s, off \(off) s")
    }

    /// How many gestures are sent while the daemon is stopped.
    static let batched = 60

    /// Sends the gestures back to back; every second one lands in the frame the one before lifts in.
    static func send(_ kinds: [Kind], to touchscreen: InputTestDevice) throws {
        var pendingLift: [InputTestDevice.TouchPoint] = []
        for (index, kind) in kinds.enumerated() {
            let ids = (0..<4).map { UInt32(index % 2 == 0 ? 1 : 11) + UInt32($0) }
            var frames = kind.frames(ids: ids)
            if index % 2 == 1 {
                frames[0] = pendingLift + frames[0]
            } else if !pendingLift.isEmpty {
                try touchscreen.frame(pendingLift)
            }
            for frame in frames.dropLast() { try touchscreen.frame(frame) }
            pendingLift = frames.last!
        }
        try touchscreen.frame(pendingLift)
    }

    /// The process's resident set, in KiB (`VmRSS` in /proc/PID/status).
    static func residentKiB(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return -1 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
}

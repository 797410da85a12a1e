import Foundation
import Glibc
import Testing

/// A live session recorded under the daemon replays to exactly what the daemon did: the same
/// actions, in the same order, at the same times (within 1 ms). The daemon and `replay` run
/// the same runtime; the recording keeps the desktop's answers (a window's focus), its windows
/// as they change (beta opens mid-recording) and where touches went to applications, so the
/// replay decides what the daemon decided.
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct RecordReplayRoundTripTests {
    static let config = """
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { keys: ctrl+alt+Left }
          - name: menu
            long-press: { fingers: 2 }
            do: { keys: F10 }
          - name: zoom
            pinch: { fingers: 2 }
            steps: { every: 0.15, out: { keys: ctrl+plus }, in: { keys: ctrl+minus } }
          - name: back
            swipe: { fingers: 4, direction: right }
            on: end
            do: { keys: alt+Left }
        apps:
          beta:
            gestures:
              - name: beta-save
                swipe: { fingers: 3, direction: up }
                do: { keys: ctrl+s }
        """

    /// One action as a line of JSON gave it: when, which binding, what.
    struct Acted: Equatable, CustomStringConvertible {
        var time: Double
        var gesture: String
        var action: String
        var description: String { "\(gesture) at \(time): \(action)" }
    }

    /// The action lines of JSON Lines text: a recording's own (what the daemon did) or replay's.
    static func actions(in text: String) -> [Acted] {
        text.split(separator: "\n").compactMap { line -> Acted? in
            guard let start = line.range(of: "\"action\": ")?.upperBound,
                let gesture = line.firstMatch(of: /"gesture": "([^"]*)"/)?.1,
                let time = line.firstMatch(of: /"t": ([0-9.]+)/).flatMap({ Double($0.1) })
            else { return nil }
            // The action object: up to its closing brace (actions hold no nested objects).
            guard let end = line[start...].firstIndex(of: "}") else { return nil }
            return Acted(time: time, gesture: String(gesture), action: String(line[start...end]))
        }
    }

    /// Frames of `ids` at `xs` (one y each), moving by `dx`, `dy` per frame, paced like a hand.
    static func move(
        _ touchscreen: InputTestDevice, ids: [UInt32], xs: [Double], ys: [Double], frames: Int,
        dx: [Double], dy: [Double]
    ) throws {
        func points(_ phase: InputTestDevice.TouchPhase, _ frame: Int) -> [InputTestDevice.TouchPoint] {
            ids.indices.map {
                .init(
                    id: ids[$0], phase: phase, x: xs[$0] + dx[$0] * Double(frame), y: ys[$0] + dy[$0] * Double(frame))
            }
        }
        try touchscreen.frame(points(.began, 0))
        for frame in 1...frames {
            usleep(12_000)
            try touchscreen.frame(points(.moved, frame))
        }
        usleep(12_000)
        try touchscreen.frame(points(.ended, frames))
    }

    @Test func aRecordedSessionReplaysToTheActionsTheDaemonPerformedWhenItDid() throws {
        let server = try XServer.shared()
        let runtime = try RuntimeDirectory.make()
        defer { RuntimeDirectory.remove(runtime) }
        let alpha = try TestClient.launch(
            display: server.display, instance: "alpha", className: "Alpha", frame: (0, 0, 900, 1080),
            flags: [.selectTouch])
        defer { alpha.kill() }
        let daemon = try DaemonProcess.start(display: server.display, config: Self.config, environment: runtime)
        defer { daemon.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-roundtrip-\(UUID().uuidString.prefix(8)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let record = try ToolProcess(["record", file.path, "--display", server.display], environment: runtime)
        defer { record.signal(SIGKILL) }
        let monitor = try ToolProcess(["monitor", "--display", server.display], environment: runtime)
        defer { monitor.signal(SIGKILL) }
        try monitor.waitForOutput("windows")
        try waitUntil("the recording's header") {
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains("screen")
        }
        try alpha.focus()
        try alpha.waitForEvent("FocusIn") { $0.type == "FocusIn" }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)

        // A 3-finger swipe left over alpha, which has the focus: its keys go at once.
        try Self.move(
            touchscreen, ids: [1, 2, 3], xs: [200, 300, 400], ys: [500, 500, 500], frames: 8,
            dx: [-12, -12, -12], dy: [1, 1, 1])
        try monitor.waitForOutput("next-desktop: keys: ctrl+alt+Left (performed)")
        // A tap no gesture wants: alpha gets it.
        try touchscreen.frame([.init(id: 10, phase: .began, x: 450, y: 600)])
        usleep(40_000)
        try touchscreen.frame([.init(id: 10, phase: .ended, x: 450, y: 600)])
        try alpha.waitForEvent("the tap's TouchEnd") { $0.type == "TouchEnd" }
        // A 2-finger long press: held until the daemon says it acted (no sleep on its timer).
        try touchscreen.frame([
            .init(id: 20, phase: .began, x: 300, y: 300), .init(id: 21, phase: .began, x: 420, y: 310)
        ])
        try monitor.waitForOutput("menu: keys: F10 (performed)")
        try touchscreen.frame([
            .init(id: 20, phase: .ended, x: 300, y: 300), .init(id: 21, phase: .ended, x: 420, y: 310)
        ])
        // A pinch spreading out in steps of 0.15: ctrl+plus at each.
        try Self.move(
            touchscreen, ids: [30, 31], xs: [400, 500], ys: [500, 500], frames: 12, dx: [-3, 3], dy: [0, 0])
        try monitor.waitForOutput("zoom: keys: ctrl+plus (performed)")
        // A 4-finger swipe right that moves back before the lift: withdrawn, nothing done.
        let fingers: [UInt32] = [40, 41, 42, 43]
        var xs: [Double] = [100, 200, 300, 400]
        try touchscreen.frame(fingers.indices.map { .init(id: fingers[$0], phase: .began, x: xs[$0], y: 700) })
        for step in [Double](repeating: 25, count: 6) + [Double](repeating: -25, count: 6) {
            usleep(12_000)
            xs = xs.map { $0 + step }
            try touchscreen.frame(fingers.indices.map { .init(id: fingers[$0], phase: .moved, x: xs[$0], y: 700) })
        }
        usleep(12_000)
        try touchscreen.frame(fingers.indices.map { .init(id: fingers[$0], phase: .ended, x: xs[$0], y: 700) })
        try monitor.waitForOutput("withdrawn")
        // Beta opens: the recording's header did not have it, a line of the new windows does.
        let beta = try TestClient.launch(
            display: server.display, instance: "beta", className: "Beta", frame: (960, 0, 960, 1080),
            flags: [.selectTouch])
        defer { beta.kill() }
        try monitor.waitForOutput("Beta/beta")
        // A 3-finger swipe up over beta, which does not have the focus: the keys wait for it.
        try Self.move(
            touchscreen, ids: [50, 51, 52], xs: [1300, 1400, 1500], ys: [700, 700, 700], frames: 8,
            dx: [0, 0, 0], dy: [-15, -15, -15])
        try beta.waitForEvent("KeyPress s") { $0.type == "KeyPress" && $0.keysym == "s" }
        try monitor.waitForOutput("beta-save: keys: ctrl+s (performed)")
        record.signal(SIGINT)
        #expect(try record.waitForExit() == 0, "\(record.standardError)")

        let recording = try String(contentsOf: file, encoding: .utf8)
        let performed = Self.actions(in: recording)
        #expect(
            performed.map(\.gesture).filter { $0 != "zoom" } == ["next-desktop", "menu", "beta-save"],
            "the session did what it was scripted to: \(performed)")
        #expect(performed.contains { $0.gesture == "zoom" }, "\(performed)")
        #expect(!performed.contains { $0.gesture == "back" }, "the withdrawn swipe did nothing: \(performed)")
        #expect(recording.contains("\"answer\": \"focus\""), "the recording keeps the desktop's answers")
        let lines = recording.split(separator: "\n")
        #expect(
            !lines[0].contains("Beta")
                && lines.dropFirst().contains { $0.hasPrefix("{\"t\"") && $0.contains("\"Beta\"") },
            "beta's window came in a line of its own")

        let replay = try ToolProcess(["replay", file.path, "--config", daemon.configURL.path, "--format", "json"])
        #expect(try replay.waitForExit() == 0, "\(replay.standardError)")
        #expect(
            !replay.standardError.contains("did not all fit"),
            "\(replay.standardError)\nrecording:\n\(recording.split(separator: "\n").filter { $0.contains("answer") || $0.contains("action") }.joined(separator: "\n"))"
        )
        let replayed = Self.actions(in: replay.standardOutput)
        #expect(
            replayed.map { "\($0.gesture) \($0.action)" } == performed.map { "\($0.gesture) \($0.action)" },
            "replay:\n\(replayed)\ndaemon:\n\(performed)")
        for (daemonAction, replayAction) in zip(performed, replayed) {
            #expect(
                abs(daemonAction.time - replayAction.time) <= 0.001,
                "\(daemonAction.gesture): the daemon at \(daemonAction.time) s, replay at \(replayAction.time) s")
        }
        // The key that waited for beta's focus came after the swipe ended, as the daemon typed it.
        let save = try #require(performed.last)
        #expect(save.gesture == "beta-save")
    }
}

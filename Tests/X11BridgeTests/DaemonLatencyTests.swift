import Foundation
import Glibc
import TestSupport
import Testing

/// Measures what the daemon adds, end to end; prints p50/p99 and checks only correctness.
///
/// Fingers are paced at 100 Hz, as a touchscreen reports them, so the KeyPress can be
/// matched to the touch frame that preceded it. The daemon runs as installed, without
/// `--verbose`: a debug line per recognizer transition is formatting on the loop's path
/// that a user's daemon does not do. Times are CLOCK_MONOTONIC on both
/// sides (the client stamps what it receives).
@Suite(.serialized, .xServer([.touchscreen, .keyboard]))
struct DaemonLatencyTests {
    static let gestures = 200

    static func percentile(_ values: [Int64], _ p: Double) -> Int64 {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    /// The CPU time a process has used, in nanoseconds (`/proc/PID/schedstat`'s first field).
    static func cpuNanoseconds(_ pid: Int32) -> Int64 {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/schedstat", encoding: .utf8)) ?? ""
        return Int64(text.split(separator: " ").first ?? "") ?? 0
    }

    static func report(_ name: String, _ values: [Int64]) {
        print(
            "latency \(name): p50 \(percentile(values, 0.5)) µs, p99 \(percentile(values, 0.99)) µs over \(values.count)"
        )
    }

    /// Three-finger swipes left, 100 Hz frames, each until the client's KeyPress Left: the time
    /// from the last frame sent before the press to the press, per gesture. With `liftFirst`
    /// the fingers lift 10 ms after the last move, before the press is awaited: a binding that
    /// acts at the lift (feedback on) presses then, and the lift is the frame measured from.
    static func swipeLatencies(
        _ count: Int, firstID: UInt32, touchscreen: InputTestDevice, client: TestClient, liftFirst: Bool = false,
        explain: () -> String
    ) throws -> [Int64] {
        var latencies: [Int64] = []
        for gesture in 0..<count {
            client.clear()
            let ids = (0..<3).map { firstID + UInt32(gesture * 3 + $0) }
            var x = [1200.0, 1300.0, 1400.0]
            var sent: [Int64] = []
            sent.append(TestClient.monotonicMicroseconds())
            try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .began, x: x[$0], y: 500) })
            for _ in 0..<6 {
                usleep(10_000)
                for index in x.indices { x[index] -= 30 }
                sent.append(TestClient.monotonicMicroseconds())
                try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .moved, x: x[$0], y: 500) })
            }
            if liftFirst {
                usleep(10_000)
                sent.append(TestClient.monotonicMicroseconds())
                try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .ended, x: x[$0], y: 500) })
            }
            let press: TestClient.Event
            do {
                press = try client.waitForEvent("KeyPress Left") { $0.type == "KeyPress" && $0.keysym == "Left" }
            } catch {
                Issue.record("gesture \(gesture): \(error)\n\(explain())")
                return latencies
            }
            if let last = sent.last(where: { $0 <= press.t }) { latencies.append(press.t - last) }
            if !liftFirst {
                try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .ended, x: x[$0], y: 500) })
            }
            try client.waitForEvents("releases", count: 3) { $0.type == "KeyRelease" }
        }
        return latencies
    }

    @Test func lastTouchToKeyPressThroughTheDaemon() throws {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let daemon = try DaemonProcess.start(
            display: server.display, config: DaemonEndToEndTests.config, verbose: false)
        defer { daemon.stop() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        let latencies = try Self.swipeLatencies(
            Self.gestures, firstID: 1000, touchscreen: touchscreen, client: client,
            explain: { "running \(daemon.process.isRunning); daemon log:\n\(daemon.log.suffix(1500))" })
        #expect(latencies.count == Self.gestures, "every swipe typed its chord")
        Self.report("last touch → KeyPress, through the daemon", latencies)
    }

    /// The daemon against the floor: `latency-floor`, the least a daemon must do (grab, accept,
    /// one XTest chord) in C, on the same server in the same run, in alternating blocks so
    /// that all meet the same machine; the daemon three times: without its on-screen indicator
    /// (the default), with it and the swipe acting at once (`on: begin`), and with it and the
    /// swipe acting at the lift (feedback's default, measured from the lift). Printed: p50 and
    /// p99 of each and their ratios.
    ///
    /// The first gesture after each start is measured apart: it runs code for the first time
    /// (page faults, the Swift runtime's first metadata; with the indicator, loading cairo),
    /// and with four blocks of fifty its four samples would be the p99 of the two hundred.
    @Test func gestureToKeyAgainstTheFloor() throws {
        let server = try XServer.shared()
        let client = try TestClient.launchFocused(display: server.display)
        defer { client.kill() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
        let blocks = 4
        let perBlock = Self.gestures / blocks
        let withFeedback = "settings:\n  feedback: on\n" + DaemonEndToEndTests.config
        let atOnce = withFeedback + "\n    on: begin\n"
        var latencies: [String: [Int64]] = [:], first: [String: [Int64]] = [:], cpu: [String: Int64] = [:]
        let runs = [
            ("daemon", DaemonEndToEndTests.config), ("daemon, feedback on, on: begin", atOnce),
            ("daemon, feedback on, at the lift", withFeedback), ("floor", "")
        ]
        for block in 0..<blocks {
            for (index, (name, config)) in runs.enumerated() {
                let firstID = UInt32(20_000 + index * 20_000 + block * 1000)
                let run: [Int64]
                if name == "floor" {
                    let floor = try LatencyFloor(display: server.display)
                    defer { floor.stop() }
                    run = try Self.swipeLatencies(
                        perBlock + 1, firstID: firstID, touchscreen: touchscreen, client: client,
                        explain: { "floor: \(floor.errors)" })
                } else {
                    let daemon = try DaemonProcess.start(display: server.display, config: config, verbose: false)
                    let cpuBefore = Self.cpuNanoseconds(daemon.process.processIdentifier)
                    run = try Self.swipeLatencies(
                        perBlock + 1, firstID: firstID, touchscreen: touchscreen, client: client,
                        liftFirst: name.hasSuffix("at the lift"),
                        explain: { "daemon log:\n\(daemon.log.suffix(1500))" })
                    cpu[name, default: 0] += Self.cpuNanoseconds(daemon.process.processIdentifier) - cpuBefore
                    #expect(daemon.stop() == 0)
                }
                first[name, default: []] += run.prefix(1)
                latencies[name, default: []] += run.dropFirst()
            }
        }
        let floor = latencies["floor", default: []]
        for (name, _) in runs {
            let values = latencies[name, default: []]
            #expect(values.count == Self.gestures, "\(name): every swipe typed its chord")
            print("latency first gesture after start (\(blocks) starts), \(name): \(first[name, default: []]) µs")
            Self.report("gesture → KeyPress, \(name == "floor" ? "C floor (grab, accept, XTest chord)" : name)", values)
            if let nanoseconds = cpu[name] {
                print(
                    "latency CPU of the \(name) per gesture: \(nanoseconds / Int64(blocks * (perBlock + 1)) / 1000) µs")
            }
            guard name != "floor", !values.isEmpty, !floor.isEmpty else { continue }
            let ratio = { (p: Double) in
                Double(Self.percentile(values, p)) / Double(max(Self.percentile(floor, p), 1))
            }
            print(
                "latency ratio \(name)/floor: p50 \(String(format: "%.2f", ratio(0.5)))×, "
                    + "p99 \(String(format: "%.2f", ratio(0.99)))×")
        }
    }

    @Test func passThroughWithAndWithoutTheDaemon() throws {
        let server = try XServer.shared()
        let client = try TestClient.launch(display: server.display, flags: [.selectTouch])
        defer { client.kill() }
        let touchscreen = try InputTestDevice.connection(to: server, .touchscreen)

        func measure(firstID: UInt32, count: Int) throws -> [Int64] {
            var values: [Int64] = []
            for index in 0..<count {
                client.clear()
                let id = firstID + UInt32(index)
                let sent = TestClient.monotonicMicroseconds()
                try touchscreen.touch(id: id, phase: .began, x: 500, y: 500)
                let begin = try client.waitForEvent("TouchBegin") { $0.type == "TouchBegin" }
                values.append(begin.t - sent)
                try touchscreen.touch(id: id, phase: .ended, x: 500, y: 500)
                try client.waitForEvent("TouchEnd") { $0.type == "TouchEnd" }
            }
            return values
        }

        let without = try measure(firstID: 5000, count: Self.gestures)
        Self.report("TouchBegin pass-through without the daemon", without)

        // Nothing bound: the daemon rejects each touch at touch-down.
        var daemon = try DaemonProcess.start(display: server.display, config: "gestures: []\n", verbose: false)
        let unwanted: [Int64]
        do { unwanted = try measure(firstID: 6000, count: Self.gestures) } catch {
            print("DAEMONLOG", daemon.log); throw error
        }
        #expect(daemon.stop() == 0)
        Self.report("TouchBegin pass-through, daemon running, no gesture on the path", unwanted)

        // A 3-finger swipe is a candidate: a lone finger waits for the finger window (150 ms).
        daemon = try DaemonProcess.start(display: server.display, config: DaemonEndToEndTests.config, verbose: false)
        let candidate = try measure(firstID: 7000, count: 20)
        #expect(daemon.stop() == 0)
        Self.report("TouchBegin pass-through, daemon running, 3-finger swipe a candidate", candidate)
        // The window runs from the server's stamp, which has millisecond resolution: a touch
        // sent late in a millisecond is stamped up to 1 ms before it was sent.
        #expect(candidate.allSatisfy { $0 >= 149_000 }, "held for the whole finger window: \(candidate)")
        #expect(without.count == Self.gestures && unwanted.count == Self.gestures)
    }
}

/// `latency-floor`, run beside the test bundle until `stop()`; it holds the root touch grab.
final class LatencyFloor {
    let process = Process()
    private let input = Pipe.closingOnExec()
    private let output = Pipe.closingOnExec()
    private let errorFile: URL
    var errors: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    init(display: String) throws {
        let beside = TestClient.executableURL().deletingLastPathComponent().appendingPathComponent("latency-floor")
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-floor-\(UUID().uuidString.prefix(8))")
        try #require(
            FileManager.default.createFile(atPath: errorFile.path, contents: nil), "cannot create \(errorFile.path)")
        process.executableURL = beside
        process.arguments = [display]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorFile.path)
        try process.run()
        var text = ""
        try waitUntil("latency-floor's grab", timeout: 10) {
            guard process.isRunning else { return true }
            let data = output.fileHandleForReading.availableData
            text += String(decoding: data, as: UTF8.self)
            return text.contains("ready")
        }
        #expect(text.contains("ready"), "latency-floor did not start: \(errors)")
    }

    /// Closes its stdin, which ends it, and waits.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: errorFile)
    }
}

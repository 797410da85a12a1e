import Foundation
import GestureConfig
import Testing
@testable import X11Bridge

/// How long a key chord takes from `tap` to the focused client's KeyPress, and how long `tap` blocks.
///
/// Measured, printed, not asserted: timing depends on the machine. The assertions are
/// that every chord arrives whole and nothing stays pressed. Figures go to the test
/// log as `key injection ...` lines.
@Suite("Key injection latency on a real Xorg", .serialized, .xServer([.keyboard]))
struct KeyInjectionLatencyTests {
    /// How many chords each measurement types.
    static let chordCount = 200

    @Test(arguments: ["ctrl+alt+Left", "plus", "Greek_alpha"])
    func chordsReachTheFocusedClient(_ keys: String) throws {
        let server = try XServer.shared()
        let injector = try KeyInjector(connection: X11Connection.toTestServer(server.display))
        let client = try TestClient.launch(display: server.display, flags: [.focus])
        defer { client.kill() }
        try client.waitForEvent("FocusIn") { $0.type == "FocusIn" }
        let sequence = try KeySequence(parsing: keys)
        let key = sequence.chords[0].key.name
        let perChord = sequence.chords[0].modifiers.count + 1
        var arrival: [Int64] = [], blocking: [Int64] = []
        for index in 0..<Self.chordCount {
            let sent = TestClient.monotonicMicroseconds()
            try injector.tap(sequence)
            blocking.append(TestClient.monotonicMicroseconds() - sent)
            let presses = try client.waitForEvents("\(key) \(index)", count: index + 1) {
                $0.type == "KeyPress" && $0.lookup == key
            }
            arrival.append(presses[index].t - sent)
        }
        try client.sync()
        #expect(client.events(ofType: "KeyRelease").count >= Self.chordCount * perChord)
        #expect(injector.heldKeycodes.isEmpty)
        try injector.restoreBorrowedKeys(at: .infinity)
        print(
            "key injection of \(keys): tap to KeyPress \(Self.figures(arrival)); tap blocks \(Self.figures(blocking))")
    }

    /// `p50 …, p99 …, max …` of microsecond samples.
    static func figures(_ samples: [Int64]) -> String {
        let sorted = samples.sorted()
        func percentile(_ p: Double) -> Int64 {
            // No samples (every key lost) is a failed expectation elsewhere, never a trap here.
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
        }
        return "p50 \(percentile(0.5)) µs, p99 \(percentile(0.99)) µs, max \(sorted.last ?? 0) µs over \(sorted.count)"
    }
}

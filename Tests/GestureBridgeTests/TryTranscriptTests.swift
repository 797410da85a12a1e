import GestureConfig
import GestureEngine
import GestureReplay
import Testing

@testable import gesturebridge
@testable import ControlStreams

/// What `gesturebridge try` prints for the daemon's try stream, and the gestures `--bind` names.
@Suite struct TryTranscriptTests {
    static let hello =
        #"{"gesturebridge": "0.1.0", "pid": 42, "display": ":0", "config": "/home/u/.config/gesturebridge/config.yaml", "bindings": 2}"#
    static let scene = #"{"t": 0, "scene": {"screen": {"width": 1920, "height": 1080, "dpi": 96}, "windows": []}}"#

    /// Touch lines for fingers at `xs` moving `dx` per 10 ms frame for `frames` frames, then lifting.
    /// `tick`: every finger but the first is stamped 1 ms after it, as the X server stamps a frame
    /// it posts across a tick of its millisecond clock.
    static func stroke(
        ids: [Int], xs: [Double], y: Double, dx: Double, dy: Double = 0, frames: Int, tick: Bool = false
    ) -> [String] {
        var lines: [String] = []
        func line(_ t: Double, _ id: Int, _ phase: String, _ x: Double, _ y: Double) -> String {
            let t = tick && id != ids.first ? t + 0.001 : t
            return
                "{\"t\": \((t * 1000).rounded() / 1000), \"touch\": \(id), \"phase\": \"\(phase)\", \"x\": \(x), \"y\": \(y)}"
        }
        for (id, x) in zip(ids, xs) { lines.append(line(0.1, id, "down", x, y)) }
        for frame in 1...frames {
            for (id, x) in zip(ids, xs) {
                lines.append(
                    line(0.1 + 0.01 * Double(frame), id, "move", x + dx * Double(frame), y + dy * Double(frame)))
            }
        }
        let end = 0.1 + 0.01 * Double(frames + 1)
        for (id, x) in zip(ids, xs) {
            lines.append(line(end, id, "up", x + dx * Double(frames), y + dy * Double(frames)))
        }
        return lines
    }

    static func transcript(_ lines: [String], binds: Bool) -> [String] {
        var transcript = TryTranscript(binds: binds)
        return ([hello, scene] + lines).flatMap { transcript.lines(for: $0) } + transcript.idle()
    }

    @Test func theCatalogLoads() throws {
        let catalog = try ConfigLoader.load(yaml: TryCatalog.yaml, file: "try-catalog")
        #expect(catalog.allBindings.count == 5 * 4 + 4 * 2)
    }

    struct BindCase: Sendable, CustomTestStringConvertible {
        var label: String
        var lines: [String]
        var binding: String
        var testDescription: String { label }
    }

    static let bindCases: [BindCase] = [
        BindCase(
            label: "three fingers swipe left",
            lines: stroke(ids: [1, 2, 3], xs: [1200, 1300, 1400], y: 500, dx: -30, frames: 6),
            binding: "  - swipe: { fingers: 3, direction: left }"),
        BindCase(
            label: "two fingers swipe up",
            lines: stroke(ids: [1, 2], xs: [900, 1000], y: 700, dx: 0, dy: -30, frames: 6),
            binding: "  - swipe: { fingers: 2, direction: up }"),
        // Seen on a loaded machine: one finger 30 pt ahead of the others for a millisecond was
        // named a 2-finger pinch "spread out to ×1.00", or a 1-finger swipe.
        BindCase(
            label: "three fingers swipe left, each frame stamped across a millisecond tick",
            lines: stroke(ids: [1, 2, 3], xs: [1200, 1300, 1400], y: 500, dx: -30, frames: 6, tick: true),
            binding: "  - swipe: { fingers: 3, direction: left }"),
        BindCase(
            label: "two fingers swipe left, each frame stamped across a millisecond tick",
            lines: stroke(ids: [1, 2], xs: [1200, 1300], y: 500, dx: -30, frames: 6, tick: true),
            binding: "  - swipe: { fingers: 2, direction: left }"),
        BindCase(
            label: "a one-finger tap",
            lines: stroke(ids: [1], xs: [500], y: 500, dx: 0, frames: 2),
            binding: "  - tap: { fingers: 1 }"),
        BindCase(
            label: "a slow drag right",
            // 80 pt in a second: 40 when a swipe's 0.5 s run out, so a pan.
            lines: stroke(ids: [1], xs: [500], y: 500, dx: 0.8, frames: 100),
            binding: "  - pan: { fingers: 1, direction: right }")
    ]

    @Test(arguments: bindCases)
    func bindNamesTheGestureAsABindingThatLoads(_ c: BindCase) throws {
        let printed = Self.transcript(c.lines, binds: true)
        let start = try #require(printed.firstIndex(of: c.binding), "\(printed)")
        let snippet = printed[start...].prefix(2).joined(separator: "\n")
        let configuration = try ConfigLoader.load(yaml: "gestures:\n" + snippet + "\n")
        #expect(configuration.allBindings.count == 1)
        #expect(printed[start - 1].hasPrefix("  # a "), "the comment above it: \(printed[start - 1])")
    }

    /// A stream's ids and counts are bounded like the replay contract's numbers: a line with
    /// `"touch": 1e300` (libFuzzer's find) is not a touch, and never traps converting it.
    @Test func hugeIdsAndCountsAreNoTouchesAndNoTrap() {
        let printed = Self.transcript(
            [
                #"{"t": 0.1, "touch": 1e300, "phase": "down", "x": 500, "y": 500}"#,
                #"{"t": 0.1, "touch": -1e300, "delivery": "rejected"}"#,
                #"{"t": 0.1, "touch": 2.5, "elsewhere": true, "x": 1, "y": 1}"#,
                #"{"t": 0.2, "pad": "swipe", "phase": "begin", "fingers": 1e300}"#
            ], binds: false)
        #expect(!printed.contains { $0.contains("touch ") }, "\(printed)")
        #expect(printed.contains { $0.hasSuffix("touchpad swipe begins, 0 fingers") }, "\(printed)")
    }

    @Test func failuresAndActionsAreReadable() {
        let printed = Self.transcript(
            [
                #"{"t": 0.1, "touch": 1, "phase": "down", "x": 500, "y": 500}"#,
                #"{"t": 0.12, "gesture": "menu", "kind": "tap", "state": "failed", "why": "moved 52 pt, more than the 45 pt a tap allows"}"#,
                #"{"t": 0.13, "gesture": "edge", "kind": "pan", "state": "waiting", "why": "recognized, waiting for 'swipe' to fail ('after:')"}"#,
                #"{"t": 0.14, "gesture": "next", "kind": "swipe", "commit": "will-not-act", "why": "moved back past where it started"}"#,
                #"{"t": 0.15, "gesture": "next", "action": {"desktop": "next"}, "outcome": "performed"}"#,
                #"{"t": 0.2, "touch": 1, "phase": "up", "x": 552, "y": 500}"#,
                // The daemon's reactions to the lift come after it, at the same instant.
                #"{"t": 0.2, "gesture": "next", "kind": "swipe", "state": "failed", "why": "a finger lifted before a swipe was recognized"}"#
            ], binds: false)
        #expect(printed.first?.hasPrefix("trying gesturebridge 0.1.0 (pid 42) on :0: 2 bindings from ") == true)
        #expect(printed.contains("   0.100  touch 1 down at 500, 500"), "\(printed)")
        #expect(printed.contains("   0.120    ✗ menu (tap) failed: moved 52 pt, more than the 45 pt a tap allows"))
        #expect(printed.contains("   0.130    … edge (pan) recognized, waiting for 'swipe' to fail ('after:')"))
        #expect(
            printed.contains("   0.140    next (swipe) would not act if lifted now: moved back past where it started"))
        #expect(printed.contains(#"   0.150    → next: {"desktop": "next"} (performed)"#))
        #expect(
            Array(printed.suffix(2)) == [
                "   0.200    ✗ next (swipe) failed: a finger lifted before a swipe was recognized", ""
            ], "the gesture ends after the lift's reactions: \(printed)")
    }

    /// A reason several bindings share is one line naming them; other reasons keep their own.
    /// Seen before: six identical "failed: 1 finger when the finger window closed" lines.
    @Test func aFailureSharedByBindingsIsPrintedOnceNamingThem() {
        let why = "1 finger when the finger window closed, the gesture wants 3"
        let printed = Self.transcript(
            [
                #"{"t": 0.1, "touch": 1, "phase": "down", "x": 500, "y": 500}"#,
                #"{"t": 0.25, "gesture": "next", "kind": "swipe", "state": "failed", "why": "\#(why)"}"#,
                #"{"t": 0.25, "gesture": "menu", "kind": "tap", "state": "failed", "why": "held too long"}"#,
                #"{"t": 0.25, "gesture": "previous", "kind": "swipe", "state": "failed", "why": "\#(why)"}"#,
                #"{"t": 0.25, "touch": 1, "delivery": "rejected"}"#,
                #"{"t": 0.26, "gesture": "overview", "kind": "swipe", "state": "failed", "why": "\#(why)"}"#,
                #"{"t": 0.6, "touch": 1, "phase": "up", "x": 900, "y": 450}"#
            ], binds: false)
        #expect(
            printed.filter { $0.contains("✗") } == [
                "   0.250    ✗ next (swipe), previous (swipe) failed: \(why)",
                "   0.250    ✗ menu (tap) failed: held too long",
                "   0.260    ✗ overview (swipe) failed: \(why)"
            ], "\(printed)")
        #expect(printed.contains("   0.250    touch 1 handed to the application: no gesture wanted it"), "\(printed)")
        #expect(printed.contains("   0.600  touch 1 up at 900, 450"), "\(printed)")
    }

    @Test func aTouchAnotherClientsGrabTookIsSaid() {
        let printed = Self.transcript(
            [#"{"t": 0.3, "touch": 4, "x": 520, "y": 410, "elsewhere": "another client holds the pointer"}"#],
            binds: false)
        #expect(
            printed.contains(
                "   0.300  touch 4 at 520, 410 went to another client that holds the pointer (a menu, a drag or a "
                    + "screen locker): no gesture sees it"), "\(printed)")
    }
}

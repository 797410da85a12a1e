import GestureConfig
import GestureEngine
import GestureReplay
import JSON
import GestureRuntime
import TextSearch

/// Names a gesture the fingers made, for `gesturebridge try --bind`: the gesture's input is
/// replayed against a catalog of every kind with 1 to 5 fingers (`catalog`), and the last one
/// recognized is written as a binding.
///
/// The catalog runs in the tool, not the daemon, through the same replay as `gesturebridge
/// replay`, with UIKit's ordering: a pan waits for the swipe with its fingers to fail, a tap
/// and a long press share fingers as UIKit lets them.
package enum TryCatalog {
    /// The catalog's config: one binding per kind and finger count, named `kind-fingers`.
    static let yaml: String = {
        var lines = ["gestures:"]
        func add(_ name: String, _ recognizer: String, after: String? = nil) {
            lines.append("  - name: \(name)")
            lines.append("    \(recognizer)")
            if let after { lines.append("    after: [\(after)]") }
            lines.append("    do: { keys: F20 }")
        }
        for fingers in 1...5 {
            add("tap-\(fingers)", "tap: { fingers: \(fingers) }")
            add("long-press-\(fingers)", "long-press: { fingers: \(fingers) }")
            add(
                "swipe-\(fingers)",
                "swipe: { fingers: \(fingers), direction: [left, right, up, down, up-left, up-right, down-left, down-right] }"
            )
            if fingers >= 2 {
                add("pinch-\(fingers)", "pinch: { fingers: \(fingers) }")
                add("rotate-\(fingers)", "rotate: { fingers: \(fingers) }")
            }
        }
        // A pan follows as many fingers as it takes and leaves the others, so a 1-finger pan
        // would take the first finger of a 3-finger swipe: every pan waits for every swipe,
        // pinch and rotation to fail.
        let others = (1...5).map { "swipe-\($0)" } + (2...5).flatMap { ["pinch-\($0)", "rotate-\($0)"] }
        for fingers in 1...5 {
            add("pan-\(fingers)", "pan: { fingers: \(fingers) }", after: others.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let catalog: Configuration? = try? ConfigLoader.load(yaml: yaml, file: "try-catalog")

    /// A gesture named from the catalog: its kind and fingers, and the figures that decide the binding.
    struct Named: Equatable {
        var kind: String
        var fingers: Int
        /// `direction: left` for a swipe or pan; nil for the others.
        var direction: String?
        /// What the fingers did, for the comment: "spread out to ×1.80", "turned 45° clockwise".
        var detail: String?
    }

    /// The binding for the gesture in `lines` (trace event lines; `header` the scene), as
    /// commented YAML lines; a line saying so when no catalog gesture recognized it.
    static func snippet(header: String?, lines: [String]) -> [String] {
        guard let named = name(header: header, lines: lines) else {
            return ["  (--bind: not a gesture the catalog knows: no tap, press, swipe, pan, pinch or rotation)"]
        }
        return snippet(for: named)
    }

    static func snippet(for named: Named) -> [String] {
        let fingers = named.fingers == 1 ? "1-finger" : "\(named.fingers)-finger"
        let words = ([fingers, named.kind] + (named.direction.map { [$0] } ?? [])).joined(separator: " ")
        var parameters = "fingers: \(named.fingers)"
        if let direction = named.direction { parameters += ", direction: \(direction)" }
        return [
            "  # a \(words)\(named.detail.map { ", \($0)" } ?? ""); paste under gestures: and set what it does",
            "  - \(named.kind): { \(parameters) }",
            "    do: { command: \"notify-send 'gesturebridge: \(words)'\" }"
        ]
    }

    /// The last catalog gesture the input recognized: discrete ones when recognized,
    /// continuous ones when they ended.
    static func name(header: String?, lines: [String]) -> Named? {
        guard let catalog, !lines.isEmpty else { return nil }
        let text = ((header.map { [$0] } ?? []) + lines).joined(separator: "\n") + "\n"
        guard let trace = try? TraceReader.read(text, file: "try") else { return nil }
        let records = ReplayRunner.run(trace: trace, configuration: catalog, verbose: false).records
        var found: Named?
        for record in records {
            guard case let .state(_, gesture, kind, state, _, _, _, fields, _) = record, state == .ended else {
                continue
            }
            let parts = gesture.splitText(by: "-")
            guard let fingers = parts.last.flatMap({ Int($0) }) else { continue }
            let figures = Dictionary(fields, uniquingKeysWith: { first, _ in first })
            found = Named(kind: kind, fingers: fingers, direction: nil, detail: nil)
            switch kind {
            case "swipe":
                if case .string(let direction) = figures["direction"] { found?.direction = direction }
            case "pan":
                if case .array(let translation) = figures["translation"], translation.count == 2,
                    case .number(let dx) = translation[0], case .number(let dy) = translation[1]
                {
                    found?.direction = abs(dx) >= abs(dy) ? (dx > 0 ? "right" : "left") : (dy > 0 ? "down" : "up")
                }
            case "pinch":
                if case .number(let scale) = figures["scale"] {
                    found?.detail =
                        (scale >= 1 ? "spread out" : "pinched in") + " to ×" + FixedDecimal.text(scale, decimals: 2)
                }
            case "rotate":
                if case .number(let rotation) = figures["rotation"] {
                    let degrees = rotation * 180 / Double.pi
                    found?.detail =
                        "turned \(FixedDecimal.text(abs(degrees), decimals: 0))° "
                        + (degrees >= 0 ? "clockwise" : "counterclockwise")
                }
            default:
                break
            }
        }
        return found
    }
}

import GestureEngine
import GestureReplay
import TextSearch
import JSON

/// What `gesturebridge try` prints for the daemon's try stream (`TryStream`'s JSON Lines):
/// touches landing and lifting, candidates' states with why they failed, commitments and
/// actions; with `binds`, each finished gesture as a binding (`TryCatalog`).
///
/// Pure: lines in, lines out, so it is tested without a daemon.
package struct TryTranscript {
    let binds: Bool
    /// The trace header of the scene (the last `scene` line), for replaying a gesture.
    private var header: String?
    /// The current gesture's input lines (touches, touchpad events), in order.
    private var gesture: [String] = []
    private var liveTouches: Set<Int> = []
    private var padActive = false
    private var isFirst = true
    /// Set when the last finger lifted: the gesture's end is printed once the reactions to that
    /// lift (failures, deliveries, which the daemon sends after the touch lines) are in.
    private var endedAt: Double?
    /// The most input lines one gesture keeps for `--bind`: a minute of ten fingers at 100 Hz.
    static let maximumGestureLines = 60_000
    /// The failures of one instant not printed yet, by reason in the order first seen: a reason
    /// several bindings share is one line that names them all.
    private var failures: (time: String, reasons: [(why: String, who: [String])])?
    /// The most bindings one failure line names; the rest are counted.
    static let maximumNamedFailures = 8

    package init(binds: Bool) {
        self.binds = binds
    }

    /// The lines to print once the stream has gone quiet (the end of what one read brought):
    /// the end of a gesture whose fingers all lifted.
    package mutating func idle() -> [String] {
        let failed = failureLines()
        guard endedAt != nil else { return failed }
        endedAt = nil
        return failed + gestureOver()
    }

    /// Keeps a failure for the line its instant's failures share; the lines of earlier ones.
    private mutating func noteFailure(_ who: String, why: String, time: String) -> [String] {
        let earlier = failures?.time == time ? [] : failureLines()
        var pending = failures ?? (time, [])
        if let index = pending.reasons.firstIndex(where: { $0.why == why }) {
            pending.reasons[index].who.append(who)
        } else {
            pending.reasons.append((why, [who]))
        }
        failures = pending
        return earlier
    }

    /// The failures kept, one line per reason: `✗ a (tap), b (swipe) failed: the fingers lifted …`.
    private mutating func failureLines() -> [String] {
        guard let pending = failures else { return [] }
        failures = nil
        return pending.reasons.map { reason in
            let named = reason.who.prefix(Self.maximumNamedFailures).joined(separator: ", ")
            let more = reason.who.count - Self.maximumNamedFailures
            let who = more > 0 ? named + " and \(Wording.count(more, "other"))" : named
            return pending.time + "  ✗ \(who) failed: \(reason.why)"
        }
    }

    /// The lines to print for one line of the stream.
    package mutating func lines(for line: String) -> [String] {
        guard let endedAt else { return linesAfterAnEnd(for: line) }
        // A line of a later instant, or a new gesture's: the last one is over.
        let value = try? JSONValue(parsing: line)
        let t = value?["t"].flatMap(Self.number) ?? endedAt
        let startsAnother = value?["phase"] == .string("down") || value?["phase"] == .string("begin")
        guard t > endedAt + 0.001 || startsAnother else { return linesAfterAnEnd(for: line) }
        return idle() + linesAfterAnEnd(for: line)
    }

    private mutating func linesAfterAnEnd(for line: String) -> [String] {
        if let value = try? JSONValue(parsing: line), value["state"].flatMap(Self.string) == "failed",
            let name = value["gesture"].flatMap(Self.string)
        {
            let kind = value["kind"].flatMap(Self.string) ?? ""
            let time = MonitorStream.seconds(value["t"].flatMap(Self.number) ?? 0) + "  "
            return noteFailure(
                "\(name) (\(kind))", why: value["why"].flatMap(Self.string) ?? "no reason given", time: time)
        }
        return failureLines() + linesOtherThanFailures(for: line)
    }

    private mutating func linesOtherThanFailures(for line: String) -> [String] {
        if isFirst {
            isFirst = false
            return [MonitorStream.greeting(hello: line).replacingText("monitoring", with: "trying")]
                + ["Touch the screen (or the touchpad); each finger gets a mark. Ctrl-C stops."]
        }
        guard let value = try? JSONValue(parsing: line), case .object = value else { return [] }
        let t = value["t"].flatMap(Self.number) ?? 0
        let time = MonitorStream.seconds(t) + "  "
        if let scene = value["scene"] {
            header = scene.serialized(decimals: 3)
            return []
        }
        if let touch = value["touch"].flatMap(Self.whole), let phase = value["phase"].flatMap(Self.string) {
            return touchLines(line, id: touch, phase: phase, value: value, time: time)
        }
        if let pad = value["pad"].flatMap(Self.string), let phase = value["phase"].flatMap(Self.string) {
            record(line)
            switch phase {
            case "begin":
                padActive = true
                let fingers = value["fingers"].flatMap(Self.whole) ?? 0
                return [time + "touchpad \(pad) begins, \(fingers) fingers"]
            case "end", "cancel":
                padActive = false
                endedAt = t
                return [time + "touchpad \(pad) \(phase == "end" ? "ends" : "cancelled")"]
            default:
                return []
            }
        }
        if let gestureName = value["gesture"].flatMap(Self.string) {
            return gestureLines(gestureName, value: value, time: time)
        }
        if let touch = value["touch"].flatMap(Self.whole), value["delivery"].flatMap(Self.string) == "rejected" {
            return [time + "  touch \(touch) handed to the application: no gesture wanted it"]
        }
        if value["grab"].flatMap(Self.string) == "keyboard", let what = value["what"].flatMap(Self.string) {
            return [time + what]
        }
        if let touch = value["touch"].flatMap(Self.whole), value["elsewhere"] != nil {
            let x = value["x"].flatMap(Self.number) ?? 0, y = value["y"].flatMap(Self.number) ?? 0
            return [
                time + "touch \(touch) at \(x.shortDescription), \(y.shortDescription) went to another client "
                    + "that holds the pointer (a menu, a drag or a screen locker): no gesture sees it"
            ]
        }
        if let reload = value["reload"].flatMap(Self.string) {
            let error = value["error"].flatMap(Self.string)
            return [time + "config \(reload) " + (error ?? "reloaded")]
        }
        if let device = value["device"].flatMap(Self.string) { return [time + "input device \(device)"] }
        return []
    }

    private mutating func touchLines(_ line: String, id: Int, phase: String, value: JSONValue, time: String) -> [String]
    {
        record(line)
        let x = value["x"].flatMap(Self.number) ?? 0, y = value["y"].flatMap(Self.number) ?? 0
        switch phase {
        case "down":
            liveTouches.insert(id)
            return [time + "touch \(id) down at \(x.shortDescription), \(y.shortDescription)"]
        case "up", "cancel":
            liveTouches.remove(id)
            if liveTouches.isEmpty && !padActive { endedAt = value["t"].flatMap(Self.number) ?? 0 }
            return [
                time
                    + "touch \(id) \(phase == "up" ? "up" : "cancelled") at \(x.shortDescription), \(y.shortDescription)"
            ]
        default:
            return []
        }
    }

    private func gestureLines(_ name: String, value: JSONValue, time: String) -> [String] {
        let kind = value["kind"].flatMap(Self.string) ?? ""
        let why = value["why"].flatMap(Self.string)
        let who = "\(name) (\(kind))"
        if let state = value["state"].flatMap(Self.string) {
            switch state {
            case "began": return [time + "  ▶ \(who) began"]
            case "ended": return [time + "  ✓ \(who) recognized"]
            case "cancelled": return [time + "  ■ \(who) cancelled" + (why.map { ": \($0)" } ?? "")]
            case "waiting": return [time + "  … \(who) \(why ?? "waits")"]
            default: return []
            }
        }
        if let commit = value["commit"].flatMap(Self.string) {
            switch commit {
            case "will-act": return [time + "  \(who) will act when the fingers lift"]
            case "will-not-act": return [time + "  \(who) would not act if lifted now: \(why ?? "")"]
            case "withdrawn": return [time + "  ✗ \(who) withdrawn, nothing done: \(why ?? "")"]
            default: return []
            }
        }
        if let action = value["action"] {
            let outcome = value["outcome"].flatMap(Self.string) ?? ""
            return [time + "  → \(name): \(action.serialized(decimals: 3)) (\(outcome))"]
        }
        return []
    }

    private mutating func record(_ line: String) {
        guard binds, gesture.count < Self.maximumGestureLines else { return }
        gesture.append(line)
    }

    /// The end of a gesture: its binding, with `--bind`, and a blank line before the next.
    private mutating func gestureOver() -> [String] {
        defer { gesture.removeAll(keepingCapacity: true) }
        guard binds else { return [""] }
        return TryCatalog.snippet(header: header, lines: gesture) + [""]
    }

    static func number(_ value: JSONValue) -> Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// A count or an id from a line: a whole number within a million either side, as the replay
    /// contract bounds every number; nil for anything else (1e300 would trap in `Int(_:)`).
    static func whole(_ value: JSONValue) -> Int? {
        guard let number = number(value), number.magnitude <= 1_000_000 else { return nil }
        return Int(exactly: number)
    }

    static func string(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }
}

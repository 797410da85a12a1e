import GestureConfig
import GestureEngine
import GestureReplay
import GestureRuntime
import JSON

/// Formats the daemon's events for one `gesturebridge try` client: JSON Lines, which the tool
/// renders and, with `--bind`, replays to name the gesture the fingers made.
///
/// What `monitor --json --moves` sends (every touch as a trace line, deliveries, actions, the
/// scene first), with recognizer lines that say, in a person's terms, why a candidate failed:
/// `{"t": …, "gesture": "menu", "kind": "tap", "state": "failed", "why": "moved 52 pt, more
/// than the 45 pt a tap allows"}`, and commit-or-cancel lines for bindings that act at the lift.
/// While a try client listens, the daemon also draws every touch on the screen.
package struct TryStream {
    private var monitor: MonitorStream

    package init(origin: Double) {
        monitor = MonitorStream(isJSON: true, showsMoves: true, origin: origin)
    }

    package mutating func line(for event: ControlEvent) -> String? {
        let t = max(0, event.time - monitor.origin)
        switch event {
        case let .transition(recognizer, from, to, cause, _):
            guard let why = Self.explanation(to: to, from: from, cause: cause, kind: recognizer.kind) else {
                return nil
            }
            var members: [(String, JSONValue)] = [
                ("t", .number(t)), ("gesture", .string(recognizer.name)), ("kind", .string("\(recognizer.kind)")),
                ("state", .string(to == .possible ? "waiting" : "\(to)"))
            ]
            if !why.isEmpty { members.append(("why", .string(why))) }
            return JSONValue.object(members).serialized(decimals: 3)
        case let .commitment(recognizer, commitment, _):
            var members: [(String, JSONValue)] = [
                ("t", .number(t)), ("gesture", .string(recognizer.name)), ("kind", .string("\(recognizer.kind)"))
            ]
            switch commitment {
            case .willAct: members.append(("commit", .string("will-act")))
            case .willNotAct(let reason, _): members += [("commit", .string("will-not-act")), ("why", .string(reason))]
            case .acted: members.append(("commit", .string("acted")))
            case .withdrawn(let reason): members += [("commit", .string("withdrawn")), ("why", .string(reason))]
            }
            return JSONValue.object(members).serialized(decimals: 3)
        default:
            return monitor.line(for: event)
        }
    }

    /// Why a candidate moved to `to`, for the transitions a person trying a gesture cares
    /// about: began, recognized, cancelled, failed, waiting for another to fail. Nil for the
    /// rest (resets, changes), "" when the state says it all.
    static func explanation(
        to: GestureRecognizer.State, from: GestureRecognizer.State, cause: TransitionCause, kind: GestureKind
    ) -> String? {
        switch (to, cause) {
        case (.failed, .failure(let reason)): return reason.description(for: kind)
        case (.failed, .sequenceEnded): return "the fingers lifted before it was recognized"
        case (.failed, .preventedBy(let other)):
            return "'\(other.name)' was recognized first (bindings that may run together say 'with:')"
        case (.failed, .requirementSucceeded(let other)):
            return "it waits for '\(other.name)' to fail ('after:'), and '\(other.name)' was recognized"
        case (.failed, .shouldBeginDenied): return "its conditions said no"
        case (.failed, .disabled): return "it was disabled"
        case (.failed, .shutdown), (.cancelled, .shutdown): return "every touch was cancelled"
        case (.failed, _): return "\(cause)"
        case (.possible, .waitingForFailure(let other)):
            return "recognized, waiting for '\(other.name)' to fail ('after:')"
        case (.possible, _): return nil
        case (.began, _), (.ended, _): return ""
        case (.cancelled, _): return "\(cause)"
        case (.changed, _): return nil
        }
    }
}

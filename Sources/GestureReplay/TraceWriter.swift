import GestureEngine
import GestureRuntime
import JSON

/// Writes a `Trace` in the replay contract's JSON Lines format, header line first.
///
/// `gesturebridge replay --convert` uses it to turn a device recording into a
/// readable fixture. What it writes reads back with `TraceReader` to the same
/// header and events (only `line` differs, being the converted file's line).
/// Keys keep the contract's order: `t`, `touch`, `phase`, `x`, `y` for touches,
/// `t`, `pad`, `phase`, `fingers`, `dx`, `dy` (and `scale`, `angle` for a pinch; `x`, `y` for the pointer when known)
/// for touchpad gestures. Numbers are written exactly, in the shortest decimal
/// that reads back as the same double, and never in exponent form.
public enum TraceWriter {
    /// Enough decimals for any finite double to be written without rounding (the smallest
    /// subnormal has its last significant digit at the 324th place).
    static let exactDecimals = 400

    /// The whole trace, every line ending in a line feed.
    public static func write(_ trace: Trace) -> String {
        var output = headerLine(trace.header)
        output += "\n"
        output.reserveCapacity(trace.events.count * 64)
        for event in trace.events {
            output += eventLine(event)
            output += "\n"
        }
        return output
    }

    /// The header as one line: the screen, then the windows and the active window when there are any.
    public static func headerLine(_ header: Trace.Header) -> String {
        let screen = header.screen
        var output =
            "{\"screen\": {\"width\": \(number(screen.width)), \"height\": \(number(screen.height)), "
            + "\"dpi\": \(number(screen.dpi))}"
        if !header.windows.isEmpty {
            output += ", \"windows\": ["
            for (index, window) in header.windows.enumerated() {
                if index > 0 { output += ", " }
                output += "{\"id\": \(window.id)"
                for (key, text) in [("class", window.className), ("instance", window.instance), ("title", window.title)]
                where !text.isEmpty {
                    output += ", \"\(key)\": "
                    JSONValue.writeQuoted(text, to: &output)
                }
                output +=
                    ", \"x\": \(number(window.x)), \"y\": \(number(window.y)), "
                    + "\"width\": \(number(window.width)), \"height\": \(number(window.height))"
                let states =
                    (window.isFullscreen ? ["\"fullscreen\""] : []) + (window.isMaximized ? ["\"maximized\""] : [])
                if !states.isEmpty { output += ", \"state\": [" + states.joined(separator: ", ") + "]" }
                output += "}"
            }
            output += "]"
        }
        if let active = header.activeWindow { output += ", \"active\": \(active)" }
        return output + "}"
    }

    /// One event as one line.
    public static func eventLine(_ event: Trace.Event) -> String {
        var output = "{\"t\": \(number(event.time))"
        switch event.input {
        case .clock:
            break
        case .touch(let touch):
            output +=
                ", \"touch\": \(touch.id.rawValue), \"phase\": \"\(touch.phase.traceWord)\", "
                + "\"x\": \(number(touch.location.x)), \"y\": \(number(touch.location.y))"
        case .pad(let pad):
            output +=
                ", \"pad\": \"\(pad.kind.rawValue)\", \"phase\": \"\(pad.phase.traceWord)\", "
                + "\"fingers\": \(pad.fingers), \"dx\": \(number(pad.dx)), \"dy\": \(number(pad.dy))"
            switch pad.kind {
            case .swipe: break
            case .pinch: output += ", \"scale\": \(number(pad.scale)), \"angle\": \(number(pad.angle))"
            }
            if let pointer = pad.pointer { output += ", \"x\": \(number(pointer.x)), \"y\": \(number(pointer.y))" }
        }
        return output + "}"
    }

    /// A finite double in the shortest decimal that reads back as the same value, without an exponent.
    static func number(_ value: Double) -> String {
        precondition(value.isFinite, "traces hold finite numbers only")
        if value == 0 { return "0" }
        let text = value.description
        // Swift writes the shortest round-tripping digits, as "1920.0" or "0.012", or with an exponent.
        guard !text.contains("e") else { return JSONNumberFormat.string(value, decimals: exactDecimals) }
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

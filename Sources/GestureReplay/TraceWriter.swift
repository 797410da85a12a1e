/// Writes a `Trace` in the replay contract's JSON Lines format, header line first.
///
/// `gesturebridge replay --convert` uses it to turn a device recording into a
/// readable fixture. What it writes reads back with `TraceReader` to the same
/// header and events (only `line` differs, being the converted file's line).
/// Keys keep the contract's order: `t`, `touch`, `phase`, `x`, `y` for touches,
/// `t`, `pad`, `phase`, `fingers`, `dx`, `dy` (and `scale`, `angle` for a pinch)
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
        var members: [(String, JSONValue)] = [
            ("screen", .object([("width", .number(screen.width)), ("height", .number(screen.height)),
                                ("dpi", .number(screen.dpi))])),
        ]
        if !header.windows.isEmpty {
            members.append(("windows", .array(header.windows.map(window))))
        }
        if let active = header.activeWindow {
            members.append(("active", .number(Double(active))))
        }
        return line(members)
    }

    /// One event as one line.
    public static func eventLine(_ event: Trace.Event) -> String {
        var members: [(String, JSONValue)] = [("t", .number(event.time))]
        switch event.input {
        case .clock:
            break
        case .touch(let touch):
            members += [("touch", .number(Double(touch.id.rawValue))), ("phase", .string(touch.phase.rawValue)),
                        ("x", .number(touch.x)), ("y", .number(touch.y))]
        case .pad(let pad):
            members += [("pad", .string(pad.kind.rawValue)), ("phase", .string(pad.phase.rawValue)),
                        ("fingers", .number(Double(pad.fingers))), ("dx", .number(pad.dx)), ("dy", .number(pad.dy))]
            switch pad.kind {
            case .swipe: break
            case .pinch: members += [("scale", .number(pad.scale)), ("angle", .number(pad.angle))]
            }
        }
        return line(members)
    }

    private static func window(_ window: Trace.Window) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .number(Double(window.id)))]
        if !window.className.isEmpty { members.append(("class", .string(window.className))) }
        if !window.instance.isEmpty { members.append(("instance", .string(window.instance))) }
        if !window.title.isEmpty { members.append(("title", .string(window.title))) }
        members += [("x", .number(window.x)), ("y", .number(window.y)),
                    ("width", .number(window.width)), ("height", .number(window.height))]
        return .object(members)
    }

    private static func line(_ members: [(String, JSONValue)]) -> String {
        var output = ""
        JSONValue.writeMembers(members, to: &output) { _ in exactDecimals }
        return output
    }
}

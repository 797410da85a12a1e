import GestureConfig
import GestureRuntime
import GestureEngine

/// The environment variables a `command:` action receives: the gesture's figures and its window.
///
/// This is the only way gesture data reaches a command: the command line runs as
/// written, so a window title can never become shell syntax. Every variable is set
/// on every run (empty when it does not apply, such as `WINDOW_TITLE` without a
/// window, or `GESTURE_SCALE` for a swipe), so a value the daemon itself inherited
/// never leaks into a command as if it were the gesture's.
///
/// | Variable | Value |
/// |---|---|
/// | `GESTURE_NAME` | the binding's name |
/// | `GESTURE_KIND` | `tap`, `long-press`, `pan`, `swipe`, `pinch`, `rotate`, … |
/// | `GESTURE_STATE` | `began`, `changed`, `ended` or `cancelled` |
/// | `GESTURE_FINGERS` | the number of fingers |
/// | `GESTURE_X`, `GESTURE_Y` | the gesture's location, whole screen pixels |
/// | `GESTURE_TAPS` | taps (tap) |
/// | `GESTURE_TRANSLATION_X`, `_Y` | movement since the start, points (pan, long press) |
/// | `GESTURE_VELOCITY_X`, `_Y` | points per second (pan) |
/// | `GESTURE_DIRECTION` | `left`, `right`, `up`, `down`, or a diagonal: `up-left`… (swipe) |
/// | `GESTURE_SCALE` | 1 = unchanged (pinch) |
/// | `GESTURE_SHAPE` | the shape drawn: `checkmark`, `circle-clockwise`… (stroke) |
/// | `GESTURE_ROTATION` | degrees, clockwise positive (rotate) |
/// | `GESTURE_VELOCITY` | scale per second (pinch), degrees per second (rotate) |
/// | `WINDOW_ID` | the target window's id, decimal as `xdotool` prints it |
/// | `WINDOW_CLASS`, `WINDOW_INSTANCE` | its `WM_CLASS` |
/// | `WINDOW_TITLE` | its title |
///
/// Numbers are plain decimals with at most three places, never exponents.
public enum CommandEnvironment {
    /// Every variable name this type sets, in the table's order.
    public static let names = [
        "GESTURE_NAME", "GESTURE_KIND", "GESTURE_STATE", "GESTURE_FINGERS", "GESTURE_X", "GESTURE_Y",
        "GESTURE_TAPS", "GESTURE_TRANSLATION_X", "GESTURE_TRANSLATION_Y", "GESTURE_VELOCITY_X", "GESTURE_VELOCITY_Y",
        "GESTURE_DIRECTION", "GESTURE_SCALE", "GESTURE_ROTATION", "GESTURE_VELOCITY", "GESTURE_SHAPE",
        "WINDOW_ID", "WINDOW_CLASS", "WINDOW_INSTANCE", "WINDOW_TITLE"
    ]

    /// The variables for one action's context, in the order of `names`.
    public static func variables(for context: ActionContext) -> [(String, String)] {
        var values: [String: String] = [
            "GESTURE_NAME": context.gesture,
            "GESTURE_KIND": context.kind.description,
            "GESTURE_STATE": context.state.description,
            "GESTURE_FINGERS": String(context.fingers),
            "GESTURE_X": number(context.location.x.rounded()),
            "GESTURE_Y": number(context.location.y.rounded())
        ]
        switch context.measurement {
        case .none:
            break
        case .tap(let taps):
            values["GESTURE_TAPS"] = String(taps)
        case .longPress(let translation):
            values["GESTURE_TRANSLATION_X"] = number(translation.dx)
            values["GESTURE_TRANSLATION_Y"] = number(translation.dy)
        case .pan(let translation, let velocity):
            values["GESTURE_TRANSLATION_X"] = number(translation.dx)
            values["GESTURE_TRANSLATION_Y"] = number(translation.dy)
            values["GESTURE_VELOCITY_X"] = number(velocity.dx)
            values["GESTURE_VELOCITY_Y"] = number(velocity.dy)
        case .swipe(let direction):
            values["GESTURE_DIRECTION"] = direction.description
        case .pinch(let scale, let velocity):
            values["GESTURE_SCALE"] = number(scale)
            values["GESTURE_VELOCITY"] = number(velocity)
        case .stroke(let shape):
            values["GESTURE_SHAPE"] = shape
        case .rotation(let rotation, let velocity):
            values["GESTURE_ROTATION"] = number(rotation * 180 / .pi)
            values["GESTURE_VELOCITY"] = number(velocity * 180 / .pi)
        }
        if let window = context.window {
            values["WINDOW_ID"] = String(window.id)
            values["WINDOW_CLASS"] = window.windowClass
            values["WINDOW_INSTANCE"] = window.instance
            values["WINDOW_TITLE"] = window.title
        }
        return names.map { ($0, values[$0] ?? "") }
    }

    /// A number as a plain decimal with at most three places; empty for NaN, infinity, or
    /// magnitudes from 10¹⁵ up, which no gesture measures and a decimal could not show exactly.
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "" }
        let thousandths = Int64((value * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let whole = abs(thousandths) / 1000, fraction = abs(thousandths) % 1000
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }
}

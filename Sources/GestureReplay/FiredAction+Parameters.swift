import GestureConfig
import GestureRuntime
import GestureEngine
import JSON

extension FiredAction {
    /// The action with its resolved parameters, as a replay `action` line shows it.
    ///
    /// Keys and window actions name the window they go to; clicks and scrolls
    /// give the screen position (pixels) where they happen.
    public var resolvedParameters: [(String, JSONValue)] {
        let x = JSONValue.number(context.location.x), y = JSONValue.number(context.location.y)
        let target: [(String, JSONValue)] = context.window.map { [("window", .number(Double($0.id)))] } ?? []
        switch action {
        case .keys(let sequence):
            return [("keys", .string(sequence.description))] + target
        case .command(let line):
            return [("command", .string(line))]
        case let .click(button, count):
            return [("click", .string(button.rawValue)), ("count", .number(Double(count))), ("x", x), ("y", y)]
        case let .scroll(direction, amount):
            return [("scroll", .string(direction.rawValue)), ("amount", .number(Double(amount))), ("x", x), ("y", y)]
        case .window(let windowAction):
            return [("window", .string(windowAction.description))]
                + (context.window.map { [("target", .number(Double($0.id)))] } ?? [])
        case let .hold(chord, pressed):
            return [("hold", .string(chord.description)), ("pressed", .bool(pressed))] + target
        case .desktop(let desktop):
            switch desktop {
            case .switchTo(.number(let number)): return [("desktop", .number(Double(number)))]
            case .switchTo(.next), .switchTo(.previous), .showDesktop:
                return [("desktop", .string(desktop.description))]
            }
        }
    }
}

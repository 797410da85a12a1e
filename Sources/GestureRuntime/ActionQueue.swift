import GestureConfig
import GestureEngine

/// The order and the focus of fired actions: a pure state machine that returns effects.
///
/// XTest types at the keyboard, so keys land in the focused window, and a consumed touch
/// focuses nothing. Keys for a window that does not have the focus wait until an activation
/// request has moved it there, at most `focusWait`; the actions behind them wait too, so a
/// binding's actions keep their order. The driver says whether a window has the focus
/// (`hasFocus`), performs the effects in order, and calls `drain` when the focus may have moved
/// or `nextDeadline` has come.
public struct ActionQueue {
    /// How long keys wait for their window to take the focus before they are typed anyway.
    ///
    /// The focus normally moves within milliseconds, and then the keys go at once; this is only
    /// how long a slow window manager is given. 0.5 s was too short on a loaded machine: mutter
    /// compositing in software beside two busy processes moved the focus later than that, and
    /// the chord went to the window that had it before. Keys in the wrong window are worse than
    /// keys late.
    public static let focusWait = 2.0

    /// How often a window that has not taken the focus yet is asked again while its keys wait:
    /// a window manager busy starting (fluxbox and i3 right after a restart, on a loaded machine)
    /// can drop a request, and the keys then went nowhere or into the window that had the focus.
    public static let askAgainAfter = 0.5

    /// What the driver does, in order.
    public enum Effect {
        /// Ask the window manager to focus the window (`_NET_ACTIVE_WINDOW`); keys wait for it.
        case activate(window: UInt64, for: FiredAction)
        /// Perform the action now. `focusTimedOut` names the window that did not take the focus in
        /// time, for the log: the keys are typed anyway, wherever the focus is.
        case perform(FiredAction, focusTimedOut: UInt64?)
    }

    private struct Pending {
        var fired: FiredAction
        var target: UInt64?
        var deadline: Double
        /// When to ask for the focus again; nil with no target, or when the wait ends first.
        var askAgainAt: Double?
    }
    private var pending: [Pending] = []

    public init() {}

    /// When the head's wait ends or its window is asked again, if actions are waiting.
    public var nextDeadline: Double? {
        guard let head = pending.first else { return nil }
        return head.askAgainAt.map { min($0, head.deadline) } ?? head.deadline
    }

    /// Whether actions are waiting.
    public var isEmpty: Bool { pending.isEmpty }

    /// Takes a fired action at `now`.
    public mutating func enqueue(_ fired: FiredAction, now: Double, hasFocus: (UInt64) -> Bool) -> [Effect] {
        var target: UInt64?
        if let window = fired.context.window, Self.typesKeys(fired.action), !hasFocus(window.id) {
            target = window.id
        }
        if let head = pending.first {
            pending.append(Pending(fired: fired, target: nil, deadline: head.deadline))
            return []
        }
        guard let target else { return [.perform(fired, focusTimedOut: nil)] }
        pending.append(
            Pending(
                fired: fired, target: target, deadline: now + Self.focusWait, askAgainAt: now + Self.askAgainAfter))
        return [.activate(window: target, for: fired)]
    }

    /// The waiting actions whose window has the focus, or whose wait is over, in order.
    public mutating func drain(now: Double, hasFocus: (UInt64) -> Bool) -> [Effect] {
        var effects: [Effect] = []
        while let head = pending.first {
            let focused = head.target.map(hasFocus) ?? true
            if !focused, now < head.deadline, let again = head.askAgainAt, now >= again, let target = head.target {
                let next = now + Self.askAgainAfter
                pending[0].askAgainAt = next < head.deadline ? next : nil
                effects.append(.activate(window: target, for: head.fired))
                break
            }
            guard focused || now >= head.deadline else { break }
            pending.removeFirst()
            effects.append(.perform(head.fired, focusTimedOut: focused ? nil : head.target))
        }
        return effects
    }

    /// Forgets every waiting action (the daemon is stopping).
    public mutating func removeAll() { pending.removeAll() }

    /// Whether the action types at the keyboard, and so needs its window focused.
    public static func typesKeys(_ action: Action) -> Bool {
        switch action {
        case .keys: true
        case let .hold(_, pressed): pressed
        case .command, .click, .scroll, .window, .desktop: false
        }
    }
}

/// One thing a binding does: press keys, run a command, click, scroll, or ask the window manager.
public enum Action: Hashable, Sendable, CustomStringConvertible {
    /// `keys: "ctrl+c"`: press and release chords in turn, by XTest.
    case keys(KeySequence)
    /// `command: "…"`: a line for `/bin/sh -c`; the gesture's figures go in environment variables.
    case command(String)
    /// `click: right` or `click: { button: right, count: 2 }`: press and release a pointer button.
    case click(MouseButton, count: Int)
    /// `scroll: down` or `scroll: { direction: down, amount: 3 }`: so many wheel clicks.
    case scroll(ScrollDirection, amount: Int)
    /// `window: …`: an EWMH request about the target window.
    case window(WindowAction)
    /// `desktop: …`: an EWMH request about virtual desktops.
    case desktop(DesktopAction)
    /// A binding's `hold:` chord, pressed when the gesture begins and released when it ends or
    /// is cancelled. Made by the binding runtime, not written under `do:`.
    case hold(KeyChord, pressed: Bool)

    public var description: String {
        switch self {
        case .keys(let sequence): "keys: \(sequence)"
        case .command(let line): "command: \(line)"
        case .click(let button, let count):
            count == 1 ? "click: \(button.rawValue)" : "click: \(button.rawValue) ×\(count)"
        case .scroll(let direction, let amount): "scroll: \(direction.rawValue) ×\(amount)"
        case .window(let action): "window: \(action)"
        case .desktop(let action): "desktop: \(action)"
        case let .hold(chord, pressed): "hold: \(chord) (\(pressed ? "press" : "release"))"
        }
    }
}

/// A pointer button, named as the file names it.
public enum MouseButton: String, Hashable, Sendable, CaseIterable {
    case left, middle, right
    /// The "back" thumb button.
    case back
    /// The "forward" thumb button.
    case forward

    /// The X core protocol button number (1 left, 2 middle, 3 right, 8 back, 9 forward).
    public var buttonNumber: Int {
        switch self {
        case .left: 1
        case .middle: 2
        case .right: 3
        case .back: 8
        case .forward: 9
        }
    }
}

/// A scroll wheel direction, in the sense of the content moving the other way, as a wheel does.
public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right

    /// The X core protocol button number (4 up, 5 down, 6 left, 7 right).
    public var buttonNumber: Int {
        switch self {
        case .up: 4
        case .down: 5
        case .left: 6
        case .right: 7
        }
    }
}

/// A request about the target window (`window: …`), sent as EWMH client messages.
public enum WindowAction: Hashable, Sendable, CustomStringConvertible {
    /// `close`: ask the window to close (`_NET_CLOSE_WINDOW`).
    case close
    /// `minimize`: iconify it.
    case minimize
    /// `maximize`: toggle maximized, both ways (`_NET_WM_STATE` toggle).
    case maximize
    /// `fullscreen`: toggle full screen.
    case fullscreen
    /// `activate`: focus and raise it (`_NET_ACTIVE_WINDOW`).
    case activate
    /// `raise`: put it above its siblings.
    case raise
    /// `lower`: put it below its siblings.
    case lower
    /// `move-to-desktop N|next|previous`: send it to another desktop.
    case moveToDesktop(DesktopTarget)

    /// The words `window:` takes before any argument.
    static let keywords = [
        "close", "minimize", "maximize", "fullscreen", "activate", "raise", "lower", "move-to-desktop"
    ]

    public var description: String {
        switch self {
        case .close: "close"
        case .minimize: "minimize"
        case .maximize: "maximize"
        case .fullscreen: "fullscreen"
        case .activate: "activate"
        case .raise: "raise"
        case .lower: "lower"
        case .moveToDesktop(let target): "move-to-desktop \(target)"
        }
    }
}

/// A request about virtual desktops (`desktop: …`).
public enum DesktopAction: Hashable, Sendable, CustomStringConvertible {
    /// `next`, `previous` or a number: switch desktops (`_NET_CURRENT_DESKTOP`).
    case switchTo(DesktopTarget)
    /// `show`: toggle showing the desktop (`_NET_SHOWING_DESKTOP`).
    case showDesktop

    public var description: String {
        switch self {
        case .switchTo(let target): target.description
        case .showDesktop: "show"
        }
    }
}

/// Which desktop: relative to the current one, or by number.
public enum DesktopTarget: Hashable, Sendable, CustomStringConvertible {
    /// The one after the current desktop; none after the last.
    case next
    /// The one before the current desktop; none before the first.
    case previous
    /// Desktop number N, counting from 1 as desktop pagers do (EWMH index N − 1).
    case number(Int)

    public var description: String {
        switch self {
        case .next: "next"
        case .previous: "previous"
        case .number(let number): String(number)
        }
    }
}

internal import CX11
import GestureConfig

extension WindowActions {
    /// `_NET_WM_DESKTOP`'s value for a window shown on every desktop.
    static let allDesktops = 0xFFFF_FFFF

    /// The current desktop's index, from 0 (`_NET_CURRENT_DESKTOP`), or nil without an EWMH window manager.
    public var currentDesktop: Int? {
        connection.cardinal(atoms.currentDesktop, of: connection.root)
    }

    /// How many desktops there are (`_NET_NUMBER_OF_DESKTOPS`), or nil without an EWMH window manager.
    public var numberOfDesktops: Int? {
        connection.cardinal(atoms.numberOfDesktops, of: connection.root)
    }

    /// Whether the window manager is showing the desktop (`_NET_SHOWING_DESKTOP`).
    public var isShowingDesktop: Bool {
        (connection.cardinal(atoms.showingDesktop, of: connection.root) ?? 0) != 0
    }

    /// The desktop a window is on, from 0, or nil if it has none or is on all of them.
    public func desktop(of window: WindowID) -> Int? {
        connection.cardinal(atoms.wmDesktop, of: window).flatMap { $0 == Self.allDesktops ? nil : $0 }
    }

    /// Performs a `desktop:` action.
    @discardableResult
    public func perform(_ action: DesktopAction) throws(X11Error) -> Result {
        switch action {
        case .switchTo(let target): try switchDesktop(to: target)
        case .showDesktop: try toggleShowingDesktop()
        }
    }

    /// Switches to the next, previous or N-th desktop (`_NET_CURRENT_DESKTOP`, with the user's
    /// input time), without wrapping.
    @discardableResult
    public func switchDesktop(to target: DesktopTarget) throws(X11Error) -> Result {
        if let missing = unsupported(atoms.currentDesktop, "_NET_CURRENT_DESKTOP") { return missing }
        let time = Int(truncatingIfNeeded: userTime())
        return try connection.checked("_NET_CURRENT_DESKTOP") { () -> Result in
            guard let current = currentDesktop, let count = numberOfDesktops else {
                return .skipped("the window manager names no desktops")
            }
            guard let desktop = Self.desktop(target, from: current, count: count) else {
                return .skipped("no desktop \(target) from desktop \(current + 1) of \(count)")
            }
            connection.sendToWindowManager(atoms.currentDesktop, about: connection.root, data: [desktop, time])
            return .sent
        }
    }

    /// Shows the desktop, or brings the windows back if it is showing (`_NET_SHOWING_DESKTOP`).
    @discardableResult
    public func toggleShowingDesktop() throws(X11Error) -> Result {
        if let missing = unsupported(atoms.showingDesktop, "_NET_SHOWING_DESKTOP") { return missing }
        return try connection.checked("_NET_SHOWING_DESKTOP") { () -> Result in
            connection.sendToWindowManager(
                atoms.showingDesktop, about: connection.root, data: [isShowingDesktop ? 0 : 1])
            return .sent
        }
    }

    /// The index `target` names, counted from `current` among `count` desktops; nil past either end
    /// (desktops do not wrap) and when it is the current one already.
    ///
    /// `.number(n)` counts from 1, as pagers show desktops.
    static func desktop(_ target: DesktopTarget, from current: Int, count: Int) -> Int? {
        let index: Int
        switch target {
        case .next: index = current + 1
        case .previous: index = current - 1
        case .number(let number): index = number - 1
        }
        guard (0..<count).contains(index), index != current else { return nil }
        return index
    }
}

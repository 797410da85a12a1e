internal import CX11
import GestureConfig
import GestureRuntime
import GestureEngine

/// Carries out the actions bindings fire: keys, clicks, scrolls, window and desktop requests, commands.
///
/// Keys go to whichever window has the focus (XTest types at the keyboard, not at
/// a window): bringing the target into focus first is the caller's business.
/// Clicks and scrolls land at the gesture's location. Window actions address
/// `context.window`, the window under the gesture or the active one; with no window
/// there, they do nothing. Commands get the gesture through `CommandEnvironment`.
public final class ActionPerformer {
    /// What became of one action.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// The requests were sent (and accepted by the server).
        case performed
        /// A command started, as this process.
        case spawned(Int32)
        /// Nothing was sent, for this reason: no target window, no such desktop.
        case skipped(String)

        init(_ result: WindowActions.Result) {
            switch result {
            case .sent: self = .performed
            case .skipped(let reason): self = .skipped(reason)
            }
        }

        public var description: String {
            switch self {
            case .performed: "performed"
            case .spawned(let pid): "spawned process \(pid)"
            case .skipped(let reason): "skipped: \(reason)"
            }
        }
    }

    /// Types keys; holds the ledger of pressed keys.
    public let keys: KeyInjector
    /// Clicks and scrolls.
    public let pointer: PointerInjector
    /// Window and desktop requests.
    public let windows: WindowActions
    /// Commands.
    public let commands: CommandSpawner
    /// The connection the requests go out on.
    public let connection: X11Connection

    /// Makes the injectors for one connection; throws if XTest or XKB is missing.
    ///
    /// Give the performer a connection of its own, not the touch capture's: each action
    /// waits for its round trip, which then never holds up touch events, and
    /// `processPendingEvents()` can read the keyboard map changes sent to it.
    public init(connection: X11Connection) throws(X11Error) {
        self.connection = connection
        keys = try KeyInjector(connection: connection)
        pointer = try PointerInjector(connection: connection)
        windows = try WindowActions(connection: connection)
        commands = CommandSpawner()
    }

    /// Performs one fired action.
    ///
    /// A key sequence that fails releases its own keys (the injector's ledger balances every
    /// tap); keys other bindings hold stay held until their release or `releaseAll()`.
    @discardableResult
    public func perform(_ fired: FiredAction) throws(X11Error) -> Outcome {
        let context = fired.context
        switch fired.action {
        case .keys(let sequence):
            try keys.tap(sequence)
            return .performed
        case .command(let line):
            return .spawned(try commands.spawn(line, environment: CommandEnvironment.variables(for: context)))
        case .click(let button, let count):
            try pointer.click(button, count: count, at: context.location)
            return .performed
        case .scroll(let direction, let amount):
            try pointer.scroll(direction, amount: amount, at: context.location)
            return .performed
        case .window(let action):
            guard let window = context.window else { return .skipped("no window under the gesture") }
            return Outcome(try windows.perform(action, on: WindowID(rawValue: window.id)))
        case let .hold(chord, pressed):
            if pressed { try keys.press(chord) } else { try keys.release(chord) }
            return .performed
        case .desktop(let action):
            return Outcome(try windows.perform(action))
        }
    }

    /// Releases every key held and gives back borrowed keycodes: for cancel, reload and exit.
    public func releaseAll() throws(X11Error) {
        try keys.releaseAll()
    }

    /// When the loop should call `timerFired(at:)` next (monotonic seconds), or nil for never.
    public var nextDeadline: Double? { keys.nextRestoreTime }

    /// Does the work due by `now`: gives back borrowed keycodes whose time is up.
    public func timerFired(at now: Double) throws(X11Error) {
        try keys.restoreBorrowedKeys(at: now)
    }

    /// Reads every event waiting on the performer's own connection and acts on keyboard map
    /// changes (the key injector reads the map again) and group changes (it keeps the group). Call it when `connection.fileDescriptor`
    /// is readable. The corresponding Xlib calls are `XPending` and `XNextEvent`.
    public func processPendingEvents() {
        keys.drainEvents()
    }

    /// Reads ahead what the first key of the next action would otherwise wait for (the keyboard
    /// map and group); for an idle moment.
    public func prepareForActions() {
        keys.prepare()
    }
}

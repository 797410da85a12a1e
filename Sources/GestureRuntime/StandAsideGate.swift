import GestureEngine

/// Decides, touch by touch, whether the daemon recognizes a touch or stands aside and passes it through.
///
/// The daemon stands aside for a whole touch sequence (from the first finger down
/// to the last one up) when, as it starts, another client holds the keyboard: a
/// screen locker, or an open menu (see ``ScreenLockProbe``). Those touches go to
/// the grab's holder at once (rejected as they land), never reach the recognizers,
/// and so fire nothing. The question is asked once per sequence, so a locker that
/// comes up mid-gesture leaves that gesture alone (its actions are checked again
/// when they fire).
///
/// A pure state machine: the caller passes in how to ask, and acts on the routes.
public struct StandAsideGate {
    /// What to do with one touch event.
    public enum Route: Equatable, Sendable {
        /// Feed it to the session, as usual.
        case recognize
        /// A touch landing while standing aside: reject it now so its owner gets it whole.
        case passThrough
        /// A later event of a passed-through touch: nothing to do.
        case drop
    }

    /// Whether the current touch sequence is being passed through.
    public private(set) var isStandingAside = false
    private var down: Set<TouchID> = []
    private var passing: Set<TouchID> = []

    public init() {
        down.reserveCapacity(16)
        passing.reserveCapacity(16)
    }

    /// Routes one touchpad gesture event: a gesture that begins while another client holds
    /// the keyboard is left out whole (touchpad gestures are not grabbed, so there is
    /// nothing to hand over; the gesture simply fires nothing).
    public mutating func route(_ phase: PadEvent.Phase, keyboardIsGrabbed: () -> Bool) -> Route {
        switch phase {
        case .began:
            isStandingAside = keyboardIsGrabbed()
            return isStandingAside ? .drop : .recognize
        case .updated:
            return isStandingAside ? .drop : .recognize
        case .ended, .cancelled:
            defer { isStandingAside = false }
            return isStandingAside ? .drop : .recognize
        }
    }

    /// Routes one touch event; `keyboardIsGrabbed` is asked only when a sequence starts.
    public mutating func route(_ id: TouchID, _ phase: TouchPhase, keyboardIsGrabbed: () -> Bool) -> Route {
        switch phase {
        case .began:
            if down.isEmpty { isStandingAside = keyboardIsGrabbed() }
            down.insert(id)
            guard isStandingAside else { return .recognize }
            passing.insert(id)
            return .passThrough
        case .moved, .stationary:
            return passing.contains(id) ? .drop : .recognize
        case .ended, .cancelled:
            down.remove(id)
            return passing.remove(id) != nil ? .drop : .recognize
        }
    }
}

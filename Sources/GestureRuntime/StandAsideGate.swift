import GestureEngine

/// Decides, touch by touch, whether the daemon recognizes a touch or stands aside and passes it through.
///
/// The daemon stands aside for a whole touch sequence (from the first finger down
/// to the last one up) when, as it starts, another client holds the keyboard: a
/// screen locker, or an open menu (see ``ScreenLockProbe``). Those touches go to
/// the grab's holder whole (rejected), and fire nothing. The question costs a round
/// trip, so it is asked after the sequence's first frame that leaves touches held,
/// once per sequence: touches no gesture wants are rejected as they land without
/// waiting for it, and a locker that comes up mid-gesture leaves that gesture alone
/// (its actions are checked again when they fire).
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
    /// Whether a touch sequence began, and whether it has asked who holds the keyboard.
    private var started = false
    private var asked = false
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

    /// Routes one event of a pen's or mouse's grabbed press, as a touchpad gesture is routed:
    /// a press that begins while another client holds the keyboard passes through (the caller
    /// has the capture play it to that client at once) and its later events are dropped; the
    /// session never sees it.
    public mutating func route(press phase: TouchPhase, keyboardIsGrabbed: () -> Bool) -> Route {
        switch phase {
        case .began:
            isStandingAside = keyboardIsGrabbed()
            return isStandingAside ? .passThrough : .recognize
        case .moved, .stationary:
            return isStandingAside ? .drop : .recognize
        case .ended, .cancelled:
            defer { isStandingAside = false }
            return isStandingAside ? .drop : .recognize
        }
    }

    /// Whether this touch sequence has yet to ask who holds the keyboard (see `settle`). Still
    /// true after its last touch ended: the caller's frames can run behind `route`, which sees
    /// the events as they are read.
    public var mayAsk: Bool { started && !asked }

    /// Routes one touch event. A sequence's touches go to the recognizers at once; who holds
    /// the keyboard is asked by `settle`, after the frame, only if the frame left touches held,
    /// so that a touch no gesture wants reaches its application without a round trip first.
    public mutating func route(_ id: TouchID, _ phase: TouchPhase) -> Route {
        switch phase {
        case .began:
            if down.isEmpty {
                started = true
                asked = false
                isStandingAside = false
            }
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

    /// After a frame's decisions: the first time in a sequence that touches are still held
    /// (`holding`, undecided), asks whether another client holds the keyboard. True means
    /// stand aside now: the caller cancels the gestures and rejects the held touches (they
    /// reach the holder whole); the sequence's later events are dropped, and its new touches
    /// pass through. Asked once per sequence, so a locker that comes up later leaves the
    /// sequence alone (its actions are checked again when they fire).
    public mutating func settle(holding: Bool, keyboardIsGrabbed: () -> Bool) -> Bool {
        guard mayAsk, holding else { return false }
        asked = true
        guard keyboardIsGrabbed() else { return false }
        isStandingAside = true
        passing.formUnion(down)
        return true
    }
}

extension GestureRecognizer {
    /// The states of UIKit's recognizer state machine (`UIGestureRecognizer.State`).
    ///
    /// Discrete recognizers go `possible → ended` (`recognized`) or `possible → failed`.
    /// Continuous ones go `possible → began → changed* → ended` or `→ cancelled`.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        case possible
        case began
        case changed
        case ended
        case cancelled
        case failed

        /// UIKit's alias: a discrete gesture that is recognized ends.
        public static let recognized = State.ended

        /// Whether the recognizer is done with this sequence and waits for `reset()`.
        @inlinable public var isFinished: Bool {
            switch self {
            case .ended, .cancelled, .failed: true
            case .possible, .began, .changed: false
            }
        }

        /// Whether the gesture is in progress (began or changed).
        @inlinable public var isInProgress: Bool { self == .began || self == .changed }

        /// Whether reaching this state sends an action message: never for failed or possible.
        @inlinable public var sendsAction: Bool {
            switch self {
            case .began, .changed, .ended, .cancelled: true
            case .possible, .failed: false
            }
        }

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// The state UIKit actually enters when a subclass writes `requested` while in `self`.
        ///
        /// UIKit corrects invalid writes instead of trapping: a possible recognizer
        /// that cancels has really failed, a running one that fails has really been
        /// cancelled, and began twice is a change. Returns nil when the write is
        /// ignored: a finished recognizer stays finished until `reset()`, and writing
        /// `possible` to a possible recognizer does nothing.
        public func correctedTransition(to requested: State) -> State? {
            switch self {
            case .possible:
                switch requested {
                case .possible: return nil
                case .began, .changed: return .began
                case .ended: return .ended
                case .cancelled, .failed: return .failed
                }
            case .began, .changed:
                switch requested {
                case .possible, .cancelled, .failed: return .cancelled
                case .began, .changed: return .changed
                case .ended: return .ended
                }
            case .ended, .cancelled, .failed:
                return nil
            }
        }
    }
}

/// Why a recognizer changed state: the cause printed with every logged transition.
///
/// A cause that involves another recognizer holds that recognizer, not its name, so a
/// reader (the log, `monitor`) can ask it for its binding and kind; its description
/// names it only when printed.
public enum TransitionCause: Equatable, CustomStringConvertible {
    /// The recognizer's own logic, handling touches in the given phase.
    case touches(TouchPhase, TouchID)
    /// The recognizer's own timer.
    case timer
    /// The recognizer failed for its own reason (`GestureRecognizer.fail(_:)`), or the engine's
    /// finger window closed with too few fingers down.
    case failure(FailureReason)
    /// All its touches ended and it never recognized.
    case sequenceEnded
    /// Another recognizer began or recognized and prevented it.
    case preventedBy(GestureRecognizer)
    /// It was waiting for another recognizer to fail, and that one failed.
    case requirementFailed(GestureRecognizer)
    /// It required another recognizer to fail, and that one succeeded.
    case requirementSucceeded(GestureRecognizer)
    /// Released from waiting for others to fail, it is shown where its touches are now, so a
    /// pan does not begin with the translation it had when it started to wait.
    case caughtUp
    /// It waits for this recognizer to fail before it may enter the state it asked for.
    case waitingForFailure(GestureRecognizer)
    /// The delegate's `gestureRecognizerShouldBegin` returned false.
    case shouldBeginDenied
    /// `isEnabled` was set to false.
    case disabled
    /// The engine is shutting down and ends every gesture.
    case shutdown
    /// Back to possible after a finished sequence.
    case reset
    /// A write the state machine corrected: the subclass asked for the given state.
    case corrected(requested: GestureRecognizer.State)
    /// Code outside a touch or timer callback wrote the state.
    case external

    public var description: String {
        switch self {
        case .touches(let phase, let id): "touch \(id) \(phase)"
        case .timer: "timer"
        case .failure(let reason): "\(reason)"
        case .sequenceEnded: "touches ended"
        case .preventedBy(let other): "prevented by \(other)"
        case .requirementFailed(let other): "\(other) failed"
        case .requirementSucceeded(let other): "\(other) succeeded"
        case .waitingForFailure(let other): "waiting for \(other) to fail"
        case .caughtUp: "caught up with its touches after waiting"
        case .shouldBeginDenied: "shouldBegin returned false"
        case .disabled: "disabled"
        case .shutdown: "shutdown"
        case .reset: "reset"
        case .corrected(let requested): "asked for \(requested), corrected"
        case .external: "set from outside"
        }
    }
}

extension TransitionCause {
    /// Equal when they are the same case with the same values; recognizers compare by identity.
    public static func == (lhs: TransitionCause, rhs: TransitionCause) -> Bool {
        switch (lhs, rhs) {
        case let (.touches(a, b), .touches(c, d)): a == c && b == d
        case let (.preventedBy(a), .preventedBy(b)), let (.requirementFailed(a), .requirementFailed(b)),
            let (.requirementSucceeded(a), .requirementSucceeded(b)),
            let (.waitingForFailure(a), .waitingForFailure(b)):
            a === b
        case let (.corrected(a), .corrected(b)): a == b
        case let (.failure(a), .failure(b)): a == b
        case (.timer, .timer), (.sequenceEnded, .sequenceEnded),
            (.caughtUp, .caughtUp), (.shouldBeginDenied, .shouldBeginDenied), (.disabled, .disabled),
            (.shutdown, .shutdown), (.reset, .reset), (.external, .external):
            true
        default: false
        }
    }
}

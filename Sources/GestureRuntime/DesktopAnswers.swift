/// One answer the desktop gave the runtime: whether a window had the focus, whether another
/// client held the keyboard. The daemon asks the X server and records each answer; `replay`
/// gives the recorded answers back, so it decides as the daemon did.
public enum DesktopAnswer: Hashable, Sendable {
    /// Whether keys typed now reach this window (it has the keyboard focus).
    case focus(window: UInt64, Bool)
    /// Whether another client (a screen locker, an open menu) holds the keyboard.
    case keyboardGrabbed(Bool)

    /// The answer's word in a trace's `answer` line.
    public var word: String {
        switch self {
        case .focus: "focus"
        case .keyboardGrabbed: "keyboard-grabbed"
        }
    }

    /// The yes or no.
    public var value: Bool {
        switch self {
        case .focus(_, let value), .keyboardGrabbed(let value): value
        }
    }
}

/// What the runtime asks the desktop while it decides, at the runtime's time.
///
/// The questions are synchronous, as a round trip to the X server is: the daemon answers from
/// the server (and records each answer), `replay` from the recording (`RecordedDesktop`).
public protocol DesktopAnswers: AnyObject {
    /// Whether keys typed now reach `window`.
    func hasFocus(_ window: UInt64, at time: Double) -> Bool
    /// Whether another client holds the keyboard. `action` is the action about to run, if the
    /// question is asked for one (a driver may know it needs no asking: a chord of its own held).
    func keyboardIsGrabbed(at time: Double, before action: FiredAction?) -> Bool
}

/// The desktop of a recording: each question gets the answer the daemon got, in order.
///
/// An answer belongs to the instant it was given: one recorded later is not given early. With
/// no answer due, the answer is the one that changes nothing: the window has the focus and no
/// one holds the keyboard when the recording holds no answers at all (a hand-written trace);
/// when it holds some, a window does not have the focus yet (the keys keep waiting, as they did
/// while the daemon did not ask) and no one holds the keyboard.
public final class RecordedDesktop: DesktopAnswers {
    /// How much later than its question an answer may be stamped: traces keep microseconds.
    public static let tolerance = 2e-6

    private let answers: [(time: Double, answer: DesktopAnswer)]
    private var next = 0
    /// Questions whose recorded answer was of another kind or for another window.
    public private(set) var mismatches = 0

    public init(answers: [(time: Double, answer: DesktopAnswer)]) {
        self.answers = answers
    }

    /// Answers not asked for by the end of the replay.
    public var unused: Int { answers.count - next }

    public func hasFocus(_ window: UInt64, at time: Double) -> Bool {
        guard !answers.isEmpty else { return true }
        guard let answer = take(at: time) else { return false }
        if case .focus(window, let value) = answer { return value }
        mismatches += 1
        return false
    }

    public func keyboardIsGrabbed(at time: Double, before action: FiredAction?) -> Bool {
        guard let answer = take(at: time) else { return false }
        if case .keyboardGrabbed(let value) = answer { return value }
        mismatches += 1
        return false
    }

    private func take(at time: Double) -> DesktopAnswer? {
        guard next < answers.count, answers[next].time <= time + Self.tolerance else { return nil }
        defer { next += 1 }
        return answers[next].answer
    }
}

import GestureConfig
import GestureEngine
import Testing
@testable import GestureRuntime

/// The action queue: keys wait for their window's focus, at most `focusWait`, and what is
/// behind them keeps its order. A manual clock and a focus table drive it.
@Suite struct ActionQueueTests {
    static func fired(_ name: String, _ action: Action, window: UInt64?) -> FiredAction {
        let context = ActionContext(
            gesture: name, kind: .swipe, state: .ended, fingers: 3, location: Point(x: 0, y: 0),
            measurement: .none, window: window.map { WindowInfo(id: $0) })
        return FiredAction(time: 0, gesture: name, action: action, context: context)
    }

    static let keys = Action.keys(
        KeySequence(chords: [KeyChord(modifiers: [.control], key: Keysym(name: "c", value: 0x63))]))
    static let click = Action.click(.left, count: 1)

    /// An effect as a line: "activate 7 for a", "perform a", "perform a (7 timed out)".
    static func lines(_ effects: [ActionQueue.Effect]) -> [String] {
        effects.map { effect in
            switch effect {
            case let .activate(window, fired): "activate \(window) for \(fired.gesture)"
            case let .perform(fired, timedOut):
                "perform \(fired.gesture)" + (timedOut.map { " (\($0) timed out)" } ?? "")
            }
        }
    }

    enum Step {
        case fire(String, Action, window: UInt64?, at: Double)
        case focus(UInt64?)
        case drain(at: Double)
    }

    static let cases: [(String, [Step], [String])] = [
        (
            "keys for the focused window are typed at once",
            [.focus(7), .fire("a", keys, window: 7, at: 0)], ["perform a"]
        ),
        (
            "a click needs no focus",
            [.focus(nil), .fire("a", click, window: 7, at: 0)], ["perform a"]
        ),
        (
            "keys for another window wait for its focus",
            [.focus(nil), .fire("a", keys, window: 7, at: 0), .drain(at: 0.1), .focus(7), .drain(at: 0.2)],
            ["activate 7 for a", "perform a"]
        ),
        (
            "what comes behind waiting keys keeps its order",
            [
                .focus(nil), .fire("a", keys, window: 7, at: 0), .fire("b", click, window: 8, at: 0.05), .focus(7),
                .drain(at: 0.1)
            ],
            ["activate 7 for a", "perform a", "perform b"]
        ),
        (
            "a window that never takes the focus is asked again every 0.5 s, and gets its keys when the wait is over",
            [
                .focus(nil), .fire("a", keys, window: 7, at: 0), .drain(at: 0.49), .drain(at: 0.5), .drain(at: 0.6),
                .drain(at: 1.0), .drain(at: 1.5), .drain(at: 1.99), .drain(at: ActionQueue.focusWait)
            ],
            ["activate 7 for a", "activate 7 for a", "activate 7 for a", "activate 7 for a", "perform a (7 timed out)"]
        ),
        (
            "a window that takes the focus after it was asked again gets its keys then",
            [
                .focus(nil), .fire("a", keys, window: 7, at: 0), .drain(at: ActionQueue.askAgainAfter), .focus(7),
                .drain(at: ActionQueue.askAgainAfter + 0.02)
            ],
            ["activate 7 for a", "activate 7 for a", "perform a"]
        )
    ]

    @Test(arguments: cases)
    func actionsRunInOrderOnceTheirWindowHasTheFocus(_ name: String, _ steps: [Step], _ expected: [String]) throws {
        var queue = ActionQueue()
        var focused: UInt64?
        var effects: [ActionQueue.Effect] = []
        for step in steps {
            switch step {
            case let .fire(gesture, action, window, time):
                effects += queue.enqueue(Self.fired(gesture, action, window: window), now: time) { $0 == focused }
            case .focus(let window):
                focused = window
            case .drain(let time):
                effects += queue.drain(now: time) { $0 == focused }
            }
        }
        #expect(Self.lines(effects) == expected, "\(name)")
        #expect(queue.isEmpty && queue.nextDeadline == nil, "\(name): nothing left waiting")
    }

    @Test func theWaitWakesToAskAgainUntilItEndsAtTheFocusWait() {
        var queue = ActionQueue()
        _ = queue.enqueue(Self.fired("a", Self.keys, window: 7), now: 10) { _ in false }
        #expect(queue.nextDeadline == 10 + ActionQueue.askAgainAfter)
        _ = queue.drain(now: 10 + ActionQueue.askAgainAfter) { _ in false }
        #expect(queue.nextDeadline == 10 + 2 * ActionQueue.askAgainAfter)
        _ = queue.drain(now: 10 + 1.5) { _ in false }
        #expect(queue.nextDeadline == 10 + ActionQueue.focusWait)
    }
}

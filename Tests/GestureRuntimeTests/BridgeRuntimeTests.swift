import Testing
@testable import GestureConfig
@testable import GestureEngine
@testable import GestureRuntime

/// The machine the daemon and `replay` both run, on a manual clock with a scripted desktop:
/// keys wait for their window's focus and go at the answer that says it has it; `try` keeps
/// actions from running; a locked screen runs none; a recorded desktop answers each question
/// with the answer of its instant.
@Suite struct BridgeRuntimeTests {
    static let config = """
        apps:
          beta:
            gestures:
              - name: save
                swipe: { fingers: 1, direction: up }
                do: { keys: ctrl+s }
        """
    static let beta: UInt64 = 42
    static let scene = SceneDescription(
        width: 1920, height: 1080, dpi: 96,
        windows: [
            SceneWindow(
                info: WindowInfo(id: beta, windowClass: "Beta", instance: "beta"),
                frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        ], activeWindow: nil)

    /// A desktop whose answers the test sets, which keeps every question it was asked.
    final class ScriptedDesktop: DesktopAnswers {
        var focused: UInt64?
        var grabbed = false
        var asked: [String] = []

        func hasFocus(_ window: UInt64, at time: Double) -> Bool {
            asked.append("focus \(window) at \(time)")
            return focused == window
        }

        func keyboardIsGrabbed(at time: Double, before action: FiredAction?) -> Bool {
            asked.append("grabbed at \(time)" + (action == nil ? "" : " before \(action!.gesture)"))
            return grabbed
        }
    }

    static func runtime(_ desktop: any DesktopAnswers) throws -> BridgeRuntime {
        BridgeRuntime(
            session: GestureSession(configuration: try ConfigLoader.load(yaml: config), scene: scene),
            desktop: desktop)
    }

    /// A one-finger swipe up over beta from `start`: 120 px in 60 ms.
    static func swipeUp(_ runtime: BridgeRuntime, at start: Double) {
        let id = TouchID(1)
        runtime.touch(TouchSample(id: id, phase: .began, location: Point(x: 900, y: 700)), at: start)
        for step in 1...6 {
            runtime.touch(
                TouchSample(id: id, phase: .moved, location: Point(x: 900, y: 700 - 20 * Double(step))),
                at: start + 0.01 * Double(step))
        }
        runtime.touch(TouchSample(id: id, phase: .ended, location: Point(x: 900, y: 580)), at: start + 0.07)
        runtime.flush()
    }

    /// The effects that say what happened to actions: "activate 42 for save at 0.06", "perform save at 0.3".
    static func acted(_ runtime: BridgeRuntime) -> [String] {
        defer { runtime.removeAllEffects() }
        return runtime.effects.compactMap { effect in
            switch effect {
            case let .activate(window, fired, time): "activate \(window) for \(fired.gesture) at \(time)"
            case let .perform(fired, timedOut, time):
                "perform \(fired.gesture) at \(time)" + (timedOut.map { " (\($0) timed out)" } ?? "")
            case let .withheld(fired, why, time): "withhold \(fired.gesture) at \(time): \(why)"
            default: nil
            }
        }
    }

    @Test func keysForAWindowWithoutTheFocusGoWhenItHasIt() throws {
        let desktop = ScriptedDesktop()
        let runtime = try Self.runtime(desktop)
        Self.swipeUp(runtime, at: 0)
        let fired = Self.acted(runtime)
        #expect(fired.count == 1 && fired[0].hasPrefix("activate 42 for save at "), "\(fired)")
        runtime.advance(to: 0.2)
        #expect(Self.acted(runtime).isEmpty, "beta has not taken the focus yet")
        desktop.focused = Self.beta
        runtime.advance(to: 0.3)
        #expect(Self.acted(runtime) == ["perform save at 0.3"])
        #expect(desktop.asked.last == "grabbed at 0.3 before save", "the lock is checked before the keys go")
    }

    @Test func tryWithoutActKeepsActionsFromRunningAndALockedScreenRunsNone() throws {
        let desktop = ScriptedDesktop()
        desktop.focused = Self.beta
        let runtime = try Self.runtime(desktop)
        runtime.isDryRun = true
        Self.swipeUp(runtime, at: 0)
        #expect(Self.acted(runtime).map { $0.hasSuffix(": not performed in a dry run; --act performs it") } == [true])

        runtime.isDryRun = false
        desktop.grabbed = true
        Self.swipeUp(runtime, at: 1)
        // The touch sequence's first held frame asks too, and then stands aside: nothing fires.
        #expect(Self.acted(runtime).isEmpty)
        #expect(desktop.asked.contains("grabbed at 1.0"), "\(desktop.asked)")
    }

    @Test func aRecordedDesktopGivesEachAnswerAtItsOwnInstant() throws {
        // The daemon asked at the swipe (no focus yet), at 0.2 s (still none) and at 0.35 s (beta has it).
        let desktop = RecordedDesktop(answers: [
            (0, .keyboardGrabbed(false)), (0.06, .focus(window: Self.beta, false)),
            (0.2, .focus(window: Self.beta, false)), (0.35, .focus(window: Self.beta, true)),
            (0.35, .keyboardGrabbed(false))
        ])
        let runtime = try Self.runtime(desktop)
        Self.swipeUp(runtime, at: 0)
        #expect(Self.acted(runtime).map { $0.hasPrefix("activate 42 for save") } == [true])
        runtime.advance(to: 0.2)
        runtime.advance(to: 0.3)
        #expect(Self.acted(runtime).isEmpty, "the answer of 0.35 s is not given at 0.3 s")
        runtime.advance(to: 0.35)
        #expect(Self.acted(runtime) == ["perform save at 0.35"])
        #expect(desktop.mismatches == 0 && desktop.unused == 0)
    }

    @Test func aTraceWithoutAnswersIsAnIdleDesktop() throws {
        let runtime = try Self.runtime(RecordedDesktop(answers: []))
        Self.swipeUp(runtime, at: 0)
        #expect(Self.acted(runtime).map { $0.hasPrefix("perform save at ") } == [true])
    }
}

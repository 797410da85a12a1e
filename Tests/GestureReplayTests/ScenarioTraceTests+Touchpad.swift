import GestureEngine
import GestureReplay
import Testing

/// Touchpad scenarios: `pad` lines become touches around the pointer and drive the ordinary bindings.
extension ScenarioTraceTests {
    static func pad(_ trace: String) -> ScenarioFiles { ScenarioFiles(folder: "touchpad", trace: trace) }

    static let touchpadSwipes: [E] = [
        // Eight updates of 18 px left: the three touches cover 50 pt at the third (54 px), 30 ms in.
        // Without x, y the pointer is the active terminal's centre: the screen's binding.
        E(
            files: pad("swipe-3-left.jsonl"), states: ["next-desktop": [.ended]],
            actions: [E.action("next-desktop", at: 0.030, #"{"desktop": "next"}"#)], decisions: [:]),
        E(
            files: pad("swipe-3-right-over-terminal.jsonl"), states: ["previous-desktop": [.ended]],
            actions: [E.action("previous-desktop", at: 0.030, #"{"desktop": "previous"}"#)], decisions: [:]),
        // The pointer over Firefox: Firefox's binding for the same swipe wins over the screen's.
        E(
            files: pad("swipe-3-right-over-firefox.jsonl"), states: ["firefox-back": [.ended]],
            actions: [E.action("firefox-back", at: 0.030, #"{"keys": "alt+Left", "window": 2}"#)], decisions: [:]),
        E(
            files: pad("swipe-4-up.jsonl"), states: ["overview": [.ended]],
            actions: [E.action("overview", at: 0.040, #"{"keys": "super+s", "window": 3}"#)], decisions: [:]),
        // device: touchpad fires from the pad; device: touchscreen never does.
        E(
            files: pad("swipe-3-down.jsonl"), states: ["pad-down": [.ended]],
            actions: [E.action("pad-down", at: 0.030, #"{"keys": "ctrl+alt+Down", "window": 3}"#)], decisions: [:]),
        E(files: pad("swipe-3-up.jsonl"), states: [:], actions: [], decisions: [:])
    ]

    @Test(arguments: touchpadSwipes)
    func aPadSwipeFiresTheBindingForItsFingersDirectionAndPointer(_ expectation: Expectation) throws {
        try expectation.check()
    }

    static let touchpadDeviceGating: [E] = [
        // Touches never reach the touchpad-only binding: nothing takes them, and they go to the app
        // as soon as the 4-finger overview stops waiting for a fourth, once all three have gone
        // 20 pt (landing-travel); before that rule, at the lift (100 ms).
        E(
            files: pad("touch-swipe-3-down.jsonl"), states: [:], actions: [],
            decisions: [1: .rejected(at: 0.010), 2: .rejected(at: 0.010), 3: .rejected(at: 0.010)]),
        E(
            files: pad("touch-swipe-3-up.jsonl"), states: ["screen-up": [.ended]],
            actions: [E.action("screen-up", at: 0.030, #"{"keys": "ctrl+alt+Up", "window": 3}"#)],
            decisions: [1: .accepted(at: 0.030), 2: .accepted(at: 0.030), 3: .accepted(at: 0.030)])
    ]

    @Test(arguments: touchpadDeviceGating)
    func touchesReachOnlyBindingsThatAllowTheTouchscreen(_ expectation: Expectation) throws {
        try expectation.check()
    }

    @Test func aPadPinchOverFirefoxStepsTheZoomOutThenIn() throws {
        let run = try Self.pad("pinch-out-then-in-over-firefox.jsonl").run()
        // Scale 1.05 at 12 ms passes UIKit's 8 pt (a 150 pt radius grows 7.5 pt, the spread
        // 15), scaling alone; out to 1.35 and in to 0.75: three steps out, five in.
        #expect(run.states(of: "zoom") == [.began, .changed, .ended])
        #expect(run.millisecond(of: "zoom", .began) == 12)
        #expect(StepCase.runs(of: run.actions()) == ["3 ctrl+plus", "5 ctrl+minus"])
        #expect(run.actions().allSatisfy { $0.action.hasSuffix(#""window": 2}"#) })
        #expect(!run.records.contains { $0.isDelivery }, "pad touches are never printed as deliveries")
    }

    @Test func aPadPinchOverAWindowWithoutAZoomBindingDoesNothing() throws {
        let run = try Self.pad("pinch-over-terminal.jsonl").run()
        #expect(run.records.isEmpty, "\(run.records)")
    }
}

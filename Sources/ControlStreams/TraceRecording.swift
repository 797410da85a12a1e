import GestureConfig
import GestureRuntime
import GestureEngine
import GestureReplay
import JSON

/// Turns the daemon's live input into a replay trace for one `gesturebridge record` client.
///
/// The trace is the replay contract's JSON Lines (`TraceWriter`): the header
/// with the scene as it was when recording started, then touch lines and touchpad
/// `pad` lines with `t` counted from the first of them. A sequence already under
/// way when recording starts is left out whole, since a trace must begin each
/// touch with `down` and each touchpad gesture with `begin`. A touch is recorded whole, to
/// its finger's lift, whatever the daemon decided: after it went to an application, the
/// capture follows it through raw events. The daemon's decisions for the recorded touches
/// and its actions are lines of their own, as `replay` prints them (`{"t": …, "touch": 3,
/// "delivery": "rejected"}`, `{"t": …, "gesture": …, "action": {…}, "outcome": …}`), which
/// `replay` reads as what happened, not as input. Windows and transitions are not recorded.
package struct TraceRecording {
    package init() {}

    /// Times are kept to the microsecond: far below anything a finger does, and short to read.
    static let timeResolution = 1e-6
    /// Steps of `timeResolution` in a second: a whole number, so that microseconds divided by it
    /// are the double nearest their decimal, which prints as that decimal (0.032661, not the
    /// 0.032660999999999996 that multiplying by 1e-6 gave).
    static let stepsPerSecond = 1e6

    /// The daemon's time of the first recorded line, t = 0; nil before it.
    private var origin: Double?
    private var lastTime = 0.0
    /// The touches whose `down` was recorded: only their moves and ups follow.
    private var openTouches: Set<TouchID> = []
    /// The touchpad gesture whose `begin` was recorded, if one is under way.
    private var openPad: PadEvent.Kind?
    /// The recorded touches the daemon has not decided yet (a decision may come after the lift).
    private var undecided: Set<TouchID> = []
    /// The most undecided touches remembered: a touch kept for `record --stroke` is never
    /// decided through the session, so the set is bounded rather than trusted to empty.
    static let undecidedCapacity = 256

    /// The trace line for `event`, without its line feed; nil when it is not recorded input.
    package mutating func line(for event: ControlEvent) -> String? {
        switch event {
        case let .touch(sample, time): touchLine(sample, time: time)
        case let .pad(pad, time): padLine(pad, time: time)
        case let .delivery(id, delivery, time): deliveryLine(id, delivery, time: time)
        case let .action(fired, outcome, time): actionLine(fired, outcome: outcome, time: time)
        case let .answer(answer, time): answerLine(answer, time: time)
        case let .handedOver(sample, time): handedOverLine(sample.id, time: time)
        case let .windows(scene, time): sceneLine(scene, time: time)
        case .transition, .reload, .device, .commitment, .elsewhere, .keyboardHeld: nil
        }
    }

    /// Where gestures stopped seeing a recorded touch that went to an application, its finger
    /// still down: `{"t": …, "touch": 3, "handed-over": true}`. The touch's lines go on to its lift;
    /// `replay` ends the touch for the gestures here, as the daemon did.
    mutating func handedOverLine(_ id: TouchID, time: Double) -> String? {
        guard openTouches.contains(id) else { return nil }
        return JSONValue.object([
            ("t", .number(traceTime(time))), ("touch", .number(Double(id.rawValue))), ("handed-over", .bool(true))
        ]).serialized(decimals: 6)
    }

    /// The desktop's windows changed: the header's fields at a time, `{"t": …, "screen": {…},
    /// "windows": […], "active": …}` (`windows` always written, `[]` for none), so that `replay`
    /// hit-tests later touches as the daemon did.
    mutating func sceneLine(_ scene: SceneDescription, time: Double) -> String {
        var header = Self.headerLine(of: scene)
        // No window is written as none: `windows` is what makes the line a change of windows.
        if scene.windows.isEmpty { header = header.dropLast() + ", \"windows\": []}" }
        return "{\"t\": " + JSONValue.number(traceTime(time)).serialized(decimals: 6) + ", " + header.dropFirst()
    }

    /// What the desktop answered the runtime: `{"t": …, "answer": "focus", "window": 4194305,
    /// "value": true}`, so that `replay` gets the same answers at the same times.
    mutating func answerLine(_ answer: DesktopAnswer, time: Double) -> String {
        var members: [(String, JSONValue)] = [("t", .number(traceTime(time))), ("answer", .string(answer.word))]
        if case .focus(let window, _) = answer { members.append(("window", .number(Double(window)))) }
        members.append(("value", .bool(answer.value)))
        return JSONValue.object(members).serialized(decimals: 6)
    }

    /// A recorded touch's delivery line; nil for a touch whose `down` came before the recording.
    mutating func deliveryLine(_ id: TouchID, _ delivery: Delivery, time: Double) -> String? {
        guard undecided.remove(id) != nil else { return nil }
        return JSONValue.object([
            ("t", .number(traceTime(time))), ("touch", .number(Double(id.rawValue))),
            ("delivery", .string("\(delivery)"))
        ]).serialized(decimals: 6)
    }

    /// An action's line, as `replay` prints it, with what came of it.
    mutating func actionLine(_ fired: FiredAction, outcome: String, time: Double) -> String {
        JSONValue.object([
            ("t", .number(traceTime(time))), ("gesture", .string(fired.gesture)),
            ("action", .object(fired.resolvedParameters)), ("outcome", .string(outcome))
        ]).serialized(decimals: 6)
    }

    /// A touch line, or nil for a touch whose `down` came before the recording.
    mutating func touchLine(_ sample: TouchSample, time: Double) -> String? {
        switch sample.phase {
        case .began:
            openTouches.insert(sample.id)
            if undecided.count >= Self.undecidedCapacity { undecided.removeAll() }
            undecided.insert(sample.id)
        case .moved, .stationary: guard openTouches.contains(sample.id) else { return nil }
        case .ended, .cancelled: guard openTouches.remove(sample.id) != nil else { return nil }
        }
        return TraceWriter.eventLine(Trace.Event(line: 0, time: traceTime(time), input: .touch(sample)))
    }

    /// A touchpad gesture's `pad` line (`{"t": …, "pad": "swipe", "phase": "update", "fingers": 3, "dx": …}`),
    /// or nil for a gesture whose `begin` came before the recording.
    ///
    /// The daemon's touchpad path reaches it by publishing `ControlEvent.pad`; a
    /// recording then holds touchscreen and touchpad input on one clock.
    mutating func padLine(_ pad: PadEvent, time: Double) -> String? {
        switch pad.phase {
        case .began: openPad = pad.kind
        case .updated: guard openPad == pad.kind else { return nil }
        case .ended, .cancelled:
            guard openPad == pad.kind else { return nil }
            openPad = nil
        }
        return TraceWriter.eventLine(Trace.Event(line: 0, time: traceTime(time), input: .pad(pad)))
    }

    /// Seconds since the first recorded line, never decreasing, at `timeResolution`.
    private mutating func traceTime(_ time: Double) -> Double {
        let origin = self.origin ?? time
        self.origin = origin
        let t = max(lastTime, ((time - origin) * Self.stepsPerSecond).rounded() / Self.stepsPerSecond)
        lastTime = t
        return t
    }

    /// The first line of a recording: the header of the daemon's scene.
    package static func headerLine(of scene: SceneDescription) -> String {
        TraceWriter.headerLine(header(of: scene))
    }

    /// A trace header for the daemon's scene: the screen, the windows top-most first, and the active one.
    ///
    /// Window ids are X ids, which fit 32 bits; the active window is named only when
    /// it is one of the windows (a trace may not name any other).
    static func header(of scene: SceneDescription) -> Trace.Header {
        let windows = scene.windows.map { window in
            Trace.Window(
                id: UInt32(truncatingIfNeeded: window.info.id), className: window.info.windowClass,
                instance: window.info.instance, title: window.info.title,
                x: window.frame.x, y: window.frame.y, width: window.frame.width, height: window.frame.height,
                isFullscreen: window.info.isFullscreen, isMaximized: window.info.isMaximized)
        }
        let active = scene.activeWindow.flatMap { id in
            scene.windows.contains { $0.info.id == id } ? UInt32(truncatingIfNeeded: id) : nil
        }
        return Trace.Header(
            screen: Trace.Screen(width: scene.width, height: scene.height, dpi: scene.dpi),
            windows: windows, activeWindow: active)
    }
}

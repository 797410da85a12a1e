import GestureConfig
import GestureEngine
import GestureReplay
import GestureRuntime
import JSON

/// Formats the daemon's events for one `gesturebridge monitor` client: readable text or JSON Lines.
///
/// Times count from the client's connection. Text lines use the daemon's log
/// formats (`[name] possible → began (cause)`, `touch 3 accepted`, `gesture:
/// action (outcome)`); JSON lines use the replay contract's keys where one exists
/// (`touch`/`phase`/`x`/`y`, `delivery`, `gesture`/`action`). Without `moves`, a
/// touch's moves are shown at most every `moveInterval`, and its up line counts them.
package struct MonitorStream {
    /// The shortest time between two shown moves of one touch, in seconds: a few lines
    /// per second per finger, which a person can still read as motion.
    static let moveInterval = 0.1

    let isJSON: Bool
    let showsMoves: Bool
    /// The daemon's time at the connection: t = 0.
    let origin: Double
    /// Per live touch: when a line for it was last shown, and how many moves it made.
    private var tracks: [TouchID: (shown: Double, moves: Int)] = [:]
    /// The last `windows, top first` text shown: the daemon reports the windows after most touches,
    /// and a person needs a line only when they changed.
    private var shownWindows: String?

    package init(isJSON: Bool, showsMoves: Bool, origin: Double) {
        self.isJSON = isJSON
        self.showsMoves = showsMoves
        self.origin = origin
    }

    /// The line for `event`, without its line feed; nil for a move that is throttled away.
    package mutating func line(for event: ControlEvent) -> String? {
        // The desktop's answers are for recordings: the runtime's own questions, many a second while keys wait.
        if case .answer = event { return nil }
        // The delivery line already said it: "touch 3 rejected: handed to the application".
        if case .handedOver = event { return nil }
        var moves: Int?
        if case let .touch(sample, time) = event {
            switch sample.phase {
            case .began:
                tracks[sample.id] = (time, 0)
            case .moved, .stationary:
                var track = tracks[sample.id] ?? (time, 0)
                track.moves += 1
                let isShown = showsMoves || time - track.shown >= Self.moveInterval
                if isShown { track.shown = time }
                tracks[sample.id] = track
                guard isShown else { return nil }
            case .ended, .cancelled:
                moves = tracks.removeValue(forKey: sample.id)?.moves
            }
        }
        let t = max(0, event.time - origin)
        if isJSON { return Self.json(event, t: t) }
        let text = Self.text(event, moves: moves)
        if case .windows = event {
            guard text != shownWindows else { return nil }
            shownWindows = text
        }
        return Self.seconds(t) + "  " + text
    }

    /// The first line in text: who is being watched.
    package static func greeting(hello line: String) -> String {
        let hello = try? JSONValue(parsing: line)
        func text(_ key: String) -> String {
            switch hello?[key] {
            case .string(let value): value
            case .number(let value): value.shortDescription
            default: "?"
            }
        }
        let bindings = text("bindings")
        return "monitoring gesturebridge \(text("gesturebridge")) (pid \(text("pid"))) on \(text("display")): "
            + "\(bindings) binding\(bindings == "1" ? "" : "s") from \(text("config")); Ctrl-C stops"
    }

    /// `t` in seconds with three decimals, right-aligned in eight columns.
    static func seconds(_ t: Double) -> String {
        let text = FixedDecimal.text(t, decimals: 3)
        return String(repeating: " ", count: max(0, 8 - text.count)) + text
    }

    /// The readable form of an event, after its time.
    static func text(_ event: ControlEvent, moves: Int?) -> String {
        switch event {
        case let .touch(sample, _):
            let word = sample.phase.traceWord
            let position = Self.position(sample.location)
            let count = moves.map { $0 == 1 ? ", 1 move" : ", \($0) moves" } ?? ""
            return "touch \(sample.id) \(word) \(position)\(count)"
        case .keyboardHeld:
            return Self.keyboardHeldText
        case let .handedOver(sample, _):
            return "touch \(sample.id) handed over"
        case let .answer(answer, _):
            return "desktop answered \(answer.word): \(answer.value)"
        case let .elsewhere(sample, _):
            return "touch \(sample.id) at \(Self.position(sample.location)) went to another client that holds the "
                + "pointer (a menu, a drag or a screen locker): no gesture sees it"
        case let .transition(recognizer, from, to, cause, _):
            return "[\(recognizer)] \(from) → \(to) (\(cause))"
        case let .delivery(id, delivery, _):
            switch delivery {
            case .accepted: return "touch \(id) accepted"
            case .rejected: return "touch \(id) rejected: handed to the application"
            }
        case let .commitment(recognizer, commitment, _):
            return "[\(recognizer)] \(Self.words(commitment))"
        case let .action(fired, outcome, _):
            return "\(fired.gesture): \(fired.action) (\(outcome))"
        case let .windows(scene, _):
            guard !scene.windows.isEmpty else { return "windows: none" }
            return "windows, top first: "
                + scene.windows.map { window in
                    let frame = window.frame
                    // Titles are foreign text: quoted as JSON, so no control character reaches the terminal.
                    return "\(window.info.windowClass)/\(window.info.instance) "
                        + JSONValue.string(window.info.title).serialized()
                        + " \(frame.x.shortDescription),\(frame.y.shortDescription) "
                        + "\(frame.width.shortDescription)x\(frame.height.shortDescription)"
                        + (window.info.id == scene.activeWindow ? " (active)" : "")
                }.joined(separator: "; ")
        case let .reload(path, outcome, _):
            switch outcome {
            case .applied(let bindings):
                return "config reloaded: \(path), \(Wording.count(bindings, "binding"))"
            case .keptEmpty(let bindings):
                return "config \(path) is empty (a save in progress?); the \(Wording.count(bindings, "binding")) stay"
            case .failed(let errors):
                // One event, one line: the errors follow, each after " | ".
                return "config \(path) has errors; the last good config stays | " + errors.joined(separator: " | ")
            }
        case let .device(change, _):
            return "input device \(change)"
        case let .pad(pad, _):
            let motion = "\(pad.fingers) fingers dx \(pad.dx.shortDescription) dy \(pad.dy.shortDescription)"
            switch pad.kind {
            case .swipe: return "pad swipe \(pad.phase.traceWord) \(motion)"
            case .pinch:
                return "pad pinch \(pad.phase.traceWord) \(motion) scale \(pad.scale.shortDescription) "
                    + "angle \(pad.angle.shortDescription)"
            }
        }
    }

    /// What `monitor` and `try` say when the daemon stands aside for a keyboard grab.
    static let keyboardHeldText =
        "another client holds the keyboard (a screen locker or an open menu): this touch sequence goes to it "
        + "whole, no gesture sees it"

    /// A position as the text lines write it: `(1200, 500)`.
    static func position(_ point: Point) -> String {
        "(\(point.x.shortDescription), \(point.y.shortDescription))"
    }

    /// What a commitment says: "will act at the lift", "withdrawn: moved back …".
    static func words(_ commitment: Commitment) -> String {
        switch commitment {
        case .willAct: "will act at the lift"
        case .willNotAct(let reason, _): "will not act at the lift: \(reason)"
        case .acted: "acted at the lift"
        case .withdrawn(let reason): "withdrawn: \(reason)"
        }
    }

    /// The JSON Lines form of an event, `t` first.
    static func json(_ event: ControlEvent, t: Double) -> String {
        var members: [(String, JSONValue)] = [("t", .number(t))]
        switch event {
        case let .touch(sample, _):
            // A trace's touch line, so the monitor's input can be cut out and replayed.
            return TraceWriter.eventLine(Trace.Event(line: 0, time: (t * 1000).rounded() / 1000, input: .touch(sample)))
        case let .transition(recognizer, from, to, cause, _):
            members += [
                ("recognizer", .string("\(recognizer)")), ("from", .string("\(from)")),
                ("to", .string("\(to)")), ("cause", .string("\(cause)"))
            ]
        case let .delivery(id, delivery, _):
            members += [("touch", .number(Double(id.rawValue))), ("delivery", .string("\(delivery)"))]
        case .keyboardHeld:
            members += [("grab", .string("keyboard")), ("what", .string(Self.keyboardHeldText))]
        case let .handedOver(sample, _):
            members += [("touch", .number(Double(sample.id.rawValue))), ("handed-over", .bool(true))]
        case let .answer(answer, _):
            members += [("answer", .string(answer.word)), ("value", .bool(answer.value))]
        case let .elsewhere(sample, _):
            members += [
                ("touch", .number(Double(sample.id.rawValue))), ("x", .number(sample.location.x)),
                ("y", .number(sample.location.y)), ("elsewhere", .string("another client holds the pointer"))
            ]
        case let .commitment(recognizer, commitment, _):
            members += [("recognizer", .string("\(recognizer)")), ("commit", .string(Self.words(commitment)))]
        case let .action(fired, outcome, _):
            members += [
                ("gesture", .string(fired.gesture)), ("action", .object(fired.resolvedParameters)),
                ("outcome", .string(outcome))
            ]
        case let .windows(scene, _):
            // The trace header's form, so a script can cut a scene out of the monitor.
            let header = TraceRecording.header(of: scene)
            return "{\"t\": \(JSONValue.number(t).serialized(decimals: 3)), \"scene\": "
                + TraceWriter.headerLine(header) + "}"
        case let .reload(path, outcome, _):
            members.append(("reload", .string(path)))
            switch outcome {
            case .applied(let bindings):
                members.append(("bindings", .number(Double(bindings))))
            case .keptEmpty(let bindings):
                members.append(("bindings", .number(Double(bindings))))
                members.append(("kept", .string("the file is empty; the bindings loaded before stay")))
            case .failed(let errors):
                members.append(("error", .string("the config has errors; the last good config stays")))
                members.append(("errors", .array(errors.map { .string($0) })))
            }
        case let .device(change, _):
            members.append(("device", .string(change)))
        case let .pad(pad, _):
            return TraceWriter.eventLine(Trace.Event(line: 0, time: (t * 1000).rounded() / 1000, input: .pad(pad)))
        }
        return JSONValue.object(members).serialized(decimals: 3)
    }
}

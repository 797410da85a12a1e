import GestureConfig
import GestureRuntime
import GestureEngine
import JSON

/// Something the daemon saw or did, as the control socket's clients are told it.
///
/// The daemon publishes these from its loop (`ControlServer.publish`) only while a
/// client listens. Times are seconds on the daemon's monotonic clock, the engine's
/// time base; positions are screen pixels.
package enum ControlEvent {
    /// A touch as the finger made it: down, move, or up, also after it went to an application
    /// (followed through raw events), and only when the finger lifts.
    case touch(TouchSample, time: Double)
    /// The session's end of a touch that went to an application, its finger still down: from
    /// here on gestures never see it (recordings keep it, so `replay` ends it there too).
    case handedOver(TouchSample, time: Double)
    /// Another client holds the keyboard (a screen locker, an open menu): the touch sequence
    /// under way goes to it whole, and no gesture sees it.
    case keyboardHeld(time: Double)
    /// A touch the daemon was not given: another client holds the pointer (a menu, a drag, a
    /// screen locker). Its position when first seen.
    case elsewhere(TouchSample, time: Double)
    /// A recognizer's state change, with its cause: the daemon's `--verbose` log line.
    case transition(
        GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State,
        cause: TransitionCause, time: Double)
    /// A touch's delivery decision toward applications.
    case delivery(TouchID, Delivery, time: Double)
    /// An action the daemon performed (or tried to), with what came of it.
    case action(FiredAction, outcome: String, time: Double)
    /// The window layout changed.
    case windows(SceneDescription, time: Double)
    /// A reload finished: applied, or not and why (the last good config stays).
    case reload(path: String, outcome: ReloadOutcome, time: Double)
    /// A touch device appeared, vanished, or was enabled or disabled.
    case device(String, time: Double)
    /// A touchpad gesture event (XInput 2.4), as a trace's `pad` line carries it.
    case pad(PadEvent, time: Double)
    /// What a binding that acts at the lift will do, or did (commit or cancel).
    case commitment(GestureRecognizer, Commitment, time: Double)
    /// What the desktop answered the runtime (a window's focus, who holds the keyboard): kept in
    /// recordings, so that `replay` decides as the daemon did.
    case answer(DesktopAnswer, time: Double)

    /// When it happened, on the daemon's clock.
    var time: Double {
        switch self {
        case .touch(_, let time), .elsewhere(_, let time), .handedOver(_, let time), .keyboardHeld(let time),
            .transition(_, _, _, _, let time),
            .delivery(_, _, let time),
            .action(_, _, let time), .windows(_, let time), .reload(_, _, let time), .device(_, let time),
            .pad(_, let time), .commitment(_, _, let time), .answer(_, let time):
            time
        }
    }
}

/// What a client asks for in its one request line.
package enum ControlRequest: Equatable {
    /// Live events: as text or JSON Lines, with every touch move or a few per second.
    case monitor(json: Bool, moves: Bool)
    /// Touches (and touchpad gestures) as a replay trace, header first.
    case record
    /// The same, for `record --stroke`: while it listens, the daemon keeps every new touch to
    /// itself (no gesture sees it, no application gets it), so a drawing is recorded whole.
    case recordStroke
    /// The live tester: every event as JSON, failures with their reasons; the daemon draws the
    /// touches. With `acts` false (the default) the daemon performs no action while it listens:
    /// it says what it would have done.
    case tryOut(acts: Bool)

    /// The line a client sends, without the line feed.
    package var line: String {
        switch self {
        case let .monitor(json, moves):
            (["monitor"] + (json ? ["--json"] : []) + (moves ? ["--moves"] : []))
                .joined(separator: " ")
        case .record: "record"
        case .recordStroke: "record --stroke"
        case .tryOut(let acts): acts ? "try --act" : "try"
        }
    }

    /// Parses a request line; nil when it is not one (the daemon says so and hangs up).
    package init?(line: String) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        switch words.first {
        case "monitor":
            let options = Set(words.dropFirst())
            guard options.isSubset(of: ["--json", "--moves"]), options.count == words.count - 1 else { return nil }
            self = .monitor(json: options.contains("--json"), moves: options.contains("--moves"))
        case "record" where words.count == 1:
            self = .record
        case "record" where words.count == 2 && words[1] == "--stroke":
            self = .recordStroke
        case "try" where words.count == 1:
            self = .tryOut(acts: false)
        case "try" where words.count == 2 && words[1] == "--act":
            self = .tryOut(acts: true)
        default:
            return nil
        }
    }

    /// What the daemon answers to a line that is not a request.
    package static let usage = "expected 'monitor [--json] [--moves]', 'record [--stroke]' or 'try [--act]'"
}

/// The daemon's state a new client is told about: its first line, and the scene a recording starts from.
package struct ControlStatus {
    package var display: String
    package var configPath: String
    package var bindings: Int
    package var scene: SceneDescription

    package init(display: String, configPath: String, bindings: Int, scene: SceneDescription) {
        self.display = display
        self.configPath = configPath
        self.bindings = bindings
        self.scene = scene
    }

    /// The first line of every stream, JSON: version, pid, display, config, bindings.
    package func helloLine(pid: Int32, version: String) -> String {
        JSONValue.object([
            ("gesturebridge", .string(version)), ("pid", .number(Double(pid))),
            ("display", .string(display)), ("config", .string(configPath)),
            ("bindings", .number(Double(bindings)))
        ]).serialized()
    }
}

/// How a reload ended, as `monitor` shows it and a notification tells it.
package enum ReloadOutcome: Equatable {
    /// The new config is in effect, with this many bindings.
    case applied(bindings: Int)
    /// The file was empty (an editor between truncating and writing): the bindings stay.
    case keptEmpty(bindings: Int)
    /// The file has errors, each one line as `check` prints them; the last good config stays.
    case failed(errors: [String])
}

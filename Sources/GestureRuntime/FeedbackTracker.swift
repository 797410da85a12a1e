import GestureConfig
import GestureEngine

/// What the on-screen indicator shows, made from a session's outputs: the daemon draws it
/// (X11Bridge's `FeedbackOverlay`), after the frame's actions, so drawing never delays a key.
///
/// One indicator at a time, for the binding whose gesture changed last. A continuous gesture
/// (pan, pinch, rotate) shows it from `began`, with its figures as they change; a discrete one
/// (tap, swipe) when it is recognized. It turns to committed when the binding acts, to cancelled
/// when the gesture is cancelled or its binding's actions withdrawn (`Commitment`), and stays
/// `linger` seconds more.
public struct FeedbackTracker {
    /// What the indicator says and where.
    public struct Indicator: Equatable, Sendable {
        public enum Tone: Sendable, Equatable {
            /// Under way: the action fires when the gesture ends (or has fired at began).
            case pending
            /// Acted.
            case committed
            /// Cancelled, withdrawn, or (with "lift to cancel") about to be.
            case cancelled
        }

        public var text: String
        /// The fingers' centre, in screen pixels.
        public var location: Point
        public var tone: Tone
        /// The monitor under the fingers, in screen pixels, which the label stays on; nil for the
        /// whole screen.
        public var monitor: Rect? = nil
    }

    /// What to do with the indicator.
    public enum Effect: Equatable, Sendable {
        case show(Indicator)
        case hide
    }

    /// How long an ended or cancelled gesture's indicator stays, in seconds.
    public static let linger = 0.4

    private var current: ObjectIdentifier?
    private var hideAt: Double?
    /// For the current gesture of a binding that acts at the lift: whether lifting now would act.
    private var willAct = true
    /// The current gesture's figures and where its label is (pixels), for commitments, which carry neither.
    private var measurement: GestureMeasurement = .none
    private var location = Point(x: 0, y: 0)

    public init() {}

    /// When `advance(to:)` has work: the linger's end.
    public var nextDeadline: Double? { hideAt }

    /// The effect of one session output, if it changes the indicator. `scene` gives the binding;
    /// `enabled` is the config's `feedback` setting, which a binding's own `feedback` overrides.
    ///
    /// A binding that acts at the lift (`on: end`) shows, while its gesture runs, whether lifting
    /// now would act (grey) or not (red, "lift to cancel"); then that it acted or was withdrawn.
    public mutating func handle(
        _ output: GestureSession.Output, scene: GestureScene, enabled: Feedback = .on
    ) -> Effect? {
        switch output {
        case let .state(recognizer, state, snapshot, time):
            guard let binding = scene.binding(for: recognizer), (binding.feedback ?? enabled) == .on else { return nil }
            let key = ObjectIdentifier(recognizer)
            let continuous = binding.recognizer.kind.isContinuous
            let tone: Indicator.Tone
            switch state {
            case .began where continuous, .changed:
                if current != key { willAct = true }
                tone = binding.actsAtLift && !willAct ? .cancelled : .pending
            case .ended, .recognized:
                guard !binding.actsAtLift else {
                    // Its commitment follows, with what lifting will do.
                    measurement = snapshot.measurement
                    return nil
                }
                tone = .committed
            case .cancelled where current == key:
                tone = .cancelled
            default:
                return nil
            }
            let lingers = tone == .committed || state == .cancelled
            current = lingers ? nil : key
            hideAt = lingers ? time + Self.linger : nil
            measurement = snapshot.measurement
            location = scene.description.pixels(fromPoints: snapshot.location)
            var text = Self.text(binding, measurement)
            if tone == .cancelled, !lingers { text += Self.liftToCancel }
            return show(text, tone, scene)
        case let .commitment(recognizer, commitment, time):
            guard let binding = scene.binding(for: recognizer), (binding.feedback ?? enabled) == .on else { return nil }
            let key = ObjectIdentifier(recognizer)
            let text = Self.text(binding, measurement)
            switch commitment {
            case .willAct(let point), .willNotAct(_, let point):
                current = key
                hideAt = nil
                willAct = if case .willAct = commitment { true } else { false }
                location = scene.description.pixels(fromPoints: point)
                return show(willAct ? text : text + Self.liftToCancel, willAct ? .pending : .cancelled, scene)
            case .acted, .withdrawn:
                current = nil
                hideAt = time + Self.linger
                let acted = commitment == .acted
                return show(acted ? text : text + Self.cancelledSuffix, acted ? .committed : .cancelled, scene)
            }
        case .transition, .action, .delivery:
            return nil
        }
    }

    /// What a label says while lifting would withdraw its binding's actions, and once it did.
    static let liftToCancel = " · lift to cancel"
    static let cancelledSuffix = " · cancelled"

    private func show(_ text: String, _ tone: Indicator.Tone, _ scene: GestureScene) -> Effect {
        let monitor = scene.description.monitors.first { $0.contains(location) }
        return .show(Indicator(text: text, location: location, tone: tone, monitor: monitor))
    }

    /// Hides the indicator once its linger is over.
    public mutating func advance(to time: Double) -> Effect? {
        guard let hideAt, time >= hideAt else { return nil }
        self.hideAt = nil
        current = nil
        return .hide
    }

    /// The most characters of a label's description (a `command:` line can be long); past it,
    /// it ends in "…". The figures come after it in full.
    public static let maximumDescriptionLength = 48

    /// The label: the binding's own name, else what it does (at most
    /// `maximumDescriptionLength` characters); then the gesture's figures.
    static func text(_ binding: Binding, _ measurement: GestureMeasurement) -> String {
        var text =
            binding.isNameGenerated
            ? (binding.actions.first ?? binding.hold.map { .hold($0, pressed: true) }).map(label) ?? binding.name
            : binding.name
        if text.count > maximumDescriptionLength { text = text.prefix(maximumDescriptionLength - 1) + "…" }
        if let figures = figures(measurement) { text += " " + figures }
        return text
    }

    /// An action as a person reads it on screen: `ctrl+plus`, `desktop: next`.
    static func label(_ action: Action) -> String {
        switch action {
        case .keys(let sequence): "\(sequence)"
        case .hold(let chord, _): "hold \(chord)"
        default: "\(action)"
        }
    }

    /// A gesture's figures: an arrow for its direction, a pinch's scale, a rotation's angle.
    static func figures(_ measurement: GestureMeasurement) -> String? {
        switch measurement {
        case .swipe(let direction): arrow(direction)
        case .pan(let translation, _):
            translation.dx == 0 && translation.dy == 0
                ? nil
                : abs(translation.dx) >= abs(translation.dy)
                    ? (translation.dx > 0 ? "→" : "←") : (translation.dy > 0 ? "↓" : "↑")
        case .pinch(let scale, _): "×" + FixedDecimal.text(scale, decimals: 2)
        case .rotation(let rotation, _): FixedDecimal.text(rotation * 180 / Double.pi, decimals: 0) + "°"
        case .none, .tap, .longPress: nil
        }
    }

    static func arrow(_ direction: SwipeDirection) -> String? {
        if direction.contains(.right) { return "→" }
        if direction.contains(.left) { return "←" }
        if direction.contains(.up) { return "↑" }
        if direction.contains(.down) { return "↓" }
        return nil
    }
}

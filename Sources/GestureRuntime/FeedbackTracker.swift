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
        /// The text size, in points.
        public var size = FeedbackStyle.defaultSize
        /// Whether `location` is the fingers (the label goes above them) or a window's centre (on it).
        public var isAtFingers = true
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
    /// The current gesture's style, and for `where: window` the window's frame (pixels).
    private var style = FeedbackStyle()
    private var windowFrame: Rect?
    /// What the label shows now, so that `follow` can move it; nil when hidden.
    private var shown: (text: String, tone: Indicator.Tone)?
    /// How many fingers the label follows; once one lifts it stays where it is (the rest of a
    /// pinch are not its centre), until the next gesture's label.
    private var followedFingers = 0
    private var liftedSinceShown = false

    public init() {}

    /// When `advance(to:)` has work: the linger's end.
    public var nextDeadline: Double? { hideAt }

    /// The effect of one session output, if it changes the indicator. `scene` gives the binding;
    /// `enabled` is the config's `feedback` setting, which a binding's own `feedback` overrides.
    ///
    /// A binding that acts at the lift (`on: end`) shows, while its gesture runs, whether lifting
    /// now would act (grey) or not (red, "lift to cancel"); then that it acted or was withdrawn.
    public mutating func handle(
        _ output: GestureSession.Output, scene: GestureScene, enabled: Feedback = .on,
        style settingsStyle: FeedbackStyle = FeedbackStyle()
    ) -> Effect? {
        switch output {
        case let .state(recognizer, state, snapshot, time):
            guard let binding = scene.binding(for: recognizer), (binding.feedback ?? enabled) == .on else { return nil }
            let key = ObjectIdentifier(recognizer)
            if current != key { place(binding, settingsStyle, start: snapshot.startLocation, scene) }
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
            let wasShowing = current == key
            current = lingers ? nil : key
            hideAt = lingers ? time + linger(after: binding, acted: tone == .committed) : nil
            measurement = snapshot.measurement
            // A continuous gesture's end is where its last change was: at a lift its location is
            // the fingers left (a pinch's last finger), which is not where the hand was.
            if !(lingers && wasShowing && continuous) {
                location = scene.description.pixels(fromPoints: snapshot.location)
            }
            var text = Self.text(binding, measurement)
            if tone == .cancelled, !lingers { text += Self.liftToCancel }
            return show(text, tone, scene)
        case let .commitment(recognizer, commitment, time):
            guard let binding = scene.binding(for: recognizer), (binding.feedback ?? enabled) == .on else { return nil }
            let key = ObjectIdentifier(recognizer)
            let text = Self.text(binding, measurement)
            if current != key, case .willAct(let point) = commitment {
                place(binding, settingsStyle, start: point, scene)
            }
            switch commitment {
            case .willAct(let point), .willNotAct(_, let point):
                current = key
                hideAt = nil
                willAct = if case .willAct = commitment { true } else { false }
                location = scene.description.pixels(fromPoints: point)
                return show(willAct ? text : text + Self.liftToCancel, willAct ? .pending : .cancelled, scene)
            case .acted, .withdrawn:
                current = nil
                hideAt = time + linger(after: binding, acted: commitment == .acted)
                let acted = commitment == .acted
                return show(acted ? text : text + Self.cancelledSuffix, acted ? .committed : .cancelled, scene)
            }
        case let .transition(recognizer, .possible, .possible, .timer, time):
            // A `start: hold` stroke's fingers have rested: the drawing starts, and the label says so.
            guard let stroke = recognizer as? StrokeGestureRecognizer, stroke.restEndedAt == time,
                let binding = scene.binding(for: recognizer), (binding.feedback ?? enabled) == .on
            else { return nil }
            let point = TouchGeometry.centroid(of: stroke.touches)
            place(binding, settingsStyle, start: point, scene)
            current = ObjectIdentifier(recognizer)
            hideAt = nil
            measurement = .none
            location = scene.description.pixels(fromPoints: point)
            return show(Self.text(binding, .none) + Self.drawNow(stroke.shapes), .pending, scene)
        case let .transition(recognizer, _, .failed, _, time) where current == ObjectIdentifier(recognizer):
            // The drawing it announced was none of the shapes.
            guard let binding = scene.binding(for: recognizer) else { return nil }
            current = nil
            hideAt = time + Self.linger
            return show(Self.text(binding, measurement) + Self.cancelledSuffix, .cancelled, scene)
        case .transition, .action, .delivery, .pointerDelivery:
            return nil
        }
    }

    /// What the label of a `start: hold` stroke adds once the fingers have rested.
    static func drawNow(_ shapes: [String]) -> String {
        " · draw " + shapes.joined(separator: " or ")
    }

    /// What a label says while lifting would withdraw its binding's actions, and once it did.
    static let liftToCancel = " · lift to cancel"
    static let cancelledSuffix = " · cancelled"

    /// Moves a label that stands over the fingers to where they are now (`centroid`, points,
    /// of the `count` fingers down): a swipe's, recognized mid-stroke, goes on with the hand
    /// while it lingers instead of staying where the swipe was recognized. Once a finger lifts
    /// the label stays put. Nil when there is nothing to move.
    public mutating func follow(fingersAt centroid: Point, count: Int, scene: GestureScene) -> Effect? {
        guard let shown, windowFrame == nil, count > 0, !liftedSinceShown else { return nil }
        if count < followedFingers {
            liftedSinceShown = true
            return nil
        }
        followedFingers = count
        let pixel = scene.description.pixels(fromPoints: centroid)
        guard pixel != location else { return nil }
        location = pixel
        return show(shown.text, shown.tone, scene)
    }

    private mutating func show(_ text: String, _ tone: Indicator.Tone, _ scene: GestureScene) -> Effect {
        if shown == nil {
            followedFingers = 0
            liftedSinceShown = false
        }
        shown = (text, tone)
        let point = windowFrame.map { Point(x: $0.x + $0.width / 2, y: $0.y + $0.height / 2) } ?? location
        let monitor = scene.description.monitors.first { $0.contains(point) }
        return .show(
            Indicator(
                text: text, location: point, tone: tone, monitor: monitor,
                size: style.size ?? FeedbackStyle.defaultSize, isAtFingers: windowFrame == nil))
    }

    /// The binding's style over the settings', and for `where: window` the frame of the window
    /// it acts on: the active one for `target: active`, else the one where it started (`start`,
    /// points); the monitor there, or the screen, over the desktop.
    private mutating func place(_ binding: Binding, _ settings: FeedbackStyle, start: Point, _ scene: GestureScene) {
        followedFingers = 0
        liftedSinceShown = false
        style = (binding.feedbackStyle ?? FeedbackStyle()).over(settings)
        guard style.placement == .window else {
            windowFrame = nil
            return
        }
        let description = scene.description
        let pixel = description.pixels(fromPoints: start)
        let window =
            binding.target == .active
            ? description.windows.first { $0.info.id == description.activeWindow }
            : description.windows.first { $0.frame.contains(pixel) }
        windowFrame =
            window?.frame ?? description.monitors.first { $0.contains(pixel) }
            ?? Rect(x: 0, y: 0, width: description.width, height: description.height)
    }

    /// How long the window manager animates a desktop switch over every window (the daemon sets
    /// it from `WindowManagerInfo.desktopSwitchAnimation`); 0 where it switches at once.
    public var desktopSwitchAnimation = 0.0

    /// How long a label stays after its binding acted: a binding that switches desktops waits
    /// for the switch's animation too, so its "done" is seen on the new desktop even when the
    /// switch is noticed late (`desktopSwitched` then stretches it from the switch itself).
    private func linger(after binding: Binding, acted: Bool) -> Double {
        let switches = binding.actions.contains {
            if case .desktop(.switchTo) = $0 { true } else { false }
        }
        return Self.linger + (acted && switches ? max(0, desktopSwitchAnimation) : 0)
    }

    /// The window manager switched desktops at `time`, animating the switch for `animation`
    /// seconds over every window (`WindowManagerInfo.desktopSwitchAnimation`): a label that
    /// lingers (a desktop binding's "done") stays for its whole linger after the animation, on
    /// the new desktop, instead of running out under it. A label still under way is not touched.
    public mutating func desktopSwitched(at time: Double, animation: Double) {
        guard let hideAt, current == nil, shown != nil else { return }
        self.hideAt = max(hideAt, time + max(0, animation) + Self.linger)
    }

    /// Hides the indicator once its linger is over.
    public mutating func advance(to time: Double) -> Effect? {
        guard let hideAt, time >= hideAt else { return nil }
        self.hideAt = nil
        current = nil
        shown = nil
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
        if let steps = binding.steps, let next = nextStep(steps, measurement) { text += " · next " + next }
        return text
    }

    /// The threshold of the next step in the direction the gesture is going, as its figure:
    /// `×1.50`, `45°`, `200 pt →`. Counted from where the gesture began, as the steps are.
    static func nextStep(_ steps: Steps, _ measurement: GestureMeasurement) -> String? {
        func next(_ value: Double, _ every: Double) -> Double {
            let steps = value / every
            return (value >= 0 ? steps.rounded(.down) + 1 : steps.rounded(.up) - 1) * every
        }
        switch (steps, measurement) {
        case let (.pinch(every, _, _), .pinch(scale, _)):
            return "×" + FixedDecimal.text(1 + next(scale - 1, every), decimals: 2)
        case let (.rotate(every, _, _), .rotation(rotation, _)):
            return FixedDecimal.text(next(rotation, every) * 180 / Double.pi, decimals: 0) + "°"
        case let (.pan(every, _, _, _, _), .pan(translation, _)):
            let horizontal = abs(translation.dx) >= abs(translation.dy)
            let value = horizontal ? translation.dx : translation.dy
            let arrow = horizontal ? (value >= 0 ? "→" : "←") : (value >= 0 ? "↓" : "↑")
            return FixedDecimal.text(abs(next(value, every)), decimals: 0) + " pt " + arrow
        default:
            return nil
        }
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
        case .stroke(let shape): shape.isEmpty ? nil : shape
        case .none, .tap, .longPress: nil
        }
    }

    static func arrow(_ direction: SwipeDirection) -> String? {
        if direction.contains(.right) { return "→" }
        if direction.contains(.upLeft) { return "↖" }
        if direction.contains(.upRight) { return "↗" }
        if direction.contains(.downLeft) { return "↙" }
        if direction.contains(.downRight) { return "↘" }
        if direction.contains(.left) { return "←" }
        if direction.contains(.up) { return "↑" }
        if direction.contains(.down) { return "↓" }
        return nil
    }
}

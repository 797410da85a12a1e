import GestureConfig
import GestureEngine

/// An action a binding fires, with the gesture data it carries.
public struct FiredAction: Sendable {
    /// When, in seconds on the engine's clock.
    public var time: Double
    /// The binding's name.
    public var gesture: String
    /// What to do.
    public var action: Action
    /// The gesture's data: the source of the command environment and of resolved parameters.
    public var context: ActionContext
}

/// The gesture data an action carries (the `GESTURE_*` and `WINDOW_*` environment of commands).
public struct ActionContext: Sendable, Hashable {
    /// The binding's name.
    public var gesture: String
    /// The recognizer kind, as the binding's config names it (`GESTURE_KIND` is its raw value).
    public var kind: GestureKind
    /// The state whose message fired it.
    public var state: GestureRecognizer.State
    /// The number of fingers.
    public var fingers: Int
    /// The gesture's location in screen pixels.
    public var location: Point
    /// The figures of the gesture.
    public var measurement: GestureMeasurement
    /// The window the action targets: the one under the gesture, or the active one for `target: active`.
    public var window: WindowInfo?
}

/// Turns recognizers' action messages into the actions their bindings ask for.
///
/// A tap fires `do` when recognized. Other gestures fire it at the phase named by
/// `on:` (its default: `ActionPhase.default(for:feedback:acts:)`): begin (a swipe: when
/// recognized), update (began and every change), or end: at the lift, and only if the
/// fingers are still past the gesture's threshold (`Commitment`, in
/// `Commitment.swift`). `steps` fire once per step of scale, angle or distance, in the
/// direction of travel, counted from where it began.
public final class BindingRuntime {
    /// The most steps one update fires, per axis. A gesture that jumps further (fingers that
    /// land almost on one another and then spread make the scale leap) moves the mark to
    /// where the gesture is and drops the steps past this.
    public static let maximumStepsPerUpdate = 8
    /// The most steps one gesture fires in a second; past it, steps are dropped (the mark
    /// still follows the gesture) until the second is over.
    public static let maximumStepsPerSecond = 60

    let scene: GestureScene
    /// The signed number of steps fired so far per recognizer and axis.
    private var fired: [ObjectIdentifier: (Int, Int)] = [:]
    /// Per recognizer: when its current second of steps began, and how many fired in it.
    private var budget: [ObjectIdentifier: (since: Double, count: Int)] = [:]
    /// The bindings that act at the lift whose gestures are under way.
    var commits: [PendingCommit] = []
    /// The bindings repeating while their fingers stay down (`repeat:`).
    var repeats: [Repeating] = []

    /// A runtime for one built scene.
    public init(scene: GestureScene) {
        self.scene = scene
        commits.reserveCapacity(8)
    }

    /// Appends the actions (and commitments) of one action message to `outputs`. `liveTouches`
    /// are the engine's, for a swipe whose actions wait for its fingers to lift.
    public func handle(
        _ recognizer: GestureRecognizer, state: GestureRecognizer.State, snapshot: GestureSnapshot,
        time: Double, liveTouches: [Touch], into outputs: inout [GestureSession.Output]
    ) {
        guard let binding = scene.binding(for: recognizer) else { return }
        let context = makeContext(binding, recognizer, state, snapshot)
        func fire(_ actions: [Action]) {
            for action in actions {
                outputs.append(
                    .action(FiredAction(time: time, gesture: binding.name, action: action, context: context)))
            }
        }
        if let chord = binding.hold {
            // Pressed when the gesture begins; released however it ends, so nothing stays down.
            if state == .began { fire([.hold(chord, pressed: true)]) }
            if state == .ended || state == .cancelled { fire([.hold(chord, pressed: false)]) }
        }
        if binding.actsAtLift {
            commit(
                binding, recognizer, state, snapshot, context, time: time, liveTouches: liveTouches, into: &outputs)
        } else if firesDo(binding, state) {
            fire(binding.actions)
        }
        if let steps = binding.steps { stepActions(steps, recognizer, state, snapshot.measurement, time: time, fire) }
        noteRepeat(binding, recognizer, state, context, time: time, liveTouches: liveTouches)
    }

    func firesDo(_ binding: Binding, _ state: GestureRecognizer.State) -> Bool {
        guard binding.recognizer.kind.isContinuous else { return state == .ended }
        switch binding.phase {
        case .begin: return state == .began
        case .update: return state == .began || state == .changed
        case .end: return state == .ended
        case .cancel: return state == .cancelled
        }
    }

    func stepActions(
        _ steps: Steps, _ recognizer: GestureRecognizer, _ state: GestureRecognizer.State,
        _ measurement: GestureMeasurement, time: Double, _ fire: ([Action]) -> Void
    ) {
        let key = ObjectIdentifier(recognizer)
        guard state == .began || state == .changed || state == .ended else {
            fired[key] = nil
            budget[key] = nil
            return
        }
        let value: (Double, Double)
        switch measurement {
        case .pinch(let scale, _): value = (scale - 1, 0)
        case .rotation(let rotation, _): value = (rotation, 0)
        case .pan(let translation, _): value = (translation.dx, translation.dy)
        case .none, .tap, .longPress, .swipe, .stroke: return
        }
        if state == .began { fired[key] = nil }
        var count = fired[key] ?? (0, 0)
        var second = budget[key].flatMap { time - $0.since < 1 ? $0 : nil } ?? (since: time, count: 0)
        func limit() -> Int { min(Self.maximumStepsPerUpdate, max(0, Self.maximumStepsPerSecond - second.count)) }
        switch steps {
        case let .pinch(every, inward, outward):
            second.count += Self.fire(
                &count.0, value: value.0, every: every, increasing: outward, decreasing: inward,
                limit: limit(), fire)
        case let .rotate(every, clockwise, counterclockwise):
            second.count += Self.fire(
                &count.0, value: value.0, every: every, increasing: clockwise,
                decreasing: counterclockwise, limit: limit(), fire)
        case let .pan(every, left, right, up, down):
            second.count += Self.fire(
                &count.0, value: value.0, every: every, increasing: right, decreasing: left,
                limit: limit(), fire)
            second.count += Self.fire(
                &count.1, value: value.1, every: every, increasing: down, decreasing: up,
                limit: limit(), fire)
        }
        fired[key] = state == .ended ? nil : count
        budget[key] = state == .ended ? nil : second
    }

    /// Fires one action list per step the value has moved a whole `every` away from the mark,
    /// at most `limit` of them; returns how many fired.
    ///
    /// The mark is `count` steps from where the gesture began. It moves up to the last
    /// step the value reaches, and down only as far as the value is a whole step below
    /// it, so a finger trembling across a step boundary fires nothing. A tolerance keeps
    /// 0.1 + 0.1 + 0.1 from falling short of 0.3. The mark always follows the value: steps
    /// past `limit` are dropped, never kept for later. Computed, not counted, so a leap of
    /// a billion steps costs what one does.
    static func fire(
        _ count: inout Int, value: Double, every: Double, increasing: [Action], decreasing: [Action],
        limit: Int, _ fire: ([Action]) -> Void
    ) -> Int {
        guard value.isFinite, every > 0 else { return 0 }
        let tolerance = every * 1e-9
        let reach = Int(max(-1e15, min(1e15, ((value + tolerance) / every).rounded(.down))))
        let floor = Int(max(-1e15, min(1e15, ((value - tolerance) / every).rounded(.down)))) + 1
        let (steps, actions): (Int, [Action])
        if reach > count {
            (steps, actions) = (reach - count, increasing)
            count = reach
        } else if floor < count {
            (steps, actions) = (count - floor, decreasing)
            count = floor
        } else {
            return 0
        }
        let firing = min(steps, max(0, limit))
        for _ in 0..<firing { fire(actions) }
        return firing
    }

    func makeContext(
        _ binding: Binding, _ recognizer: GestureRecognizer, _ state: GestureRecognizer.State,
        _ snapshot: GestureSnapshot
    ) -> ActionContext {
        let description = scene.description
        let window: WindowInfo?
        switch binding.target {
        case .active:
            window = description.windows.first { $0.info.id == description.activeWindow }?.info
        case .under:
            // The window the gesture started over, not the one under the fingers now:
            // a drag that ends over another window still acts on the first.
            window = recognizer.view?.window ?? scene.window(at: snapshot.startLocation)
        }
        return ActionContext(
            gesture: binding.name, kind: binding.recognizer.kind, state: state,
            fingers: snapshot.numberOfTouches,
            location: description.pixels(fromPoints: snapshot.location),
            measurement: snapshot.measurement, window: window)
    }
}

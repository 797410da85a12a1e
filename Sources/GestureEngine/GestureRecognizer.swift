/// The context of one touch callback, like `UIEvent`.
public struct TouchEvent {
    /// When the event happened, in seconds on the engine's clock.
    public let timestamp: Double
    /// Every touch currently on the screen, in the order they touched down.
    public let allTouches: [Touch]
}

/// The base class of every gesture recognizer, with `UIGestureRecognizer`'s contract.
///
/// Subclasses override `touchesBegan`, `touchesMoved`, `touchesEnded`,
/// `touchesCancelled` and `reset()`, call `super`, and drive the state machine by
/// assigning `state`. The engine applies UIKit's corrections to invalid writes,
/// holds a recognizer back while it waits for others to fail, applies the
/// prevention rules, sends the action messages and calls `reset()` once the
/// sequence is finished. Recognizers never read a clock: time arrives with
/// each event, and a recognizer that needs a timeout sets `deadline`, after
/// which the engine calls `timerFired(at:)`.
open class GestureRecognizer {
    /// A name for logs and bindings, such as `next-desktop`.
    public var name: String
    /// The delegate, which may veto or relate recognitions. Held weakly, as in UIKit.
    public weak var delegate: (any GestureRecognizerDelegate)?
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// Whether a touch it recognizes is kept from the application. UIKit's default is true.
    public var cancelsTouchesInView = true

    /// Whether the view waits for this recognizer to fail before it gets a touch's `began`
    /// (UIKit's default: false, the view gets touches at once and a recognition cancels them).
    ///
    /// It shapes the engine's `viewTouchEvents`, for views that receive touches as UIKit's do.
    /// Under the daemon's X touch grab it is always in effect, whatever it says: the
    /// application gets a touch only once no gesture wants it, replayed whole.
    public var delaysTouchesBegan = false

    /// Whether the view waits for this recognizer to fail before it gets a touch's `ended`
    /// (UIKit's default: true, so a double tap's first lift is not a click before the second).
    ///
    /// As `delaysTouchesBegan`, it shapes `viewTouchEvents`; under the X touch grab the
    /// application gets the whole touch, its end included, only when no gesture wants it.
    public var delaysTouchesEnded = true

    /// Whether the recognizer takes part. Turning it off cancels a gesture in
    /// progress, or fails one that is still possible.
    public var isEnabled = true {
        didSet {
            if oldValue && !isEnabled { engine?.recognizerWasDisabled(self) }
        }
    }

    /// The kinds of touch the recognizer takes (`allowedTouchTypes`); others never reach it.
    ///
    /// As in UIKit, every type by default. The config's `device:` narrows it.
    public var allowedTouchTypes: Set<TouchType> = Set(TouchType.allCases)
    /// The buttons a pen's or mouse's touch must hold for the recognizer to take it
    /// (`buttonMaskRequired`; UIKit's default is the primary button). Fingers have none.
    public var buttonMaskRequired: ButtonMask = .primary

    /// How long, after the first finger lands, the other fingers of a multi-finger
    /// gesture may take to land, in seconds (the `finger-window` setting).
    public var fingerWindow: Double = Thresholds.fingerWindow

    /// How far, in points, each finger of a multi-finger gesture that is still waiting for the
    /// rest of its fingers may travel (the `landing-travel` setting); once every finger down has
    /// gone further, the gesture fails at once.
    public var landingTravel: Double = Thresholds.landingTravel

    /// The earliest time at which `timerFired(at:)` should be called; nil for none.
    ///
    /// Subclasses set it from a touch callback or from `timerFired`; the engine arms
    /// one timer for the earliest deadline of all recognizers.
    @exclusivity(unchecked)
    public var deadline: Double?

    // MARK: State

    @exclusivity(unchecked)
    var storedState: State = .possible
    /// The state the recognizer asked for while it waits for other recognizers to fail.
    @exclusivity(unchecked)
    var pendingState: State?

    /// The current state. Assigning it runs UIKit's transition rules.
    public var state: State {
        get { storedState }
        set {
            if let engine {
                engine.requestTransition(self, to: newValue)
            } else if let corrected = storedState.correctedTransition(to: newValue) {
                storedState = corrected
            }
        }
    }

    /// The recognizers it never prevents (`doesNotPrevent(_:)`) and never is prevented by.
    var spared: [WeakRecognizer] = []
    var immuneTo: [WeakRecognizer] = []

    /// Why it failed, when it said (`fail(_:)`); cleared when it is reset.
    public internal(set) var failureReason: FailureReason?

    /// Whether the recognizer has recognized but waits for a required recognizer to fail.
    public var isWaitingForFailure: Bool { pendingState != nil }

    // MARK: Touches

    /// The touches it tracks now: received, not ignored, not yet ended.
    @exclusivity(unchecked)
    public internal(set) var touches: [Touch] = []
    /// Every touch it received since the last reset, ended ones included.
    @exclusivity(unchecked)
    var sequenceTouches: [Touch] = []
    /// The highest number of touches held at once since the count was last zero.
    @exclusivity(unchecked)
    var peakTouchCount = 0
    /// When the finger window closes, while the required finger count is not reached.
    @exclusivity(unchecked)
    var fingerWindowDeadline: Double?
    /// When the first touch of its latest attempt landed; kept across resets, so that
    /// the engine can keep it out of the rest of that landing.
    @exclusivity(unchecked)
    var attemptStart: Double?
    /// The centroid of the touches at the last event, for location after they end.
    @exclusivity(unchecked)
    var lastCentroid: Point = .zero
    /// Whether its touches moved while it waited for others to fail, unseen by it.
    var missedMovement = false
    /// How many times the subclass wrote `state` since the gesture began: while none, the
    /// engine reports `changed` for it on each event of its touches, as UIKit does.
    var writesSinceBegan = 0

    /// The number of touches it tracks (`numberOfTouches`).
    public var numberOfTouches: Int { touches.count }

    /// The number of fingers the gesture needs at once.
    ///
    /// When more than one, the recognizer fails unless that many fingers are down
    /// within `fingerWindow` of the first one. Subclasses override it.
    open var requiredNumberOfTouches: Int { 1 }

    /// The recognizer's kind; its description is the short name logs and output use: `tap`, `pan`, ….
    open var kind: GestureKind { .custom("custom") }

    /// The kind-specific figures reported with each action message.
    open var measurement: GestureMeasurement { .none }

    /// Whether the fingers are, now, as far along as they had to be for the gesture to begin
    /// or be recognized; false once they have moved back within that threshold.
    ///
    /// Not in UIKit, where a gesture that began stays begun however the fingers go on.
    /// GestureBridge's commit-or-cancel (`on: end`) uses it: a binding that acts at the lift
    /// does not act when the fingers were taken back before lifting. The default, true,
    /// suits gestures with no such threshold (tap, long press).
    open var isPastThreshold: Bool { true }

    // MARK: Relationships

    weak var engine: GestureEngine?
    var failureRequirements: [WeakRecognizer] = []
    var simultaneousPartners: [WeakRecognizer] = []
    var targets: [(GestureRecognizer) -> Void] = []
    /// Evaluation order within the engine: deeper views first, then order of attachment.
    var evaluationDepth = 0
    var evaluationIndex = 0
    var isActive = false

    /// Creates a recognizer with a name for logs.
    public init(name: String = "") {
        self.name = name
    }

    /// Adds an action, called with the recognizer for every action message.
    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) {
        targets.append(action)
    }

    /// Makes this recognizer wait until `other` fails (`require(toFail:)`).
    ///
    /// It stays in `possible` without an action until `other` fails, then enters
    /// the state it asked for; if `other` begins or recognizes, it fails.
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "a recognizer cannot wait for itself to fail")
        failureRequirements.append(WeakRecognizer(other))
    }

    /// Lets this recognizer and `other` recognize at the same time.
    ///
    /// Equivalent to a delegate whose `shouldRecognizeSimultaneouslyWith` returns
    /// true for the pair; the config's `with:` uses it.
    public func recognizeSimultaneously(with other: GestureRecognizer) {
        simultaneousPartners.append(WeakRecognizer(other))
    }

    /// Stops tracking `touch`: this recognizer receives no more events for it (`ignore(_:for:)`).
    public func ignore(_ touch: Touch) {
        touches.removeAll { $0 === touch }
        sequenceTouches.removeAll { $0 === touch }
        engine?.touchWasIgnored(touch)
    }

    // MARK: Location

    /// The centroid of the tracked touches in `view`'s coordinates (screen when nil).
    ///
    /// After the touches have ended it is where they were at their last event.
    open func location(in view: View?) -> Point {
        let screen = touches.isEmpty ? lastCentroid : TouchGeometry.centroid(of: touches)
        return view?.convert(fromScreen: screen) ?? screen
    }

    /// The location of one tracked touch in `view`'s coordinates.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        precondition(touches.indices.contains(index), "touch index \(index) out of range")
        return touches[index].location(in: view)
    }

    // MARK: Subclass overrides

    /// New touches for this recognizer. Subclasses call super.
    open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
    /// Tracked touches moved. Subclasses call super.
    open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
    /// Tracked touches lifted. Subclasses call super.
    open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
    /// Tracked touches were cancelled by the system. Subclasses call super.
    open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}
    /// The `deadline` the recognizer set has come.
    open func timerFired(at time: Double) {}
    /// Clears per-gesture state; called after ended, cancelled or failed, before possible.
    open func reset() {}

    /// It began after waiting for other recognizers to fail, during which it got no events:
    /// bring its measurement to where its touches are now. Return true when done; false
    /// (the default) lets the engine replay the missed movement as a `touchesMoved`.
    open func resumeAfterWaiting(at time: Double) -> Bool { false }

    /// Whether this recognizer, by recognizing, may make `other` fail. Default true, except
    /// for the recognizers named with `doesNotPrevent(_:)`.
    open func canPrevent(_ other: GestureRecognizer) -> Bool {
        !spared.contains { $0.recognizer === other }
    }
    /// Whether `other`, by recognizing, may make this one fail. Default true, except for the
    /// recognizers named with `cannotBePrevented(by:)`.
    open func canBePrevented(by other: GestureRecognizer) -> Bool {
        !immuneTo.contains { $0.recognizer === other }
    }

    /// One-way prevention without a subclass: this recognizer, by beginning or recognizing,
    /// never makes `other` fail; `other` still can make this one fail ("a pinch does not stop
    /// a rotation, a rotation stops a pinch"). `canPrevent(_:)` returns false for it.
    public func doesNotPrevent(_ other: GestureRecognizer) {
        spared.append(WeakRecognizer(other))
    }

    /// One-way prevention without a subclass: `other`, by beginning or recognizing, never
    /// makes this recognizer fail. `canBePrevented(by:)` returns false for it.
    public func cannotBePrevented(by other: GestureRecognizer) {
        immuneTo.append(WeakRecognizer(other))
    }
    /// Whether this recognizer must wait for `other` to fail. Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Whether `other` must wait for this recognizer to fail. Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// The figures of this recognizer now, as an action message carries them.
    public func snapshot() -> GestureSnapshot {
        GestureSnapshot(
            location: location(in: nil), numberOfTouches: numberOfTouches, measurement: measurement,
            startLocation: sequenceTouches.first?.hitTestLocation, isPastThreshold: isPastThreshold)
    }
}

extension GestureRecognizer: CustomStringConvertible {
    public var description: String {
        let label = name.isEmpty ? kind.description : name
        if let view { return "\(label) on \(view)" }
        return label
    }
}

/// A weak reference, so recognizers that relate to each other do not keep each other alive.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}

/// What kind of gesture a recognizer recognizes, named in logs, output and the config alike:
/// the one list of kinds (a config binds the built-in ones, `GestureKind.builtIn`).
public enum GestureKind: Hashable, Sendable, CustomStringConvertible {
    case tap
    case longPress
    case pan
    case swipe
    case pinch
    case rotate
    case stroke
    /// A recognizer of another kind, by its own name (a library user's, such as the seeds' checkmark).
    case custom(String)

    /// The kinds a binding names, in the order the file and the documentation list them.
    public static let builtIn: [GestureKind] = [.tap, .longPress, .pan, .swipe, .pinch, .rotate, .stroke]

    /// The built-in kind a config key names (`long-press`), or nil.
    public init?(configKey: String) {
        guard let kind = Self.builtIn.first(where: { $0.description == configKey }) else { return nil }
        self = kind
    }

    public var description: String {
        switch self {
        case .tap: "tap"
        case .longPress: "long-press"
        case .pan: "pan"
        case .swipe: "swipe"
        case .pinch: "pinch"
        case .rotate: "rotate"
        case .stroke: "stroke"
        case .custom(let name): name
        }
    }

    /// Whether the recognizer reports `began`, `changed` and `ended` (true) or one recognition (false).
    public var isContinuous: Bool {
        switch self {
        case .tap, .swipe, .stroke, .custom: false
        case .longPress, .pan, .pinch, .rotate: true
        }
    }
}

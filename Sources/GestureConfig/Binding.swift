import GestureEngine

/// One gesture and what it does: a recognizer with its parameters, its relations to
/// other bindings, and its actions.
///
/// The next layer turns each binding into one recognizer on the view for its scope
/// (one per window, for application bindings), wires `after` to require-to-fail and
/// `with` to simultaneous recognition, and runs the actions.
public struct Binding: Hashable, Sendable {
    /// The binding's name: as written, or generated from its place, such as `apps.firefox.gestures[2]`.
    ///
    /// Names are unique across the whole file.
    public var name: String
    /// Whether `name` was generated because the file gave none.
    public var isNameGenerated: Bool
    /// Which view the binding belongs to.
    public var scope: BindingScope
    /// The recognizer and its parameter overrides.
    public var recognizer: RecognizerSpec
    /// Bindings this one waits for to fail before it may begin (`after`, require-to-fail).
    ///
    /// The names may belong to any scope.
    public var requiresFailureOf: [String]
    /// Bindings this one may be recognized together with (`with`).
    ///
    /// As in UIKit, one side saying so is enough.
    public var recognizesSimultaneouslyWith: [String]
    /// Bindings whose gestures never make this one fail (`not-prevented-by`: UIKit's
    /// `canBePrevented(by:)` false). One way: this one may still make them fail.
    public var notPreventedBy: [String] = []
    /// Bindings this one never makes fail (`does-not-prevent`: UIKit's `canPrevent(_:)` false).
    public var doesNotPrevent: [String] = []
    /// Whether the gesture keeps its touches from the application (`cancels-touches`, UIKit's
    /// `cancelsTouchesInView`, default true). False: X has no cancel, so the application gets
    /// the touches whole, replayed, once the gesture is over (recognized, ended or failed).
    public var cancelsTouches = true
    /// For a swipe or a long press (`repeat`): after it acted, `do` again every this many
    /// seconds while its fingers stay down, at most `Binding.maximumRepeats` times.
    public var repeatInterval: Double?
    /// When the gesture may begin at all (`when`): UIKit's `gestureRecognizerShouldBegin`,
    /// declared. Nil: always.
    public var conditions: BindingConditions?

    /// The shortest and longest `repeat` intervals, in seconds.
    public static let repeatIntervals: ClosedRange<Double> = 0.05...10
    /// The most repeats one hold fires: it ends a hold that no lift would end (a trace whose
    /// fingers stay down).
    public static let maximumRepeats = 1000
    /// When `actions` run (`on`): as written, else `ActionPhase.default(for:feedback:acts:)`.
    public var phase: ActionPhase
    /// The actions to run at `phase` (`do`), in order; may be empty when `steps` is set.
    public var actions: [Action]
    /// Actions repeated as a continuous gesture progresses (`steps`).
    public var steps: Steps?
    /// A chord held down while the gesture runs (`hold:`): pressed at began, released at ended or cancelled.
    public var hold: KeyChord?
    /// Which window the actions address (`target`, default the window under the fingers).
    public var target: ActionTarget
    /// Which kind of device the binding listens to (`device`, default any).
    public var device: InputDevice
    /// Whether this binding shows the on-screen indicator (`feedback`); nil: `settings`' choice.
    public var feedback: Feedback?
    /// The indicator's size and place for this binding (`feedback: { size, where }`); nil: `settings`'.
    public var feedbackStyle: FeedbackStyle?
    /// Where the binding starts in the file, for messages and logs.
    public var location: SourceLocation

    /// Creates a binding.
    public init(
        name: String,
        isNameGenerated: Bool = false,
        scope: BindingScope,
        recognizer: RecognizerSpec,
        requiresFailureOf: [String] = [],
        recognizesSimultaneouslyWith: [String] = [],
        phase: ActionPhase? = nil,
        actions: [Action] = [],
        steps: Steps? = nil,
        hold: KeyChord? = nil,
        target: ActionTarget = .under,
        device: InputDevice = .any,
        feedback: Feedback? = nil,
        feedbackStyle: FeedbackStyle? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.isNameGenerated = isNameGenerated
        self.scope = scope
        self.recognizer = recognizer
        self.requiresFailureOf = requiresFailureOf
        self.recognizesSimultaneouslyWith = recognizesSimultaneouslyWith
        self.phase = phase ?? .default(for: recognizer.kind, feedback: false, acts: !actions.isEmpty)
        self.actions = actions
        self.steps = steps
        self.hold = hold
        self.target = target
        self.device = device
        self.feedback = feedback
        self.feedbackStyle = feedbackStyle
        self.location = location
    }
}

/// The conditions of `when:`; each one given must hold for the gesture to begin.
public struct BindingConditions: Hashable, Sendable {
    /// `class`: the window the binding acts on has one of these WM_CLASS classes or instances
    /// (case-insensitive).
    public var classes: [String]?
    /// `title`: that window's title contains this (case-insensitive).
    public var titleContains: String?
    /// `min-windows`, `max-windows`: how many application windows the desktop shows.
    public var minimumWindows: Int?
    public var maximumWindows: Int?
    /// `quiet`: at least this long, in seconds, since a bound gesture last began, was recognized
    /// or ended.
    public var quiet: Double?
    /// `state`: that window is in one of these states.
    public var states: [WindowStateCondition]?

    public init(
        classes: [String]? = nil, titleContains: String? = nil, minimumWindows: Int? = nil,
        maximumWindows: Int? = nil, quiet: Double? = nil, states: [WindowStateCondition]? = nil
    ) {
        self.states = states
        self.classes = classes
        self.titleContains = titleContains
        self.minimumWindows = minimumWindows
        self.maximumWindows = maximumWindows
        self.quiet = quiet
    }
}

/// A window state a `when:` may ask for.
public enum WindowStateCondition: String, Hashable, Sendable, CaseIterable {
    /// `_NET_WM_STATE_FULLSCREEN`.
    case fullscreen
    /// Maximized both ways (and not full screen).
    case maximized
    /// Neither full screen nor maximized.
    case normal
}

/// The view a binding belongs to.
public enum BindingScope: Hashable, Sendable, CustomStringConvertible {
    /// The whole screen (top-level `gestures:`).
    case screen
    /// A strip along one edge (`edges:`).
    case edge(ScreenEdge)
    /// The windows of an application entry, named by its key as written (`apps:`).
    case app(String)
    /// A region of an application's windows: the entry's key and the region's name.
    case region(app: String, region: String)

    /// A path for logs and generated names: `screen`, `edges.left`, `apps.firefox`, `apps.evince.regions.toolbar`.
    ///
    /// Bindings in an unnamed region are named after its index instead: `apps.evince.regions[0].gestures[0]`.
    public var description: String {
        switch self {
        case .screen: "screen"
        case .edge(let edge): "edges.\(edge.rawValue)"
        case .app(let key): "apps.\(key)"
        case .region(let app, let region): "apps.\(app).regions.\(region)"
        }
    }
}

/// The moment of a gesture at which a binding's `do` actions run (`on`).
public enum ActionPhase: String, Hashable, Sendable, CaseIterable {
    /// When the recognizer begins (state `began`); for a swipe, as soon as it is recognized.
    case begin
    /// On every change after it began (state `changed`); continuous gestures only.
    case update
    /// When the fingers lift (state `ended`), and only if they are still past the gesture's
    /// threshold then: commit or cancel. Moving back (a swipe back below its distance, a pan
    /// back near where it started, a pinch or rotation back within its hysteresis) or a touch
    /// cancel withdraws the actions. A tap always acts so: it is recognized at the lift.
    case end
    /// When a continuous gesture is cancelled (its touches were, or the config changed under
    /// it): to undo what a binding with `with:` on the same gesture began.
    case cancel

    /// The phase of a binding that does not say: at the lift, so it can still be taken back,
    /// when the binding shows feedback and has actions that could be; else as soon as the
    /// gesture is recognized or begins, UIKit's moment.
    ///
    /// Steps and held chords act as the gesture runs whatever this is; a long press
    /// acts when it begins, its point being the wait.
    public static func `default`(for kind: GestureKind, feedback: Bool, acts: Bool) -> ActionPhase {
        switch kind {
        case .tap, .stroke, .custom: .end
        case .longPress: .begin
        case .swipe: feedback ? .end : .begin
        case .pan, .pinch, .rotate: feedback && acts ? .end : .begin
        }
    }
}

extension Binding {
    /// Whether the `do` actions wait for the lift and can be withdrawn (`on: end`, not a tap).
    public var actsAtLift: Bool {
        phase == .end && recognizer.kind != .tap && recognizer.kind != .stroke && !actions.isEmpty
    }
}

/// Which window an action addresses (`target`).
public enum ActionTarget: String, Hashable, Sendable, CaseIterable {
    /// The window under the gesture's first touch.
    case under
    /// The window that has the keyboard focus.
    case active
}

/// The kind of input device a binding listens to (`device`).
public enum InputDevice: String, Hashable, Sendable, CaseIterable {
    /// Direct touch: the fingers are where the pointer is.
    case touchscreen
    /// Indirect touch: a touchpad's fingers move the pointer.
    case touchpad
    /// Either kind.
    case any
}

extension InputDevice {
    /// The touch types a recognizer for this device takes (`allowedTouchTypes`).
    public var touchTypes: Set<TouchType> {
        switch self {
        case .touchscreen: [.direct]
        case .touchpad: [.indirectPointer]
        // Fingers only: a pen's or mouse's strokes are bound with `stroke: { device }`.
        case .any: [.direct, .indirectPointer]
        }
    }
}

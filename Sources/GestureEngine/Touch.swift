/// The identifier of one finger's touch sequence, from touch-down to lift.
///
/// On X11 this is the `detail` field of an `XI_TouchBegin` event; in a trace it is
/// the `touch` field. Identifiers may be reused once a sequence has ended.
public struct TouchID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32

    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }
    @inlinable public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    public var description: String { "\(rawValue)" }
}

/// What kind of surface a touch comes from, as `UITouch.TouchType` names it.
///
/// Recognizers take the types in their `allowedTouchTypes`; the engine keeps the
/// identifiers of each type apart, so a touchpad's touches never meet a
/// touchscreen's of the same number.
public enum TouchType: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A finger on the screen itself (`.direct`): a touchscreen.
    case direct
    /// A finger on a surface that moves the pointer (`.indirectPointer`): a touchpad.
    ///
    /// Such a touch has no application touch sequence behind it, so its delivery
    /// decision stays on the touch and is not reported as an engine event.
    case indirectPointer
    /// A stylus on the screen (`.pencil`), drawing while a button is held (the tip is 1).
    ///
    /// Its delivery decision is reported (`GestureEngine.pointerDeliveries`): a rejected
    /// press is played to the application as the click or drag it was.
    case pencil
    /// A mouse moved while a button is held. UIKit's nearest is `.indirectPointer` with a
    /// `buttonMask`; here `.indirectPointer` is the touchpad's fingers, so the mouse has its own.
    case mouseButton

    /// Whether touches of this type carry a button (`Touch.buttonMask`).
    public var hasButtons: Bool { self == .pencil || self == .mouseButton }

    public var description: String {
        switch self {
        case .direct: "direct"
        case .indirectPointer: "indirect pointer"
        case .pencil: "pencil"
        case .mouseButton: "mouse button"
        }
    }
}

/// The buttons held for a pen's or mouse's touch, as `UIEvent.ButtonMask`: bit n - 1 for X's
/// button n.
public struct ButtonMask: OptionSet, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// X's button `number` (1–32).
    public static func button(_ number: Int) -> ButtonMask { ButtonMask(rawValue: 1 << UInt32(number - 1)) }
    /// Button 1: a mouse's left button, a pen's tip.
    public static let primary = button(1)
}

/// Where a touch is in its life, as `UITouch.Phase` describes it.
public enum TouchPhase: Sendable, Hashable, CustomStringConvertible {
    /// The finger touched the surface.
    case began
    /// The finger moved.
    case moved
    /// The finger is down but did not move since the last event.
    case stationary
    /// The finger lifted.
    case ended
    /// The system cancelled the touch (device removed, grab lost, shutdown).
    case cancelled

    /// Whether the sequence is over.
    @inlinable public var isFinished: Bool { self == .ended || self == .cancelled }

    public var description: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

/// One finger's state in a frame of input, as the engine receives it.
///
/// This is the value that crosses from the trace reader or the X11 bridge into the
/// engine; `location` is in screen points.
public struct TouchSample: Sendable, Hashable {
    public var id: TouchID
    public var phase: TouchPhase
    public var location: Point
    /// The kind of surface; identifiers are unique within one type.
    public var type: TouchType
    /// Where hit testing looks for the touch's view at touch-down, when not at `location`.
    ///
    /// A touchpad's fingers act where the pointer is, as X delivers its gestures to
    /// the window under the pointer: every touch of one touchpad gesture hit-tests there.
    public var hitTestLocation: Point?
    /// The buttons held, for a pen's or mouse's touch; empty for a finger.
    public var buttonMask: ButtonMask

    @inlinable public init(
        id: TouchID, phase: TouchPhase, location: Point, type: TouchType = .direct,
        hitTestLocation: Point? = nil, buttonMask: ButtonMask = []
    ) {
        self.id = id
        self.phase = phase
        self.location = location
        self.type = type
        self.hitTestLocation = hitTestLocation
        self.buttonMask = buttonMask
    }
}

/// One finger on the screen for the length of its sequence, like `UITouch`.
///
/// The engine creates a touch at touch-down and updates the same object until the
/// finger lifts, so recognizers may keep references to it. Locations are in
/// screen points; `location(in:)` converts them into a view's coordinates.
public final class Touch {
    /// The sequence's identifier, unique among the live touches of its type.
    public let id: TouchID
    /// The kind of surface the finger is on.
    public let type: TouchType
    /// The current phase.
    @exclusivity(unchecked)
    public internal(set) var phase: TouchPhase
    /// Where the finger is now, in screen points.
    @exclusivity(unchecked)
    public internal(set) var location: Point
    /// Where the finger was at the previous event, in screen points.
    @exclusivity(unchecked)
    public internal(set) var previousLocation: Point
    /// Where the finger touched down, in screen points.
    public let initialLocation: Point
    /// Where hit testing chose its view, in screen points: the touch-down location for a
    /// direct touch, the pointer for a touchpad's.
    public let hitTestLocation: Point
    /// When the last event for this touch happened, in seconds on the engine's clock.
    @exclusivity(unchecked)
    public internal(set) var timestamp: Double
    /// When the finger touched down.
    public let beganAt: Double
    /// The buttons held, for a pen's or mouse's touch (fixed at touch-down); empty for a finger.
    public internal(set) var buttonMask: ButtonMask = []
    /// The view that hit testing chose at touch-down.
    public internal(set) weak var view: View?
    /// The recognizers on the hit view and its ancestors, deeper views first,
    /// fixed at touch-down as UIKit does.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The delivery decision, once made.
    public internal(set) var delivery: Delivery?
    /// The engine's frame in which this touch last changed.
    @exclusivity(unchecked)
    var frameStamp: UInt64 = 0
    /// Whether the engine is about to reject it, with others of its frame (least travelled first).
    var isBeingRejected = false
    /// How far the finger is from where it landed, in points.
    var travel: Double { location.distance(to: initialLocation) }
    /// Where the touch is in its view's delivery (`GestureEngine.reportsViewTouches`).
    var viewState: ViewTouchState = .held
    /// The frame whose change of this touch the view was last told of.
    var viewStamp: UInt64 = 0

    init(id: TouchID, type: TouchType = .direct, location: Point, hitTestLocation: Point? = nil, time: Double) {
        self.id = id
        self.type = type
        self.phase = .began
        self.location = location
        self.previousLocation = location
        self.initialLocation = location
        self.hitTestLocation = hitTestLocation ?? location
        self.timestamp = time
        self.beganAt = time
    }

    /// The current location in the coordinates of `view`; screen coordinates when `view` is nil.
    public func location(in view: View?) -> Point {
        guard let view else { return location }
        return view.convert(fromScreen: location)
    }

    /// The previous location in the coordinates of `view`; screen coordinates when `view` is nil.
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocation }
        return view.convert(fromScreen: previousLocation)
    }
}

/// What happens to a touch sequence toward the applications underneath.
///
/// On X11 these become `XIAllowTouchEvents` with `XIAcceptTouch` or `XIRejectTouch`.
public enum Delivery: Sendable, Hashable, CustomStringConvertible {
    /// A gesture uses the touch; the application never sees it (UIKit's cancelsTouchesInView).
    case accepted
    /// No gesture can use the touch any more; the application receives it replayed whole.
    case rejected

    public var description: String {
        switch self {
        case .accepted: "accepted"
        case .rejected: "rejected"
        }
    }
}

/// Where a touch is in its delivery to the view under it, as UIKit's window delivers touches.
enum ViewTouchState {
    /// Not yet delivered: a recognizer that `delaysTouchesBegan` may still want it.
    case held
    /// The view got `began`; moves follow.
    case delivering
    /// The finger lifted, and a recognizer that `delaysTouchesEnded` may still want it.
    case endHeld
    /// Over for the view: it got `ended` or `cancelled`, or never will get anything.
    case finished
}

/// What the view under a touch receives, as UIKit delivers `touchesBegan`, `touchesMoved`,
/// `touchesEnded` and `touchesCancelled` to a view beside its gesture recognizers.
public struct ViewTouchEvent: Sendable, Hashable, CustomStringConvertible {
    /// The touch.
    public var touch: TouchID
    /// What the view is told: began, moved, ended or cancelled.
    public var phase: TouchPhase
    /// When, in seconds on the engine's clock.
    public var time: Double

    public var description: String { "\(time.shortDescription) view: touch \(touch) \(phase)" }
}

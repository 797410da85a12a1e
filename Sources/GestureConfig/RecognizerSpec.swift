import GestureEngine

/// The recognizer a binding uses, with the parameters the file sets.
///
/// Every parameter is optional: nil keeps the recognizer's UIKit default (see
/// `Thresholds`). Units are the engine's: points, seconds and radians.
public enum RecognizerSpec: Hashable, Sendable {
    /// `tap:` for `TapGestureRecognizer`.
    case tap(TapParameters)
    /// `long-press:` for `LongPressGestureRecognizer`.
    case longPress(LongPressParameters)
    /// `pan:` for `PanGestureRecognizer`.
    case pan(PanParameters)
    /// `swipe:` for `SwipeGestureRecognizer`.
    case swipe(SwipeParameters)
    /// `pinch:` for `PinchGestureRecognizer`.
    case pinch(PinchParameters)
    /// `rotate:` for `RotationGestureRecognizer`.
    case rotate(RotationParameters)
    /// `stroke:` for `StrokeGestureRecognizer`.
    case stroke(StrokeParameters)

    /// The kind, matching the engine's `kind` strings.
    public var kind: GestureKind {
        switch self {
        case .tap: .tap
        case .longPress: .longPress
        case .pan: .pan
        case .swipe: .swipe
        case .pinch: .pinch
        case .rotate: .rotate
        case .stroke: .stroke
        }
    }
}

/// A tap's parameters (`tap: { fingers, taps, movement, interval, max-duration }`).
public struct TapParameters: Hashable, Sendable {
    /// `fingers`: `numberOfTouchesRequired`, 1–10.
    public var numberOfTouchesRequired: Int?
    /// `taps`: `numberOfTapsRequired`, at least 1.
    public var numberOfTapsRequired: Int?
    /// `movement`: `allowableMovement`, in points.
    public var allowableMovement: Double?
    /// `interval`: `maximumTapInterval`, from a lift to the next touch-down, in seconds.
    public var maximumTapInterval: Double?
    /// `max-duration`: `maximumTapDuration`, how long each tap may be held, in seconds.
    public var maximumTapDuration: Double?

    /// Creates tap parameters; nil keeps the default.
    public init(
        numberOfTouchesRequired: Int? = nil, numberOfTapsRequired: Int? = nil, allowableMovement: Double? = nil,
        maximumTapInterval: Double? = nil, maximumTapDuration: Double? = nil
    ) {
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.numberOfTapsRequired = numberOfTapsRequired
        self.allowableMovement = allowableMovement
        self.maximumTapInterval = maximumTapInterval
        self.maximumTapDuration = maximumTapDuration
    }
}

/// A long press's parameters (`long-press: { fingers, duration, movement, taps }`).
public struct LongPressParameters: Hashable, Sendable {
    /// `fingers`: `numberOfTouchesRequired`, 1–10.
    public var numberOfTouchesRequired: Int?
    /// `taps`: `numberOfTapsRequired`, taps before the press (0 or more).
    public var numberOfTapsRequired: Int?
    /// `duration`: `minimumPressDuration`, in seconds.
    public var minimumPressDuration: Double?
    /// `movement`: `allowableMovement` before it begins, in points.
    public var allowableMovement: Double?

    /// Creates long-press parameters; nil keeps the default.
    public init(
        numberOfTouchesRequired: Int? = nil, numberOfTapsRequired: Int? = nil,
        minimumPressDuration: Double? = nil, allowableMovement: Double? = nil
    ) {
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.numberOfTapsRequired = numberOfTapsRequired
        self.minimumPressDuration = minimumPressDuration
        self.allowableMovement = allowableMovement
    }
}

/// A pan's parameters (`pan: { fingers | min-fingers, max-fingers, direction, hysteresis }`).
public struct PanParameters: Hashable, Sendable {
    /// `min-fingers`, or `fingers`: `minimumNumberOfTouches`, 1–10.
    public var minimumNumberOfTouches: Int?
    /// `max-fingers`, or `fingers`: `maximumNumberOfTouches`, 1–10.
    public var maximumNumberOfTouches: Int?
    /// `hysteresis`: how far to move along an axis before it begins, in points.
    public var hysteresis: Double?
    /// `direction`: `allowedDirections`, the directions it may start in.
    public var allowedDirections: SwipeDirection?

    /// Creates pan parameters; nil keeps the default.
    public init(
        minimumNumberOfTouches: Int? = nil, maximumNumberOfTouches: Int? = nil,
        hysteresis: Double? = nil, allowedDirections: SwipeDirection? = nil
    ) {
        self.minimumNumberOfTouches = minimumNumberOfTouches
        self.maximumNumberOfTouches = maximumNumberOfTouches
        self.hysteresis = hysteresis
        self.allowedDirections = allowedDirections
    }
}

/// A swipe's parameters (`swipe: { fingers, direction, distance, max-duration, max-angle }`).
public struct SwipeParameters: Hashable, Sendable {
    /// `fingers`: `numberOfTouchesRequired`, 1–10.
    public var numberOfTouchesRequired: Int?
    /// `direction`: the allowed directions, one or a list.
    public var direction: SwipeDirection?
    /// `distance`: `minimumDistance`, in points.
    public var minimumDistance: Double?
    /// `max-duration`: `maximumDuration`, in seconds.
    public var maximumDuration: Double?
    /// `max-angle`: `maximumAngle` off the axis, in radians (written in degrees).
    public var maximumAngle: Double?

    /// Creates swipe parameters; nil keeps the default.
    public init(
        numberOfTouchesRequired: Int? = nil, direction: SwipeDirection? = nil, minimumDistance: Double? = nil,
        maximumDuration: Double? = nil, maximumAngle: Double? = nil
    ) {
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.direction = direction
        self.minimumDistance = minimumDistance
        self.maximumDuration = maximumDuration
        self.maximumAngle = maximumAngle
    }
}

/// A pinch's parameters (`pinch: { fingers, hysteresis }`).
public struct PinchParameters: Hashable, Sendable {
    /// `fingers`: `numberOfTouchesRequired`, 2–5.
    public var numberOfTouchesRequired: Int?
    /// `hysteresis`: the change of spread before it begins, in points.
    public var hysteresis: Double?

    /// Creates pinch parameters; nil keeps the default.
    public init(numberOfTouchesRequired: Int? = nil, hysteresis: Double? = nil) {
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.hysteresis = hysteresis
    }
}

/// What draws a stroke (`stroke: { device }`).
public enum StrokeDevice: String, Hashable, Sendable, CaseIterable {
    /// Fingers on a touchscreen or touchpad, as the binding's `device:` says.
    case touch
    /// A stylus on the screen, while `button` is held (1: the tip).
    case pen
    /// A mouse, while `button` is held (3: the right button, as easystroke drew).
    case mouse

    /// The button held while drawing when the binding names none.
    public var defaultButton: Int? {
        switch self {
        case .touch: nil
        case .pen: 1
        case .mouse: 3
        }
    }
}

/// When a stroke's drawing starts (`stroke: { start }`).
public enum StrokeStart: String, Hashable, Sendable, CaseIterable {
    /// As the fingers land: the stroke decides early, as soon as the path can no longer
    /// become its shape, and holds a one-finger touch until then.
    case move
    /// After the fingers rest for `hold` (a long press that turns into a stroke): a touch that
    /// moves first is the application's at once.
    case hold
}

/// A stroke's parameters (`stroke: { shape, fingers, max-distance, device, button, start, hold }`).
public struct StrokeParameters: Hashable, Sendable {
    /// `shape`: the shapes it accepts, at least one (`StrokeShapes.names`).
    public var shapes: [String]
    /// `fingers`: `numberOfTouchesRequired`, 1–5.
    public var numberOfTouchesRequired: Int?
    /// `max-distance`: the largest distance it accepts (`StrokeClassifier`).
    public var maximumDistance: Double?
    /// `device`: what draws it.
    public var device: StrokeDevice
    /// `button`: the pen's or mouse's button held while drawing, 1–9; nil for touch.
    public var button: Int?
    /// `start`: whether the drawing starts as the fingers land or after they rest.
    public var start: StrokeStart
    /// `hold`: how long the fingers rest before a `start: hold` stroke is drawn, in seconds;
    /// nil: a long press's 0.5 s.
    public var holdDuration: Double?

    /// Creates stroke parameters; nil keeps the default.
    public init(
        shapes: [String], numberOfTouchesRequired: Int? = nil, maximumDistance: Double? = nil,
        device: StrokeDevice = .touch, button: Int? = nil, start: StrokeStart = .move, holdDuration: Double? = nil
    ) {
        self.shapes = shapes
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.maximumDistance = maximumDistance
        self.device = device
        self.button = button ?? device.defaultButton
        self.start = start
        self.holdDuration = holdDuration
    }

    /// How long the fingers rest before drawing, in seconds; nil when the drawing starts as they land.
    public var restDuration: Double? {
        start == .hold ? holdDuration ?? Thresholds.longPressMinimumDuration : nil
    }
}

/// A rotation's parameters (`rotate: { fingers, hysteresis }`).
public struct RotationParameters: Hashable, Sendable {
    /// `fingers`: `numberOfTouchesRequired`, 2–5.
    public var numberOfTouchesRequired: Int?
    /// `hysteresis`: how far to turn before it begins, in radians (written in degrees).
    public var hysteresis: Double?

    /// Creates rotation parameters; nil keeps the default.
    public init(numberOfTouchesRequired: Int? = nil, hysteresis: Double? = nil) {
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.hysteresis = hysteresis
    }
}

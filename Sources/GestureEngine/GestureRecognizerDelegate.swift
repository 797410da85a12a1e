/// The hooks by which other code shapes a recognizer, as `UIGestureRecognizerDelegate` does.
///
/// Every method is optional: the defaults are UIKit's.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer tries to leave `possible`; false makes it fail. Default true.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Asked once per new touch; false keeps the touch from the recognizer, without changing its state. Default true.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether the two may be recognized at the same time. Default false.
    func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool
    /// Whether `recognizer` must wait for `other` to fail. Default false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Whether `other` must wait for `recognizer` to fail. Default false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool { false }
}

/// The figures a recognizer reports with each action message, by kind.
///
/// A value type, so that the engine can snapshot a recognizer at the moment of its
/// action without allocating.
public enum GestureMeasurement: Sendable, Hashable {
    /// No kind-specific figures (custom recognizers, long press).
    case none
    /// A tap: how many taps were made.
    case tap(taps: Int)
    /// A long press: the movement since it began, in points.
    case longPress(translation: Vector)
    /// A pan: translation in points and velocity in points per second.
    case pan(translation: Vector, velocity: Vector)
    /// A swipe: the direction it was recognized in.
    case swipe(direction: SwipeDirection)
    /// A pinch: scale since the start (1 = unchanged) and its velocity per second.
    case pinch(scale: Double, velocity: Double)
    /// A rotation: radians since the start, clockwise positive, and radians per second.
    case rotation(rotation: Double, velocity: Double)
    /// A stroke: the shape it was recognized as (`circle-clockwise`, `checkmark`).
    case stroke(shape: String)
}

/// The four swipe directions, as a set (`UISwipeGestureRecognizer.Direction`).
public struct SwipeDirection: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let right = SwipeDirection(rawValue: 1 << 0)
    public static let left = SwipeDirection(rawValue: 1 << 1)
    public static let up = SwipeDirection(rawValue: 1 << 2)
    public static let down = SwipeDirection(rawValue: 1 << 3)
    public static let all: SwipeDirection = [.right, .left, .up, .down]
    /// The diagonals, for swipes (not in UIKit, whose swipes go along the axes).
    public static let upLeft = SwipeDirection(rawValue: 1 << 4)
    public static let upRight = SwipeDirection(rawValue: 1 << 5)
    public static let downLeft = SwipeDirection(rawValue: 1 << 6)
    public static let downRight = SwipeDirection(rawValue: 1 << 7)
    public static let diagonals: SwipeDirection = [.upLeft, .upRight, .downLeft, .downRight]

    /// Each single direction with its name and unit vector on a y-down screen.
    public static let named: [(SwipeDirection, String, Vector)] = [
        (.left, "left", Vector(dx: -1, dy: 0)), (.right, "right", Vector(dx: 1, dy: 0)),
        (.up, "up", Vector(dx: 0, dy: -1)), (.down, "down", Vector(dx: 0, dy: 1)),
        (.upLeft, "up-left", Vector(dx: -0.5.squareRoot(), dy: -0.5.squareRoot())),
        (.upRight, "up-right", Vector(dx: 0.5.squareRoot(), dy: -0.5.squareRoot())),
        (.downLeft, "down-left", Vector(dx: -0.5.squareRoot(), dy: 0.5.squareRoot())),
        (.downRight, "down-right", Vector(dx: 0.5.squareRoot(), dy: 0.5.squareRoot()))
    ]

    /// The unit vector of a single direction; nil for none or several.
    public var unitVector: Vector? {
        Self.named.first { $0.0 == self }?.2
    }

    public var description: String {
        Self.named.filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}

/// A recognizer's figures at the moment of one action message.
public struct GestureSnapshot: Sendable, Hashable {
    /// The recognizer's location in screen points (`location(in: nil)`).
    public var location: Point
    /// How many touches it was tracking.
    public var numberOfTouches: Int
    /// The kind-specific figures.
    public var measurement: GestureMeasurement
    /// Where the gesture's first touch landed, in screen points: what the gesture is "over".
    ///
    /// For a touchpad's touches it is the pointer, where their view was hit-tested.
    public var startLocation: Point
    /// Whether the fingers were past the gesture's threshold (`GestureRecognizer.isPastThreshold`).
    public var isPastThreshold: Bool

    public init(
        location: Point, numberOfTouches: Int, measurement: GestureMeasurement, startLocation: Point? = nil,
        isPastThreshold: Bool = true
    ) {
        self.location = location
        self.numberOfTouches = numberOfTouches
        self.measurement = measurement
        self.startLocation = startLocation ?? location
        self.isPastThreshold = isPastThreshold
    }
}

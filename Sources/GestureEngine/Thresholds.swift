/// The engine's default thresholds, each with its unit and where the value comes from.
///
/// Distances are points (1 pt = dpi/96 px), times are seconds, angles radians.
public enum Thresholds {
    /// How long the fingers of a multi-finger gesture may take to land, in seconds.
    ///
    /// The seeds' UIScrollView rule: 150 ms after touch-down the scroll view
    /// decides whether the touch is its own or the content's.
    public static let fingerWindow = 0.150

    /// How far a tap's fingers may move, in points (UIKit's observed 45 pt).
    public static let tapAllowableMovement = 45.0
    /// The longest gap from a lift to the next touch-down in a multi-tap, in seconds (UIKit: 0.35 s).
    public static let tapMaximumInterval = 0.35
    /// The longest a tap's fingers may stay down, in seconds (UIKit: about 0.75 s).
    public static let tapMaximumDuration = 0.75

    /// How long a long press must be held before it begins, in seconds (UIKit: 0.5 s).
    public static let longPressMinimumDuration = 0.5
    /// How far a long press may move before it begins, in points (UIKit: 10 pt).
    public static let longPressAllowableMovement = 10.0

    /// How far a pan must move along either axis before it begins, in points (UIKit: 10 pt).
    public static let panHysteresis = 10.0

    /// How far a swipe must travel in its direction, in points (UIKit's observed 50 pt).
    public static let swipeMinimumDistance = 50.0
    /// How long a swipe may take to cover that distance, in seconds (UIKit: about 0.5 s).
    public static let swipeMaximumDuration = 0.5
    /// How far off its axis a swipe may point, in radians (30°).
    public static let swipeMaximumAngle = 30.0 * .pi / 180

    /// How much the fingers' spread must change before a pinch begins, in points.
    ///
    /// UIKit's is about 8 pt, but on real touchscreens that is the wobble of fingers
    /// doing something else. In the shared recordings the spread of a two-finger tap
    /// changes by up to 10 pt, that of a three-finger swipe by 10 pt before it has
    /// travelled 50 pt, and two fingers starting a 90° turn close in by 21 pt before
    /// they have turned 7.5°: with 8 pt a pinch bound beside them took all three.
    /// 24 pt clears them, a little more than the 21 pt that 7.5° of turn moves two
    /// fingers 160 pt apart; real five-finger pinches pass it 50–80 ms after 8 pt.
    public static let pinchHysteresis = 24.0

    /// How far the fingers must turn before a rotation begins, in radians
    /// (UIKit's observed 5–10°; 7.5° is its middle).
    public static let rotationHysteresis = 7.5 * .pi / 180

    /// The window over which velocities are measured, in seconds.
    public static let velocityWindow = 0.1
}

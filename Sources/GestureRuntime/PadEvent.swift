import GestureConfig
import GestureEngine

/// One touchpad gesture event, as XInput 2.4 reports it (`XIGesturePinchEvent`, `XIGestureSwipeEvent`).
///
/// The daemon makes one from each X event, a trace's `pad` line is one, and the
/// session turns it into touches (`GestureSession.handle(pad:at:)`). Distances are
/// screen pixels, as X reports them.
public struct PadEvent: Sendable, Hashable {
    /// The two gestures a touchpad reports.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Fingers moving together (`XI_GestureSwipe*`).
        case swipe
        /// Fingers moving apart, together or around each other (`XI_GesturePinch*`).
        case pinch
    }

    /// Where the gesture is in its life.
    public enum Phase: Sendable, Hashable, CaseIterable {
        /// The fingers started a gesture (`…Begin`).
        case began
        /// They moved (`…Update`).
        case updated
        /// They lifted (`…End`).
        case ended
        /// The gesture was cancelled (`…End` with the cancelled flag): the fingers did something else.
        case cancelled
    }

    public var kind: Kind
    public var phase: Phase
    /// How many fingers are on the pad (`detail`); constant from begin to end.
    public var fingers: Int
    /// The motion since the previous event, in pixels (`delta_x`, `delta_y`: accelerated, as the pointer moves).
    public var dx: Double
    public var dy: Double
    /// For a pinch, the scale since begin (`scale`; 1 is unchanged); 1 for a swipe.
    public var scale: Double
    /// For a pinch, the rotation since the previous event in degrees, clockwise positive (`delta_angle`); 0 for a swipe.
    public var angle: Double
    /// Where the pointer is, in screen pixels (`root_x`, `root_y`): the gesture acts on what is under it.
    /// X always says; a trace line may not, and the session then uses
    /// `SceneDescription.focusPoint`, the centre of the active window (else of the screen).
    public var pointer: Point?

    /// Creates a touchpad gesture event.
    public init(
        kind: Kind, phase: Phase, fingers: Int, dx: Double = 0, dy: Double = 0,
        scale: Double = 1, angle: Double = 0, pointer: Point? = nil
    ) {
        self.kind = kind
        self.phase = phase
        self.fingers = fingers
        self.dx = dx
        self.dy = dy
        self.scale = scale
        self.angle = angle
        self.pointer = pointer
    }
}

import GestureConfig
import GestureRuntime
import GestureEngine
import X11Bridge

extension PadEvent {
    /// The session's touchpad event for a gesture the capture reported; a cancelled end cancels.
    init(_ gesture: CapturedGesture) {
        let kind: Kind = switch gesture.kind {
        case .swipe: .swipe
        case .pinch: .pinch
        }
        let phase: Phase = switch gesture.phase {
        case .began: .began
        case .updated: .updated
        case .ended: gesture.isCancelled ? .cancelled : .ended
        }
        self.init(kind: kind, phase: phase, fingers: gesture.fingers, dx: gesture.dx, dy: gesture.dy,
                  scale: gesture.scale, angle: gesture.angle, pointer: Point(x: gesture.x, y: gesture.y))
    }
}

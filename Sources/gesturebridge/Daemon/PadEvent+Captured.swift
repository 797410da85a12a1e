import GestureConfig
import GestureEngine
import GestureReplay
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

extension Trace.PadInput {
    /// The trace line's form of a touchpad event, for `gesturebridge record`.
    init(_ event: PadEvent) {
        let kind: Trace.PadKind = switch event.kind {
        case .swipe: .swipe
        case .pinch: .pinch
        }
        let phase: Trace.PadPhase = switch event.phase {
        case .began: .begin
        case .updated: .update
        case .ended: .end
        case .cancelled: .cancel
        }
        self.init(kind: kind, phase: phase, fingers: event.fingers, dx: event.dx, dy: event.dy,
                  scale: event.scale, angle: event.angle, pointer: event.pointer)
    }
}

import GestureConfig
import GestureRuntime
import GestureEngine

/// A trace's `pad` line and the session's touchpad event, each way: replay reads lines into
/// events, `gesturebridge record` writes the daemon's events as lines.
extension Trace.PadInput {
    /// The line for a touchpad event; the pointer is always written.
    public init(_ event: PadEvent) {
        let kind: Trace.PadKind =
            switch event.kind {
            case .swipe: .swipe
            case .pinch: .pinch
            }
        let phase: Trace.PadPhase =
            switch event.phase {
            case .began: .begin
            case .updated: .update
            case .ended: .end
            case .cancelled: .cancel
            }
        self.init(
            kind: kind, phase: phase, fingers: event.fingers, dx: event.dx, dy: event.dy,
            scale: event.scale, angle: event.angle, pointer: event.pointer)
    }

    /// The session's event for this line, with the pointer at `pointer`.
    public func padEvent(pointer: Point) -> PadEvent {
        let kind: PadEvent.Kind =
            switch self.kind {
            case .swipe: .swipe
            case .pinch: .pinch
            }
        let phase: PadEvent.Phase =
            switch self.phase {
            case .begin: .began
            case .update: .updated
            case .end: .ended
            case .cancel: .cancelled
            }
        return PadEvent(
            kind: kind, phase: phase, fingers: fingers, dx: dx, dy: dy, scale: scale, angle: angle,
            pointer: pointer)
    }
}

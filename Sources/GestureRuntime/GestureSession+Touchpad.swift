import GestureConfig
import GestureEngine

extension GestureSession {
    /// Processes one touchpad gesture event: its fingers become indirect-pointer touches.
    ///
    /// `PadGestureSynthesizer` places them around the pointer and moves them as the
    /// event says, so every binding works on a touchpad as on a touchscreen, within
    /// the window under the pointer; a binding with `device: touchscreen` never sees
    /// them. Their delivery decisions are not reported: X has no touch sequence
    /// behind them to keep or hand on. A begin while a gesture is in progress
    /// (its end was lost) cancels that one first; an update or end without its
    /// begin is ignored.
    public func handle(pad event: PadEvent, at time: Double) {
        applyPendingChanges()
        advance(to: time)
        if event.phase == .began, pad.cancelFrame() {
            engine.handle(pad.samples, at: time)
            collect()
            follow(pad.samples, at: time)
        }
        guard
            pad.frame(
                for: event, pointsPerPixel: scene.description.pointsPerPixel,
                focusPoint: scene.description.focusPoint)
        else { return }
        engine.handle(pad.samples, at: time)
        collect()
        follow(pad.samples, at: time)
    }
}

import GestureConfig
import GestureEngine
import GestureRuntime
import Logging
import X11Bridge

/// The on-screen indicator: what the frame's outputs say it shows, drawn after the frame's
/// actions went out, so a key never waits for drawing.
extension Daemon {
    /// Notes what the indicator should show after this output; drawn by `drawFeedback`.
    func noteFeedback(_ output: GestureSession.Output) {
        guard
            let effect = feedbackState.tracker.handle(
                output, scene: session.scene, enabled: session.configuration.settings.feedback,
                style: session.configuration.settings.feedbackStyle)
        else { return }
        feedbackState.pacer.note(effect)
    }

    /// Draws the latest state the frames decided, at most once per display frame (see
    /// `RedrawPacer`). Called after the actions are sent, and when the pacer's deadline comes.
    func drawFeedback(now: Double) {
        guard let effect = feedbackState.pacer.due(at: now) else { return }
        feedbackState.drawings += 1
        apply(effect)
    }

    /// Moves a label over the fingers to where they are after this read (a swipe's, recognized
    /// mid-stroke, goes on with the hand); drawn through the pacer.
    func followFingers() {
        let down = session.touchesDown
        guard !down.isEmpty,
            let effect = feedbackState.tracker.follow(
                fingersAt: TouchGeometry.centroid(of: down), count: down.count, scene: session.scene)
        else { return }
        feedbackState.pacer.note(effect)
        drawFeedback(now: MonotonicClock.now())
    }

    /// Hides an indicator whose linger is over (through the pacer, as every change).
    func advanceFeedback(to time: Double) {
        if let effect = feedbackState.tracker.advance(to: time) { feedbackState.pacer.note(effect) }
        drawFeedback(now: time)
    }

    private func apply(_ effect: FeedbackTracker.Effect) {
        switch effect {
        case .hide:
            feedbackState.overlay?.hide()
        case .show(let indicator):
            guard let overlay = openOverlay() else { return }
            let monitor = indicator.monitor.map {
                (x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height))
            }
            overlay.show(
                .init(
                    text: indicator.text, x: Int(indicator.location.x.rounded()),
                    y: Int(indicator.location.y.rounded()), tone: indicator.tone, monitor: monitor,
                    size: indicator.size,
                    isAtFingers: indicator.isAtFingers))
        }
    }

    /// The overlay, made at the first indicator (cairo is loaded then); nil, said once, when
    /// it cannot be made.
    private func openOverlay() -> FeedbackOverlay? {
        if let overlay = feedbackState.overlay { return overlay }
        guard !feedbackState.unavailable else { return nil }
        do {
            let overlay = try FeedbackOverlay(displayName: connection.name, scale: session.scene.description.dpi / 96)
            feedbackState.overlay = overlay
            logger.info("on-screen feedback: \(overlay.isTranslucent ? "translucent (a compositor runs)" : "opaque")")
            return overlay
        } catch {
            feedbackState.unavailable = true
            logger.warning("no on-screen feedback: \(error)")
            return nil
        }
    }
}

/// The daemon's indicator: the model, what the current frame decided, and the window.
struct FeedbackState {
    var tracker = FeedbackTracker()
    /// When what the frames decided is drawn: at most once per display frame.
    var pacer = RedrawPacer()
    /// How many times the indicator was drawn (or hidden), for the log at exit.
    var drawings = 0
    var overlay: FeedbackOverlay?
    /// The overlay could not be made (no libcairo); not tried again.
    var unavailable = false
    /// While `gesturebridge try` runs: a mark on every touch, and the samples still to draw.
    var marks: TouchMarks?
    var markSamples: [TouchSample] = []
    /// Whether the `record --stroke` label is up.
    var showsRecording = false
    /// The line a pen or mouse stroke draws while its button is held; made at the first.
    var trail: StrokeTrail?
    /// The trail could not be made; not tried again.
    var trailUnavailable = false
}

/// The line under a pen or mouse stroke: the grab keeps the pointer where the press was, so the
/// hand sees this. Drawn with the touch marks, after the frame's actions went out.
extension Daemon {
    func followTrail(_ press: PointerPress) {
        if feedbackState.trail == nil, !feedbackState.trailUnavailable {
            do {
                feedbackState.trail = try StrokeTrail(
                    displayName: connection.name, scale: session.scene.description.dpi / 96)
            } catch {
                feedbackState.trailUnavailable = true
                logger.warning("no line under pen and mouse strokes: \(error)")
            }
        }
        guard let trail = feedbackState.trail else { return }
        switch press.phase {
        case .began: trail.begin(x: press.location.x, y: press.location.y)
        case .moved, .stationary: trail.extend(x: press.location.x, y: press.location.y)
        case .ended, .cancelled: trail.end()
        }
    }

    func drawTrail() {
        feedbackState.trail?.flush()
    }
}

/// `gesturebridge try`'s marks on the fingers, drawn once the frames' actions went out.
extension Daemon {
    func noteTouchMark(_ sample: TouchSample) {
        guard feedbackState.markSamples.count < 4096 else { return }
        feedbackState.markSamples.append(sample)
    }

    func drawTouchMarks() {
        guard !feedbackState.markSamples.isEmpty else { return }
        defer { feedbackState.markSamples.removeAll(keepingCapacity: true) }
        if feedbackState.marks == nil {
            do {
                feedbackState.marks = try TouchMarks(
                    displayName: connection.name, scale: session.scene.description.dpi / 96)
            } catch {
                logger.warning("no touch marks for gesturebridge try: \(error)")
                return
            }
        }
        guard let marks = feedbackState.marks else { return }
        for sample in feedbackState.markSamples {
            marks.update(
                touch: sample.id.rawValue, x: sample.location.x, y: sample.location.y, lifted: sample.phase.isFinished)
        }
        marks.flush()
    }

    /// While `record --stroke` listens, a label at the top of the screen says that touches stay
    /// with GestureBridge (nothing reaches the applications, nothing fires); taken away after.
    func showRecordingIndicator(_ recording: Bool) {
        guard recording != feedbackState.showsRecording else { return }
        feedbackState.showsRecording = recording
        guard recording else {
            feedbackState.overlay?.hide()
            return
        }
        logger.info("record --stroke: every new touch stays with GestureBridge until it ends")
        guard let overlay = openOverlay() else { return }
        let scene = session.scene.description
        overlay.show(
            .init(
                text: "recording a stroke: touches stay here", x: Int(scene.width / 2), y: 60, tone: .pending,
                isAtFingers: false))
    }

    /// Takes the marks away (no `try` client listens any more) and closes their connection.
    func clearTouchMarks() {
        feedbackState.markSamples.removeAll(keepingCapacity: true)
        guard feedbackState.marks != nil else { return }
        feedbackState.marks = nil
    }
}

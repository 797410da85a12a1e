import Glibc
import GestureConfig
import GestureEngine

/// Turns a touchpad's gesture events into the touches a touchscreen would report for them.
///
/// X reports a touchpad gesture as a whole (fingers, deltas, scale, angle), not its
/// fingers. Every recognizer already understands fingers, so this places one
/// indirect-pointer touch per finger around the pointer and moves them as the
/// gesture says; bindings, per-app rules, `after`/`with`, steps and `hold:` then
/// work unchanged.
/// - A swipe's fingers stand in a row, `fingerSpacing` apart, centred on the
///   pointer, and move together by the accumulated deltas.
/// - A pinch's fingers stand evenly on a circle around the pointer of radius
///   `pinchRadius` × scale, turned by the accumulated angle, moved by the deltas.
///
/// Every touch of a gesture is hit-tested at the pointer, so the gesture belongs
/// to the window under it, as X delivers it there. Identifiers are 1…fingers in
/// the indirect-pointer type's own space, apart from the touchscreen's.
struct PadGestureSynthesizer {
    /// How far apart a swipe's touches stand, in points.
    ///
    /// About 19 mm at 96 dpi: the spacing of an adult's fingertips lying side by side
    /// on a touchpad. Only the count and the motion of a swipe's fingers matter to
    /// the recognizers; the spacing keeps them apart like real ones.
    static let fingerSpacing = 72.0

    /// The radius of the circle a pinch's touches stand on at scale 1, in points.
    ///
    /// The pinch recognizer measures the spread (twice the radius) and begins once it
    /// changed by `Thresholds.pinchHysteresis`, 8 pt, while scaling dominates: the radius
    /// must change by 4 pt, at scale 1 ± 4/`pinchRadius` (1.03 or 0.97 at 150 pt), the
    /// start of a deliberate libinput pinch (which runs from 1 to about 1.3 out or 0.7 in).
    /// The jitter of a two-finger scroll that libinput mistakes for a pinch (scale within
    /// 1 ± 0.05) comes with the scroll's movement, which dominates it, so it must pass
    /// `Thresholds.pinchSweepingHysteresis`, 24 pt (scale 1 ± 0.08), and does not. The
    /// spread is a real hand's two fingers 300 pt apart.
    static let pinchRadius = 150.0

    /// The gesture in progress.
    private struct Gesture {
        var kind: PadEvent.Kind
        var fingers: Int
        /// The pointer at begin, in points: the centre, and where the touches are hit-tested.
        var pointer: Point
        /// The deltas so far, in points.
        var translation = Vector.zero
        /// The scale since begin.
        var scale = 1.0
        /// The rotation so far, in radians, clockwise on a y-down screen.
        var angle = 0.0
    }

    private var gesture: Gesture?
    /// The frame being built, kept so steady-state updates allocate nothing.
    private(set) var samples: [TouchSample] = []

    init() {
        samples.reserveCapacity(Self.maximumFingers)
    }

    /// The most fingers a gesture may have; more are not placed.
    static let maximumFingers = 10

    /// Whether a gesture's touches are down.
    var isActive: Bool { gesture != nil }

    /// Builds the frame for `event` in `samples`; returns false when it means nothing
    /// (an update or end with no gesture of its kind in progress).
    ///
    /// - Parameters:
    ///   - pointsPerPixel: the scene's scale, for the pointer and the deltas.
    ///   - focusPoint: where the gesture acts, in pixels, when the event does not say where the pointer is.
    mutating func frame(for event: PadEvent, pointsPerPixel: Double, focusPoint: Point) -> Bool {
        samples.removeAll(keepingCapacity: true)
        let delta = Vector(dx: event.dx * pointsPerPixel, dy: event.dy * pointsPerPixel)
        let phase: TouchPhase
        switch event.phase {
        case .began:
            guard gesture == nil else { return false }
            let pixel = event.pointer ?? focusPoint
            let pointer = Point(x: pixel.x * pointsPerPixel, y: pixel.y * pointsPerPixel)
            gesture = Gesture(
                kind: event.kind, fingers: min(max(event.fingers, 1), Self.maximumFingers),
                pointer: pointer)
            phase = .began
        case .updated:
            phase = .moved
        case .ended:
            phase = .ended
        case .cancelled:
            phase = .cancelled
        }
        guard var current = gesture, current.kind == event.kind else { return false }
        current.translation = current.translation + delta
        if event.kind == .pinch, event.phase != .began {
            current.scale = event.scale
            current.angle += event.angle * .pi / 180
        }
        gesture = phase.isFinished ? nil : current
        for finger in 0..<current.fingers {
            samples.append(
                TouchSample(
                    id: TouchID(UInt32(finger + 1)), phase: phase,
                    location: Self.location(of: finger, in: current),
                    type: .indirectPointer, hitTestLocation: current.pointer))
        }
        return true
    }

    /// Builds the frame that cancels the gesture in progress, if any; returns whether there was one.
    mutating func cancelFrame() -> Bool {
        guard let current = gesture else { return false }
        let event = PadEvent(
            kind: current.kind, phase: .cancelled, fingers: current.fingers,
            scale: current.scale)
        return frame(for: event, pointsPerPixel: 1, focusPoint: .zero)
    }

    /// Where one finger of the gesture is now, in points.
    private static func location(of finger: Int, in gesture: Gesture) -> Point {
        let centre = gesture.pointer + gesture.translation
        switch gesture.kind {
        case .swipe:
            let offset = (Double(finger) - Double(gesture.fingers - 1) / 2) * fingerSpacing
            return Point(x: centre.x + offset, y: centre.y)
        case .pinch:
            let radius = pinchRadius * gesture.scale
            let angle = gesture.angle + 2 * .pi * Double(finger) / Double(gesture.fingers)
            return Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
    }
}

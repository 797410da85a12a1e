import Glibc
import GestureEngine

/// A synthetic but demanding engine workload for `gesturebridge bench`.
///
/// A four-level view tree (screen, window, region, sub-region) carries 40
/// recognizers of every kind, strokes included, all allowed to recognize simultaneously so that
/// as many as possible stay busy. Fingers land together, move in small circles
/// for many frames (the measured steady state), and lift.
struct BenchWorkload {
    /// The number of fingers down during the steady state.
    let fingers: Int
    /// The number of recognizers in the tree.
    let recognizerCount: Int
    let engine: GestureEngine
    private(set) var samples: [TouchSample]
    private var time = 0.0
    private var frame = 0

    /// Builds the tree and its recognizers.
    init(fingers: Int, recognizers: Int = 40) {
        self.fingers = fingers
        recognizerCount = recognizers
        let screen = View(kind: .screen, frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        let window = View(
            kind: .window(WindowInfo(id: 1, windowClass: "Bench")),
            frame: Rect(x: 100, y: 100, width: 1700, height: 900))
        let region = View(kind: .region("content"), frame: Rect(x: 50, y: 50, width: 1600, height: 800))
        let inner = View(kind: .region("canvas"), frame: Rect(x: 50, y: 50, width: 1500, height: 700))
        screen.addSubview(window)
        window.addSubview(region)
        region.addSubview(inner)
        let levels = [screen, window, region, inner]
        let delegate = EverythingSimultaneous()
        for index in 0..<recognizers {
            let recognizer = Self.makeRecognizer(index)
            recognizer.delegate = delegate
            levels[index % levels.count].addGestureRecognizer(recognizer)
        }
        engine = GestureEngine(root: screen)
        samples = []
        samples.reserveCapacity(fingers)
        self.delegate = delegate
    }

    private let delegate: EverythingSimultaneous

    static func makeRecognizer(_ index: Int) -> GestureRecognizer {
        let fingers = 1 + index % 5
        switch index % 7 {
        case 0:
            let pan = PanGestureRecognizer(name: "pan\(index)")
            pan.minimumNumberOfTouches = 1
            return pan
        case 1:
            let pinch = PinchGestureRecognizer(name: "pinch\(index)")
            pinch.numberOfTouchesRequired = max(2, fingers)
            return pinch
        case 2:
            let rotation = RotationGestureRecognizer(name: "rotate\(index)")
            rotation.numberOfTouchesRequired = max(2, fingers)
            return rotation
        case 3:
            let swipe = SwipeGestureRecognizer(name: "swipe\(index)")
            swipe.numberOfTouchesRequired = fingers
            swipe.direction = .all
            return swipe
        case 4:
            let tap = TapGestureRecognizer(name: "tap\(index)")
            tap.numberOfTouchesRequired = fingers
            return tap
        case 5:
            let press = LongPressGestureRecognizer(name: "press\(index)")
            press.numberOfTouchesRequired = fingers
            return press
        default:
            let stroke = StrokeGestureRecognizer(name: "stroke\(index)")
            stroke.numberOfTouchesRequired = fingers
            stroke.shapes = ["checkmark", "circle", "zigzag"]
            return stroke
        }
    }

    /// The location of finger `index` at frame `frame`: small circles around a row of points.
    func location(finger index: Int, frame: Int) -> Point {
        let angle = Double(frame % 64) * (2 * .pi / 64)
        let radius = 30.0
        return Point(
            x: 400 + Double(index) * 110 + radius * cos(angle),
            y: 500 + radius * sin(angle))
    }

    /// Puts every finger down in one frame.
    mutating func touchDown() {
        frame = 0
        samples.removeAll(keepingCapacity: true)
        for index in 0..<fingers {
            samples.append(
                TouchSample(
                    id: TouchID(UInt32(index + 1)), phase: .began,
                    location: location(finger: index, frame: 0)))
        }
        engine.handle(samples, at: time)
        engine.removeAllEvents()
    }

    /// One steady-state frame: every finger moves; returns the number of touch events handled.
    @discardableResult
    mutating func moveFrame() -> Int {
        frame += 1
        time += 0.008
        for index in 0..<fingers {
            samples[index] = TouchSample(
                id: TouchID(UInt32(index + 1)), phase: .moved,
                location: location(finger: index, frame: frame))
        }
        engine.handle(samples, at: time)
        engine.removeAllEvents()
        return fingers
    }

    /// Lifts every finger and lets every timer run out.
    mutating func liftAll() {
        time += 0.008
        for index in 0..<fingers {
            samples[index] = TouchSample(
                id: TouchID(UInt32(index + 1)), phase: .ended,
                location: location(finger: index, frame: frame))
        }
        engine.handle(samples, at: time)
        while let deadline = engine.nextDeadline { engine.advance(to: deadline) }
        time += 1
        engine.removeAllEvents()
    }

    /// How many recognizers are busy with the current touches.
    var busyRecognizers: Int { engine.activeRecognizerCount }
}

/// Lets every pair recognize together, so the benchmark keeps many recognizers running.
final class EverythingSimultaneous: GestureRecognizerDelegate {
    func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { true }
}

import Glibc
import GestureConfig
import GestureRuntime
import GestureEngine

/// The touchpad path for `gesturebridge bench`: XInput 2.4 pinch updates through the whole session.
///
/// Unlike ``BenchWorkload``, which drives the bare engine, this goes the daemon's
/// way for a touchpad: a `PadEvent` into `GestureSession`, which synthesizes the
/// fingers, hit-tests at the pointer, runs the recognizers of the window under it
/// and of the screen, and resolves bindings (here a browser's pinch zoom in steps,
/// which fire along the way, and the default config's three- and four-finger swipes).
struct PadBenchWorkload {
    /// The config: the shipped default's touchpad-relevant bindings, inline so the bench needs no file.
    static let config = """
        gestures:
          - name: next-desktop
            swipe: { fingers: 3, direction: left }
            do: { desktop: next }
          - name: previous-desktop
            swipe: { fingers: 3, direction: right }
            do: { desktop: previous }
          - name: show-desktop
            swipe: { fingers: 4, direction: down }
            do: { desktop: show }
        apps:
          firefox:
            gestures:
              - name: browser-zoom
                pinch: { fingers: 2 }
                steps: { every: 0.15, out: { keys: ctrl+plus }, in: { keys: ctrl+minus } }
              - name: browser-rotate
                rotate: { fingers: 2 }
                with: [browser-zoom]
                do: { keys: ctrl+r }
        """

    let session: GestureSession
    private var time = 0.0
    private var frame = 0
    /// Actions the bindings fired, so the optimizer cannot drop the work.
    private(set) var actions = 0

    init() throws {
        let window = SceneWindow(
            info: WindowInfo(id: 1, windowClass: "firefox", instance: "Navigator"),
            frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        session = GestureSession(
            configuration: try ConfigLoader.load(yaml: Self.config, file: "bench.yaml"),
            scene: SceneDescription(windows: [window], activeWindow: 1))
    }

    private mutating func send(_ phase: PadEvent.Phase, scale: Double, angle: Double) {
        time += 0.008
        session.handle(
            pad: PadEvent(
                kind: .pinch, phase: phase, fingers: 2, dx: 0.5, dy: -0.5, scale: scale,
                angle: angle, pointer: Point(x: 960, y: 540)), at: time)
        for output in session.outputs { if case .action = output { actions += 1 } }
        session.removeAllOutputs()
    }

    /// A pinch begins under the pointer.
    mutating func begin() {
        frame = 0
        send(.began, scale: 1, angle: 0)
    }

    /// One update: the fingers spread and close over a slow cycle and turn a little; returns 1 (events).
    mutating func update() -> Int {
        frame += 1
        let phase = Double(frame % 400) / 400 * 2 * Double.pi
        send(.updated, scale: 1.6 - 0.5 * cos(phase), angle: 0.4 * sin(phase))
        return 1
    }

    /// The fingers lift; the clock moves on so the next pinch starts fresh.
    mutating func end() {
        send(.ended, scale: 1, angle: 0)
        time += 1
        session.advance(to: time)
        session.removeAllOutputs()
    }
}

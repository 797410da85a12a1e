import GestureConfig
import GestureReplay

/// What a fuzzed config or trace is run against: a trace that makes every kind of gesture,
/// and a config that binds every kind of gesture, with steps, edges, apps and touchpads.
enum FuzzExercise {
    /// The largest trace or recording a harness reads: libFuzzer's inputs stay far below it
    /// (`-max_len`), but a corpus file run by hand may not.
    static let maximumInputSize = 4 << 20

    /// One-finger tap, a double tap, a long press, a two-finger pinch from 0.01 px apart, a
    /// three-finger pan of 300 px, a rotation, a four-finger swipe, an edge swipe, and touchpad
    /// swipe and pinch lines, over two windows.
    static let trace: Trace = {
        var lines = [
            #"{"screen": {"width": 1920, "height": 1080, "dpi": 96}, "windows": [{"id": 2, "class": "Firefox", "instance": "Navigator", "title": "Docs", "x": 0, "y": 0, "width": 960, "height": 1080}, {"id": 3, "class": "XTerm", "instance": "xterm", "title": "shell", "x": 960, "y": 0, "width": 960, "height": 1080}], "active": 3}"#
        ]
        var t = 0.0
        func touch(_ id: Int, _ phase: String, _ x: Double, _ y: Double) {
            lines.append(#"{"t": \#(t), "touch": \#(id), "phase": "\#(phase)", "x": \#(x), "y": \#(y)}"#)
        }
        var id = 0
        func stroke(
            fingers: Int, from start: (Double, Double), spacing: Double,
            moves: Int, step: (Int, Int) -> (Double, Double), interval: Double = 0.01
        ) {
            let ids = (0..<fingers).map { _ in
                id += 1; return id
            }
            var at = ids.indices.map { (start.0 + Double($0) * spacing, start.1) }
            for (index, touchID) in ids.enumerated() { touch(touchID, "down", at[index].0, at[index].1) }
            for move in 0..<moves {
                t += interval
                for (index, touchID) in ids.enumerated() {
                    let (dx, dy) = step(index, move)
                    at[index] = (at[index].0 + dx, at[index].1 + dy)
                    touch(touchID, "move", at[index].0, at[index].1)
                }
            }
            t += interval
            for (index, touchID) in ids.enumerated() { touch(touchID, "up", at[index].0, at[index].1) }
            t += 0.5
        }
        stroke(fingers: 1, from: (400, 400), spacing: 0, moves: 0, step: { _, _ in (0, 0) })
        stroke(fingers: 1, from: (1400, 400), spacing: 0, moves: 0, step: { _, _ in (0, 0) }, interval: 0.05)
        t -= 0.45
        stroke(fingers: 1, from: (1400, 400), spacing: 0, moves: 0, step: { _, _ in (0, 0) }, interval: 0.05)
        stroke(fingers: 2, from: (300, 500), spacing: 40, moves: 0, step: { _, _ in (0, 0) }, interval: 0.8)
        stroke(fingers: 2, from: (500, 500), spacing: 0.01, moves: 30, step: { index, _ in (index == 0 ? -8 : 8, 0) })
        stroke(fingers: 3, from: (1200, 300), spacing: 50, moves: 30, step: { _, _ in (0, 10) })
        stroke(
            fingers: 2, from: (600, 600), spacing: 100, moves: 20,
            step: { index, move in
                let sign = index == 0 ? -1.0 : 1.0
                return (0, sign * Double(move) * 0.8)
            })
        stroke(fingers: 4, from: (800, 500), spacing: 40, moves: 10, step: { _, _ in (-40, 0) })
        stroke(fingers: 1, from: (2, 500), spacing: 0, moves: 10, step: { _, _ in (30, 0) })
        for (kind, fingers) in [("swipe", 3), ("pinch", 2)] {
            lines.append(
                #"{"t": \#(t), "pad": "\#(kind)", "phase": "begin", "fingers": \#(fingers), "dx": 0, "dy": 0, "scale": 1, "angle": 0, "x": 480, "y": 500}"#
            )
            for step in 1...10 {
                t += 0.01
                lines.append(
                    #"{"t": \#(t), "pad": "\#(kind)", "phase": "update", "fingers": \#(fingers), "dx": -30, "dy": 0, "scale": \#(1 + Double(step) * 0.05), "angle": 2, "x": 480, "y": 500}"#
                )
            }
            t += 0.01
            lines.append(
                #"{"t": \#(t), "pad": "\#(kind)", "phase": "end", "fingers": \#(fingers), "dx": 0, "dy": 0, "scale": 1.5, "angle": 0, "x": 480, "y": 500}"#
            )
            t += 0.5
        }
        do { return try TraceReader.read(lines.joined(separator: "\n"), file: "exercise.jsonl") } catch {
            fatalError("the fuzz exercise trace does not read: \(error)")
        }
    }()

    /// Binds every recognizer, steps of each kind, an edge, apps and a touchpad-only binding.
    static let configuration: Configuration = {
        let yaml = """
            settings:
              finger-window: 150ms
            gestures:
              - name: tap
                tap: { fingers: 1 }
                do: { click: left }
              - name: double
                tap: { fingers: 1, taps: 2 }
                do: { keys: ctrl+d }
              - name: hold
                long-press: { fingers: 2, duration: 600ms }
                do: { click: right }
              - name: zoom
                pinch: { fingers: 2 }
                steps: { every: 0.1, out: { keys: ctrl+plus }, in: { keys: ctrl+minus } }
              - name: turn
                rotate: { fingers: 2 }
                steps: { every: 15deg, clockwise: { keys: ctrl+r }, counterclockwise: { keys: ctrl+shift+r } }
              - name: scroll
                pan: { fingers: 3 }
                steps: { every: 20, down: { scroll: down }, up: { scroll: up } }
              - name: next
                swipe: { fingers: 4, direction: left }
                do: { desktop: next }
              - name: pad-swipe
                swipe: { fingers: 3, direction: left }
                device: touchpad
                do: { keys: super+Right }
            edges:
              left:
                width: 16
                gestures:
                  - name: back
                    swipe: { fingers: 1, direction: right }
                    do: { keys: alt+Left }
            apps:
              firefox:
                gestures:
                  - name: reload
                    tap: { fingers: 3 }
                    do: { keys: F5 }
            """
        do { return try ConfigLoader.load(yaml: yaml, file: "exercise.yaml") } catch {
            fatalError("the fuzz exercise config does not load: \(error)")
        }
    }()

    /// Strokes of one and two fingers, for a fuzzed template to compete with the built-in shapes.
    static let strokes: Configuration = {
        let yaml = """
            gestures:
              - name: shape
                stroke: { shape: [circle, checkmark, zigzag, line-up-right] }
                do: { keys: F13 }
              - name: two-finger-shape
                stroke: { shape: [circle, v], fingers: 2 }
                do: { keys: F14 }
            """
        do { return try ConfigLoader.load(yaml: yaml, file: "strokes.yaml") } catch {
            fatalError("the fuzz stroke config does not load: \(error)")
        }
    }()
}

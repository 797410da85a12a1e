import Foundation
import GestureConfig
import GestureEngine
@testable import GestureReplay
import Testing

/// A shared device recording replayed under a config from `Traces/recordings`, as
/// `gesturebridge replay RECORDING --screen WxH@dpi --config CONFIG` replays it.
///
/// The screen gives points their physical size: a device that states its
/// resolution keeps it, one that does not is mapped onto its own panel (the
/// recordings' README lists them). The result is a `ScenarioRun`, so the
/// questions asked of hand-written scenarios can be asked of real hands.
struct RecordingReplay: Sendable, CustomTestStringConvertible {
    /// The recording's name in `Tests/Recordings`.
    var recording: String
    /// The config's name in `Traces/recordings`.
    var config: String
    /// The screen the touchscreen is mapped onto; nil for the importer's 1920x1080.
    var screen: Trace.Screen?
    /// Whether the panel's y axis runs up the screen, so that the X server's
    /// calibration (and so GestureBridge) sees `height - y`.
    var invertsY = false
    /// A `finger-window` to use instead of the config's, in seconds.
    var fingerWindow: Double?
    /// A config's text to use instead of `config`'s file.
    var yaml: String?

    var testDescription: String { "\(recording) under \(config)" }

    /// The recording as the engine receives it: imported, mapped, and turned the right way up.
    func trace() throws -> Trace {
        var trace = try Recordings.importTrace(recording, screen: screen)
        guard invertsY else { return trace }
        let height = trace.header.screen.height
        for index in trace.events.indices {
            guard case .touch(var touch) = trace.events[index].input else { continue }
            touch.location.y = height - touch.location.y
            trace.events[index].input = .touch(touch)
        }
        return trace
    }

    /// Replays the recording through the real config loader, engine and bindings.
    func run(verbose: Bool = false) throws -> ScenarioRun {
        let trace = try trace()
        var configuration = try ConfigLoader.load(
            yaml: try yaml ?? ScenarioRun.text(of: "recordings/\(config)"), file: config)
        if let fingerWindow { configuration.settings.fingerWindow = fingerWindow }
        let outcome = ReplayRunner.run(trace: trace, configuration: configuration, verbose: verbose)
        return ScenarioRun(folder: "recordings", trace: trace, records: outcome.records, warnings: outcome.warnings)
    }

    /// The same replay under the config `yaml`, called `name`.
    func with(config name: String, yaml: String) -> RecordingReplay {
        var copy = self
        copy.config = name
        copy.yaml = yaml
        return copy
    }

    /// The same replay with a different finger window.
    func with(fingerWindow: Double) -> RecordingReplay {
        var copy = self
        copy.fingerWindow = fingerWindow
        return copy
    }
}

extension RecordingReplay {
    // The recordings, each with the config made for it and the panel it was recorded on.
    static let threeM = RecordingReplay(
        recording: "evemu__3m.event", config: "3m.yaml",
        screen: .init(width: 1680, height: 1050, dpi: 90))
    static let dellCanvas = RecordingReplay(
        recording: "evemu-devices__dell_canvas_touch.evemu",
        config: "dell-canvas.yaml")
    static let wacomDTH2242 = RecordingReplay(
        recording: "evemu-devices__Wacom_DTH2242_Finger.events",
        config: "wacom-dth2242.yaml")
    static let atmelScreen = Trace.Screen(width: 800, height: 480, dpi: 133)
    static let atmelFastTaps = RecordingReplay(
        recording: "evemu-devices__Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events", config: "panel.yaml",
        screen: atmelScreen)
    static let atmelHold = RecordingReplay(
        recording: "evemu-devices__Atmel_maXTouch_Touchscreen.2-fingers-touch-release.events", config: "panel.yaml",
        screen: atmelScreen)
    static let atmelFourFingerDrag = RecordingReplay(
        recording: "evemu-devices__Atmel_maXTouch_Touchscreen.4-finger-drag-down.events", config: "panel.yaml",
        screen: atmelScreen)
    static let ep0430Screen = Trace.Screen(width: 800, height: 480, dpi: 217)
    static let ep0430Scroll = RecordingReplay(
        recording: "evemu-devices__EP0430M09.2-finger-scroll-down.events",
        config: "panel.yaml", screen: ep0430Screen, invertsY: true)
    static let ep0430FourFingerDrag = RecordingReplay(
        recording: "evemu-devices__EP0430M09.4-finger-drag-down.events", config: "panel.yaml", screen: ep0430Screen,
        invertsY: true)
    static let isdv4Screen = Trace.Screen(width: 1366, height: 768, dpi: 125)
    static let isdv4TopSwipe = RecordingReplay(
        recording: "evemu-devices__Wacom_ISDv4_E6_Finger.double-top-swipe.events", config: "isdv4-browser.yaml",
        screen: isdv4Screen)
    static let isdv4Circle = RecordingReplay(
        recording: "evemu-devices__Wacom_ISDv4_E6_Finger.double-center-circle.events", config: "isdv4-map.yaml",
        screen: isdv4Screen)
    static let phoneDrag = RecordingReplay(
        recording: "MonkeyHelper__phone-two-finger-drag.getevent.txt",
        config: "phone.yaml", screen: .init(width: 480, height: 800, dpi: 233))

    /// Every real recording, each under the config made for it.
    static let all: [RecordingReplay] = [
        threeM, dellCanvas, wacomDTH2242, atmelFastTaps, atmelHold, atmelFourFingerDrag, ep0430Scroll,
        ep0430FourFingerDrag, isdv4TopSwipe, isdv4Circle, phoneDrag
    ]
}

extension ScenarioRun {
    /// A run whose trace did not come from a scenario folder.
    init(folder: String, trace: Trace, records: [ReplayRecord], warnings: [String]) {
        self.folder = folder
        self.trace = trace
        self.records = records
        self.warnings = warnings
    }

    /// The text of a file under `Traces`, from the test bundle.
    static func text(of path: String) throws -> String {
        let resources = try #require(Bundle.module.resourceURL)
        return try String(contentsOf: resources.appendingPathComponent("Traces/\(path)"), encoding: .utf8)
    }

    /// The number field `field` of a state line, failing the test when it is missing.
    func number(_ field: String, of line: StateLine) throws -> Double {
        try #require(line.fields[field]?.number, "\(field) of \(line.state) at \(line.time)")
    }

    /// The `[dx, dy]` field `field` of a state line.
    func vector(_ field: String, of line: StateLine) throws -> (dx: Double, dy: Double) {
        guard case .array(let elements)? = line.fields[field], elements.count == 2,
            let dx = elements[0].number, let dy = elements[1].number
        else {
            Issue.record("\(field) of \(line.state) at \(line.time) is not [dx, dy]")
            return (0, 0)
        }
        return (dx, dy)
    }

    /// The `direction` string of a state line.
    func direction(of line: StateLine) -> String? {
        guard case .string(let value)? = line.fields["direction"] else { return nil }
        return value
    }

    /// The touches the application gets (rejected), and when, in whole milliseconds.
    var rejections: [UInt32: Int] {
        decisions.compactMapValues { decisions in
            decisions.first { $0.delivery == .rejected }?.millisecond
        }
    }
}

import GestureEngine
import TextSearch

/// A loaded, validated configuration: the whole content of one `config.yaml`.
///
/// Every value in it has been checked: names are unique, `after` and `with`
/// point at existing bindings, there are no require-to-fail cycles, and every
/// binding can fire. Reloading builds a new value; a daemon swaps the whole value
/// or keeps the old one.
public struct Configuration: Hashable, Sendable {
    /// The `settings:` section.
    public var settings: Settings
    /// The top-level `gestures:`, which apply on the whole screen.
    public var screenBindings: [Binding]
    /// The `edges:` section, in file order.
    public var edges: [EdgeConfiguration]
    /// The `apps:` section, in file order.
    public var apps: [AppConfiguration]
    /// The `devices:` section: which touch devices the daemon listens to.
    public var devices = DeviceSelection()
    /// Things worth telling the user that did not stop the load (file permissions).
    public var warnings: [ConfigWarning]
    /// The shapes of your own that `stroke:` bindings name, read from `strokes/` beside the file.
    public var strokeTemplates: [StrokeTemplate] = []
    /// The file held nothing: no bytes, or blank lines and comments only. An editor's save
    /// caught between truncating and writing looks like this.
    public var isBlank = false

    /// Creates a configuration; the loader is the usual way to get one.
    public init(
        settings: Settings = Settings(),
        screenBindings: [Binding] = [],
        edges: [EdgeConfiguration] = [],
        apps: [AppConfiguration] = [],
        warnings: [ConfigWarning] = []
    ) {
        self.settings = settings
        self.screenBindings = screenBindings
        self.edges = edges
        self.apps = apps
        self.warnings = warnings
    }

    /// The classifier every stroke binding uses: only the shapes some binding names, as only
    /// attached recognizers compete in UIKit: the built-in ones bound (unless a template of
    /// your own takes the name) and every template in `strokeTemplates`, each drawing a
    /// template whose largest distance follows how many drawings the shape has.
    public var strokeClassifier: StrokeClassifier {
        var bound = Set<String>()
        for binding in allBindings {
            if case .stroke(let parameters) = binding.recognizer { bound.formUnion(parameters.shapes) }
        }
        let own = Set(strokeTemplates.map(\.name))
        var classifier = StrokeClassifier()
        classifier.add(contentsOf: StrokeShapes.classifier) { name in
            !own.contains(name) && bound.contains { StrokeShapes.template(name, serves: $0) }
        }
        for template in strokeTemplates {
            for sample in template.samples {
                classifier.add(template.name, points: sample, maximumDistance: StrokeClassifier.ownMaximumDistance)
            }
        }
        return classifier
    }

    /// The pen and mouse buttons that stroke bindings draw with (`stroke: { device, button }`),
    /// each once: the bridge grabs these buttons on those devices and no others.
    public var pointerStrokeButtons: [PointerStrokeButton] {
        var buttons: [PointerStrokeButton] = []
        for binding in allBindings {
            guard case .stroke(let parameters) = binding.recognizer, let button = parameters.button else { continue }
            let grab = PointerStrokeButton(device: parameters.device, button: button)
            if !buttons.contains(grab) { buttons.append(grab) }
        }
        return buttons
    }

    /// Every binding in file order: screen, edges, then applications and their regions.
    public var allBindings: [Binding] {
        var bindings = screenBindings
        for edge in edges { bindings += edge.bindings }
        for app in apps {
            bindings += app.bindings
            for region in app.regions { bindings += region.bindings }
        }
        return bindings
    }

    /// The binding with this name, if any (names are unique across the file).
    public func binding(named name: String) -> Binding? {
        allBindings.first { $0.name == name }
    }

    /// The strip configured along this edge, if any.
    public func edge(_ edge: ScreenEdge) -> EdgeConfiguration? {
        edges.first { $0.edge == edge }
    }

    /// The application entry that matches a window's `WM_CLASS`, if any.
    ///
    /// An application name matches the class or the instance, ignoring case. Each
    /// name appears in at most one entry, so the first match is the only one.
    public func app(windowClass: String, instance: String) -> AppConfiguration? {
        apps.first { $0.matches(windowClass: windowClass, instance: instance) }
    }
}

/// The `settings:` section: values that apply to the whole daemon.
public struct Settings: Hashable, Sendable {
    /// How long the fingers of a multi-finger gesture may take to land, in seconds (`finger-window`).
    public var fingerWindow: Double
    /// How far the fingers down may each travel, in points, while multi-finger gestures wait for
    /// the rest of the hand (`landing-travel`); beyond it they let the fingers go to the application.
    public var landingTravel = Thresholds.landingTravel
    /// The screen's dots per inch, overriding what the X server reports (`dpi`); nil to ask X.
    ///
    /// Points are 1/96 inch: one point is `dpi / 96` pixels.
    public var dpi: Double?
    /// How much to log (`log-level`); nil leaves it to the command line.
    public var logLevel: LogLevel?
    /// Where commands' output goes (`command-output`).
    public var commandOutput: CommandOutput = .discard
    /// Whether the daemon shows the on-screen indicator while a bound gesture runs (`feedback`).
    ///
    /// Off by default: a binding with feedback acts at the lift (commit or cancel) unless it
    /// says `on:`, and acting at the lift costs latency: a swipe's key comes when the fingers
    /// lift, not when it is recognized (58–90 ms later in the repository's swipe traces).
    /// Drawing itself costs none (the key goes out first).
    public var feedback: Feedback = .off
    /// The indicator's text size and place for every binding (`feedback: { size, where }`).
    public var feedbackStyle = FeedbackStyle()

    /// Creates settings; the defaults are the engine's.
    public init(fingerWindow: Double = Thresholds.fingerWindow, dpi: Double? = nil, logLevel: LogLevel? = nil) {
        self.fingerWindow = fingerWindow
        self.dpi = dpi
        self.logLevel = logLevel
    }
}

/// Whether the on-screen indicator is shown (`feedback`); `on` also makes the binding act at the
/// lift unless it says `on:` (`ActionPhase.default(for:feedback:acts:)`).
public enum Feedback: String, Hashable, Sendable, CaseIterable {
    case on, off
}

/// How the on-screen indicator looks and where it is (`feedback: { size, where }`); nil: the
/// settings' choice, then the default (18 pt, at the fingers).
public struct FeedbackStyle: Hashable, Sendable {
    /// The label's text size, in points (1/96 in), `minimumSize` to `maximumSize`.
    public var size: Double?
    /// Where the label is.
    public var placement: FeedbackPlacement?

    /// The smallest and largest text sizes `size:` takes, in points.
    public static let sizes: ClosedRange<Double> = 8...72
    /// The text size without `size:`, in points.
    public static let defaultSize = 18.0

    public init(size: Double? = nil, placement: FeedbackPlacement? = nil) {
        self.size = size
        self.placement = placement
    }

    /// This style's choices, with `base`'s where it has none.
    public func over(_ base: FeedbackStyle) -> FeedbackStyle {
        FeedbackStyle(size: size ?? base.size, placement: placement ?? base.placement)
    }
}

/// Where the indicator is (`where`).
public enum FeedbackPlacement: String, Hashable, Sendable, CaseIterable {
    /// Above the fingers, following them (the default).
    case fingers
    /// In the middle of the window the binding acts on (the desktop's monitor when none).
    case window
}

/// Where the output of `command:` actions goes (`command-output`).
public enum CommandOutput: String, Hashable, Sendable, CaseIterable {
    /// Nowhere (`/dev/null`): the default.
    case discard
    /// Into the daemon's log (its stdout and stderr: the journal under systemd).
    case log
}

/// How much the daemon logs, with swift-log's level names.
public enum LogLevel: String, Hashable, Sendable, CaseIterable {
    case trace, debug, info, notice, warning, error, critical
}

/// One screen edge's strip and the bindings on it (`edges: left: …`).
public struct EdgeConfiguration: Hashable, Sendable {
    /// The default thickness of an edge strip, in points.
    public static let defaultWidth = 16.0

    /// Which edge.
    public var edge: ScreenEdge
    /// The strip's thickness, in points (`width`).
    public var width: Double
    /// The bindings on the strip.
    public var bindings: [Binding]

    /// Creates an edge strip.
    public init(edge: ScreenEdge, width: Double = EdgeConfiguration.defaultWidth, bindings: [Binding] = []) {
        self.edge = edge
        self.width = width
        self.bindings = bindings
    }
}

/// Which input devices to use, by name (`devices:`): case-insensitive parts of device names.
///
/// With no entry to include, every touch device is used; an `ignore: true` entry
/// always wins, so a stylus or a second panel can be left to the applications.
/// An entry with `output:` also maps its devices onto one monitor.
public struct DeviceSelection: Hashable, Sendable {
    /// Name parts of the devices to use; empty means all.
    public var include: [String] = []
    /// Name parts of the devices never to grab.
    public var exclude: [String] = []
    /// Devices to map onto one monitor (`output:`), in the config's order.
    public var outputs: [DeviceOutput] = []

    public init(include: [String] = [], exclude: [String] = [], outputs: [DeviceOutput] = []) {
        self.include = include
        self.exclude = exclude
        self.outputs = outputs
    }

    /// The output the first matching `output:` entry names for a device, by the same name rule as `include`.
    public func output(forDevice name: String) -> String? {
        let name = name.lowercased()
        return outputs.first { name.contains(text: $0.device.lowercased()) }?.output
    }
}

/// One `devices:` entry's `output:`: the devices whose name contains `device` belong on the monitor `output`.
///
/// The daemon sets their Coordinate Transformation Matrix as `xinput map-to-output` does.
public struct DeviceOutput: Hashable, Sendable {
    /// Part of the device name, case-insensitive.
    public var device: String
    /// An XRandR output (`eDP-1`) or monitor (`xrandr --setmonitor`) name, as `xrandr` shows it.
    public var output: String

    public init(device: String, output: String) {
        self.device = device
        self.output = output
    }
}

/// A button of a pen or mouse that a stroke binding draws with.
public struct PointerStrokeButton: Hashable, Sendable, CustomStringConvertible {
    public var device: StrokeDevice
    public var button: Int

    public init(device: StrokeDevice, button: Int) {
        self.device = device
        self.button = button
    }

    /// `mouse button 3`.
    public var description: String { "\(device.rawValue) button \(button)" }
}

import GestureConfig
import GestureEngine

/// Builds the view tree and its recognizers from a configuration and a desktop scene.
///
/// The screen view holds the screen's bindings; each window becomes a view (its
/// app's bindings, and regions inside it); edge strips lie on top of everything.
/// `after:` becomes `require(toFail:)` and `with:` simultaneous recognition,
/// between every recognizer made for the named bindings.
public enum SceneBuilder {
    /// Builds a scene.
    ///
    /// A binding's `device:` becomes its recognizer's `allowedTouchTypes`; edge strips
    /// take only direct touches, so a touchpad gesture is hit-tested past them to the
    /// window under the pointer.
    public static func build(_ configuration: Configuration, scene: SceneDescription) -> GestureScene {
        build(configuration, scene: scene, strokeClassifier: strokeClassifier(for: configuration))
    }

    /// The classifier a configuration's strokes share (the shapes it binds); nil when
    /// it binds no stroke, so a daemon without strokes never builds one. A session works it out
    /// once per configuration, not at every change of windows.
    public static func strokeClassifier(for configuration: Configuration) -> StrokeClassifier? {
        configuration.allBindings.contains { $0.recognizer.kind == .stroke } ? configuration.strokeClassifier : nil
    }

    /// Builds a scene with the stroke classifier worked out before (`strokeClassifier(for:)`).
    public static func build(
        _ configuration: Configuration, scene: SceneDescription, strokeClassifier: StrokeClassifier?
    ) -> GestureScene {
        let scale = scene.pointsPerPixel
        let root = View(
            kind: .screen, frame: Rect(x: 0, y: 0, width: scene.width * scale, height: scene.height * scale))
        let built = GestureScene(root: root, description: scene)
        let fingerWindow = configuration.settings.fingerWindow

        func attach(_ bindings: [Binding], to view: View) {
            for binding in bindings {
                let recognizer = RecognizerFactory.make(
                    binding, fingerWindow: fingerWindow, strokeClassifier: strokeClassifier)
                recognizer.allowedTouchTypes = binding.device.touchTypes
                recognizer.landingTravel = configuration.settings.landingTravel
                if case .stroke(let parameters) = binding.recognizer, let button = parameters.button {
                    // Drawn with a pen or a mouse while a button is held: only those touches.
                    recognizer.allowedTouchTypes = [parameters.device == .pen ? .pencil : .mouseButton]
                    recognizer.buttonMaskRequired = .button(button)
                }
                view.addGestureRecognizer(recognizer)
                built.register(recognizer, for: binding)
            }
        }

        attach(configuration.screenBindings, to: root)
        // Scene windows run top-most first; subviews run bottom-most first.
        for window in scene.windows.reversed() {
            let frame = Rect(
                x: window.frame.x * scale, y: window.frame.y * scale,
                width: window.frame.width * scale, height: window.frame.height * scale)
            let view = View(kind: .window(window.info), frame: frame)
            root.addSubview(view)
            guard let app = configuration.app(windowClass: window.info.windowClass, instance: window.info.instance)
            else { continue }
            view.blocksAncestorRecognizers = !app.inheritsScreenBindings
            attach(app.bindings, to: view)
            for region in app.regions {
                let area = region.area.rect(inWindowOfWidth: frame.width, height: frame.height)
                let regionView = View(kind: .region(region.name), frame: area)
                view.addSubview(regionView)
                attach(region.bindings, to: regionView)
            }
        }
        // Edge strips run along every monitor's sides, so each screen of a multi-monitor
        // desktop has its own left edge (and the seam between two monitors has two).
        let monitors =
            scene.monitors.isEmpty
            ? [root.frame]
            : scene.monitors.map {
                Rect(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale)
            }
        for edge in configuration.edges {
            for monitor in monitors {
                let view = View(kind: .edge(edge.edge), frame: edgeFrame(edge, in: monitor))
                view.allowedTouchTypes = [.direct]
                root.addSubview(view)
                attach(edge.bindings, to: view)
            }
        }
        relate(built)
        return built
    }

    /// The strip along one side of a monitor (in screen points).
    static func edgeFrame(_ edge: EdgeConfiguration, in monitor: Rect) -> Rect {
        let width = min(edge.width, min(monitor.width, monitor.height))
        switch edge.edge {
        case .left: return Rect(x: monitor.x, y: monitor.y, width: width, height: monitor.height)
        case .right: return Rect(x: monitor.maxX - width, y: monitor.y, width: width, height: monitor.height)
        case .top: return Rect(x: monitor.x, y: monitor.y, width: monitor.width, height: width)
        case .bottom: return Rect(x: monitor.x, y: monitor.maxY - width, width: monitor.width, height: width)
        }
    }

    /// Wires `after:`, `with:`, `not-prevented-by:` and `does-not-prevent:` between the
    /// recognizers made for the named bindings.
    static func relate(_ scene: GestureScene) {
        var byName: [String: [GestureRecognizer]] = [:]
        for (recognizer, binding) in scene.recognizers { byName[binding.name, default: []].append(recognizer) }
        for (recognizer, binding) in scene.recognizers {
            for name in binding.requiresFailureOf {
                for other in byName[name] ?? [] where other !== recognizer { recognizer.require(toFail: other) }
            }
            for name in binding.recognizesSimultaneouslyWith {
                for other in byName[name] ?? [] where other !== recognizer {
                    recognizer.recognizeSimultaneously(with: other)
                }
            }
            for name in binding.notPreventedBy {
                for other in byName[name] ?? [] where other !== recognizer { recognizer.cannotBePrevented(by: other) }
            }
            for name in binding.doesNotPrevent {
                for other in byName[name] ?? [] where other !== recognizer { recognizer.doesNotPrevent(other) }
            }
        }
    }
}

/// Makes the recognizer a binding asks for, with UIKit's defaults where the config is silent.
public enum RecognizerFactory {
    /// A new recognizer named after the binding.
    public static func make(
        _ binding: Binding, fingerWindow: Double, strokeClassifier: StrokeClassifier? = nil
    ) -> GestureRecognizer {
        let name = binding.name
        let recognizer: GestureRecognizer =
            switch binding.recognizer {
            case .tap(let parameters):
                configured(
                    TapGestureRecognizer(name: name), parameters,
                    [
                        .init(\.numberOfTouchesRequired, \.numberOfTouchesRequired),
                        .init(\.numberOfTapsRequired, \.numberOfTapsRequired),
                        .init(\.allowableMovement, \.allowableMovement),
                        .init(\.maximumTapInterval, \.maximumTapInterval),
                        .init(\.maximumTapDuration, \.maximumTapDuration)
                    ])
            case .longPress(let parameters):
                configured(
                    LongPressGestureRecognizer(name: name), parameters,
                    [
                        .init(\.numberOfTouchesRequired, \.numberOfTouchesRequired),
                        .init(\.numberOfTapsRequired, \.numberOfTapsRequired),
                        .init(\.minimumPressDuration, \.minimumPressDuration),
                        .init(\.allowableMovement, \.allowableMovement)
                    ])
            case .pan(let parameters):
                configured(
                    PanGestureRecognizer(name: name), parameters,
                    [
                        .init(\.minimumNumberOfTouches, \.minimumNumberOfTouches),
                        .init(\.maximumNumberOfTouches, \.maximumNumberOfTouches),
                        .init(\.hysteresis, \.hysteresis),
                        .init(\.allowedDirections, \.allowedDirections)
                    ])
            case .swipe(let parameters):
                configured(
                    SwipeGestureRecognizer(name: name), parameters,
                    [
                        .init(\.numberOfTouchesRequired, \.numberOfTouchesRequired),
                        .init(\.direction, \.direction),
                        .init(\.minimumDistance, \.minimumDistance),
                        .init(\.maximumDuration, \.maximumDuration),
                        .init(\.maximumAngle, \.maximumAngle)
                    ])
            case .pinch(let parameters):
                configured(
                    PinchGestureRecognizer(name: name), parameters,
                    [
                        .init(\.numberOfTouchesRequired, \.numberOfTouchesRequired), .init(\.hysteresis, \.hysteresis)
                    ])
            case .rotate(let parameters):
                configured(
                    RotationGestureRecognizer(name: name), parameters,
                    [
                        .init(\.numberOfTouchesRequired, \.numberOfTouchesRequired), .init(\.hysteresis, \.hysteresis)
                    ])
            case .stroke(let parameters):
                configured(
                    StrokeGestureRecognizer(name: name), parameters,
                    [.init(\.numberOfTouchesRequired, \.numberOfTouchesRequired)]
                ).withShapes(
                    parameters.shapes, maximumDistance: parameters.maximumDistance,
                    classifier: strokeClassifier ?? StrokeShapes.classifier, holdDuration: parameters.restDuration)
            }
        recognizer.fingerWindow = fingerWindow
        recognizer.cancelsTouchesInView = binding.cancelsTouches
        return recognizer
    }

    /// One recognizer property that a config parameter sets when the config gives it; the
    /// others keep UIKit's defaults.
    struct Override<Recognizer: GestureRecognizer, Parameters> {
        let apply: (Recognizer, Parameters) -> Void

        init<Value>(_ property: ReferenceWritableKeyPath<Recognizer, Value>, _ parameter: KeyPath<Parameters, Value?>) {
            apply = { recognizer, parameters in
                if let value = parameters[keyPath: parameter] { recognizer[keyPath: property] = value }
            }
        }
    }

    private static func configured<Recognizer: GestureRecognizer, Parameters>(
        _ recognizer: Recognizer, _ parameters: Parameters, _ overrides: [Override<Recognizer, Parameters>]
    ) -> Recognizer {
        for override in overrides { override.apply(recognizer, parameters) }
        return recognizer
    }
}

extension StrokeGestureRecognizer {
    /// Sets the shapes the binding accepts and the templates it compares with; returns the recognizer.
    fileprivate func withShapes(
        _ shapes: [String], maximumDistance: Double?, classifier: StrokeClassifier, holdDuration: Double?
    ) -> StrokeGestureRecognizer {
        self.holdDuration = holdDuration
        self.shapes = shapes
        self.maximumDistance = maximumDistance
        self.classifier = classifier
        return self
    }
}

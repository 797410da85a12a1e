import GestureEngine
import YAMLReader

/// Reading the file's sections: `settings`, `gestures`, `edges` and `apps` with their regions.
extension ConfigParser {
    /// The top-level keys.
    static let topLevelKeys = ["settings", "gestures", "edges", "apps", "devices"]
    static let deviceKeys = ["name", "ignore", "output"]
    /// The keys of `settings`.
    static let settingsKeys = ["finger-window", "landing-travel", "dpi", "log-level", "command-output", "feedback"]
    /// The keys of one edge.
    static let edgeKeys = ["width", "gestures"]
    /// The keys of one application entry.
    static let appKeys = ["inherit", "gestures", "regions"]
    /// The keys of one region.
    static let regionKeys = ["name", "area", "gestures"]
    /// The longest finger window that makes sense, in seconds.
    static let longestFingerWindow = 1.0
    /// The furthest a lone first finger may be let travel, in points: a screen's width.
    static let longestLandingTravel = 2000.0
    /// The widest edge strip, in points.
    static let widestEdge = 200.0

    /// The whole configuration from the document's root (nil for an empty file),
    /// after the checks across bindings.
    func configuration(_ root: Node?) -> Configuration {
        var configuration = Configuration()
        if let root, let fields = fields(of: root, in: "the file", allowed: Self.topLevelKeys) {
            configuration.settings = fields[.settings].map(settings) ?? Settings()
            defaultFeedback = configuration.settings.feedback
            configuration.screenBindings = bindings(fields[.gestures], scope: .screen)
            configuration.edges = fields[.edges].map(edges) ?? []
            configuration.apps = fields[.apps].map(apps) ?? []
            configuration.devices = fields[.devices].map(devices) ?? DeviceSelection()
        }
        checkReferences()
        checkShadowed(configuration.allBindings)
        configuration.strokeTemplates = strokeTemplates.values.sorted { $0.name < $1.name }
        configuration.warnings += warnings
        return configuration
    }

    /// `settings: { finger-window, landing-travel, dpi, log-level, command-output, feedback }`.
    private func settings(_ field: Field) -> Settings {
        var settings = Settings()
        guard let fields = fields(of: field.value, in: "settings", allowed: Self.settingsKeys) else {
            return settings
        }
        if let window = fields[.fingerWindow].flatMap({
            quantity(
                $0, Quantity.seconds, where: { $0 > 0 && $0 <= Self.longestFingerWindow },
                rule: "more than 0 and at most 1s")
        }) {
            settings.fingerWindow = window
        }
        if let travel = fields[.landingTravel].flatMap({
            quantity(
                $0, Quantity.points, where: { $0 > 0 && $0 <= Self.longestLandingTravel },
                rule: "more than 0 and at most \(Int(Self.longestLandingTravel)) pt")
        }) {
            settings.landingTravel = travel
        }
        settings.dpi = fields[.dpi].flatMap { field in
            quantity(
                field,
                { (text: String) throws(QuantityError) -> Double in
                    guard let value = Quantity.decimal(text.trimmingWhitespace) else {
                        throw QuantityError(
                            message: "bad dpi '\(text)'", suggestion: "write dots per inch, such as 96 or 144")
                    }
                    return value
                }, where: { (24...1200).contains($0) }, rule: "at least 24 and at most 1200")
        }
        settings.logLevel = fields[.logLevel].flatMap { word($0, as: LogLevel.self) }
        settings.commandOutput = fields[.commandOutput].flatMap { word($0, as: CommandOutput.self) } ?? .discard
        let (feedback, style) = fields[.feedback].map(self.feedback) ?? (nil, nil)
        settings.feedback = feedback ?? .off
        settings.feedbackStyle = style ?? FeedbackStyle()
        return settings
    }

    /// `edges: { left: { width, gestures }, … }`.
    private func edges(_ field: Field) -> [EdgeConfiguration] {
        let names = ScreenEdge.allCases.map(\.rawValue)
        guard let fields = fields(of: field.value, in: "edges", allowed: names) else { return [] }
        return fields.entries.compactMap { entry in
            guard let edge = ScreenEdge(rawValue: entry.key),
                let edgeFields = self.fields(of: entry.value, in: "the \(edge.rawValue) edge", allowed: Self.edgeKeys)
            else { return nil }
            let width = edgeFields[.width].flatMap {
                quantity(
                    $0, Quantity.points, where: { $0 > 0 && $0 <= Self.widestEdge }, rule: "more than 0 and at most 200"
                )
            }
            return EdgeConfiguration(
                edge: edge,
                width: width ?? EdgeConfiguration.defaultWidth,
                bindings: bindings(edgeFields[.gestures], scope: .edge(edge))
            )
        }
    }

    /// `apps: { "firefox": { inherit, gestures, regions }, … }`; each application named once.
    private func apps(_ field: Field) -> [AppConfiguration] {
        if ConfigParser.isNull(field.value) { return [] }
        guard let mapping = field.value.mapping else {
            report(
                .wrongType, at: field.value,
                "expected a mapping of applications for 'apps', found \(describe(field.value))",
                suggestion: "write application names as keys, such as 'firefox:'"
            )
            return []
        }
        var seen: [String: SourceLocation] = [:]
        var apps: [AppConfiguration] = []
        for pair in mapping {
            let (keyNode, value) = (pair.key, pair.value)
            guard let key = scalar(keyNode, expecting: "application names") else { continue }
            let names = key.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingWhitespace
            }
            guard !names.contains(where: \.isEmpty) else {
                report(
                    .invalidValue, at: keyNode, "empty application name in '\(key)'", found: key,
                    suggestion: "separate WM_CLASS names with single commas, such as 'evince, okular'"
                )
                continue
            }
            for name in names {
                if let first = seen[name.lowercased()] {
                    report(
                        .duplicateName, at: keyNode, "application '\(name)' is configured twice", found: name,
                        suggestion: "it is already configured at line \(first.line); merge the two entries"
                    )
                } else {
                    seen[name.lowercased()] = location(of: keyNode)
                }
            }
            let appKey = key.trimmingWhitespace
            guard let fields = fields(of: value, in: "app '\(appKey)'", allowed: Self.appKeys) else {
                continue
            }
            apps.append(
                AppConfiguration(
                    key: appKey,
                    names: names,
                    inheritsScreenBindings: fields[.inherit].flatMap(boolean) ?? true,
                    bindings: bindings(fields[.gestures], scope: .app(appKey)),
                    regions: fields[.regions].map { regions($0, app: appKey) } ?? [],
                    location: location(of: keyNode)
                ))
        }
        return apps
    }

    /// `devices: [{ name: "ELAN", ignore: false, output: eDP-1 }, …]`: the touch devices to use or to
    /// leave alone, and the monitor each belongs on.
    private func devices(_ field: Field) -> DeviceSelection {
        var selection = DeviceSelection()
        guard !ConfigParser.isNull(field.value) else { return selection }
        guard let sequence = field.value.sequence else {
            report(
                .wrongType, at: field.value, "expected a list of devices, found \(describe(field.value))",
                suggestion: "start each device with '- ', as in '- name: \"ELAN Touchscreen\"'"
            )
            return selection
        }
        for node in sequence {
            guard let fields = fields(of: node, in: "a device", allowed: Self.deviceKeys) else { continue }
            guard let nameField = fields[.name] else {
                report(.missingKey, at: node, "a device needs a name", suggestion: "add 'name: \"ELAN Touchscreen\"'")
                continue
            }
            guard let name = scalar(nameField.value, expecting: "a device name"), !name.trimmingWhitespace.isEmpty
            else {
                continue
            }
            if fields[.ignore].flatMap(boolean) ?? false {
                selection.exclude.append(name)
            } else {
                selection.include.append(name)
            }
            if let outputField = fields[.output], let output = self.name(outputField.value, for: "output") {
                selection.outputs.append(DeviceOutput(device: name, output: output))
            }
        }
        return selection
    }

    /// `regions: [{ name, area, gestures }, …]` of one application; names unique within it.
    private func regions(_ field: Field, app: String) -> [RegionConfiguration] {
        guard !ConfigParser.isNull(field.value) else { return [] }
        guard let sequence = field.value.sequence else {
            report(
                .wrongType, at: field.value,
                "expected a list of regions in app '\(app)', found \(describe(field.value))",
                suggestion: "start each region with '- ', as in '- name: toolbar'"
            )
            return []
        }
        var seen: [String: SourceLocation] = [:]
        var regions: [RegionConfiguration] = []
        for (index, node) in sequence.enumerated() {
            guard let fields = fields(of: node, in: "a region", allowed: Self.regionKeys) else { continue }
            var name = "regions[\(index)]"
            var path = "\(BindingScope.app(app)).regions[\(index)]"
            if let nameField = fields[.name], let written = self.name(nameField.value, for: "name") {
                name = written
                path = BindingScope.region(app: app, region: name).description
                if let first = seen[name] {
                    report(
                        .duplicateName, at: nameField.value, "duplicate region name '\(name)' in app '\(app)'",
                        found: name, suggestion: "the name is already used at line \(first.line)"
                    )
                }
                seen[name] = seen[name] ?? location(of: nameField.value)
            }
            let area = fields[.area].flatMap { self.area($0, region: name) } ?? RegionArea()
            regions.append(
                RegionConfiguration(
                    name: name, area: area,
                    bindings: bindings(fields[.gestures], scope: .region(app: app, region: name), path: path)
                ))
        }
        return regions
    }
}

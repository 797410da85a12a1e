import Glibc
import GestureConfig
import GestureReplay
import TextSearch
import X11Bridge
import JSON

/// `gesturebridge devices`: the touch and gesture devices, and the monitor each is mapped to.
struct DevicesCommand: Subcommand {
    static let name = "devices"
    static let abstract = "List the touchscreens and touchpads, with their touch mode and output."
    static let discussion = """
        Lists every input device with a touch or gesture class (XIQueryDevice): its id, \
        name, kind (touchscreen: direct touch; touchpad: dependent touch or XInput 2.4 \
        gestures), touch mode, maximum touches, whether it is enabled, whether the config \
        uses or ignores it, and the output its Coordinate Transformation Matrix maps it to \
        ('whole screen', an output or monitor name, or 'custom matrix'). Use a name from \
        here in the config's devices: section.
        """

    static let parameters = ReportOptions.parameters(instead: "a table")

    var options: ReportOptions

    init(_ arguments: ParsedArguments) { options = ReportOptions(arguments) }

    /// One device as the command reports it; also the JSON object.
    struct Row: Equatable {
        var id: Int32
        var name: String
        var kind: String
        /// What the MODE column shows, and `--json`'s `mode`: XInput's touch mode (`direct`,
        /// `dependent`), "+gestures" for XInput 2.4 gestures, or "gestures" alone for a touchpad
        /// that reports gestures and no touches.
        var mode: String
        var gestures: Bool
        var maxTouches: Int
        var enabled: Bool
        /// "used", "ignored" or "not listed", by the config's devices: section.
        var config: String
        var output: String
        /// The output the config asks for, if any.
        var configuredOutput: String?

        /// The row as `--json` prints it; `configuredOutput` only when the config names one.
        var json: JSONValue {
            var members: [(String, JSONValue)] = [
                ("id", .number(Double(id))), ("name", .string(name)), ("kind", .string(kind)),
                ("mode", .string(mode)), ("gestures", .bool(gestures)),
                ("maxTouches", .number(Double(maxTouches))), ("enabled", .bool(enabled)),
                ("config", .string(config)), ("output", .string(output))
            ]
            if let configuredOutput { members.append(("configuredOutput", .string(configuredOutput))) }
            return .object(members)
        }
    }

    func run() throws {
        let connection = try options.display.connect()
        let selection = configuredDevices()
        let rows = Self.rows(connection: connection, selection: selection)
        if options.json {
            print(JSONValue.array(rows.map(\.json)).indented())
            return
        }
        guard !rows.isEmpty else {
            print(Self.noDeviceMessage(connection: connection))
            return
        }
        print(Self.table(rows))
    }

    /// The config's devices: section, or none when there is no config (a bad one is a warning here).
    func configuredDevices() -> DeviceSelection {
        guard let path = options.config.resolvedPath() else { return DeviceSelection() }
        do {
            return try ConfigLoader.load(path: path).devices
        } catch {
            printError(
                "warning: \(path) has errors; showing the devices as if it had no devices: section")
            return DeviceSelection()
        }
    }

    /// The rows for every touch or gesture device of the server.
    static func rows(connection: X11Connection, selection: DeviceSelection) -> [Row] {
        let mapper = OutputMapper(connection: connection)
        let outputs = mapper.outputs()
        let filter = DeviceFilter(include: selection.include, exclude: selection.exclude)
        return InputDevices.inventory(connection: connection).map { device in
            let isIgnored = selection.exclude.contains { device.name.lowercased().contains(text: $0.lowercased()) }
            return Row(
                id: device.id.rawValue, name: device.name,
                kind: device.kind == .touchscreen ? "touchscreen" : "touchpad",
                mode: mode(touchMode: device.touchMode.rawValue, gestures: device.hasGestures),
                gestures: device.hasGestures,
                maxTouches: device.maxTouches, enabled: device.isEnabled,
                config: isIgnored ? "ignored" : filter.admits(device.name) ? "used" : "not listed",
                output: mapper.mapping(of: device.id, outputs: outputs).description,
                configuredOutput: selection.output(forDevice: device.name))
        }
    }

    /// The MODE column's word, also the JSON's `mode`.
    static func mode(touchMode: String, gestures: Bool) -> String {
        switch (touchMode, gestures) {
        case ("none", true): "gestures"
        case (let touch, true): touch + "+gestures"
        case (let touch, false): touch
        }
    }

    /// Aligned columns with a header line.
    static func table(_ rows: [Row]) -> String {
        let header = ["ID", "NAME", "KIND", "MODE", "TOUCHES", "ENABLED", "CONFIG", "OUTPUT"]
        let lines = rows.map { row -> [String] in
            var output = row.output
            if let wanted = row.configuredOutput, wanted != row.output { output += " (config: \(wanted))" }
            return [
                String(row.id), row.name, row.kind, row.mode, String(row.maxTouches), row.enabled ? "yes" : "no",
                row.config, output
            ]
        }
        let widths = header.indices.map { column in ([header] + lines).map { $0[column].count }.max() ?? 0 }
        return ([header] + lines).map { cells in
            cells.indices.map { column in
                column == cells.count - 1
                    ? cells[column] : TextColumns.leftAligned(cells[column], width: widths[column])
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// What no device means, and what to check.
    static func noDeviceMessage(connection: X11Connection) -> String {
        let version = "\(connection.xinputVersion.major).\(connection.xinputVersion.minor)"
        return """
            No touchscreen or touchpad on \(connection.name).
            No touchscreen was found: check that it is plugged in and that 'xinput list' shows it.
            Touchpads are listed when their driver reports touches or XInput 2.4 gestures: that needs \
            the libinput driver (xserver-xorg-input-libinput) and an X server with XInput 2.4 \
            (this one has \(version)).
            """
    }
}

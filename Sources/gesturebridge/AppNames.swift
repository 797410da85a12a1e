import GestureConfig
import GestureEngine
import GestureRuntime
import X11Bridge

/// The comparison of the config's `apps:` names with the open windows and installed
/// applications, as `check` and `doctor` both make it.
enum AppNames {
    /// The open windows of the display (top-most first), or none when it cannot be opened.
    static func openWindows(on connection: X11Connection?) -> [WindowInfo] {
        guard let connection else { return [] }
        return WindowTracker(connection: connection).scene.windows.map(\.info)
    }

    /// The display named in the environment, if it can be opened; nil, quietly, otherwise.
    static func quietConnection(displayName: String?) -> X11Connection? {
        guard let name = displayName, !name.isEmpty else { return nil }
        return try? X11Connection(displayName: name)
    }

    /// The report for this configuration on this display.
    static func report(
        for configuration: Configuration, connection: X11Connection?, environment: [String: String]
    ) -> AppNameReport {
        AppNameReport(
            configuration: configuration, windows: openWindows(on: connection),
            installed: InstalledApplications(environment: environment))
    }

    /// A window as `doctor` names it: class/instance, its title and its id in hex.
    static func describe(_ window: WindowInfo) -> String {
        let title = window.title.count > 40 ? String(window.title.prefix(39)) + "…" : window.title
        return "\(window.windowClass)/\(window.instance) \"\(title)\" 0x\(String(window.id, radix: 16))"
    }
}

import GestureEngine

/// Which windows each `apps:` entry matches, and which of its names match nothing known.
///
/// `apps:` names are `WM_CLASS` classes or instances, compared without case; a name that
/// matches no window fails silently, which is how Debian's `firefox-esr` went unbound. This
/// compares each name with the open windows and with what installed applications call
/// themselves (``InstalledApplications``). `check` turns the result into warnings and
/// `doctor` prints it whole. Pure: the caller reads the windows and the desktop files.
public struct AppNameReport: Sendable {
    /// What one name of an entry matches.
    public enum Match: Hashable, Sendable {
        /// The class or instance of an open window.
        case window
        /// A name an installed application's desktop file gives (the file's path).
        case installed(String)
        /// Nothing known; `suggestion` is a known name it is close to.
        case nothing(suggestion: String?)
    }

    /// One `apps:` entry and what it matches.
    public struct Entry: Sendable {
        /// The entry as configured.
        public var app: AppConfiguration
        /// The open windows the daemon gives this entry's bindings: those it is the first
        /// entry to match, top-most first.
        public var windows: [WindowInfo]
        /// Each name of the entry, in the key's order, with what it matches.
        public var names: [(name: String, match: Match)]

        /// Whether no name matches an open window or an installed application.
        public var matchesNothing: Bool {
            names.allSatisfy { if case .nothing = $0.match { true } else { false } }
        }
    }

    /// The entries, in the config's order.
    public var entries: [Entry]

    /// Compares the config's `apps:` names with the open windows and the installed applications.
    public init(configuration: Configuration, windows: [WindowInfo], installed: InstalledApplications) {
        var windowNames = Set<String>()
        for window in windows {
            windowNames.insert(window.windowClass.lowercased())
            windowNames.insert(window.instance.lowercased())
        }
        windowNames.remove("")
        let configured = Set(configuration.apps.flatMap(\.names))
        // What a name may have meant: a known name no entry already lists.
        let candidates = (windowNames.sorted() + installed.sources.keys.sorted()).filter { !configured.contains($0) }
        entries = configuration.apps.map { app in
            let matched = windows.filter {
                configuration.app(windowClass: $0.windowClass, instance: $0.instance)?.key == app.key
            }
            let names = app.names.map { name -> (name: String, match: Match) in
                if windowNames.contains(name) { return (name, .window) }
                if let path = installed.sources[name] { return (name, .installed(path)) }
                return (name, .nothing(suggestion: Suggestion.closest(to: name, among: candidates)))
            }
            return Entry(app: app, windows: matched, names: names)
        }
    }

    /// What `check` says: an entry none of whose names matches a window or an installed
    /// application, and a name that matches nothing but is close to one that does.
    ///
    /// A name that matches nothing in an entry whose other names do match is not a warning
    /// without a likely typo: the shipped browsers' entry names browsers most machines lack.
    public var warnings: [ConfigWarning] {
        var warnings: [ConfigWarning] = []
        for entry in entries {
            if entry.matchesNothing {
                let hints = entry.names.compactMap { name, match -> String? in
                    guard case .nothing(let suggestion?) = match else { return nil }
                    return "did you mean '\(suggestion)' for '\(name)'?"
                }
                let advice =
                    hints.isEmpty
                    ? "names are WM_CLASS classes or instances; 'gesturebridge pick' prints a window's"
                    : hints.joined(separator: " ")
                warnings.append(
                    ConfigWarning(
                        at: entry.app.location,
                        message:
                            "no open window or installed application is called \(Suggestion.list(entry.names.map(\.name))), "
                            + "so these bindings apply to no window yet (\(advice))"))
                continue
            }
            for (name, match) in entry.names {
                guard case .nothing(let suggestion?) = match else { continue }
                warnings.append(
                    ConfigWarning(
                        at: entry.app.location,
                        message:
                            "no open window or installed application is called '\(name)'; did you mean '\(suggestion)'?"
                    ))
            }
        }
        return warnings
    }
}

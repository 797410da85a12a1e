import Glibc
import GestureConfig
import X11Bridge
import ControlStreams

/// The checks of `gesturebridge doctor`, in the order a user fixes things: the display first, the config last.
///
/// Each check returns ``DoctorCheck`` values; none throws. Checks that need the X
/// server are skipped (not repeated as failures) when the display cannot be opened.
struct Doctor {
    var displayName: String?
    var configPath: String?
    var environment: [String: String]

    /// Runs every check.
    func run() -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        if let wayland = WaylandSession.detect(in: environment) {
            checks.append(.problem("session", wayland.summary, fix: WaylandSession.advice))
        }
        let (displayCheck, connection) = display()
        checks.append(displayCheck)
        if let connection {
            checks.append(xinput(connection))
            checks.append(devices(connection))
            let holder = InstanceLock.holder(display: connection.name, paths: RuntimePaths(environment: environment))
            checks.append(touchGrab(connection, holder: holder))
            checks.append(daemon(connection, holder: holder, userManager: hasUserManager()))
        }
        let (configChecks, configuration) = loadConfig()
        checks += configChecks
        if let configuration { checks += apps(configuration, connection: connection) }
        checks.append(service())
        checks.append(conflicts())
        return checks
    }

    /// DISPLAY set, and the server there reachable with XInput 2.2.
    func display() -> (DoctorCheck, X11Connection?) {
        guard let name = displayName ?? environment["DISPLAY"], !name.isEmpty else {
            return (
                .problem(
                    "display", "DISPLAY is not set",
                    fix: "run from a terminal of the graphical session, or pass --display :0"), nil
            )
        }
        do {
            let connection = try X11Connection(displayName: name)
            return (.ok("display", "\(name) is reachable"), connection)
        } catch .missingExtension(let extensionName, let required) {
            return (
                .problem(
                    "display", "\(name) lacks \(extensionName) \(required)",
                    fix: "touch needs an X server with XInput 2.2 or newer (Xorg 1.12 and later)"), nil
            )
        } catch {
            return (
                .problem(
                    "display", "cannot open display \(name)",
                    fix:
                        "check that an X server runs on \(name) and that XAUTHORITY lets you in (a Wayland session has no X touch grab)"
                ),
                nil
            )
        }
    }

    /// A daemon holds this display's lock. Without one nothing happens to any touch: the case a
    /// newcomer runs `doctor` for.
    func daemon(_ connection: X11Connection, holder: InstanceLock.Holder?, userManager: Bool) -> DoctorCheck {
        if let holder {
            return .ok("daemon", "gesturebridge pid \(holder.pid) runs on \(connection.name) (\(holder.origin.phrase))")
        }
        let fix =
            userManager
            ? "start it: 'systemctl --user start gesturebridge', or 'gesturebridge run' in a terminal to see why it stops"
            : "start it: 'gesturebridge run &' (there is no systemd user manager here: the XDG autostart entry "
                + "starts it at your next login), or 'gesturebridge run' in a terminal to see why it stops"
        return .problem(
            "daemon",
            "no gesturebridge daemon runs on \(connection.name): every touch goes to the applications as it is",
            fix: fix)
    }

    /// XInput 2.2 for touch, 2.4 for touchpad gestures.
    func xinput(_ connection: X11Connection) -> DoctorCheck {
        let version = "XInput \(connection.xinputVersion.major).\(connection.xinputVersion.minor)"
        if connection.supportsGestures { return .ok("xinput", "\(version): touch and touchpad gestures") }
        return .warning(
            "xinput", "\(version): touch works, touchpad gestures need 2.4",
            fix: "touchpad gestures need Xorg 21.1 or newer with the libinput driver")
    }

    /// Touchscreens and touchpads present and enabled.
    func devices(_ connection: X11Connection) -> DoctorCheck {
        let all = InputDevices.inventory(connection: connection)
        let enabled = all.filter(\.isEnabled)
        let screens = enabled.filter { $0.kind == .touchscreen }.map {
            "touchscreen '\($0.name)' (\($0.maxTouches) touches)"
        }
        let pads = enabled.filter { $0.kind == .touchpad }.map {
            "touchpad '\($0.name)'\($0.hasGestures ? "" : " (no gestures)")"
        }
        let disabled = all.filter { !$0.isEnabled }.map(\.name)
        guard !enabled.isEmpty else {
            let what =
                disabled.isEmpty
                ? "no touchscreen or touchpad found" : "only disabled devices: \(disabled.joined(separator: ", "))"
            let fix =
                disabled.isEmpty
                ? "plug in the touchscreen and check 'xinput list'; touchpads need the libinput driver (xserver-xorg-input-libinput)"
                : "enable it: xinput enable '\(disabled[0])'"
            return .problem("devices", what, fix: fix)
        }
        let found = (screens + pads).joined(separator: ", ")
        if !disabled.isEmpty {
            return .warning(
                "devices", "\(found); disabled: \(disabled.joined(separator: ", "))",
                fix: "enable it if it should be used: xinput enable '\(disabled[0])'")
        }
        return .ok("devices", found)
    }

    /// Who holds the root's touch grab, what that means for gesturebridge, and whether anything is wrong.
    ///
    /// X does not say who holds a passive grab; the window manager's name does when it is
    /// mutter or one of its descendants (GNOME Shell, muffin), which take the root for their own
    /// touchscreen gestures. gesturebridge then takes touches after it, on the windows.
    func touchGrab(_ connection: X11Connection, holder: InstanceLock.Holder?) -> DoctorCheck {
        let manager = connection.readWindowManager()
        let mutter = manager.flatMap { $0.grabsRootTouches ? $0.name : nil }
        if connection.canGrabTouches() {
            if let holder, let mutter {
                // Not necessarily the daemon's doing: a mutter that replaced another
                // (`mutter --replace`) comes up without the grab whether gesturebridge runs or not.
                return .warning(
                    "touch-grab",
                    """
                    \(mutter) runs without its root touch grab, so its own touchscreen gestures are off; \
                    gesturebridge pid \(holder.pid) takes touches on the windows. A \(mutter) that replaced \
                    another (mutter --replace) or started while gesturebridge held the grab does not take it
                    """,
                    fix:
                        "if you want \(mutter)'s own gestures, log out and in; gesturebridge works either way")
            }
            if let holder {
                return .warning(
                    "touch-grab", "gesturebridge pid \(holder.pid) runs but does not hold the touch grab",
                    fix: "restart it: \(holder.origin.stopHint(pid: holder.pid)), then start it again")
            }
            return .ok("touch-grab", "the root touch grab is free for gesturebridge")
        }
        switch (holder, mutter) {
        case let (holder?, mutter?):
            return .ok(
                "touch-grab",
                """
                \(mutter) holds the root's grab for its own touchscreen gestures; gesturebridge pid \(holder.pid) \
                (\(holder.origin.phrase)) takes each touch after it, on the windows
                """)
        case let (holder?, nil):
            return .ok(
                "touch-grab", "held by gesturebridge pid \(holder.pid) (since \(holder.since), \(holder.origin.phrase))"
            )
        case let (nil, mutter?):
            return .ok(
                "touch-grab",
                """
                \(mutter) holds the root's grab for its own touchscreen gestures; gesturebridge will take each \
                touch after it, on the windows (touches on the bare desktop stay \(mutter)'s)
                """)
        case (nil, nil):
            return .warning(
                "touch-grab",
                """
                another program holds the root touch grab (not the window manager\(manager.map { ", \($0.name)" } ?? "")): \
                it sees every touch first, and gesturebridge only what it passes on
                """, fix: "stop the other gesture daemon (see the conflicts check below)")
        }
    }

    /// The config: found, valid, its warnings, and not writable by others.
    func config() -> [DoctorCheck] { loadConfig().checks }

    /// The config's checks, and the configuration when it loads.
    func loadConfig() -> (checks: [DoctorCheck], configuration: Configuration?) {
        guard let path = configPath ?? ConfigLocator(environment: environment).locate() else {
            let locator = ConfigLocator(environment: environment)
            return (
                [
                    .problem(
                        "config", "no config file (looked for \(locator.candidates.joined(separator: ", ")))",
                        fix: "copy the default config to \(locator.userConfigPath), or run the install (make install)")
                ], nil
            )
        }
        let configuration: Configuration
        do {
            configuration = try ConfigLoader.load(path: path)
        } catch {
            let first = error.errors.first.map { "\($0)" } ?? "\(error)"
            return (
                [
                    .problem(
                        "config", first, fix: "fix it and run 'gesturebridge check --config \(path)' until it says OK")
                ], nil
            )
        }
        var checks = [DoctorCheck.ok("config", "\(path): \(Wording.count(configuration.allBindings.count, "binding"))")]
        // The file's own mode is checked below, with its fix; the loader warns of it too. Its
        // owner, its folder's and the stroke folder's are the loader's warnings, shown here.
        let fileMode = Set(
            ConfigLoader.permissionWarnings(forFileAt: path).filter { $0.message.hasPrefix("the file is writable") })
        for warning in configuration.warnings where !fileMode.contains(warning) {
            checks.append(
                .warning("config", "\(warning.location): \(warning.message)", fix: "see gesturebridge.yaml(5)"))
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o022 != 0 {
            checks.append(
                .warning(
                    "config", "\(path) is writable by group or others, and its commands run as you",
                    fix: "chmod go-w '\(path)'"))
        }
        return (checks, configuration)
    }

    /// Which open windows each `apps:` entry gets, and its names that match no window and no
    /// installed application: one line per entry, a warning when none of its names matches.
    func apps(_ configuration: Configuration, connection: X11Connection?) -> [DoctorCheck] {
        let report = AppNames.report(for: configuration, connection: connection, environment: environment)
        return report.entries.map { entry in
            let windows =
                entry.windows.isEmpty
                ? (connection == nil ? "windows not read (no display)" : "no open window")
                : "\(Wording.count(entry.windows.count, "open window")): "
                    + entry.windows.prefix(3).map(AppNames.describe).joined(separator: ", ")
                    + (entry.windows.count > 3 ? ", …" : "")
            let installed = entry.names.compactMap { name, match -> String? in
                guard case .installed(let path) = match else { return nil }
                return "\(name) (\(path.split(separator: "/").last.map(String.init) ?? path))"
            }
            let unknown = entry.names.compactMap { name, match -> String? in
                guard case .nothing(let suggestion) = match else { return nil }
                return suggestion.map { "\(name) (did you mean '\($0)'?)" } ?? name
            }
            var parts = [windows]
            if !installed.isEmpty { parts.append("installed: " + installed.joined(separator: ", ")) }
            if !unknown.isEmpty { parts.append("matching nothing: " + unknown.joined(separator: ", ")) }
            let message = "'\(entry.app.key)': " + parts.joined(separator: "; ")
            guard entry.matchesNothing else { return .ok("apps", message) }
            return .warning(
                "apps", message,
                fix:
                    "names are WM_CLASS classes or instances, any case: 'gesturebridge pick' prints a window's; "
                    + "fine if the application is not installed yet")
        }
    }
}

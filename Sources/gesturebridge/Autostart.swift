import GestureConfig
import Glibc

/// What `gesturebridge autostart` does at login, in the session's environment.
///
/// A system-wide install (the .deb, `make install PREFIX=/usr/local`) enables the user unit for
/// nobody: it ships a systemd user preset (`enable gesturebridge.service`) instead, and this,
/// run by the XDG autostart entry, applies the preset once per user. The enablement is then the
/// user's own link in `~/.config/systemd/user`, which `systemctl --user disable` removes for
/// good; a global link would be one only `mask` could override. An administrator overrides the
/// preset in `/etc/systemd/user-preset/`.
struct Autostart {
    /// What happened, for the one line `autostart` prints and its exit status.
    enum Outcome: Equatable {
        /// A Wayland session: nothing to serve.
        case wayland(WaylandSession)
        /// The service is enabled and was asked to start (a no-op when the session already started it).
        case started
        /// The user (or the administrator's preset) disabled the service: left alone.
        case disabled(state: String)
        /// No systemd user manager: the caller runs the daemon itself.
        case runDaemon
        /// `systemctl` failed; the message says which step.
        case failed(String)
    }

    static let unit = "gesturebridge.service"

    var environment: [String: String]

    /// The file whose presence says the preset was applied for this user once, so that a
    /// `systemctl --user disable` made afterwards stays: `$XDG_STATE_HOME/gesturebridge/preset-applied`.
    var markerPath: String {
        ConfigLocator(environment: environment).stateHome + "/gesturebridge/preset-applied"
    }

    func perform() -> Outcome {
        if let wayland = WaylandSession.detect(in: environment) { return .wayland(wayland) }
        guard let systemctl = ExecutableSearch.find("systemctl", environment: environment),
            run(systemctl, ["--user", "show-environment"]).status == 0
        else { return .runDaemon }
        if access(markerPath, F_OK) != 0 {
            // `preset` enables or disables as the preset files say; a unit the user enabled
            // already (`make install` into ~/.local) is enabled by it too, by Debian's default.
            let preset = run(systemctl, ["--user", "preset", Self.unit])
            guard preset.status == 0 else {
                return .failed("systemctl --user preset \(Self.unit) failed (status \(preset.status))")
            }
            writeMarker()
        }
        let state = run(systemctl, ["--user", "is-enabled", Self.unit]).output
        guard ["enabled", "enabled-runtime", "linked", "linked-runtime", "static", "alias"].contains(state) else {
            return .disabled(state: state.isEmpty ? "not installed" : state)
        }
        // The session's display, for a session that did not export it to the user manager
        // (Xfce, MATE, Cinnamon, LXQt): what GNOME and Plasma do themselves.
        let names = ["DISPLAY", "XAUTHORITY"].filter { !(environment[$0] ?? "").isEmpty }
        if !names.isEmpty {
            let imported = run(systemctl, ["--user", "import-environment"] + names)
            guard imported.status == 0 else {
                return .failed("systemctl --user import-environment \(names.joined(separator: " ")) failed")
            }
        }
        // Not waiting for the start: an autostart entry that blocks holds up the session's others.
        let start = run(systemctl, ["--user", "start", "--no-block", Self.unit])
        guard start.status == 0 else { return .failed("systemctl --user start \(Self.unit) failed") }
        return .started
    }

    private func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
        ProgramRun.run(program, arguments, environment: environment)
    }

    /// Records that the preset was applied; a failure only means it is applied again next login.
    private func writeMarker() {
        var path = ""
        for component in markerPath.split(separator: "/").dropLast() {
            path += "/" + component
            mkdir(path, 0o700)
        }
        guard let file = try? OutputFile.create(markerPath) else { return }
        _ = file.write(
            "gesturebridge autostart applied the systemd preset to \(Self.unit) here; "
                + "'systemctl --user enable' or 'disable' decides from now on.\n")
        file.close()
    }
}

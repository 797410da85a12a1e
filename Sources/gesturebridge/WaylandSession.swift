/// A Wayland session, which GestureBridge cannot serve: the compositor owns the touches, and
/// an X touch grab under XWayland sees only what goes to X windows.
///
/// `run` refuses to start in one and `doctor` says so, both with `exitStatus`, so that a unit
/// or a script can tell it from a failure.
struct WaylandSession: Equatable {
    /// What says it is Wayland: `XDG_SESSION_TYPE=wayland` or `WAYLAND_DISPLAY=wayland-0`.
    var evidence: String

    /// The status `run` and `doctor` exit with in a Wayland session.
    static let exitStatus: Int32 = 4

    /// The session in `environment`, if it is Wayland.
    ///
    /// `XDG_SESSION_TYPE`, which the login manager sets for the session, decides when it is set:
    /// `x11` is an X11 session even with a `WAYLAND_DISPLAY` left over (a nested compositor, a
    /// variable exported by hand or kept by `systemctl --user import-environment`). Only without
    /// it does `WAYLAND_DISPLAY` count. `run --x11` skips the question.
    static func detect(in environment: [String: String]) -> WaylandSession? {
        if let type = environment["XDG_SESSION_TYPE"], !type.isEmpty {
            return type.lowercased() == "wayland" ? WaylandSession(evidence: "XDG_SESSION_TYPE=\(type)") : nil
        }
        if let display = environment["WAYLAND_DISPLAY"], !display.isEmpty {
            return WaylandSession(evidence: "WAYLAND_DISPLAY=\(display)")
        }
        return nil
    }

    /// One line: what the session is and what GestureBridge needs.
    var summary: String {
        "this is a Wayland session (\(evidence)); GestureBridge works in X11 sessions only"
    }

    /// What to do instead, in one line.
    static let advice =
        "log in to an X11 session (\"GNOME on Xorg\", \"Plasma (X11)\", Xfce, i3…) to use it; under Wayland use "
        + "the compositor's own gestures (GNOME, KDE Plasma), InputActions for KWin or Hyprland, or lisgd"

    /// For a session that is X11 after all: how to insist.
    static let insist = "if this is an X11 session, start it with 'gesturebridge run --x11'"
}

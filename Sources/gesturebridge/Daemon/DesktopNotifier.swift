import Glibc
import Logging
import X11Bridge

/// Tells the desktop, as a freedesktop notification, that a reload failed: the change a user
/// just saved did not take effect, and the log is not where they look.
///
/// The notification is a D-Bus call (`org.freedesktop.Notifications.Notify`) made by `gdbus`
/// (GLib's tool, on every GNOME, Cinnamon, MATE and Xfce desktop) as a child of the command
/// spawner, so the loop never waits on the bus or the notification daemon. Only where a
/// session bus exists (`DBUS_SESSION_BUS_ADDRESS`, or the bus socket in `XDG_RUNTIME_DIR`)
/// and `gdbus` is on PATH (the .deb recommends libglib2.0-bin, which has it); otherwise the
/// log says why there was no notification, and the log and `monitor` say the rest.
struct DesktopNotifier {
    /// `gdbus`, if found where a session bus exists.
    let gdbus: String?
    /// Why there is no notification, when `gdbus` is nil.
    let unavailable: String?
    let spawner: CommandSpawner
    let logger: Logger

    init(environment: [String: String], spawner: CommandSpawner, logger: Logger) {
        self.spawner = spawner
        self.logger = logger
        let hasBus =
            !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
            || environment["XDG_RUNTIME_DIR"].map { access($0 + "/bus", F_OK) == 0 } ?? false
        let found = ExecutableSearch.find("gdbus", environment: environment)
        gdbus = hasBus ? found : nil
        unavailable =
            !hasBus
            ? "the session has no D-Bus session bus"
            : found == nil ? "gdbus is not installed (Debian and Ubuntu: libglib2.0-bin; Fedora: glib2)" : nil
    }

    /// The notification's arguments for `gdbus call`, typed so that they need no introspection.
    static func arguments(summary: String, body: String) -> [String] {
        [
            "call", "--session", "--dest", "org.freedesktop.Notifications",
            "--object-path", "/org/freedesktop/Notifications",
            "--method", "org.freedesktop.Notifications.Notify",
            "gesturebridge", "uint32 0", "input-touchscreen", summary, body, "@as []", "@a{sv} {}", "int32 10000"
        ]
    }

    /// A reload that failed: the file, and its first errors.
    func configFailed(path: String, errors: [String]) {
        guard let gdbus else {
            logger.warning("no desktop notification of the failed reload: \(unavailable ?? "no notifier")")
            return
        }
        let shown = errors.prefix(3).joined(separator: "\n")
        let more = errors.count > 3 ? "\n(\(errors.count - 3) more: gesturebridge check)" : ""
        let body = "The last good config stays in effect.\n" + shown + more
        do {
            try spawner.spawn(
                program: gdbus, arguments: Self.arguments(summary: "GestureBridge: \(path) has errors", body: body))
        } catch {
            logger.warning("could not send the desktop notification: \(error)")
        }
    }
}

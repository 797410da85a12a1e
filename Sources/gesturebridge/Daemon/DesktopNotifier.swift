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
/// and `gdbus` is on PATH; otherwise the log and `monitor` say it alone.
struct DesktopNotifier {
    /// `gdbus`, if found where a session bus exists.
    let gdbus: String?
    let spawner: CommandSpawner
    let logger: Logger

    init(environment: [String: String], spawner: CommandSpawner, logger: Logger) {
        self.spawner = spawner
        self.logger = logger
        let hasBus =
            !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
            || environment["XDG_RUNTIME_DIR"].map { access($0 + "/bus", F_OK) == 0 } ?? false
        gdbus = hasBus ? ExecutableSearch.find("gdbus", environment: environment) : nil
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
        guard let gdbus else { return }
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

import GestureConfig
import GestureReplay
import Glibc
import JSON

/// `gesturebridge doctor`: checks the whole setup and says how to fix each problem.
struct DoctorCommand: Subcommand {
    static let name = "doctor"
    static let abstract = "Check the display, devices, touch grab, config, service and conflicting daemons."
    static let discussion = """
        Prints one line per check, marked ok, warning or problem, with a fix line under each \
        warning and problem: DISPLAY and the X server; the XInput version (2.2 for touch, 2.4 \
        for touchpad gestures); the touch devices; whether the root touch grab is free or held \
        (by gesturebridge, or by another program); the config (found, valid, warnings, not \
        writable by others); which open windows each apps: entry gets, and its names that \
        match no window and no installed application; whether the systemd user service (or, without a systemd user \
        manager, the XDG autostart entry) is installed and active; and other gesture daemons \
        running (touchegg, libinput-gestures, fusuma). No daemon running on the display is a \
        problem. Exits 0 when there is no problem, 4 in a Wayland session (GestureBridge is \
        for X11 sessions), else 1.
        """

    static let parameters = ReportOptions.parameters(instead: "lines")

    var options: ReportOptions

    init(_ arguments: ParsedArguments) { options = ReportOptions(arguments) }

    func run() throws {
        let environment = ProcessEnvironment.current
        let doctor = Doctor(
            displayName: options.display.display, configPath: options.config.path, environment: environment)
        let checks = doctor.run()
        if options.json {
            print(JSONValue.array(checks.map(\.json)).indented())
        } else {
            for check in checks { check.lines.forEach { print($0) } }
            let problems = checks.filter { $0.status == .problem }.count
            let warnings = checks.filter { $0.status == .warning }.count
            print("\(problems) problem\(problems == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        if checks.contains(where: { $0.check == "session" && $0.status == .problem }) {
            throw ExitCode(WaylandSession.exitStatus)
        }
        if checks.contains(where: { $0.status == .problem }) { throw ExitCode.failure }
    }
}

import ArgumentParser
import FoundationEssentials
import GestureConfig
import Glibc

/// `gesturebridge doctor`: checks the whole setup and says how to fix each problem.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the display, devices, touch grab, config, service and conflicting daemons.",
        discussion: """
            Prints one line per check, marked ok, warning or problem, with a fix line under each \
            warning and problem: DISPLAY and the X server; the XInput version (2.2 for touch, 2.4 \
            for touchpad gestures); the touch devices; whether the root touch grab is free or held \
            (by gesturebridge, or by another program); the config (found, valid, warnings, not \
            writable by others); whether the systemd user service (or, without a systemd user \
            manager, the XDG autostart entry) is installed and active; and other gesture daemons \
            running (touchegg, libinput-gestures, fusuma). No daemon running on the display is a \
            problem. Exits 0 when there is no problem, 4 in a Wayland session (GestureBridge is \
            for X11 sessions), else 1.
            """)

    @OptionGroup var displayOptions: DisplayOptions
    @OptionGroup var config: ConfigOptions

    @Flag(help: "Print JSON for scripts instead of lines.")
    var json = false

    func run() throws {
        let environment = ProcessEnvironment.current
        let doctor = Doctor(displayName: displayOptions.display, configPath: config.path, environment: environment)
        let checks = doctor.run()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(checks), as: UTF8.self))
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

import Glibc
import GestureConfig
import TextSearch

extension Doctor {
    /// The unit both checks ask systemd about.
    static let unit = "gesturebridge.service"

    /// Whether `systemctl --user` reaches a user manager.
    func hasUserManager() -> Bool {
        guard let systemctl = executable("systemctl") else { return false }
        return run(systemctl, ["--user", "show-environment"]).status == 0
    }

    /// Whether gesturebridge starts at login: the systemd user unit, else the XDG autostart entry.
    func service() -> DoctorCheck {
        guard hasUserManager(), let systemctl = executable("systemctl") else {
            return autostart(because: "no systemd user manager")
        }
        let enabled = run(systemctl, ["--user", "is-enabled", Self.unit]).output
        let active = run(systemctl, ["--user", "is-active", Self.unit]).output
        switch (enabled, active) {
        case (_, "active"):
            return .ok("service", "\(Self.unit) is \(enabled.isEmpty ? "running" : enabled) and active")
        case (_, "failed"):
            return .problem(
                "service", "\(Self.unit) failed",
                fix: "see why: journalctl --user -u gesturebridge; then systemctl --user restart gesturebridge")
        case ("enabled", _), ("static", _), ("linked", _):
            return .warning(
                "service", "\(Self.unit) is \(enabled) but \(active.isEmpty ? "not running" : active)",
                fix: "start it now: systemctl --user start gesturebridge (it starts with the graphical session)")
        case ("disabled", _):
            return .warning(
                "service", "\(Self.unit) is installed but disabled",
                fix: "systemctl --user enable --now gesturebridge")
        default:
            return autostart(because: "\(Self.unit) is not installed")
        }
    }

    /// Without a systemd unit: the XDG autostart entry, in the user's or the system's autostart directory.
    func autostart(because reason: String) -> DoctorCheck {
        let configHome = ConfigLocator(environment: environment).configHome
        let configDirs = (environment["XDG_CONFIG_DIRS"] ?? "/etc/xdg").split(separator: ":").map(String.init)
        let candidates = ([configHome] + configDirs).map { $0 + "/autostart/gesturebridge.desktop" }
        if let entry = candidates.first(where: { access($0, F_OK) == 0 }) {
            return .ok("service", "\(reason); the XDG autostart entry \(entry) starts it at login")
        }
        return .problem(
            "service",
            "\(reason), and there is no XDG autostart entry (looked for \(candidates.joined(separator: ", ")))",
            fix:
                "install it to start at every login: make install (see the README), or run 'gesturebridge run' yourself"
        )
    }

    /// Gesture daemons that grab the same touches or gestures.
    static let conflictingDaemons: [(name: String, stop: String)] = [
        (
            "touchegg",
            "stop it: kill PID; keep it from starting: sudo systemctl disable --now touchegg (its daemon), and for its "
                + "client, which /etc/xdg/autostart/touchegg.desktop starts at login: copy that file to "
                + "AUTOSTART/ and add the line 'Hidden=true' to the copy"
        ),
        ("libinput-gestures", "libinput-gestures-setup stop autostop"),
        ("fusuma", "stop it: kill PID; and remove it from your session's autostart programs")
    ]

    /// Running processes named touchegg, libinput-gestures or fusuma (scanning /proc/*/cmdline).
    func conflicts() -> DoctorCheck {
        var found: [(name: String, pid: Int32, stop: String)] = []
        let entries = Self.directoryEntries("/proc")
        for entry in entries {
            guard let pid = Int32(entry), let name = Self.daemonName(commandLine: commandLine(of: entry)),
                let daemon = Self.conflictingDaemons.first(where: { $0.name == name })
            else { continue }
            let autostart = ConfigLocator(environment: environment).configHome + "/autostart"
            found.append(
                (
                    name, pid,
                    daemon.stop.replacingText("PID", with: String(pid)).replacingText("AUTOSTART", with: autostart)
                ))
        }
        guard let first = found.sorted(by: { $0.pid < $1.pid }).first else {
            return .ok("conflicts", "no other gesture daemon runs (touchegg, libinput-gestures, fusuma)")
        }
        let list = found.map { "\($0.name) (pid \($0.pid))" }.joined(separator: ", ")
        let fixes = Dictionary(found.map { ($0.name, $0.stop) }, uniquingKeysWith: { first, _ in first })
        let fix = fixes.keys.sorted().map { "\($0): \(fixes[$0] ?? first.stop)" }.joined(separator: "; ")
        return .problem("conflicts", "\(list) runs and competes for the same touches", fix: fix)
    }

    /// Which conflicting daemon a command line runs: its program, or the script an interpreter runs.
    static func daemonName(commandLine arguments: [String]) -> String? {
        let names = Set(conflictingDaemons.map(\.name))
        let base = { (argument: String) in argument.split(separator: "/").last.map(String.init) ?? argument }
        guard let program = arguments.first.map(base) else { return nil }
        if names.contains(program) { return program }
        // libinput-gestures is a Python script and fusuma a Ruby gem: look past the interpreter.
        guard ["python", "ruby", "perl"].contains(where: program.hasPrefix) || ["sh", "bash"].contains(program) else {
            return nil
        }
        return arguments.dropFirst().first { !$0.hasPrefix("-") }.map(base).flatMap { names.contains($0) ? $0 : nil }
    }

    private func commandLine(of pid: String) -> [String] {
        let fd = open("/proc/\(pid)/cmdline", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        // A command line is at most a few pages; 64 KiB is plenty to find the program's name.
        var data = [UInt8](repeating: 0, count: 65536)
        let count = data.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        return data[..<count].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in a directory, without `.` and `..`; empty when it cannot be read.
    static func directoryEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// An executable on PATH.
    func executable(_ name: String) -> String? { ExecutableSearch.find(name, environment: environment) }

    /// Runs a program to its end: its exit status and first line of output.
    func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
        ProgramRun.run(program, arguments, environment: environment)
    }
}

import Foundation

extension Doctor {
    /// The unit both checks ask systemd about.
    static let unit = "gesturebridge.service"

    /// Whether gesturebridge starts at login: the systemd user unit, else the XDG autostart entry.
    func service() -> DoctorCheck {
        guard let systemctl = executable("systemctl"), run(systemctl, ["--user", "show-environment"]).status == 0 else {
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
        let home = environment["HOME"] ?? NSHomeDirectory()
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let configDirs = (environment["XDG_CONFIG_DIRS"] ?? "/etc/xdg").split(separator: ":").map(String.init)
        let candidates = ([configHome] + configDirs).map { $0 + "/autostart/gesturebridge.desktop" }
        if let entry = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
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
            "stop it: kill PID; keep it from starting: sudo systemctl disable --now touchegg, and remove touchegg.desktop from ~/.config/autostart"
        ),
        ("libinput-gestures", "libinput-gestures-setup stop autostop"),
        ("fusuma", "stop it: kill PID; and remove it from your session's autostart programs")
    ]

    /// Running processes named touchegg, libinput-gestures or fusuma (scanning /proc/*/cmdline).
    func conflicts() -> DoctorCheck {
        var found: [(name: String, pid: Int32, stop: String)] = []
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry), let name = Self.daemonName(commandLine: commandLine(of: entry)),
                let daemon = Self.conflictingDaemons.first(where: { $0.name == name })
            else { continue }
            found.append((name, pid, daemon.stop.replacingOccurrences(of: "PID", with: String(pid))))
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
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// An executable on PATH.
    func executable(_ name: String) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs a program to its end and returns its exit status and first line of output.
    func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        do { try process.run() } catch { return (127, "") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return (process.terminationStatus, text.split(separator: "\n").first.map(String.init) ?? "")
    }
}

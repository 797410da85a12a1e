import Foundation

/// A real EWMH window manager for tests: `openbox --sm-disable`, started on a test server.
///
/// Openbox reparents windows into frames, answers EWMH client messages and keeps
/// four desktops, as a user's desktop would. It reads the system's default
/// `rc.xml`, never the user's. `start` returns once openbox has finished starting:
/// it runs its `--startup` command then. `_NET_SUPPORTING_WM_CHECK` comes too early:
/// openbox sets it before `_NET_SUPPORTED` and before it reads back the desktop it
/// restores, so a request sent at that point can be lost. `stop` ends it.
final class WindowManager: @unchecked Sendable {
    enum StartError: Error, CustomStringConvertible {
        case missing
        case notReady(String)
        var description: String {
            switch self {
            case .missing: "openbox is not installed: .ci/run installs it"
            case .notReady(let why): "openbox did not start: \(why)"
            }
        }
    }

    let process: Process
    let display: String
    /// Openbox's HOME and XDG_CONFIG_HOME, removed on `stop`.
    let home: URL

    /// Starts openbox on `display` and waits (at most `timeout` seconds) until it manages the screen.
    static func start(display: String, timeout: Double = 10) throws -> WindowManager {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openbox") else { throw StartError.missing }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gesturebridge-openbox-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        let ready = home.appendingPathComponent("ready").path
        var arguments = ["--sm-disable", "--startup", "touch \(ready)"]
        if FileManager.default.fileExists(atPath: "/etc/xdg/openbox/rc.xml") {
            arguments += ["--config-file", "/etc/xdg/openbox/rc.xml"]
        }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.path
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let manager = WindowManager(process: process, display: display, home: home)

        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: ready) {
            guard process.isRunning, Date() < deadline else {
                manager.stop()
                throw StartError.notReady(process.isRunning ? "not started within \(timeout) s" : "it exited")
            }
            usleep(5_000)
        }
        return manager
    }

    private init(process: Process, display: String, home: URL) {
        self.process = process
        self.display = display
        self.home = home
    }

    deinit {
        stop()
    }

    /// Ends openbox (`openbox --exit`, then SIGKILL after 3 s), reaps it and removes its home.
    ///
    /// Openbox leaves SIGTERM pending for seconds after it starts; `--exit` asks it through
    /// the X server and it exits at once.
    func stop() {
        defer { try? FileManager.default.removeItem(at: home) }
        guard process.isRunning else { return }
        let exit = Process()
        exit.executableURL = process.executableURL
        exit.arguments = ["--exit"]
        exit.environment = TestRun.tagged(["DISPLAY": display])
        if (try? exit.run()) != nil { exit.waitUntilExit() }
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

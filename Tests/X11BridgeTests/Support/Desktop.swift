import CX11
import Foundation
import TestSupport
import Glibc
import Testing
@testable import X11Bridge

/// A window manager people run, from Debian, as the desktop matrix starts it on a test server.
///
/// Each runs with a home, config, cache and runtime directory of its own (never the
/// user's), and those that want one in a session bus of its own. How each is started,
/// restarted and told apart, and what it lacks, is written here once; the scenarios in
/// `DesktopMatrixTests` are the same for all. The servers are `XServer`s.
enum DesktopKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case openbox, xfwm4, mutter, i3, kwin, fluxbox, marco

    var description: String { rawValue }

    /// The managers to test: all, or those `GESTUREBRIDGE_DESKTOPS` names (comma-separated), to run a few by hand.
    static var selected: [DesktopKind] {
        guard let names = ProcessInfo.processInfo.environment["GESTUREBRIDGE_DESKTOPS"] else { return allCases }
        return names.split(separator: ",").compactMap { DesktopKind(rawValue: String($0)) }
    }

    /// The name the manager gives itself (`_NET_WM_NAME` of its check window).
    var wmName: String {
        switch self {
        case .openbox: "Openbox"
        case .xfwm4: "Xfwm4"
        case .mutter: "Mutter"
        case .i3: "i3"
        case .kwin: "KWin"
        case .fluxbox: "Fluxbox"
        case .marco: "Metacity (Marco)"
        }
    }

    var executable: String {
        switch self {
        case .openbox: "/usr/bin/openbox"
        case .xfwm4: "/usr/bin/xfwm4"
        case .mutter: "/usr/bin/mutter"
        case .i3: "/usr/bin/i3"
        case .kwin: "/usr/bin/kwin_x11"
        case .fluxbox: "/usr/bin/fluxbox"
        case .marco: "/usr/bin/marco"
        }
    }

    /// The Debian package that has it, for the error when it is missing.
    var package: String {
        switch self {
        case .openbox: "openbox"
        case .xfwm4: "xfwm4"
        case .mutter: "mutter"
        case .i3: "i3-wm"
        case .kwin: "kwin-x11"
        case .fluxbox: "fluxbox"
        case .marco: "marco"
        }
    }

    /// The arguments of a first start; `replacing` adds what takes over from a running manager.
    func arguments(home: URL, replacing: Bool) -> [String] {
        switch self {
        case .openbox:
            // --startup replaces the autostart script, which would start whatever /etc/xdg/autostart lists.
            // Openbox runs it once it has finished starting: a window mapped before may be lost.
            [
                "--sm-disable", "--startup", "touch \(home.appendingPathComponent("started").path)",
                "--config-file", "/etc/xdg/openbox/rc.xml"
            ]
                + (replacing ? ["--replace"] : [])
        case .xfwm4: ["--compositor=off", "--sm-client-disable"] + (replacing ? ["--replace"] : [])
        case .mutter: ["--x11", "--replace", "--sm-disable"]
        case .i3: ["-c", home.appendingPathComponent("i3.conf").path]
        case .kwin: replacing ? ["--replace"] : []
        // Restarted in place by SIGHUP (as its menu's Restart does), never started again.
        case .fluxbox: []
        case .marco: ["--sm-disable", "--no-composite"] + (replacing ? ["--replace"] : [])
        }
    }

    /// Whether it wants a D-Bus session bus (without one it fails or hangs at start).
    var needsSessionBus: Bool { self != .openbox && self != .i3 && self != .fluxbox }

    /// Whether it owns the `WM_S0` selection (fluxbox does not: only its check window says it runs).
    var ownsSelection: Bool { self != .fluxbox }

    /// Whether it draws a close button at the right end of its title bars.
    var hasCloseButton: Bool { self != .i3 }

    /// Whether a double tap on a title bar toggles maximized, by its default settings (fluxbox's
    /// shades the window instead).
    var maximizesOnDoubleTap: Bool { self != .i3 && self != .fluxbox }

    /// Whether it supports `_NET_SHOWING_DESKTOP` (i3 and fluxbox list it not).
    var showsDesktop: Bool { self != .i3 && self != .fluxbox }

    /// Whether desktops exist only while they hold a window (i3's workspaces), so a second
    /// desktop needs a window of its own.
    var desktopsNeedWindows: Bool { self == .i3 }

    /// Files the manager reads from its config home, written before it starts.
    var configFiles: [String: String] {
        switch self {
        case .i3:
            [
                "i3.conf": """
                font pango:monospace 8
                default_border normal
                focus_follows_mouse no
                bindsym Mod1+Return exec true
                """
            ]
        case .kwin:
            [
                ".config/kwinrc": """
                [Desktops]
                Number=4
                Rows=1

                [Compositing]
                Enabled=false
                """
            ]
        case .fluxbox:
            // A fresh home's style asks fbsetbg for a wallpaper, and without a wallpaper setter
            // (none is installed here, nor on many desktops) it pops an xmessage over the windows.
            // Users silence it so; the suite does too.
            // allowRemoteActions: the suite restarts it with fluxbox-remote, as its menu's Restart does.
            [
                ".fluxbox/overlay": "background: none\n",
                ".fluxbox/init": "session.screen0.allowRemoteActions: true\n"
            ]
        default: [:]
        }
    }
}

/// A running window manager of one kind, its session bus, and its private directories.
final class Desktop: @unchecked Sendable {
    enum StartError: Error, CustomStringConvertible {
        case missing(DesktopKind)
        case notReady(DesktopKind, String)
        var description: String {
            switch self {
            case .missing(let kind): "\(kind) is not installed: .ci/run installs \(kind.package)"
            case let .notReady(kind, why): "\(kind) did not start: \(why)"
            }
        }
    }

    let kind: DesktopKind
    let display: String
    let home: URL
    let environment: [String: String]
    private(set) var processes: [Process] = []
    private let bus: Process?
    private let connection: X11Connection

    /// Starts the manager on `display` and waits until it manages the screen; `extraConfig`
    /// lines go at the end of its config file (i3's `exec`, say).
    static func start(_ kind: DesktopKind, display: String, timeout: Double = 30, extraConfig: [String] = [])
        throws -> Desktop
    {
        guard FileManager.default.isExecutableFile(atPath: kind.executable) else { throw StartError.missing(kind) }
        let privateHome = try PrivateHome("desktop-\(kind)")
        let home = privateHome.url
        for (name, text) in kind.configFiles {
            let lines = [text] + (name == "i3.conf" ? extraConfig : [])
            let file = home.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        var environment = privateHome.environment(display: display)
        environment["XDG_CURRENT_DESKTOP"] = nil
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["QT_QPA_PLATFORM"] = "xcb"
        environment["KWIN_COMPOSE"] = "N"
        environment["NO_AT_BRIDGE"] = "1"
        var bus: Process?
        if kind.needsSessionBus {
            let (process, address) = try Self.startSessionBus(environment: environment)
            bus = process
            environment["DBUS_SESSION_BUS_ADDRESS"] = address
        }
        let desktop = try Desktop(kind: kind, display: display, home: home, environment: environment, bus: bus)
        do {
            try desktop.launch(replacing: false)
            try desktop.waitUntilManaging(timeout: timeout, notOwnedBy: 0)
        } catch {
            desktop.stop()
            throw error
        }
        return desktop
    }

    private init(kind: DesktopKind, display: String, home: URL, environment: [String: String], bus: Process?) throws {
        self.kind = kind
        self.display = display
        self.home = home
        self.environment = environment
        self.bus = bus
        connection = try X11Connection.toTestServer(display)
    }

    deinit { stop() }

    /// A session bus for applications started beside the desktop, in the desktop's own home and
    /// runtime folder, with the accessibility bridge allowed (the window manager's own
    /// environment turns it off).
    ///
    /// Never in the test run's home: the bus activates at-spi-bus-launcher, which puts the
    /// accessibility bus's socket at `$XDG_RUNTIME_DIR/at-spi/bus` (`~/.cache/at-spi/bus` without
    /// it), the same name for every session bus. Two suites with buses in one home took each
    /// other's socket, and every AT-SPI read of the first then failed ("Couldn't connect to
    /// accessibility bus").
    func startSessionBus() throws -> (Process, String) {
        var environment = environment
        environment["NO_AT_BRIDGE"] = nil
        return try Self.startSessionBus(environment: environment)
    }

    /// A `dbus-daemon --session` of the desktop's own, in the foreground so that it dies with the
    /// test. `environment` must name a home and runtime folder of the test's own (see above).
    static func startSessionBus(environment: [String: String]) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        // Its socket in the run's temporary folder: the session config's own `unix:tmpdir=/tmp`
        // leaves a `/tmp/dbus-*` socket behind for every bus.
        process.arguments = [
            "--session", "--nofork", "--nopidfile", "--print-address=1",
            "--address=unix:dir=\(FileManager.default.temporaryDirectory.path)"
        ]
        process.environment = environment
        let output = Pipe.closingOnExec()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n") {
            guard Date() < deadline, process.isRunning else {
                process.terminate()
                throw StartError.notReady(.xfwm4, "dbus-daemon --session gave no address")
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { usleep(10_000) }
            text += String(decoding: data, as: UTF8.self)
        }
        return (process, text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func launch(replacing: Bool) throws {
        try? FileManager.default.removeItem(at: home.appendingPathComponent("started"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: kind.executable)
        process.arguments = kind.arguments(home: home, replacing: replacing)
        process.environment = environment
        process.currentDirectoryURL = home
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        processes.append(process)
    }

    /// The window that owns `WM_S0`: a new one after each (re)start.
    var selectionOwner: UInt64 {
        UInt64(XGetSelectionOwner(connection.display, XInternAtom(connection.display, "WM_S0", 0)))
    }

    /// The property the restart puts on the old manager's check window, which the new one's lacks.
    private var restartMark: Atom { XInternAtom(connection.display, "GESTUREBRIDGE_TEST_OLD_MANAGER", 0) }

    /// Whether the check window is the one marked before a restart (fluxbox's new one may get the same id).
    private var checkWindowIsMarked: Bool {
        guard let check = connection.liveCheckWindow() else { return false }
        return connection.property32(restartMark, of: check, type: Atom(XA_CARDINAL)) != nil
    }

    /// Waits until a manager of this kind owns the screen through a window other than `old`
    /// (for one that owns no selection: through a check window not marked as the old one's) and
    /// lists its EWMH hints.
    private func waitUntilManaging(timeout: Double, notOwnedBy old: UInt64) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let owner = selectionOwner
            let isNew = kind.ownsSelection ? owner != 0 && owner != old : !checkWindowIsMarked
            if isNew, let manager = connection.readWindowManager(),
                manager.name == kind.wmName, manager.isEWMH,
                kind != .openbox || FileManager.default.fileExists(atPath: home.appendingPathComponent("started").path)
            {
                try waitUntilFramingWindows(until: deadline)
                return
            }
            guard Date() < deadline else {
                let seen = connection.readWindowManager().map(\.description) ?? "none"
                throw StartError.notReady(kind, "not managing within \(timeout) s (window manager seen: \(seen))")
            }
            if let last = processes.last, !last.isRunning, kind != .i3 {
                throw StartError.notReady(kind, "it exited with status \(last.terminationStatus)")
            }
            usleep(20_000)
        }
    }

    /// Maps a probe window and waits until the manager frames it: it handles new windows now.
    private func waitUntilFramingWindows(until deadline: Date) throws {
        let display = connection.display, root = Window(connection.root.rawValue)
        let probe = XCreateSimpleWindow(display, root, 0, 0, 100, 100, 0, 0, 0)
        defer {
            XDestroyWindow(display, probe)
            XSync(display, 0)
        }
        XMapWindow(display, probe)
        XSync(display, 0)
        var mapped = Date()
        while true {
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            if XQueryTree(display, probe, &rootReturn, &parent, &children, &count) != 0 {
                if let children { XFree(children) }
                if parent != root { return }
            }
            guard Date() < deadline else { throw StartError.notReady(kind, "it framed no new window") }
            if mapped.timeIntervalSinceNow < -2 {
                // Mapped while the old manager left and the new one took over: nobody framed it. Again.
                XUnmapWindow(display, probe)
                XMapWindow(display, probe)
                XSync(display, 0)
                mapped = Date()
            }
            usleep(20_000)
        }
    }

    /// Restarts the manager as its users do (`--replace`, or `i3-msg restart`) and waits for the new one.
    func restart(timeout: Double = 30) throws {
        let old = selectionOwner
        if kind == .i3 {
            let message = Process()
            message.executableURL = URL(fileURLWithPath: "/usr/bin/i3-msg")
            message.arguments = ["restart"]
            message.environment = environment
            message.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            message.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try message.run()
            message.waitUntilExit()
            // i3 restarts in place, keeping its X connection and windows: wait until it answers again.
            let deadline = Date().addingTimeInterval(timeout)
            while (try? run("/usr/bin/i3-msg", ["-t", "get_version"]))?.contains("human_readable") != true {
                guard Date() < deadline else { throw StartError.notReady(kind, "i3 did not answer after its restart") }
                usleep(50_000)
            }
            return
        }
        if kind == .fluxbox {
            // Restarted in place, fluxbox execs itself, as its menu's Restart does (SIGHUP would do
            // it too, but the manager inherits the test runner's blocked signals).
            let check = try #require(connection.liveCheckWindow())
            var mark: UInt = 1
            withUnsafeBytes(of: &mark) { bytes in
                _ = XChangeProperty(
                    connection.display, Window(check.rawValue), restartMark, Atom(XA_CARDINAL), 32, PropModeReplace,
                    bytes.bindMemory(to: UInt8.self).baseAddress, 1)
            }
            XSync(connection.display, 0)
            try run("/usr/bin/fluxbox-remote", ["Restart"])
            try waitUntilManaging(timeout: timeout, notOwnedBy: old)
            return
        }
        try launch(replacing: true)
        try waitUntilManaging(timeout: timeout, notOwnedBy: old)
    }

    /// Runs a command of the desktop's (`i3-msg`, `wmctrl`) in its environment; returns its output.
    @discardableResult
    func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe.closingOnExec()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Kills the manager (every process started for it) and its bus, and removes its home.
    ///
    /// SIGKILL: window managers started from the test runner inherit its blocked SIGTERM. Reaped
    /// here, with a deadline: Foundation's `waitUntilExit` never returned for a fluxbox that had
    /// died (its exit went unnoticed, and the process stayed a zombie), which hung the whole run.
    func stop() {
        for process in processes + [bus].compactMap({ $0 }) where process.isRunning {
            let pid = process.processIdentifier
            kill(pid, SIGKILL)
            var status: Int32 = 0
            let deadline = Date().addingTimeInterval(5)
            // 0: still running; -1: reaped already (by Foundation's monitor), or not our child.
            while waitpid(pid, &status, WNOHANG) == 0, Date() < deadline { usleep(2_000) }
        }
        processes.removeAll()
        try? FileManager.default.removeItem(at: home)
    }
}

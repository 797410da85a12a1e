import Glibc
import GestureConfig
import Logging
import X11Bridge

/// `gesturebridge run`: the daemon.
struct RunCommand: Subcommand {
    static let name = "run"
    static let abstract = "Run the gesture daemon on the X display."
    static let discussion = """
        Grabs every touch on the screen (an XInput2 touch grab on the root window), \
        recognizes gestures with the config's bindings, performs their actions, and hands \
        every touch no gesture wants to the application underneath, replayed whole. \
        SIGHUP or saving the config reloads it (a config with errors is reported and the \
        last good one stays); SIGTERM or SIGINT releases every key, answers every pending \
        touch and exits 0. Losing the X server exits 1. One daemon runs per display: a second \
        one says which process holds the lock in $XDG_RUNTIME_DIR/gesturebridge/ and exits 3; \
        another user's process cannot hold it (it is reported, and the daemon starts). \
        In a Wayland session (XDG_SESSION_TYPE=wayland; without XDG_SESSION_TYPE, \
        WAYLAND_DISPLAY set) it does not start: it says what to use instead and exits 4. \
        --x11 starts it anyway.
        """

    static let x11 = CommandParameter.flag(
        "x11",
        help: "Start even where the environment looks like Wayland (a WAYLAND_DISPLAY left over in an X11 session).")
    static let verbose = CommandParameter.flag(
        "verbose", short: "v", help: "Log every recognizer transition and action.")

    static let parameters =
        ConfigOptions.parameters + DisplayOptions.parameters + [
            verbose, x11
        ]

    var config: ConfigOptions
    var display: String?
    var verbose: Bool
    var insistsOnX11: Bool

    init(_ arguments: ParsedArguments) {
        config = ConfigOptions(arguments)
        display = DisplayOptions(arguments).display
        verbose = arguments.flag(Self.verbose)
        insistsOnX11 = arguments.flag(Self.x11)
    }

    /// The daemon with the defaults, as `autostart` runs it without a systemd user manager.
    init() {
        config = ConfigOptions()
        display = nil
        verbose = false
        insistsOnX11 = false
    }

    func run() throws {
        let environment = ProcessEnvironment.current
        if !insistsOnX11, let wayland = WaylandSession.detect(in: environment) {
            printError("gesturebridge: \(wayland.summary)")
            printError("gesturebridge: \(WaylandSession.advice); \(WaylandSession.insist)")
            throw ExitCode(WaylandSession.exitStatus)
        }
        if display == nil, environment["DISPLAY"]?.isEmpty ?? true {
            printError("gesturebridge: \(X11Error.cannotOpenDisplay(""))")
            throw ExitCode.failure
        }
        LogSetup.bootstrap(verbose: verbose)
        // The loop must never wait on its log: a thread of its own writes it.
        LogSetup.writeInBackground()
        defer { LogSetup.writer?.drain(timeout: 1) }
        let logger = Logger(label: "gesturebridge")
        // ConfigReloader loads and validates the file once, and keeps it for reloads.
        let path = try config.requiredPath()
        let reloader: ConfigReloader
        do {
            reloader = try ConfigReloader(path: path, logger: logger)
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
        let connection: X11Connection
        do {
            connection = try X11Connection(displayName: display)
        } catch {
            printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
        X11Connection.exitWhenConnectionIsLost()
        let lock: InstanceLock
        do {
            lock = try InstanceLock(
                display: connection.name, paths: RuntimePaths(environment: environment),
                origin: .current(environment: environment))
        } catch {
            printError("gesturebridge: \(error)")
            throw ExitCode(error.exitStatus)
        }
        if let foreign = lock.foreignHolder { logger.warning("\(foreign)") }
        try SignalFlags.install()
        let daemon: Daemon
        do {
            daemon = try Daemon(connection: connection, reloader: reloader, logger: logger, verbose: verbose)
        } catch {
            printError("gesturebridge: \(error)")
            throw ExitCode.failure
        }
        let status = daemon.run()
        SignalFlags.uninstall()
        // The lock is held until here; the kernel also drops it if the process dies.
        withExtendedLifetime(lock) {}
        throw ExitCode(status)
    }
}

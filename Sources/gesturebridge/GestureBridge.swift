import ArgumentParser

/// The `gesturebridge` command: UIKit-faithful touchscreen and touchpad gestures for the X11 desktop.
///
/// Each subcommand lives in its own file: the daemon (`run`), the setup tools (`doctor`,
/// `devices`, `pick`, `check`, `monitor`), traces (`record`, `replay`) and `bench`.
@main
struct GestureBridge: ParsableCommand {
    /// The version `--version` prints; the only place it is written.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "gesturebridge",
        abstract: "UIKit-faithful touchscreen and touchpad gestures for the X11 desktop.",
        discussion: """
            GestureBridge recognizes taps, long presses, pans, swipes, pinches and rotations \
            with the semantics of UIKit's gesture recognizers, and binds them to actions such \
            as key chords, desktop switches and commands, per window class.

            'run' is the daemon; 'make install' sets it up to start with every graphical \
            session (systemd user unit, or XDG autostart), one per display.

            Setting up: 'doctor' checks the display, devices, touch grab, config, service and \
            conflicting gesture daemons, and says how to fix each problem; 'devices' lists the \
            touchscreens and touchpads and the monitor each is mapped to; 'pick' names the \
            window you touch and prints a per-app config snippet for it; 'check' validates \
            the config with line and column; 'monitor' shows live what the running daemon sees \
            and does.

            Trying and reporting: 'record' saves live touches with the window layout as a \
            trace; 'replay' runs the real engine and config over a trace on a virtual clock \
            and prints what would happen, without touching any display.

            The config is read from $XDG_CONFIG_HOME/gesturebridge/config.yaml, falling back \
            to /etc/xdg/gesturebridge/config.yaml. See gesturebridge(1).
            """,
        version: GestureBridge.version,
        subcommands: [
            RunCommand.self, CheckCommand.self, ReplayCommand.self, DevicesCommand.self, PickCommand.self,
            DoctorCommand.self, MonitorCommand.self, RecordCommand.self, BenchCommand.self,
            AutostartCommand.self
        ]
    )
}

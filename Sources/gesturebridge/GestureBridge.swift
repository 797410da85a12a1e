import ArgumentParser

/// The `gesturebridge` command: UIKit-faithful touchscreen gestures for the X11 desktop.
///
/// Each subcommand lives in its own file. `replay` runs the engine over a trace on
/// a virtual clock; `check` validates a config. The daemon arrives with the X11 bridge.
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

            'replay' runs the real engine and config over a recorded or hand-written trace on \
            a virtual clock and prints what would happen, without touching any display: use it \
            to try a config before installing it, or to attach evidence to a bug report. \
            'check' validates a config file. 'monitor' shows live what the running daemon sees \
            and does; 'record' saves its live touches as a trace for 'replay'. 'devices', 'pick' \
            and 'doctor' help set it up: the touch devices and their monitors, a window's class \
            for a per-app binding, and what is wrong with the setup.

            The config is read from $XDG_CONFIG_HOME/gesturebridge/config.yaml, falling back \
            to /etc/xdg/gesturebridge/config.yaml. See gesturebridge(1).
            """,
        version: GestureBridge.version,
        subcommands: [RunCommand.self, CheckCommand.self, ReplayCommand.self, DevicesCommand.self, PickCommand.self,
                      DoctorCommand.self, MonitorCommand.self, RecordCommand.self, BenchCommand.self]
    )
}

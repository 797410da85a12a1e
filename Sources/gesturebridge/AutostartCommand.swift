import GestureConfig

/// `gesturebridge autostart`: what the XDG autostart entry runs at login.
struct AutostartCommand: Subcommand {
    static let name = "autostart"
    static let abstract = "Start GestureBridge for this login (what the XDG autostart entry runs)."
    static let discussion = """
        With a systemd user manager: the first time, applies the systemd preset to \
        gesturebridge.service, which enables it for this user (a system-wide install ships the \
        preset rather than enabling the unit for everyone, so that 'systemctl --user disable \
        gesturebridge' is each user's to make, and stays); then, if the service is enabled, \
        passes DISPLAY and XAUTHORITY to the user manager and starts it. A disabled service \
        is left alone. Without a systemd user manager it runs the daemon itself, as 'run'. \
        In a Wayland session it does nothing and exits 0.
        """

    static let parameters: [CommandParameter] = []

    init(_ arguments: ParsedArguments) {}

    func run() throws {
        let autostart = Autostart(environment: ProcessEnvironment.current)
        switch autostart.perform() {
        case .wayland(let session):
            print("gesturebridge: not starting: \(session.summary)")
        case .started:
            print("gesturebridge: started \(Autostart.unit) (systemctl --user status gesturebridge)")
        case .disabled(let state):
            print(
                "gesturebridge: \(Autostart.unit) is \(state) for this user; "
                    + "to start it with every login: systemctl --user enable --now gesturebridge")
        case .failed(let message):
            printError("gesturebridge: \(message); starting the daemon directly instead")
            fallthrough
        case .runDaemon:
            try RunCommand().run()
        }
    }
}

import Foundation
import TestSupport

/// A real Xorg for tests: the dummy video driver and inputtest devices fed through Unix sockets.
///
/// Every X11 test shares this one harness. It writes a server config into a
/// fresh temporary directory, starts `Xorg -displayfd`, and stops the server
/// (and removes the directory) on `stop()`. It needs root, as Xorg does on
/// these machines; a test that cannot start it fails with the reason, it
/// never skips. A server that dies under a test fails that test alone (`TestServerLoss`).
final class XServer: @unchecked Sendable {
    /// An inputtest device the server is configured with.
    enum Device: String, CaseIterable, Sendable {
        case touchscreen, touchpad, keyboard
        /// A relative pointer: a mouse.
        case mouse
        /// An absolute pointer without touches: a pen (a stylus, a tablet).
        case pen

        /// The devices a server has unless a test asks for others.
        static let standard: [Device] = [.touchscreen, .touchpad, .keyboard]

        var driverType: String {
            switch self {
            case .touchscreen: "Touch"
            case .touchpad: "PointerGesture"
            case .keyboard: "Keyboard"
            case .mouse: "Pointer"
            case .pen: "PointerAbsolute"
            }
        }
    }

    enum StartError: Error, CustomStringConvertible {
        case xorgMissing
        case failed(String)
        var description: String {
            switch self {
            case .xorgMissing: "Xorg is not installed: .ci/run installs xserver-xorg-core and xserver-xorg-video-dummy"
            case .failed(let why): "Xorg did not start: \(why)"
            }
        }
    }

    let directory: URL
    let display: String
    let process: Process
    let devices: [Device]

    /// The socket that feeds one inputtest device.
    func socketPath(_ device: Device) -> String {
        directory.appendingPathComponent("\(device.rawValue).sock").path
    }

    /// The server's log, the first place to look when an event does not arrive.
    var logPath: String { directory.appendingPathComponent("Xorg.log").path }

    /// Starts a server with the given devices on a free display.
    static func start(devices: [Device] = Device.standard, width: Int = 1920, height: Int = 1080) throws -> XServer {
        let xorg = ["/usr/lib/xorg/Xorg", "/usr/bin/Xorg"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let xorg else { throw StartError.xorgMissing }
        TestServerLoss.install()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gesturebridge-x-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("xorg.conf")
        try configuration(devices: devices, directory: directory, width: width, height: height)
            .write(to: config, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: xorg)
        process.arguments = [
            "-config", config.path, "-noreset", "-nolisten", "tcp",
            "-logfile", directory.appendingPathComponent("Xorg.log").path, "-displayfd", "1"
        ]
        let displayPipe = Pipe.closingOnExec()
        process.standardOutput = displayPipe
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()

        // Xorg writes the display number and a newline to -displayfd once it accepts clients.
        var number = ""
        let deadline = Date().addingTimeInterval(20)
        while !number.hasSuffix("\n") {
            guard Date() < deadline, process.isRunning else {
                process.terminate()
                let log = (try? String(contentsOf: directory.appendingPathComponent("Xorg.log"), encoding: .utf8)) ?? ""
                throw StartError.failed("no display number within 20 s; log tail:\n\(log.suffix(1500))")
            }
            let data = displayPipe.fileHandleForReading.availableData
            if data.isEmpty { continue }
            number += String(decoding: data, as: UTF8.self)
        }
        let server = XServer(
            directory: directory, display: ":" + number.trimmingCharacters(in: .whitespacesAndNewlines),
            process: process, devices: devices)
        TestServerLoss.watch(server.display, log: server.logPath)
        GenericEventAnchor.hold(server.display)
        return server
    }

    private init(directory: URL, display: String, process: Process, devices: [Device]) {
        self.directory = directory
        self.display = display
        self.process = process
        self.devices = devices
    }

    /// Stops the server and removes its directory, and its socket if no server answers there.
    ///
    /// Xorg may hold SIGTERM blocked for seconds (it retries D-Bus on these
    /// machines), so after 3 s it gets SIGKILL: a test server has nothing to save.
    /// A server that exits removes its own socket; one that was killed leaves it (with
    /// `-displayfd` it writes no lock file). The socket is removed here only when nothing
    /// listens on it: by then another suite's new server may have taken the same display
    /// number, and its socket is not ours to remove.
    func stop() {
        TestServerLoss.expectLoss(of: display)
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(3)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let socket = "/tmp/.X11-unix/X\(display.dropFirst())"
        if FileManager.default.fileExists(atPath: socket), !Self.isListening(socket) {
            try? FileManager.default.removeItem(atPath: socket)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Whether a server accepts connections on the Unix socket at `path` (a refused or failed
    /// connection: a socket its server left behind).
    static func isListening(_ path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return connected == 0
    }

    deinit {
        stop()
    }

    static func configuration(devices: [Device], directory: URL, width: Int, height: Int) -> String {
        var text = """
            Section "ServerFlags"
              Option "AutoAddDevices" "false"
              Option "AutoEnableDevices" "false"
            EndSection
            Section "Device"
              Identifier "dummy"
              Driver "dummy"
              VideoRam 256000
            EndSection
            Section "Monitor"
              Identifier "monitor"
              HorizSync 5.0 - 1000.0
              VertRefresh 5.0 - 200.0
              Modeline "1920x1080" 148.50 1920 2008 2052 2200 1080 1084 1089 1125 +Hsync +Vsync
            EndSection
            Section "Screen"
              Identifier "screen"
              Device "dummy"
              Monitor "monitor"
              DefaultDepth 24
              SubSection "Display"
                Depth 24
                Modes "\(width)x\(height)"
              EndSubSection
            EndSection

            """
        for device in devices {
            text += """
                Section "InputDevice"
                  Identifier "\(device.rawValue)"
                  Driver "inputtest"
                  Option "SocketPath" "\(directory.appendingPathComponent("\(device.rawValue).sock").path)"
                  Option "DeviceType" "\(device.driverType)"
                \(device == .touchscreen ? "  Option \"TouchCount\" \"10\"\n" : "")EndSection

                """
        }
        text += "Section \"ServerLayout\"\n  Identifier \"layout\"\n  Screen \"screen\"\n"
        for device in devices {
            text += "  InputDevice \"\(device.rawValue)\"\(device == .keyboard ? " \"CoreKeyboard\"" : "")\n"
        }
        text += "EndSection\n"
        return text
    }
}

import Foundation
import GestureConfig
import GestureRuntime
import GestureEngine
import GestureReplay
import Glibc
import TestCredentials
import Testing
@testable import gesturebridge
import JSON
@testable import ControlStreams

/// The control socket on real Unix sockets, driven the way the daemon's poll loop drives it.
@Suite(.serialized) final class ControlServerTests {
    let directory: URL
    let paths: RuntimePaths

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-ctl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        paths = RuntimePaths(environment: ["XDG_RUNTIME_DIR": directory.path])
    }

    /// Each test's folder goes with it (the peer tests open theirs to everyone).
    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    static let status = ControlStatus(
        display: ":5", configPath: "/home/u/config.yaml", bindings: 2,
        scene: SceneDescription(width: 800, height: 600))

    /// One turn of the daemon's loop: poll (up to `timeout` ms), then handle what it reported.
    static func turn(_ server: ControlServer, timeout: Int32 = 2000, now: Double = 50) {
        server.flush()
        var fds: [pollfd] = []
        server.appendPollDescriptors(to: &fds)
        _ = poll(&fds, nfds_t(fds.count), timeout)
        server.handle(fds[...], now: now, status: status)
    }

    /// A tool's end: connects and sends `request`.
    static func connect(_ server: ControlServer, request: String) throws -> Int32 {
        let fd = try UnixSocket.connect(to: server.path).get()
        _ = Glibc.send(fd, request + "\n", request.utf8.count + 1, Int32(MSG_NOSIGNAL))
        return fd
    }

    /// Reads until `lines` whole lines have arrived, or EOF; turns the server meanwhile so it can send.
    static func read(_ fd: Int32, lines wanted: Int = .max, turning server: ControlServer? = nil) -> [String] {
        var text = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(5)
        while text.filter({ $0 == 10 }).count < wanted, Date() < deadline {
            if let server { turn(server, timeout: 0) }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 10) == 1 else { continue }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { break }
            text += chunk[..<count]
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    @Test func aMonitorIsGreetedThenStreamedAndNothingIsBuiltWhileNoToolListens() throws {
        let server = try ControlServer(paths: paths, display: ":5")
        defer { server.close() }
        var built = 0
        func event() -> ControlEvent {
            built += 1
            return ControlStreamTests.touch(1, .began, 10, 20, at: 50.5)
        }
        server.publish(event())
        #expect(built == 0, "no tool: the event is not even built")

        let fd = try Self.connect(server, request: "monitor")
        defer { close(fd) }
        Self.turn(server)  // accept
        Self.turn(server)  // the request
        #expect(server.isObserved)
        server.publish(event())
        #expect(built == 1)
        let lines = Self.read(fd, lines: 3, turning: server)
        let hello = try JSONValue(parsing: try #require(lines.first))
        #expect(hello["display"] == .string(":5") && hello["config"] == .string("/home/u/config.yaml"))
        #expect(hello["pid"] == .number(Double(getpid())))
        #expect(Array(lines.dropFirst()) == ["   0.000  windows: none", "   0.500  touch 1 down (10, 20)"])
    }

    /// Issue 27: 16 connections that never sent a request locked every tool out for good.
    /// Connections that have not asked go first, the oldest of them; a real tool is served.
    @Test func connectionsThatNeverAskDoNotLockTheToolsOut() throws {
        let server = try ControlServer(paths: paths, display: ":5")
        defer { server.close() }
        var silent: [Int32] = []
        defer { silent.forEach { close($0) } }
        for _ in 0..<(ControlServer.maximumClients + 4) {
            silent.append(try UnixSocket.connect(to: server.path).get())
            Self.turn(server, timeout: 100)
        }
        let tool = try Self.connect(server, request: "monitor")
        defer { close(tool) }
        Self.turn(server)
        Self.turn(server)
        #expect(server.isObserved, "the tool was served")
        let lines = Self.read(tool, lines: 2, turning: server)
        #expect(lines.first?.hasPrefix("{") == true, "\(lines)")
        // The oldest silent ones were told why, and hung up.
        let first = Self.read(try #require(silent.first), turning: server)
        #expect(first == ["! too many connections waiting without a request; hung up the oldest"])
    }

    /// A connection has `requestDeadline` seconds to ask; then it is told so and hung up, and
    /// until then the loop has a deadline for it (and none once no connection waits).
    @Test func aConnectionThatDoesNotAskInTimeIsHungUp() throws {
        let server = try ControlServer(paths: paths, display: ":5")
        defer { server.close() }
        #expect(server.nextDeadline == nil)
        let fd = try UnixSocket.connect(to: server.path).get()
        defer { close(fd) }
        Self.turn(server, now: 50)
        #expect(server.nextDeadline == 50 + ControlServer.requestDeadline)
        Self.turn(server, timeout: 0, now: 51.9)
        #expect(server.nextDeadline != nil, "not yet late")
        Self.turn(server, timeout: 0, now: 52)
        #expect(server.nextDeadline == nil)
        let lines = Self.read(fd)
        #expect(lines.count == 1 && lines.first?.hasPrefix("! no request within 2 s: ") == true, "\(lines)")
    }

    /// The uid of the user "nobody": another local user, for the peer checks.
    static let otherUser: uid_t = 65534

    /// Another user's tool is hung up on unanswered, even with the directory and the socket
    /// opened to everyone: the kernel's record of the peer (SO_PEERCRED) decides, and not even
    /// the hello (the daemon's pid and config path) goes out.
    @Test(.enabled(if: getuid() == 0, "connecting as another user needs root"))
    func anotherUsersToolIsHungUpOnUnanswered() throws {
        let server = try ControlServer(paths: paths, display: ":5")
        defer { server.close() }
        let folder = (server.path as NSString).deletingLastPathComponent
        chmod(folder, 0o711)
        chmod(server.path, 0o666)
        let fd = gb_test_connect_as(server.path, Self.otherUser)
        try #require(fd >= 0, "connect as uid \(Self.otherUser): \(String(cString: strerror(errno)))")
        defer { close(fd) }
        _ = Glibc.send(fd, "monitor\n", 8, Int32(MSG_NOSIGNAL))
        Self.turn(server)
        Self.turn(server, timeout: 100)
        #expect(Self.read(fd, turning: server) == [], "hung up without a line")
        #expect(!server.isObserved)
        // Our own user's tool is still served.
        let own = try Self.connect(server, request: "monitor")
        defer { close(own) }
        Self.turn(server)
        Self.turn(server)
        #expect(server.isObserved)
    }

    /// A tool never talks to a process of another user listening at the socket's path: it says
    /// whose it is and sends nothing.
    @Test(.enabled(if: getuid() == 0, "listening as another user needs root"))
    func aToolRefusesAListenerOfAnotherUser() throws {
        let folder = directory.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o777)
        let path = folder.appendingPathComponent("0.sock").path
        let listener = gb_test_listen_as(path, Self.otherUser)
        try #require(listener >= 0, "listen as uid \(Self.otherUser): \(String(cString: strerror(errno)))")
        defer { close(listener) }
        switch UnixSocket.connect(to: path) {
        case .success(let fd):
            close(fd)
            Issue.record("connected to another user's listener")
        case .failure(let error):
            #expect(
                "\(error)".hasPrefix("the process listening at \(path) belongs to uid \(Self.otherUser), not to you"),
                "\(error)")
        }
    }

    @Test func aLineThatIsNoRequestIsAnsweredWithUsageAndHungUp() throws {
        let server = try ControlServer(paths: paths, display: ":5")
        defer { server.close() }
        let fd = try Self.connect(server, request: "follow\u{7}")
        defer { close(fd) }
        Self.turn(server)
        let lines = Self.read(fd, turning: server)
        #expect(
            lines == [
                #"! unknown request "follow\u0007": expected 'monitor [--json] [--moves]', 'record [--stroke]' or 'try [--act]'"#
            ])
        #expect(!server.isObserved)
    }

    @Test func aRecordingStartsWithTheHeaderOfTheSceneAtThatMoment() throws {
        let server = try ControlServer(paths: paths, display: ":5")
        defer { server.close() }
        let fd = try Self.connect(server, request: "record")
        defer { close(fd) }
        Self.turn(server)
        Self.turn(server)
        server.publish(ControlStreamTests.touch(4, .began, 10, 20, at: 51))
        let lines = Self.read(fd, lines: 3, turning: server)
        #expect(
            Array(lines.dropFirst()) == [
                #"{"screen": {"width": 800, "height": 600, "dpi": 96}}"#,
                #"{"t": 0, "touch": 4, "phase": "down", "x": 10, "y": 20}"#
            ])
    }

    @Test func aToolThatStopsReadingIsDroppedWithALastLineWhileTheServerNeverWaits() throws {
        let server = try ControlServer(paths: paths, display: ":5")
        defer { server.close() }
        let fd = try Self.connect(server, request: "monitor --moves")
        defer { close(fd) }
        Self.turn(server)
        Self.turn(server)
        _ = Self.read(fd, lines: 2)
        // The tool reads nothing more: the kernel's buffer fills, then the backlog.
        server.publish(ControlStreamTests.touch(1, .began, 0, 0, at: 50))
        var published = 0
        while server.isObserved && published < 100_000 {
            server.publish(ControlStreamTests.touch(1, .moved, Double(published % 1000), 0, at: 50))
            server.flush()
            published += 1
        }
        #expect(!server.isObserved, "dropped after \(published) moves")
        let lines = Self.read(fd, turning: server)
        #expect(
            lines.last == "! dropped: this client fell more than 256 KiB behind the daemon, which goes on without it")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("   0.000  touch 1 ") }, "every line before it is whole")
    }

    @Test func stoppingTellsEveryToolAndRemovesTheSocket() throws {
        let server = try ControlServer(paths: paths, display: ":5")
        let fd = try Self.connect(server, request: "monitor --json")
        defer { close(fd) }
        Self.turn(server)
        Self.turn(server)
        #expect(Self.read(fd, lines: 2).count == 2)
        server.close()
        #expect(Self.read(fd) == ["! the daemon is stopping"])
        #expect(access(server.path, F_OK) != 0, "the socket file is gone")
    }

    @Test func aStaleSocketIsReplacedButALiveOneIsLeftToItsDaemon() throws {
        let path = paths.socket(display: ":5")
        try paths.prepareDirectory()
        // A socket file nobody listens on, as a killed daemon leaves it.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = try UnixSocket.address(path)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        close(stale)
        let server = try ControlServer(paths: paths, display: ":5")
        defer { server.close() }
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "the socket is the user's alone")
        #expect(throws: ControlError.self) { try ControlServer(paths: paths, display: ":5.0") }
        #expect(access(path, F_OK) == 0, "the live socket stays")
    }

    @Test func theRuntimeDirectoryIsMadePrivateAndASymlinkIsRefused() throws {
        try paths.prepareDirectory()
        var info = stat()
        #expect(lstat(paths.directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
        let other = directory.appendingPathComponent("elsewhere")
        let linked = RuntimePaths(environment: ["XDG_RUNTIME_DIR": other.path])
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: linked.directory, withDestinationPath: directory.path)
        #expect(throws: ControlError.self) { try linked.prepareDirectory() }
    }
}

import Foundation
import GestureEngine
import Testing
@testable import GestureConfig
@testable import GestureRuntime
@testable import X11Bridge

/// Commands run as real processes: `/bin/sh -c`, environment only, never waited for.
@Suite("Spawning commands", .serialized)
final class CommandSpawnerTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gesturebridge-spawn-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static let context = ActionContext(
        gesture: "three-up", kind: .swipe, state: .ended, fingers: 3, location: Point(x: 412.4, y: 300.6),
        measurement: .swipe(direction: .up),
        window: WindowInfo(id: 0x1e00004, windowClass: "Firefox", instance: "Navigator", title: "Start page"))

    /// Reaps until `pid` has exited, polling against a deadline; nil if it is still running.
    static func waitForExit(_ spawner: CommandSpawner, _ pid: pid_t, timeout: Double = 5) -> CommandSpawner.Exit? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let reaped = spawner.reapChildren().first(where: { $0.pid == pid }) { return reaped.exit }
            usleep(5_000)
        }
        return nil
    }

    @Test func aCommandRunsAsARealProcessAndSeesTheGestureInItsEnvironment() throws {
        let spawner = CommandSpawner()
        let output = path("env")
        let pid = try spawner.spawn("env > '\(output)'", environment: CommandEnvironment.variables(for: Self.context))
        #expect(Self.waitForExit(spawner, pid) == .exited(0))
        let lines = Set(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init))
        for expected in [
            "GESTURE_NAME=three-up", "GESTURE_KIND=swipe", "GESTURE_STATE=ended", "GESTURE_FINGERS=3",
            "GESTURE_X=412", "GESTURE_Y=301", "GESTURE_DIRECTION=up", "GESTURE_SCALE=",
            "WINDOW_ID=31457284", "WINDOW_CLASS=Firefox", "WINDOW_INSTANCE=Navigator",
            "WINDOW_TITLE=Start page"
        ] {
            #expect(lines.contains(expected), "\(expected) in \(lines.sorted())")
        }
        #expect(lines.contains { $0.hasPrefix("PATH=") }, "the daemon's own environment is passed on")
        #expect(spawner.running.isEmpty)
    }

    @Test func aWindowTitleWithShellSyntaxIsNeverExecuted() throws {
        let spawner = CommandSpawner()
        let marker = path("pwned"), output = path("title")
        let title = "$(touch \(marker)) `touch \(marker)` \"; touch \(marker); echo ' \\"
        var context = Self.context
        context.window?.title = title
        let pid = try spawner.spawn(
            "printf '%s' \"$WINDOW_TITLE\" > '\(output)'",
            environment: CommandEnvironment.variables(for: context))
        #expect(Self.waitForExit(spawner, pid) == .exited(0))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == title)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func aSlowCommandDoesNotBlockTheCallerAndRunsInASessionOfItsOwn() throws {
        let spawner = CommandSpawner()
        let start = Date()
        let pid = try spawner.spawn("sleep 5")
        #expect(Date().timeIntervalSince(start) < 0.5)
        #expect(spawner.running == [pid])
        #expect(spawner.reapChildren().isEmpty, "still sleeping")
        #expect(getsid(pid) == pid, "POSIX_SPAWN_SETSID made it a session leader")
        kill(pid, SIGKILL)
        #expect(Self.waitForExit(spawner, pid) == .signaled(SIGKILL))
    }

    /// Waits (bounded) until the shell started with `exec sleep` has become `sleep` and sleeps:
    /// in its nanosleep call, past its start-up, which opens and closes files of its own (the
    /// locale archive), so its descriptors are then exactly what it inherited.
    static func waitUntilSleeping(_ pid: pid_t) {
        func isSleeping() -> Bool {
            let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
            let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8))?.split(separator: " ")
                .first
            // x86_64: clock_nanosleep is 230, nanosleep 35.
            return exe?.hasSuffix("/sleep") == true && (call == "230" || call == "35")
        }
        let deadline = Date().addingTimeInterval(15)
        while !isSleeping(), Date() < deadline { usleep(2_000) }
    }

    @Test func theChildInheritsNoDescriptorAndReadsDevNull() throws {
        let spawner = CommandSpawner()
        // A descriptor without close-on-exec, which a plain fork and exec would pass on.
        let leaked = open(path("leak"), O_CREAT | O_WRONLY, 0o600)
        #expect(leaked > 2)
        defer { close(leaked) }
        let pid = try spawner.spawn("exec sleep 5")
        defer {
            kill(pid, SIGKILL)
            _ = Self.waitForExit(spawner, pid)
        }
        // Once the shell has become `sleep`, its descriptors are exactly what it inherited.
        Self.waitUntilSleeping(pid)
        let directory = "/proc/\(pid)/fd"
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: directory).compactMap(Int32.init).sorted()
        #expect(descriptors == [0, 1, 2])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/0") == "/dev/null")
    }

    /// stdout and stderr go to /dev/null unless the config says `command-output: log`.
    @Test(arguments: [false, true])
    func theOutputIsDiscardedUnlessKept(keeps: Bool) throws {
        let spawner = CommandSpawner()
        spawner.keepsOutput = keeps
        let pid = try spawner.spawn("exec sleep 5")
        defer {
            kill(pid, SIGKILL)
            _ = Self.waitForExit(spawner, pid)
        }
        Self.waitUntilSleeping(pid)
        for fd in [1, 2] {
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")
            let ours = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
            #expect(target == (keeps ? ours : "/dev/null"), "descriptor \(fd)")
        }
    }

    @Test func withoutClosefromEveryDescriptorIsMarkedCloseOnExec() {
        let leaked = open(path("leak"), O_CREAT | O_WRONLY, 0o600)
        defer { close(leaked) }
        #expect(fcntl(leaked, F_GETFD) & FD_CLOEXEC == 0)
        CommandSpawner.markDescriptorsCloseOnExec()
        #expect(fcntl(leaked, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(STDERR_FILENO, F_GETFD) & FD_CLOEXEC == 0, "stdin, stdout and stderr stay")
    }

    @Test(arguments: [
        ("exit 3", CommandSpawner.Exit.exited(3)), ("kill -TERM $$", .signaled(SIGTERM)), ("true", .exited(0))
    ])
    func reapingReportsHowTheChildEnded(_ line: String, _ expected: CommandSpawner.Exit) throws {
        let spawner = CommandSpawner()
        let pid = try spawner.spawn(line)
        #expect(Self.waitForExit(spawner, pid) == expected)
    }

    @Test func reapingLeavesOtherChildrenAlone() throws {
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/true")
        try other.run()
        let spawner = CommandSpawner()
        let pid = try spawner.spawn("true")
        #expect(Self.waitForExit(spawner, pid) == .exited(0))
        other.waitUntilExit()
        #expect(other.terminationStatus == 0, "Foundation still reaped its own child")
    }
}

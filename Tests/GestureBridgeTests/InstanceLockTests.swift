import Foundation
import Glibc
import Testing
@testable import gesturebridge
import GestureEngine
import TestCredentials
import X11Bridge

/// The single-instance lock and the runtime paths, on a private runtime directory.
@Suite struct InstanceLockTests {
    static func runtime() throws -> (RuntimePaths, URL) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-lock-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (RuntimePaths(environment: ["XDG_RUNTIME_DIR": url.path]), url)
    }

    /// A display of this test's own: a host no test server has, so that its lock meets no daemon's.
    static func display(_ number: Int) -> String { "gb-test-\(UUID().uuidString.prefix(8)):\(number)" }

    @Test func aSecondLockOnTheSameDisplaySaysWhoHoldsTheFirst() throws {
        let (paths, url) = try Self.runtime()
        defer { try? FileManager.default.removeItem(at: url) }
        let display = Self.display(7)
        var first: InstanceLock? = try InstanceLock(display: display, paths: paths, origin: .systemd)
        #expect(InstanceLock.holder(display: display, paths: paths)?.pid == getpid())
        do {
            _ = try InstanceLock(display: display + ".0", paths: paths, origin: .terminal)
            Issue.record("a second lock on the same display was granted")
        } catch let error {
            guard case let .alreadyRunning(name, holder, lockPath) = error else {
                Issue.record("unexpected \(error)"); return
            }
            #expect(name == display + ".0")
            #expect(holder?.pid == getpid())
            #expect(holder?.origin == .systemd)
            #expect(lockPath == "@" + InstanceLock.abstractName(display: display))
            #expect(error.exitStatus == 3)
            #expect(error.description.contains("systemctl --user stop gesturebridge"))
        }
        // Another display is independent.
        let other = try InstanceLock(
            display: display.replacingOccurrences(of: ":7", with: ":8"), paths: paths, origin: .terminal)
        withExtendedLifetime(other) {}
        withExtendedLifetime(first) {}
        first = nil
        #expect(InstanceLock.holder(display: display, paths: paths) == nil, "closing the file drops the lock")
        _ = try InstanceLock(display: display, paths: paths, origin: .terminal)
    }

    /// Issue 10: a daemon started with another XDG_RUNTIME_DIR, or with DISPLAY=unix:N, was not
    /// stopped by the lock and ran beside the first.
    @Test(arguments: [(":4711", ":4711"), (":4712", "unix:4712"), ("unix:4713.0", ":4713")])
    func anotherRuntimeDirectoryOrSpellingOfTheDisplayIsStillTheSameDaemon(first: String, second: String) throws {
        let (paths, url) = try Self.runtime()
        let (otherPaths, otherURL) = try Self.runtime()
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: otherURL)
        }
        let lock = try InstanceLock(display: first, paths: paths, origin: .terminal)
        defer { withExtendedLifetime(lock) {} }
        #expect(RuntimePaths.fileName(display: second) == RuntimePaths.fileName(display: first))
        #expect {
            _ = try InstanceLock(display: second, paths: otherPaths, origin: .terminal)
        } throws: { error in
            guard let error = error as? DaemonError, case let .alreadyRunning(_, holder, _) = error else {
                return false
            }
            return holder?.pid == getpid() && error.exitStatus == InstanceLock.alreadyRunningStatus
        }
    }

    /// Issue 27: another user bound `@gesturebridge-UID-DISPLAY` first (anyone may bind any
    /// abstract name), and the daemon exited 3 for good, telling you to kill a process you
    /// cannot kill. Now only a process of ours stops it; another's is reported and ignored.
    @Test(
        .enabled(if: getuid() == 0, "binding a name as another user needs root"),
        arguments: [true, false])
    func anotherUsersHolderOfTheAbstractNameDoesNotStopTheDaemon(listening: Bool) throws {
        let (paths, url) = try Self.runtime()
        defer { try? FileManager.default.removeItem(at: url) }
        let display = Self.display(3)
        let squatter = gb_test_abstract_as(InstanceLock.abstractName(display: display), 65534, listening ? 1 : 0)
        try #require(squatter >= 0, "bind as uid 65534: \(String(cString: strerror(errno)))")
        defer { close(squatter) }
        let lock = try InstanceLock(display: display, paths: paths, origin: .terminal)
        #expect(lock.foreignHolder?.name == "@" + InstanceLock.abstractName(display: display))
        #expect(lock.foreignHolder?.peer?.uid == (listening ? 65534 : nil))
        #expect(lock.foreignHolder?.description.contains("not by one of your daemons") == true)
        #expect(InstanceLock.holder(display: display, paths: paths)?.pid == getpid())
        // The file lock still stops a second daemon of ours.
        #expect(throws: DaemonError.self) { _ = try InstanceLock(display: display, paths: paths, origin: .terminal) }
        withExtendedLifetime(lock) {}
    }

    @Test(arguments: [
        (
            "pid=42\norigin=terminal\nsince=2026-11-22 10:00:00\n",
            InstanceLock.Holder(pid: 42, origin: .terminal, since: "2026-11-22 10:00:00")
        ),
        ("pid=7\n", InstanceLock.Holder(pid: 7, origin: .session, since: "?")),
        ("origin=systemd\n", nil),
        ("garbage", nil)
    ])
    func holderFilesParseOrAreIgnored(text: String, holder: InstanceLock.Holder?) {
        #expect(InstanceLock.parse(text) == holder)
    }
}

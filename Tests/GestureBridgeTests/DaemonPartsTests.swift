import Foundation
import GestureConfig
import Glibc
import Logging
import Testing
import X11Bridge
@testable import gesturebridge
@testable import ControlStreams

/// The daemon's pieces that need no X server: config watching, reloading, signal flags.
@Suite(.serialized) struct DaemonPartsTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-daemon-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let good =
        "gestures:\n  - name: next\n    swipe: { fingers: 3, direction: left }\n    do: { desktop: next }\n"
    static let other =
        "gestures:\n  - name: back\n    swipe: { fingers: 2, direction: right }\n    do: { keys: alt+Left }\n"

    /// Waits (bounded) for inotify to report something, as the poll loop would.
    static func waitReadable(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 2000) == 1
    }

    @Test(arguments: ["write in place", "editor renames a new file over it", "delete and recreate"])
    func aChangeToTheConfigFileArmsADebouncedReload(how: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.yaml")
        try Self.good.write(to: file, atomically: false, encoding: .utf8)
        let watcher = try ConfigWatcher(path: file.path)
        switch how {
        case "write in place":
            try Self.other.write(to: file, atomically: false, encoding: .utf8)
        case "editor renames a new file over it":
            let swap = directory.appendingPathComponent(".config.yaml.swp")
            try Self.other.write(to: swap, atomically: false, encoding: .utf8)
            #expect(rename(swap.path, file.path) == 0)
        default:
            try FileManager.default.removeItem(at: file)
            try Self.other.write(to: file, atomically: false, encoding: .utf8)
        }
        #expect(Self.waitReadable(watcher.fileDescriptor))
        watcher.readEvents(now: 10)
        #expect(watcher.reloadDeadline == 10 + ConfigWatcher.debounce)
        #expect(!watcher.takeDueReload(now: 10.1))
        #expect(watcher.takeDueReload(now: 10.2))
        #expect(!watcher.takeDueReload(now: 11), "taken once")
    }

    @Test func otherFilesInTheDirectoryAreIgnored() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.yaml")
        try Self.good.write(to: file, atomically: false, encoding: .utf8)
        let watcher = try ConfigWatcher(path: file.path)
        try "x".write(to: directory.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        #expect(Self.waitReadable(watcher.fileDescriptor))
        watcher.readEvents(now: 1)
        #expect(watcher.reloadDeadline == nil)
    }

    /// A shape saved into `strokes/` (as `record --stroke` renames it in) reloads the config, also
    /// when the folder appears after the daemon started; its temporary file and other files do not.
    @Test(arguments: [true, false])
    func aStrokeTemplateSavedBesideTheConfigArmsAReload(folderExistsAtStart: Bool) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.yaml")
        try Self.good.write(to: file, atomically: false, encoding: .utf8)
        let strokes = directory.appendingPathComponent("strokes")
        if folderExistsAtStart {
            try FileManager.default.createDirectory(at: strokes, withIntermediateDirectories: false)
        }
        let watcher = try ConfigWatcher(path: file.path)
        if !folderExistsAtStart {
            try FileManager.default.createDirectory(at: strokes, withIntermediateDirectories: false)
            #expect(Self.waitReadable(watcher.fileDescriptor))
            watcher.readEvents(now: 1)
            #expect(watcher.takeDueReload(now: 2), "the folder appearing reloads: it may hold templates")
        }
        let temporary = strokes.appendingPathComponent("spiral.yaml.gesturebridge-record")
        try "samples: []\n".write(to: temporary, atomically: false, encoding: .utf8)
        try "notes".write(to: strokes.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        #expect(Self.waitReadable(watcher.fileDescriptor))
        watcher.readEvents(now: 5)
        #expect(watcher.reloadDeadline == nil, "the temporary file and other files are not templates")
        #expect(rename(temporary.path, strokes.appendingPathComponent("spiral.yaml").path) == 0)
        #expect(Self.waitReadable(watcher.fileDescriptor))
        watcher.readEvents(now: 10)
        #expect(watcher.reloadDeadline == 10 + ConfigWatcher.debounce)
    }

    @Test func aBadReloadKeepsTheLastGoodConfig() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.yaml")
        try Self.good.write(to: file, atomically: false, encoding: .utf8)
        let reloader = try ConfigReloader(path: file.path, logger: Logger(label: "test"))
        #expect(reloader.current.allBindings.map(\.name) == ["next"])
        try "gestures:\n  - name: next\n    swipe: { fingrs: 3 }\n".write(to: file, atomically: false, encoding: .utf8)
        let bad = Self.reloadAndWait(reloader)
        #expect(bad?.configuration == nil)
        guard case .failed(let errors) = bad?.outcome else {
            Issue.record("a bad reload is reported as failed: \(String(describing: bad?.outcome))")
            return
        }
        #expect(errors.count == 1 && errors[0].contains(":3:14: unknown key 'fingrs' in swipe"), "\(errors)")
        #expect(reloader.current.allBindings.map(\.name) == ["next"], "the last good config stays")
        try Self.other.write(to: file, atomically: false, encoding: .utf8)
        let good = Self.reloadAndWait(reloader)
        #expect(good?.configuration?.allBindings.map(\.name) == ["back"])
        #expect(good?.outcome == .applied(bindings: 1))
        #expect(reloader.current.allBindings.map(\.name) == ["back"])
    }

    /// A reload runs on its own thread: the loop goes on meanwhile, and a reload asked for
    /// while one runs follows it, so the last edit wins.
    @Test func aReloadRunsBesideTheLoopAndTheLastEditWins() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.yaml")
        try Self.good.write(to: file, atomically: false, encoding: .utf8)
        let reloader = try ConfigReloader(path: file.path, logger: Logger(label: "test"))
        // A FIFO in the file's place would have hung a reload on the loop.
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        reloader.reload()
        #expect(reloader.isReloading)
        #expect(Self.waitReadable(reloader.fileDescriptor))
        #expect(reloader.finish()?.configuration == nil, "a FIFO is refused, the old config stays")
        #expect(reloader.current.allBindings.map(\.name) == ["next"])
        try FileManager.default.removeItem(at: file)
        try Self.good.write(to: file, atomically: false, encoding: .utf8)
        reloader.reload()
        try Self.other.write(to: file, atomically: false, encoding: .utf8)
        reloader.reload()
        var last: Configuration?
        while reloader.isReloading, Self.waitReadable(reloader.fileDescriptor) {
            last = reloader.finish()?.configuration ?? last
        }
        #expect(last?.allBindings.map(\.name) == ["back"])
        #expect(reloader.current.allBindings.map(\.name) == ["back"])
    }

    /// Starts a reload and waits (bounded) for it, as the loop would.
    static func reloadAndWait(_ reloader: ConfigReloader) -> (configuration: Configuration?, outcome: ReloadOutcome)? {
        reloader.reload()
        guard waitReadable(reloader.fileDescriptor) else { return nil }
        return reloader.finish()
    }

    /// Takes flags as the loop would, until `wanted` has all arrived or 2 s pass.
    static func collect(until wanted: (SignalFlags.Pending) -> Bool) -> SignalFlags.Pending {
        var seen = SignalFlags.Pending()
        let deadline = Date().addingTimeInterval(2)
        while !wanted(seen), Date() < deadline {
            _ = waitReadable(SignalFlags.readFD)
            let taken = SignalFlags.take()
            seen.reload = seen.reload || taken.reload
            seen.terminate = seen.terminate || taken.terminate
            seen.childExited = seen.childExited || taken.childExited
        }
        return seen
    }

    @Test func signalsOnlySetFlagsAndWakeThePollLoop() throws {
        try SignalFlags.install()
        defer { SignalFlags.uninstall() }
        _ = SignalFlags.take()
        kill(getpid(), SIGHUP)
        kill(getpid(), SIGCHLD)
        let first = Self.collect { $0.reload && $0.childExited }
        #expect(first == SignalFlags.Pending(reload: true, terminate: false, childExited: true))
        #expect(SignalFlags.take() == SignalFlags.Pending(), "taken once")
        kill(getpid(), SIGTERM)
        #expect(Self.collect { $0.terminate }.terminate, "SIGTERM is a flag for the loop, not an exit")
    }
}

/// A failed reload is a desktop notification where gdbus and a session bus are; elsewhere the log says why not.
@Suite struct DesktopNotifierTests {
    /// Keeps every message logged through it.
    final class Recorder: LogHandler, @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [String] = []
        var messages: [String] { lock.withLock { kept } }
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            lock.withLock { kept.append("\(event.level): \(event.message)") }
        }
    }

    @Test(arguments: [
        (["PATH": "/nonexistent", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"], "gdbus is not installed"),
        (["PATH": "/usr/bin:/bin"], "the session has no D-Bus session bus")
    ])
    func withoutANotifierTheLogSaysWhy(environment: [String: String], reason: String) {
        let recorder = Recorder()
        let logger = Logger(label: "test") { _ in recorder }
        let notifier = DesktopNotifier(environment: environment, spawner: CommandSpawner(), logger: logger)
        #expect(notifier.gdbus == nil)
        notifier.configFailed(path: "/home/me/.config/gesturebridge/config.yaml", errors: ["config.yaml:1:1: oops"])
        #expect(
            recorder.messages.contains { $0.hasPrefix("warning: no desktop notification") && $0.contains(reason) },
            "\(recorder.messages)")
    }
}

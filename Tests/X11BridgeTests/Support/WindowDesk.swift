import CX11
import Foundation
import GestureConfig
import GestureRuntime
import GestureEngine
import Testing
@testable import X11Bridge

/// A window tracker on its own connection, plus a second connection that moves windows as another client would.
struct WindowDesk {
    struct Timeout: Error, CustomStringConvertible {
        var waitingFor: String
        var last: SceneDescription
        var description: String {
            "window tracker: timed out waiting for \(waitingFor); last scene: "
                + last.windows.map { "\($0.info.instance)/\($0.info.windowClass) '\($0.info.title)' \($0.frame)" }
                .joined(separator: ", ") + " active \(String(describing: last.activeWindow))"
        }
    }

    let server: XServer
    let connection: X11Connection
    let tracker: WindowTracker
    /// The "other client" that raises, moves and renames windows.
    let mover: X11Connection

    init() throws {
        server = try XServer.shared()
        connection = try X11Connection.toTestServer(server.display)
        tracker = WindowTracker(connection: connection)
        mover = try X11Connection.toTestServer(server.display)
    }

    /// Feeds the tracker the events it receives until the scene satisfies `predicate`, or throws at the deadline.
    ///
    /// It waits on the connection's descriptor with `poll(2)`, never a fixed sleep, and
    /// reads the scene only through `tracker.scene`: a change the events do not report
    /// is never seen.
    @discardableResult
    func waitForScene(
        _ what: String, timeout: Double = 15,
        until predicate: (SceneDescription) -> Bool
    ) throws -> SceneDescription {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            tracker.processPendingEvents()
            let scene = tracker.scene
            if predicate(scene) { return scene }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Timeout(waitingFor: what, last: scene) }
            var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(remaining, 0.2) * 1000))
        }
    }

    /// The windows of the scene that belong to these clients, in scene order.
    static func ids(_ scene: SceneDescription, among clients: [TestClient]) -> [UInt64] {
        let wanted = Set(clients.map(\.window))
        return scene.windows.map(\.info.id).filter(wanted.contains)
    }

    /// Does something to a window from the other connection and flushes it.
    func act(_ body: (OpaquePointer) -> Void) {
        body(mover.display)
        #expect(mover.sync().isEmpty, "no X errors")
    }

    /// A CARDINAL property of the root, read through the other connection.
    func rootCardinal(_ name: String) -> UInt64? {
        let display = mover.display
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, Window(mover.root.rawValue), XInternAtom(display, name, 0), 0, 1, 0,
            Atom(XA_CARDINAL), &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 32, count == 1, let data else { return nil }
        return UInt64(UInt(bitPattern: data.withMemoryRebound(to: Int.self, capacity: 1) { $0.pointee }))
    }

    /// The top-level window above a client (the frame under a reparenting window manager).
    func topLevel(of window: UInt64) -> UInt64 {
        var current = Window(window)
        while true {
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(mover.display, current, &root, &parent, &children, &count) != 0 else { return 0 }
            if let children { XFree(children) }
            if parent == root { return UInt64(current) }
            current = parent
        }
    }
}

/// openbox, the reparenting window manager, run on the test server for one test.
final class Openbox {
    let process = Process()

    /// The openbox of each test server, started once, so that only the suite's first
    /// clients meet an openbox that is starting up (they are mapped before it starts).
    nonisolated(unsafe) private static var running: [String: Openbox] = [:]
    private static let lock = NSLock()

    /// The server's openbox, started on first use and waited for until it manages windows.
    static func shared(on desk: WindowDesk) throws -> Openbox {
        let openbox = try lock.withLock {
            if let openbox = running[desk.server.display], openbox.process.isRunning { return openbox }
            let openbox = try Openbox(display: desk.server.display)
            running[desk.server.display] = openbox
            return openbox
        }
        let (tracker, pid) = (desk.tracker, openbox.process.processIdentifier)
        try desk.waitForScene("openbox running (its _OPENBOX_PID) and listing clients", timeout: 10) { _ in
            desk.rootCardinal("_OPENBOX_PID") == UInt64(pid) && tracker.clientListSource == .windowManager
        }
        return openbox
    }

    /// Its HOME, removed on `stop`: openbox writes its log to `~/.cache/openbox`, which was the
    /// real home's until `.ci/run` listed the home before and after a run.
    let home: PrivateHome

    private init(display: String) throws {
        home = try PrivateHome("openbox")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        process.arguments = ["--sm-disable"]
        process.environment = home.environment(display: display)
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
    }

    /// Kills openbox and reaps it.
    ///
    /// SIGKILL, because openbox inherits the test runner's blocked SIGTERM. An openbox
    /// that is never stopped exits with its server.
    func stop() {
        defer { home.remove() }
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}

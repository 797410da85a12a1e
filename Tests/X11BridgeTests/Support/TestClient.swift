import Foundation
import TestSupport

/// A real X client window that records what it receives: `x11-test-client`, run as a child process.
///
/// The client prints one JSON line per event (see `Sources/x11-test-client/main.c`);
/// a reader thread parses them into `events`. Waits poll that list against a
/// deadline, never a fixed sleep. `sync()` is the barrier for negative checks: once
/// it returns, `events` holds everything the server sent the client before the call.
final class TestClient: @unchecked Sendable {
    /// One line the client printed: an X event it received, `ready`, `mark` or `error`.
    struct Event: Decodable, Sendable, CustomStringConvertible {
        /// CLOCK_MONOTONIC in microseconds when the client read the event (`monotonicMicroseconds()`).
        var t: Int64
        /// `TouchBegin`, `TouchUpdate`, `TouchEnd`, `TouchOwnership`, `KeyPress`, `KeyRelease`,
        /// `ButtonPress`, `ButtonRelease`, `FocusIn`, `FocusOut`, `MapNotify`, `UnmapNotify`,
        /// `DeleteWindow`, `GesturePinchBegin/Update/End`, `GestureSwipeBegin/Update/End`,
        /// `ready`, `mark` or `error`.
        var type: String
        var window: UInt64?
        /// Touch id (touch events), finger count (gestures) or focus detail.
        var detail: Int?
        var flags: Int?
        var device: Int?
        var source: Int?
        var root_x: Double?
        var root_y: Double?
        var event_x: Double?
        var event_y: Double?
        var state: UInt32?
        var time: UInt64?
        var keycode: Int?
        /// XKeysymToString(XLookupKeysym(event, 0)).
        var keysym: String?
        /// The keysym XLookupString gives with the event's modifiers.
        var lookup: String?
        var button: Int?
        var mode: Int?
        var delta_x: Double?
        var delta_y: Double?
        var scale: Double?
        var delta_angle: Double?
        var value: Int64?
        /// What XGrabKeyboard returned (`grab`).
        var status: Int?
        var code: Int?
        var message: String?

        var description: String {
            var text = type
            if let detail { text += " detail=\(detail)" }
            if let root_x, let root_y { text += " root=(\(root_x), \(root_y))" }
            if let keysym { text += " keysym=\(keysym)" }
            if let button { text += " button=\(button)" }
            if let message { text += " \(message)" }
            return text
        }
    }

    /// Options of the client (its command-line flags).
    enum Flag: String, Sendable {
        /// Select XI2 TouchBegin/Update/End on the window.
        case selectTouch = "--select-touch"
        /// Also select XI_TouchOwnership.
        case ownership = "--ownership"
        /// Select XI 2.4 pinch and swipe gesture events on the root window.
        case rootGestures = "--root-gestures"
        /// Focus the window once mapped.
        case focus = "--focus"
        /// Keep the focus on a 1×1 child, as GTK and Java do (GDK's focus window, AWT's FocusProxy).
        case focusChild = "--focus-child"
        /// No window: grab touches on the root and never decide (a daemon to kill mid-gesture).
        case grabTouches = "--grab-touches"
    }

    struct Timeout: Error, CustomStringConvertible {
        var waitingFor: String
        var received: [Event]
        var description: String {
            "test client: timed out waiting for \(waitingFor); received: "
                + received.map(\.description).joined(separator: ", ")
        }
    }

    let process: Process
    /// The client's top-level window (0 with `.grabTouches`).
    private(set) var window: UInt64 = 0
    private let input: FileHandle
    private let condition = NSCondition()
    private var received: [Event] = []
    private var isFinished = false
    private var nextMark: Int64 = 1

    /// Every line the client printed so far, in order.
    var events: [Event] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// A full-screen client that selects touches and has the keyboard focus, as most daemon tests need.
    static func launchFocused(display: String) throws -> TestClient {
        let client = try launch(display: display, flags: [.selectTouch, .focus])
        do {
            try client.waitForEvent("FocusIn") { $0.type == "FocusIn" }
        } catch {
            client.kill()
            throw error
        }
        return client
    }

    /// Starts the client on `display` and waits for its `ready` line (window mapped, grab made).
    static func launch(
        display: String, instance: String = "testclient", className: String = "TestClient",
        title: String = "Test client", frame: (x: Int, y: Int, width: Int, height: Int) = (0, 0, 1920, 1080),
        flags: [Flag] = [.selectTouch], timeout: Double = 10
    ) throws -> TestClient {
        let process = Process()
        process.executableURL = executableURL()
        process.arguments =
            [
                display, instance, className, title,
                String(frame.x), String(frame.y), String(frame.width), String(frame.height)
            ]
            + flags.map(\.rawValue)
        let output = Pipe.closingOnExec(), input = Pipe.closingOnExec()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let client = TestClient(
            process: process, output: output.fileHandleForReading, input: input.fileHandleForWriting)
        let ready = try client.waitForEvent("ready", timeout: timeout) { $0.type == "ready" }
        client.window = ready.window ?? 0
        return client
    }

    private init(process: Process, output: FileHandle, input: FileHandle) {
        self.process = process
        self.input = input
        let thread = Thread { [weak self] in
            var pending = Data()
            while true {
                let chunk = output.availableData
                guard let self else { return }
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = pending[pending.startIndex..<newline]
                    pending = Data(pending[pending.index(after: newline)...])
                    if let event = try? JSONDecoder().decode(Event.self, from: line) { self.append(event) }
                }
            }
            self?.finish()
        }
        thread.start()
    }

    deinit {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    private func append(_ event: Event) {
        condition.lock()
        received.append(event)
        condition.broadcast()
        condition.unlock()
    }

    private func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `count` events match, and returns them; the events need not be new.
    @discardableResult
    func waitForEvents(
        _ what: String, count: Int, timeout: Double = 15,
        where predicate: (Event) -> Bool
    ) throws -> [Event] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let matching = received.filter(predicate)
            if matching.count >= count { return Array(matching.prefix(count)) }
            if isFinished || !condition.wait(until: deadline) {
                throw Timeout(waitingFor: what + (isFinished ? " (the client exited)" : ""), received: received)
            }
        }
    }

    /// Waits for the first event that matches.
    @discardableResult
    func waitForEvent(_ what: String, timeout: Double = 15, where predicate: (Event) -> Bool) throws -> Event {
        try waitForEvents(what, count: 1, timeout: timeout, where: predicate)[0]
    }

    /// A barrier: returns once `events` holds every event the server sent the client before this call.
    ///
    /// The client XSyncs (a round trip, so the server's earlier events are in its queue),
    /// prints them all, then prints a mark; this waits for that mark.
    func sync(timeout: Double = 15) throws {
        let mark = nextMark
        nextMark += 1
        try send("mark \(mark)")
        try waitForEvent("mark \(mark)", timeout: timeout) { $0.type == "mark" && $0.value == mark }
    }

    /// Asks the client to focus its window (XSetInputFocus).
    func focus() throws {
        try send("focus")
    }

    /// Grabs the keyboard (XGrabKeyboard on its window), as a screen locker or an open menu does.
    func grabKeyboard() throws {
        try grab("keyboard", call: "XGrabKeyboard")
    }

    /// Grabs the pointer (XGrabPointer on its window), as an open menu or a drag does.
    func grabPointer() throws {
        try grab("pointer", call: "XGrabPointer")
    }

    /// Lets the pointer go (XUngrabPointer).
    func ungrabPointer() throws {
        try send("ungrab-pointer")
        try sync()
    }

    private func grab(_ device: String, call: String) throws {
        let earlier = events.filter { $0.type == "grab" }.count
        try send("grab-\(device)")
        let grab = try waitForEvents("the \(device) grab", count: earlier + 1) { $0.type == "grab" }.last
        guard grab?.status == 0 else {
            throw NSError(
                domain: "TestClient", code: 2,
                userInfo: [
                    NSLocalizedDescriptionKey: "\(call) returned \(grab?.status.map(String.init) ?? "nothing")"
                ])
        }
    }

    /// Lets the keyboard go (XUngrabKeyboard).
    func ungrabKeyboard() throws {
        try send("ungrab-keyboard")
        try sync()
    }

    private func send(_ command: String) throws {
        try input.write(contentsOf: Data((command + "\n").utf8))
    }

    /// The events of one type, in order.
    func events(ofType type: String) -> [Event] {
        events.filter { $0.type == type }
    }

    /// Forgets the events received so far, so the next waits see only new ones.
    func clear() {
        condition.lock()
        received.removeAll()
        condition.unlock()
    }

    /// Sends a signal to the client (SIGKILL for a crashed daemon) and reaps it; SIGKILL after 3 s.
    func kill(_ signal: Int32 = SIGTERM) {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(3)
        condition.lock()
        while !isFinished, condition.wait(until: deadline) {}
        condition.unlock()
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// CLOCK_MONOTONIC in microseconds: the clock of the client's `t` field.
    static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
    }

    /// `x11-test-client`, built next to the test bundle (`swift build` puts every product in one directory).
    static func executableURL() -> URL {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let beside = bundle.appendingPathComponent("x11-test-client")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        // Fallback: the package's own debug build directory.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return package.appendingPathComponent(".build/debug/x11-test-client")
    }
}

import CX11
import Foundation
import GestureConfig
import GestureEngine
import GestureReplay
import Glibc
import Testing
@testable import X11Bridge

/// Whether the applications and tools `RealApplicationTests` runs are installed (outside the
/// suite: its trait cannot refer to the suite itself).
enum RealApplications {
    static let executables = [
        "/usr/bin/evince", "/usr/bin/gnome-text-editor", "/usr/bin/kwrite", "/usr/bin/okular", "/usr/bin/python3",
        "/usr/bin/dbus-daemon",
        "/usr/bin/dbus-send", "/usr/bin/openbox", "/usr/bin/xfwm4"
    ]
    static var installed: Bool { executables.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) } }
    /// The two browsers the page is shown in.
    static var hasBrowsers: Bool {
        ["/usr/bin/chromium", "/usr/bin/firefox-esr"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }
    /// A JDK: javac for the Swing window's one source file, java to run it.
    static var hasJava: Bool {
        ["/usr/bin/javac", "/usr/bin/java"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Issue 40: applications people run, from Debian, under openbox (the keys also under xfwm4),
/// with the daemon running the shipped config and without it. Real recordings of one and two
/// fingers, played on the test touchscreen as the hands made them, must leave each application
/// in the state they leave it in without the daemon, read from the application itself over AT-SPI
/// (`Support/atspi_state.py`): Evince's and Okular's zoom and scroll, what gnome-text-editor
/// (GTK 4) selects, where KWrite (Qt 5) scrolls. Keys of a bound swipe must reach each at once,
/// as it reports (`Support/atspi_watch.py`), and a Swing window, as it prints. (Okular plays the
/// EP scroll and a pinch only: its own result for the ISDv4 recordings varies from play to play
/// without the daemon.)
///
/// What is compared: when the daemon lets go of fingers it held, X replays each one's whole
/// history before the next one's, so the application sees the first finger move alone; the
/// daemon keeps that short (docs/real-touchscreens.md, "Two fingers handed back"). Each
/// application starts afresh for every play, in a home of its own, so nothing carries over.
@Suite(
    "Real applications: real hands handed back", .serialized, .xServer([.touchscreen, .keyboard]),
    .enabled(
        if: RealApplications.installed,
        "needs evince, gnome-text-editor, kwrite, okular, openbox and xfwm4 (Scripts/deps.sh test)"))
struct RealApplicationTests {

    /// The shipped config, as a user runs it.
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config/config.yaml")

    /// Recordings of real hands in `Tests/Recordings` (SOURCES.md has their origin): three of
    /// two fingers, two one-finger drags.
    enum Recording: String, CaseIterable, CustomTestStringConvertible {
        case scroll = "evemu-devices__EP0430M09.2-finger-scroll-down.events"
        case swipe = "evemu-devices__Wacom_ISDv4_E6_Finger.double-top-swipe.events"
        case circle = "evemu-devices__Wacom_ISDv4_E6_Finger.double-center-circle.events"
        case drag = "evemu-devices__EP0430M09.1-finger-drag-up-down.events"
        case oneFingerScroll = "evemu-devices__Wacom_ISDv4_E6_Finger.single-center-scroll.events"
        case taps = "evemu-devices__Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events"

        var testDescription: String { String(rawValue.split(separator: "__").last ?? "") }

        /// How many fingers the hand has.
        var fingers: Int { [.scroll, .swipe, .circle].contains(self) ? 2 : 1 }

        /// The panel each was recorded on, so the hand keeps its real size (as the replay tests
        /// take them: the EP0430M09 is a 4.3-inch 800 x 480 panel, the ISDv4 a 12.5-inch 1366 x 768
        /// one). Without it the touches span the whole 1920-pixel screen: a hand twice its size.
        var screen: Trace.Screen {
            if rawValue.contains("EP0430M09") { return Trace.Screen(width: 800, height: 480, dpi: 217) }
            // The 7-inch Atmel maXTouch, as the replay tests take it.
            if rawValue.contains("Atmel") { return Trace.Screen(width: 800, height: 480, dpi: 133) }
            return Trace.Screen(width: 1366, height: 768, dpi: 125)
        }
    }

    /// What the application shows, as the helper reads it.
    struct State: Decodable, Equatable, CustomStringConvertible {
        var zoom: Double?
        var scroll: [Double]
        var selected: Int
        var caret: Int?

        var description: String {
            "zoom \(zoom.map { "\($0) %" } ?? "none"), scroll \(scroll), \(selected) characters selected"
                + (caret.map { ", caret at \($0)" } ?? "")
        }
    }

    /// One application on the session bus with the accessibility bridge on, in a home of its own.
    final class App: @unchecked Sendable {
        let process = Process()
        let name: String
        let home: URL
        let environment: [String: String]

        init(
            _ executable: String, name: String, arguments: [String], display: String, bus: String,
            files: [String: String] = [:]
        ) throws {
            self.name = name
            let privateHome = try PrivateHome("app")
            home = privateHome.url
            for (path, text) in files {
                try text.write(to: home.appendingPathComponent(path), atomically: true, encoding: .utf8)
            }
            var environment = privateHome.environment(display: display)
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus
            environment["GSETTINGS_BACKEND"] = "memory"
            environment["NO_AT_BRIDGE"] = nil
            environment["GTK_A11Y"] = nil
            environment["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"
            environment["QT_ACCESSIBILITY"] = "1"
            environment["QT_QPA_PLATFORM"] = "xcb"
            // Firefox on X11 reads touches as touches only with it (without, a finger is the
            // pointer: a drag selects instead of scrolling); people with touchscreens set it.
            environment["MOZ_USE_XINPUT2"] = "1"
            self.environment = environment
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = environment
            process.currentDirectoryURL = home
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
        }

        /// How the last read ended: 0, 2 (not on the accessibility bus yet), 124 (timed out).
        private(set) var lastStatus: Int32 = 0

        /// Its state now; nil while it is not on the accessibility bus or did not answer.
        func state() throws -> State? {
            let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Support/atspi_state.py")
            let run = Process()
            // Bounded: a read that hangs on an application that hangs is a read that failed.
            run.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            run.arguments = ["--kill-after=5", "30", "/usr/bin/python3", helper.path, name]
            run.environment = environment
            let output = Pipe.closingOnExec()
            run.standardOutput = output
            run.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try run.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            run.waitUntilExit()
            lastStatus = run.terminationStatus
            guard run.terminationStatus == 0 else { return nil }
            return try JSONDecoder().decode(State.self, from: data)
        }

        /// Its state once the same twice, 300 ms apart (kinetic scrolling and zoom animations over).
        /// A read walks the whole accessible tree in a new Python, which takes seconds on a loaded
        /// machine, so the wait is long; when it passes, the message lists the last reads.
        func settledState(timeout: Double = 60, ready: (State) -> Bool = { _ in true }) throws -> State {
            var last: State?
            var settled: State?
            var reads: [String] = []
            let start = Date()
            try waitUntil(
                "\(name) settled on the accessibility bus; its last reads:\n"
                    + reads.suffix(6).joined(separator: "\n"), timeout: timeout
            ) {
                let asked = Date()
                let now = try state()
                let (at, took) = (asked.timeIntervalSince(start), Date().timeIntervalSince(asked))
                reads.append(
                    "\((at * 10).rounded() / 10) s (read in \((took * 10).rounded() / 10) s): "
                        + (now?.description ?? "no state (the helper's exit status \(lastStatus))"))
                defer { last = now }
                guard let now, ready(now), now == last else {
                    usleep(300_000)
                    return false
                }
                settled = now
                return true
            }
            return try #require(settled)
        }

        /// Starts listening for `event` from the application (`Support/atspi_watch.py`), and
        /// returns once it listens.
        func watch(_ event: String, seconds: Double = 20) throws -> Watch {
            try Watch(self, event, seconds: seconds)
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: home)
        }
    }

    /// An accessibility event listened for: when the application first reported it.
    final class Watch {
        let process = Process()
        let output = Pipe.closingOnExec()
        var text = ""

        init(_ app: App, _ event: String, seconds: Double) throws {
            let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Support/atspi_watch.py")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [helper.path, app.name, event, "\(seconds)"]
            process.environment = app.environment
            process.standardOutput = output
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            try waitUntil("listening for \(event) from \(app.name)", timeout: 60) {
                let data = output.fileHandleForReading.availableData
                text += String(decoding: data, as: UTF8.self)
                return text.contains("ready\n") || (data.isEmpty && !process.isRunning)
            }
            guard text.contains("ready\n") else { throw DeadlinePassed(waitingFor: "\(event) listened", timeout: 0) }
        }

        /// When the event came, in CLOCK_MONOTONIC microseconds; nil when it did not come in time.
        func heard() -> Int64? {
            text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0,
                let line = text.split(separator: "\n").last, let seconds = Double(line)
            else { return nil }
            return Int64((seconds * 1_000_000).rounded())
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// Which application, opened on what, and when it is ready to be touched.
    struct Subject: Sendable, CustomTestStringConvertible {
        var executable: String
        var name: String
        var className: String
        /// The fragment the browsers open their page with: `#middle` opens it halfway down.
        var fragment = ""
        var testDescription: String { name }

        static let evince = Subject(executable: "/usr/bin/evince", name: "evince", className: "Evince")
        static let textEditor = Subject(
            executable: "/usr/bin/gnome-text-editor", name: "gnome-text-editor", className: "gnome-text-editor")

        /// Qt 5 (KDE Frameworks): Okular on the PDF, at 100 % (a fresh configuration opens it at
        /// "Fit Width", which the helper cannot read as a number).
        static let okular = Subject(executable: "/usr/bin/okular", name: "okular", className: "okular")

        /// Files written into its home before it starts, by path under the home.
        var homeFiles: [String: String] {
            switch name {
            case "okular": [".config/okularpartrc": "[Zoom]\nZoomMode=0\n"]
            default: [:]
            }
        }

        /// Qt 5 (KDE Frameworks): KWrite on the lines.
        static let kwrite = Subject(executable: "/usr/bin/kwrite", name: "kwrite", className: "kwrite")

        /// The recordings played over it, where they show something (the CI budget has no room
        /// for the rest): Evince has no caret for the taps and does not move for the ISDv4
        /// one-finger scroll; gnome-text-editor does nothing for the ISDv4 circle that the swipe
        /// does not show too; the ISDv4 swipe, circle and one-finger scroll leave KWrite where
        /// it was, with the daemon and without.
        var recordings: [Recording] {
            switch name {
            case "evince": [.scroll, .swipe, .circle, .drag]
            case "gnome-text-editor": [.scroll, .swipe, .drag, .oneFingerScroll, .taps]
            case "kwrite": [.scroll, .drag, .taps]
            case "okular": [.scroll]
            default: Recording.allCases
            }
        }

        /// Whether its caret means something: the text editors'. Okular's (an offset in a page's
        /// text) moved between plays without the daemon.
        var hasCaret: Bool { name != "okular" }

        /// How far its scroll may differ and still count as the same: KWrite's scroll bar counts
        /// lines, the others' pixels.
        var scrollSlack: Double { name == "kwrite" ? 1 : 8 }

        /// Debian's Chromium on a page that writes its scroll and zoom into its title
        /// (`RealApplicationTests.page`); a profile of its own for every start.
        static let chromium = Subject(executable: "/usr/bin/chromium", name: "chromium", className: "Chromium")

        /// Debian's Firefox ESR on the same page, with a fresh profile whose prefs keep first-run
        /// pages and timer rounding off; its class is `firefox-esr` (the shipped config's browser
        /// entry lists it). Started with `MOZ_USE_XINPUT2=1` (see `App`).
        static let firefox = Subject(executable: "/usr/bin/firefox-esr", name: "firefox-esr", className: "firefox-esr")

        /// Its command line; for Firefox, also writes the profile it starts with.
        func arguments(_ documents: URL) throws -> [String] {
            switch name {
            case "firefox-esr":
                let profile = documents.appendingPathComponent("firefox-\(UUID().uuidString.prefix(8))")
                try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
                try Self.firefoxPrefs.write(
                    to: profile.appendingPathComponent("user.js"), atomically: true, encoding: .utf8)
                return [
                    "--no-remote", "--new-instance", "--profile", profile.path,
                    documents.appendingPathComponent("page.html").absoluteString + fragment
                ]
            case "gnome-text-editor": return ["--standalone", documents.appendingPathComponent("lines.txt").path]
            case "kwrite": return [documents.appendingPathComponent("lines.txt").path]
            case "chromium":
                return [
                    // Root cannot use Chromium's sandbox; --test-type keeps the warning bar
                    // about it off the page, so the page has the same size every time.
                    "--no-sandbox", "--test-type", "--no-first-run", "--no-default-browser-check",
                    "--password-store=basic", "--disable-background-networking", "--disable-component-update",
                    "--window-size=1200,800", "--window-position=100,100",
                    "--user-data-dir=\(documents.appendingPathComponent("chromium-\(UUID().uuidString.prefix(8))").path)",
                    documents.appendingPathComponent("page.html").absoluteString + fragment
                ]
            default: return [documents.appendingPathComponent("pages.pdf").path]
            }
        }

        /// No welcome page, default-browser question, telemetry notice or session restore; event
        /// times not rounded (they time the keys); no fling after a touch scroll (Firefox's own
        /// fling decision made its scroll differ by a factor of eight from play to play).
        static let firefoxPrefs = """
            user_pref("browser.shell.checkDefaultBrowser", false);
            user_pref("browser.startup.homepage_override.mstone", "ignore");
            user_pref("startup.homepage_welcome_url", "");
            user_pref("startup.homepage_welcome_url.additional", "");
            user_pref("browser.aboutwelcome.enabled", false);
            user_pref("datareporting.policy.dataSubmissionEnabled", false);
            user_pref("datareporting.healthreport.uploadEnabled", false);
            user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
            user_pref("browser.sessionstore.resume_from_crash", false);
            user_pref("app.update.auto", false);
            user_pref("privacy.reduceTimerPrecision", false);
            user_pref("apz.fling_min_velocity_threshold", "1000.0");

            """

        /// The AT-SPI event it reports a select-all with; nil for KWrite, whose editor sends no
        /// text events at all (only focus and window ones), so its selection is read instead.
        var selectAllEvent: String? { name == "kwrite" ? nil : "object:text-selection-changed" }

        /// Whether its report of a select-all follows the keys promptly, as an event within
        /// milliseconds or, for KWrite, a read within one read's time (GTK 4's first event comes
        /// 0.6 to 1.7 s late, with or without the daemon).
        var reportsSelectionPromptly: Bool { name == "evince" || name == "kwrite" }

        /// Whether `atspi_state.py` reads its selection (Evince's document text does not say).
        var readsSelection: Bool { name == "gnome-text-editor" || name == "kwrite" }

        /// Loaded: a document viewer shows its zoom and can scroll.
        func isReady(_ state: State) -> Bool {
            switch name {
            case "gnome-text-editor": true
            case "kwrite": !state.scroll.isEmpty
            default: state.zoom != nil && !state.scroll.isEmpty
            }
        }
    }

    /// A recording's touches as frames of the test touchscreen: its screen scaled to 96 dpi, the
    /// hand's first landing centred on `centre`, its times from 0.
    static func frames(of recording: Recording, centre: (x: Double, y: Double)) throws -> [(
        time: Double, touches: [InputTestDevice.TouchPoint]
    )] {
        let folder = shipped.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Tests/Recordings")
        var options = TraceImporter.Options(screen: recording.screen)
        if recording.rawValue.contains("ISDv4") {
            let description = "evemu-devices__Wacom_ISDv4_E6_Finger.desc"
            options.deviceDescription = .init(
                text: try String(contentsOf: folder.appendingPathComponent(description), encoding: .utf8),
                file: description)
        }
        let trace = try TraceImporter.read(
            try String(contentsOf: folder.appendingPathComponent(recording.rawValue), encoding: .utf8),
            file: recording.rawValue, options: options)
        let scale = 96 / trace.header.screen.dpi
        var touches: [(Double, TouchSample)] = []
        for event in trace.events {
            if case .touch(let sample) = event.input { touches.append((event.time, sample)) }
        }
        let landings = touches.filter { $0.1.phase == .began }
        let first = try #require(landings.first)
        let (x0, y0) = (
            landings.map(\.1.location.x).reduce(0, +) / Double(landings.count),
            landings.map(\.1.location.y).reduce(0, +) / Double(landings.count)
        )
        var frames: [(time: Double, touches: [InputTestDevice.TouchPoint])] = []
        for (time, sample) in touches {
            let phase: InputTestDevice.TouchPhase =
                switch sample.phase {
                case .began: .began
                case .ended, .cancelled: .ended
                default: .moved
                }
            let point = InputTestDevice.TouchPoint(
                id: 700 + sample.id.rawValue, phase: phase, x: centre.x + (sample.location.x - x0) * scale,
                y: centre.y + (sample.location.y - y0) * scale)
            if let last = frames.last, abs(last.time - (time - first.0)) < 1e-6 {
                frames[frames.count - 1].touches.append(point)
            } else {
                frames.append((time - first.0, [point]))
            }
        }
        return frames
    }

    /// A two-finger spread drawn by the test (no public recording of a real pinch on a
    /// touchscreen was found; see SOURCES.md): the fingers land 24 ms apart, 160 px apart
    /// across the centre, and spread to 480 px over 0.6 s at 60 frames a second, easing in
    /// and out as a hand does, then rest 50 ms and lift 16 ms apart.
    static func spread(centre: (x: Double, y: Double)) -> [(time: Double, touches: [InputTestDevice.TouchPoint])] {
        func points(_ half: Double, _ phases: (InputTestDevice.TouchPhase, InputTestDevice.TouchPhase))
            -> [InputTestDevice.TouchPoint]
        {
            [
                .init(id: 760, phase: phases.0, x: centre.x - half, y: centre.y + half * 0.2),
                .init(id: 761, phase: phases.1, x: centre.x + half, y: centre.y - half * 0.2)
            ]
        }
        var frames: [(time: Double, touches: [InputTestDevice.TouchPoint])] = [
            (0, [points(80, (.began, .began))[0]]),
            (0.024, [points(80, (.began, .began))[1]])
        ]
        let steps = 36
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            let eased = t * t * (3 - 2 * t)
            frames.append((0.024 + 0.6 * t, points(80 + 160 * eased, (.moved, .moved))))
        }
        let end = frames[frames.count - 1].time + 0.05
        frames.append((end, [points(240, (.ended, .ended))[0]]))
        frames.append((end + 0.016, [points(240, (.ended, .ended))[1]]))
        return frames
    }

    /// Plays frames at the times the hand made them.
    static func play(
        _ frames: [(time: Double, touches: [InputTestDevice.TouchPoint])], on touchscreen: InputTestDevice
    ) throws {
        // Touches down now, each at its last place: lifted there if the play stops early, so
        // no touch stays held on the shared server for the tests after this one.
        var down: [UInt32: InputTestDevice.TouchPoint] = [:]
        defer {
            for var touch in down.values {
                touch.phase = .ended
                try? touchscreen.frame([touch])
            }
        }
        let start = Date()
        for frame in frames {
            let wait = frame.time - Date().timeIntervalSince(start)
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            try touchscreen.frame(frame.touches)
            for touch in frame.touches {
                down[touch.id] = touch.phase == .ended ? nil : touch
            }
        }
    }

    /// A PDF of `pages` pages of text lines, written by hand (the suite brings its own document).
    static func pdf(pages: Int) -> Data {
        var objects: [String] = ["<< /Type /Catalog /Pages 2 0 R >>", ""]
        var kids: [String] = []
        let font = 3
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        for page in 1...pages {
            var content = "BT /F1 14 Tf 60 780 Td 18 TL"
            for line in 1...40 { content += " (Page \(page), line \(line): a two-finger scroll passes over it) '" }
            content += " ET"
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
            let contents = objects.count
            objects.append(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(contents) 0 R "
                    + "/Resources << /Font << /F1 \(font) 0 R >> >> >>")
            kids.append("\(objects.count) 0 R")
        }
        objects[1] = "<< /Type /Pages /Kids [\(kids.joined(separator: " "))] /Count \(pages) >>"
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(text.utf8)
    }

    /// The documents the applications open, in a folder of the test's.
    static func documents() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-docs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try pdf(pages: 12).write(to: folder.appendingPathComponent("pages.pdf"))
        try page.write(to: folder.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        let lines = (1...600).map { "line \($0): words for an editor to scroll through, and to select if it must" }
        try (lines.joined(separator: "\n") + "\n").write(
            to: folder.appendingPathComponent("lines.txt"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Starts the application on its document and maximizes its window, as people read and
    /// write, so a hand's fingers fall on the document; returns it with its window.
    static func open(_ subject: Subject, server: XServer, scene: DesktopScene, bus: String, documents: URL) throws -> (
        App, UInt64
    ) {
        let app = try App(
            subject.executable, name: subject.name, arguments: try subject.arguments(documents),
            display: server.display, bus: bus, files: subject.homeFiles)
        var window: UInt64?
        try waitUntil("a \(subject.className) window", timeout: 20) {
            window = scene.clientList.first { className(of: $0, scene) == subject.className }
            return window != nil
        }
        let id = try #require(window)
        try maximize(id, named: subject.className, scene)
        return (app, id)
    }

    /// Maximizes a window and waits until it fills the screen's width; asks again when it did
    /// not take (once, beside other suites, a request sent as the window was being managed was
    /// never acted on).
    static func maximize(_ id: UInt64, named name: String, _ scene: DesktopScene) throws {
        for attempt in 1...3 {
            _ = try scene.actions.toggleMaximized(WindowID(rawValue: id))
            do {
                return try waitUntil("\(name) maximized", timeout: 8) { try scene.clientBox(id).width > 1800 }
            } catch  where attempt < 3 {
                continue
            }
        }
    }

    /// Opens the application under openbox, plays the recording over the middle of its window
    /// and returns the state it settles in; with the daemon running the shipped config or not.
    static func play(
        _ recording: Recording, in subject: Subject, daemon: Bool, server: XServer, scene: DesktopScene, bus: String,
        documents: URL
    ) throws -> (before: State, after: State, log: String) {
        try play(
            in: subject, daemon: daemon, server: server, scene: scene, bus: bus, documents: documents
        ) { centre in
            try frames(of: recording, centre: centre)
        }
    }

    /// The same for frames made for the window's middle (`hold`, say).
    static func play(
        in subject: Subject, daemon: Bool, server: XServer, scene: DesktopScene, bus: String, documents: URL,
        frames: ((x: Double, y: Double)) throws -> [(time: Double, touches: [InputTestDevice.TouchPoint])]
    ) throws -> (before: State, after: State, log: String) {
        let running =
            try daemon
            ? DaemonProcess.start(
                display: server.display, config: String(contentsOf: shipped, encoding: .utf8)) : nil
        defer { running?.stop() }
        let (app, id) = try open(subject, server: server, scene: scene, bus: bus, documents: documents)
        let before = try app.settledState(ready: subject.isReady)
        let box = try scene.clientBox(id)
        try play(try frames((box.midX, box.midY)), on: scene.touchscreen)
        let after = try app.settledState()
        return (before, after, running?.log ?? "")
    }

    /// A one-finger long press drawn by the test (no licensed recording of one was found): the
    /// finger rests 1.2 s, wandering up to 1.5 px at 60 frames a second, as a resting finger does.
    static func hold(centre: (x: Double, y: Double)) -> [(time: Double, touches: [InputTestDevice.TouchPoint])] {
        var frames: [(time: Double, touches: [InputTestDevice.TouchPoint])] = [
            (0, [.init(id: 770, phase: .began, x: centre.x, y: centre.y)])
        ]
        for step in 1...72 {
            let angle = Double(step) * 0.7
            frames.append(
                (
                    Double(step) / 60,
                    [
                        .init(
                            id: 770, phase: .moved, x: centre.x + 1.5 * cos(angle), y: centre.y + 1.5 * sin(angle * 0.6)
                        )
                    ]
                ))
        }
        frames.append((1.2 + 1 / 60, [.init(id: 770, phase: .ended, x: centre.x, y: centre.y)]))
        return frames
    }

    /// A long page that writes into its title where it is scrolled (`y`), its pinch zoom
    /// (`scale`, the visual viewport's), its page zoom (`zoom`, ctrl+plus's), the last key
    /// it got (`key`) with the time its handler ran (`at`, the system clock's milliseconds since
    /// 1970; not the event's stamp nor `performance.timeOrigin`, which in Firefox put the key
    /// 30-49 ms before the swipe that sent it), and when it first scrolled away from where it
    /// opened (`first`, the same clock). Opened as `page.html#middle` it starts halfway down,
    /// so that a drag either way scrolls it.
    static let page = """
        <!doctype html><html><head><meta name="viewport" content="width=device-width">
        <title>loading</title></head>
        <body style="height: 30000px; margin: 0; background: linear-gradient(#fff, #468)">
        <p>A page for a two-finger scroll.</p>
        <script>
        let key = "", first = "";
        if (location.hash == "#middle") scrollTo(0, 15000);
        const start = Math.round(scrollY);
        function show() {
          document.title = "y=" + Math.round(scrollY) + " scale=" + visualViewport.scale.toFixed(3) +
            " zoom=" + devicePixelRatio.toFixed(3) + key + first;
        }
        addEventListener("keydown", e => {
          key = " key=" + (e.ctrlKey ? "ctrl+" : "") + e.key.toLowerCase() +
            " at=" + Date.now();
          show();
        });
        addEventListener("scroll", () => {
          if (!first && Math.round(scrollY) != start) first = " first=" + Date.now();
          show();
        });
        addEventListener("resize", show);
        visualViewport.addEventListener("resize", show);
        visualViewport.addEventListener("scroll", show);
        show();
        </script></body></html>
        """

    /// What the page says of itself, from its window's title: y, scale and zoom, and the last
    /// key with its time.
    struct PageState: Equatable, CustomStringConvertible {
        var y: Double
        var scale: Double
        var zoom: Double
        var key: String?
        /// When the page's handler ran for the key, in seconds since 1970.
        var keyTime: Double?
        /// When the page first scrolled away from where it opened, in seconds since 1970.
        var firstScrollTime: Double?
        var description: String {
            "scrolled \(y) px, pinch zoom \(scale), page zoom \(zoom)" + (key.map { ", key \($0)" } ?? "")
        }

        init?(title: String) {
            var values: [String: Double] = [:]
            for field in title.split(separator: " ") {
                let parts = field.split(separator: "=")
                guard parts.count == 2 else { continue }
                if parts[0] == "key" { key = String(parts[1]) }
                if let value = Double(parts[1]) { values[String(parts[0])] = value }
            }
            guard let y = values["y"], let scale = values["scale"], let zoom = values["zoom"] else { return nil }
            (self.y, self.scale, self.zoom) = (y, scale, zoom)
            keyTime = values["at"].map { $0 / 1000 }
            firstScrollTime = values["first"].map { $0 / 1000 }
        }
    }

    /// A window's `_NET_WM_NAME`.
    static func title(of window: UInt64, _ scene: DesktopScene) -> String? {
        let display = scene.connection.display
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, Window(window), XInternAtom(display, "_NET_WM_NAME", 0), 0, 1024, 0,
                XInternAtom(display, "UTF8_STRING", 0), &type, &format, &count, &after, &data) == Success,
            let data
        else { return nil }
        defer { XFree(data) }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }

    /// The page's state once its title has said the same for `steady` seconds (read every
    /// 300 ms: a fling over). Given `changedFrom`, it first waits up to 5 s for the title to
    /// differ from that state: beside other suites Firefox took longer than one read to show
    /// what a play did, and a stale title read as "settled" said it had not scrolled at all.
    static func settledPage(
        _ window: UInt64, _ scene: DesktopScene, steady: Double = 0.3, changedFrom before: PageState? = nil,
        timeout: Double = 60
    ) throws -> PageState {
        if let before {
            try? waitUntil("the page's title changed", timeout: 5) {
                let now = PageState(title: Self.title(of: window, scene) ?? "")
                if now == before { usleep(100_000) }
                return now != before
            }
        }
        var last: PageState?
        var since = Date()
        var settled: PageState?
        var titles: [String] = []
        try waitUntil("the page's title settled; its last titles: \(titles.suffix(4))", timeout: timeout) {
            let title = Self.title(of: window, scene) ?? ""
            if titles.last != title { titles.append(title) }
            let now = PageState(title: title)
            defer { last = now }
            guard let now, now == last else {
                since = Date()
                usleep(300_000)
                return false
            }
            guard Date().timeIntervalSince(since) >= steady else {
                usleep(300_000)
                return false
            }
            settled = now
            return true
        }
        return try #require(settled)
    }

    /// A window's WM_CLASS class.
    static func className(of window: UInt64, _ scene: DesktopScene) -> String? {
        var hint = XClassHint()
        guard XGetClassHint(scene.connection.display, Window(window), &hint) != 0 else { return nil }
        defer {
            if let name = hint.res_name { XFree(name) }
            if let name = hint.res_class { XFree(name) }
        }
        return hint.res_class.map { String(cString: $0) }
    }

    /// The session bus the applications and the accessibility bus share, with the bridge on for
    /// every toolkit (Qt asks the bus whether assistive technology is on), under `manager`.
    static func withSession(
        under manager: DesktopKind = .openbox, _ body: (XServer, DesktopScene, String, URL) throws -> Void
    ) throws {
        let server = try XServer.shared()
        let desktop = try Desktop.start(manager, display: server.display)
        defer { desktop.stop() }
        let scene = try DesktopScene(server: server)
        let (bus, address) = try desktop.startSessionBus()
        defer {
            kill(bus.processIdentifier, SIGKILL)
            bus.waitUntilExit()
        }
        let enable = Process()
        enable.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
        enable.arguments = [
            "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties.Set",
            "string:org.a11y.Status", "string:IsEnabled", "variant:boolean:true"
        ]
        enable.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
        enable.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try enable.run()
        enable.waitUntilExit()
        // The accessibility registry up before the first application: Qt 5 registers once, as
        // it starts, and a KWrite or Okular that was the first client of a new accessibility
        // bus (the registry started beside it) never appeared on it (60 s of "not on the bus"),
        // where GTK registers again. The helper reads the registry's list: exit 2, nobody
        // called that.
        let warm = Process()
        warm.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        warm.arguments = [
            "--kill-after=5", "30", "/usr/bin/python3",
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Support/atspi_state.py"
            ).path, "(no application)"
        ]
        warm.environment = enable.environment
        warm.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        warm.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try warm.run()
        warm.waitUntilExit()
        try #require(
            warm.terminationStatus == 2, "the accessibility registry answered (helper exit \(warm.terminationStatus))")
        let documents = try documents()
        defer { try? FileManager.default.removeItem(at: documents) }
        try body(server, scene, address, documents)
    }

    @Test(arguments: [Subject.evince, .textEditor, .kwrite, .okular])
    func aRecordedHandEndsAsItDoesWithoutTheDaemon(_ subject: Subject) throws {
        try Self.withSession { server, scene, bus, documents in
            for recording in subject.recordings {
                let without = try Self.play(
                    recording, in: subject, daemon: false, server: server, scene: scene, bus: bus, documents: documents)
                let with = try Self.play(
                    recording, in: subject, daemon: true, server: server, scene: scene, bus: bus, documents: documents)
                print(
                    "real apps: \(subject.name), \(recording.testDescription): without the daemon \(without.before) → "
                        + "\(without.after); with it \(with.before) → \(with.after)")
                let context = Comment(
                    rawValue: "\(subject.name), \(recording.testDescription)\n\(with.log.suffix(3000))")
                #expect(with.before == without.before, context)
                // Rejected in landing order, the EP scroll ended at 101.3-101.9 % against 103.5.
                if let zoom = without.after.zoom, let zoomed = with.after.zoom {
                    #expect(abs(zoomed / zoom - 1) <= 0.025, "zoom within 2.5 %: \(context)")
                }
                #expect(with.after.scroll.count == without.after.scroll.count, context)
                // GTK 4 puts the caret where a touch begins, and X replays the held fingers one
                // after the other: after a two-finger hand it may be under the other finger. After
                // the ISDv4 one-finger drag, which selects 73 characters either way, the caret was
                // at 1815 in every play but one without the daemon, beside the whole suite: 758.
                // After the EP drag down and back it was 685 without the daemon and 1742 (where
                // the touch began) with it, once in a full run.
                withKnownIssue(
                    "issue 40: after fingers handed back, GTK 4's caret may be where a touch began",
                    isIntermittent: true
                ) {
                    if subject.hasCaret { #expect(with.after.caret == without.after.caret, "caret: \(context)") }
                } when: {
                    recording.fingers == 2 || recording == .oneFingerScroll || recording == .drag
                }
                if recording == .taps {
                    // Nine real taps in 1.9 s, each handed back at its lift (up to 110 ms late):
                    // the caret and any selection a double or triple tap makes, as without.
                    #expect(with.after.caret == without.after.caret, "caret after the taps: \(context)")
                    #expect(with.after.selected == without.after.selected, "selection after the taps: \(context)")
                }
                // Still lost on the EP0430M09 scroll, now and then: its fingers go back when the
                // finger window closes, the trailing one 3.9 pt out, the leading one 15.5 pt, and
                // gnome-text-editor may take that for a selection drag (docs/real-touchscreens.md,
                // "Two fingers handed back"); beside two busy loops Evince zoomed to 102.2 %
                // against 103.5 (102.9 % on an idle machine). KWrite: the EP scroll did not
                // scroll it in four runs of eight (6 lines without the daemon), and the EP
                // one-finger drag down and back, handed back once it has gone 16 pt (110 ms),
                // leaves it 9 lines down in every run (without: where it began). Okular: the EP
                // scroll goes 75 px against 92 (zoom 103.0-103.1 % against 103.5-103.6).
                withKnownIssue(
                    Comment(
                        rawValue: "issue 40: a two-finger scroll whose leading finger is 15 pt out when it is "
                            + "handed back may select text in GTK 4, and zooms Evince up to 1.3 % less; KWrite "
                            + "(Qt 5) scrolls differently after a hand-back, Okular (Qt 5) 18 % less"),
                    isIntermittent: true
                ) {
                    if let zoom = without.after.zoom, let zoomed = with.after.zoom {
                        #expect(abs(zoomed / zoom - 1) <= 0.01, "zoom within 1 %: \(context)")
                    }
                    #expect(with.after.selected == without.after.selected, "selection: \(context)")
                    for (scrolled, scroll) in zip(with.after.scroll, without.after.scroll) {
                        // Within 10 %, or a few pixels (a line) where it barely scrolls.
                        #expect(
                            abs(scrolled - scroll) <= max(0.1 * abs(scroll), subject.scrollSlack),
                            "scroll within 10 %: \(context)")
                    }
                } when: {
                    recording == .scroll || (subject.name == "kwrite" && recording == .drag)
                }
            }
        }
    }
}

extension RealApplicationTests {
    /// Issue 40, item 6: a long press over a text editor does what it does without the daemon
    /// (GTK 4 selects the word under the finger; KWrite places the caret), though the daemon
    /// holds the finger for the finger window (150 ms) before it hands it back.
    @Test(arguments: [Subject.textEditor, .kwrite])
    func aLongPressDoesWhatItDoesWithoutTheDaemon(_ subject: Subject) throws {
        try Self.withSession { server, scene, bus, documents in
            let without = try Self.play(
                in: subject, daemon: false, server: server, scene: scene, bus: bus, documents: documents,
                frames: Self.hold(centre:))
            let with = try Self.play(
                in: subject, daemon: true, server: server, scene: scene, bus: bus, documents: documents,
                frames: Self.hold(centre:))
            print(
                "real apps: \(subject.name), a long press: without the daemon \(without.after); with it \(with.after)")
            let context = Comment(rawValue: "\(subject.name)\n\(with.log.suffix(3000))")
            #expect(with.after.selected == without.after.selected, "selection: \(context)")
            #expect(with.after.caret == without.after.caret, "caret: \(context)")
            #expect(with.after.scroll == without.after.scroll, "scroll: \(context)")
        }
    }
}

extension RealApplicationTests {
    /// Issue 40, item 2: a pinch over Okular, where the shipped config binds nothing for two
    /// fingers, zooms it about as much as without the daemon. The first finger's held history
    /// is replayed before the second lands, so Okular starts its pinch from a wider spread and
    /// zooms less: 273 % against 300 % (the issue found 313 % against 417 %). No licensed
    /// recording of a real pinch was found, so the test draws one (`spread`).
    @Test func aPinchZoomsOkularAsWithoutTheDaemon() throws {
        try Self.withSession { server, scene, bus, documents in
            let plays = try [false, true].map { daemon in
                try Self.play(
                    in: .okular, daemon: daemon, server: server, scene: scene, bus: bus, documents: documents,
                    frames: Self.spread(centre:))
            }
            let (without, with) = (plays[0].after, plays[1].after)
            print("real apps: okular, a pinch: without the daemon \(without); with it \(with)")
            let context = Comment(rawValue: "okular, a pinch\n\(plays[1].log.suffix(3000))")
            let zoom = try #require(without.zoom, context)
            let zoomed = try #require(with.zoom, context)
            #expect(zoom > 150, "the pinch zoomed Okular without the daemon: \(context)")
            #expect(abs(zoomed / zoom - 1) <= 0.15, "zoom within 15 %: \(context)")
            withKnownIssue(
                "issue 40: a pinch handed back zooms less, the first finger's history replayed first",
                isIntermittent: true
            ) {
                #expect(abs(zoomed / zoom - 1) <= 0.1, "zoom within 10 %: \(context)")
            }
        }
    }
}

/// Issue 40 in the same applications, a suite of its own so that it runs beside the hands above:
/// keys of a bound swipe, timed by what the application reports (Evince, gnome-text-editor,
/// Swing, Chromium, Firefox ESR); a two-finger scroll over both browsers with the shipped
/// config, whose browser pinch is bound, and that pinch firing there; and a pinch with nothing
/// bound for two fingers, which each browser must zoom by itself as far as without the daemon.
@Suite(
    "Real applications: keys at once, browsers scrolled and pinched", .serialized, .xServer([.touchscreen, .keyboard]),
    .enabled(
        if: RealApplications.installed,
        "needs evince, gnome-text-editor, kwrite, okular, openbox and xfwm4 (Scripts/deps.sh test)"))
struct RealApplicationKeyTests {
    typealias Base = RealApplicationTests

    /// Issue 40, item 1, as the applications see it: GTK 3 and GTK 4 keep the keyboard focus on
    /// a 1×1 child of their window, and keys for them once waited the whole focus wait (2 s). A
    /// three-finger swipe bound to ctrl+a over the window, focused already and not: the
    /// application selects everything, and reports it over AT-SPI well before that wait. Only
    /// Evince's report is timed against the bound: GTK 4 reports its first select-all of a
    /// fresh document 0.6 to 1.7 s after the keys, wherever they come from (XTest with no
    /// gesture too), so for gnome-text-editor the selection and the log are what is checked.
    /// gnome-text-editor and KWrite (Qt 5) run under xfwm4, where GTK 4's keys once always
    /// waited; Evince under openbox. KWrite's editor sends no text events, so its selection is
    /// read until it shows, which bounds its time by a read's (about 0.4 s, the same for keys
    /// sent by XTest).
    @Test(arguments: [
        (Base.Subject.evince, DesktopKind.openbox), (.textEditor, .xfwm4), (.kwrite, .xfwm4)
    ])
    func keysOfABoundSwipeReachTheApplicationAtOnce(_ subject: Base.Subject, under manager: DesktopKind) throws {
        try Base.withSession(under: manager) { server, scene, bus, documents in
            let daemon = try DaemonProcess.start(
                display: server.display, config: Self.swipeForCtrlA(in: subject.className))
            defer { daemon.stop() }
            // Another window, away from where the fingers go, to take the focus from the application.
            let other = try scene.launchManaged("other", className: "Other", frame: (0, 0, 300, 200))
            defer { other.kill() }
            // First the same keys from the test itself, by XTest, into the application focused:
            // what it takes without the daemon (GTK 4 reports its first select-all of a fresh
            // document a second later, wherever the keys come from).
            let keys = try KeyInjector(connection: X11Connection.toTestServer(server.display))
            var baseline: Int64?
            for round in ["XTest, no gesture", "focused already", "not focused"] {
                let (app, id) = try Base.open(subject, server: server, scene: scene, bus: bus, documents: documents)
                let before = try app.settledState(ready: subject.isReady)
                if round == "not focused" {
                    try scene.activate(other)
                } else {
                    _ = try scene.actions.activate(WindowID(rawValue: id))
                    try waitUntil("\(subject.name) active", timeout: 10) { scene.activeWindow == id }
                }
                let watch = try subject.selectAllEvent.map { try app.watch($0) }
                let box = try scene.clientBox(id)
                let start = TestClient.monotonicMicroseconds()
                if baseline == nil {
                    try keys.tap(try KeySequence(parsing: "ctrl+a"))
                } else {
                    try DaemonPerAppTests.swipe(
                        scene.touchscreen, at: box.midX - 80, firstID: round == "focused already" ? 600 : 610)
                }
                let heard = try (watch.map { $0.heard() } ?? Self.selectionRead(of: app, start: start)).map {
                    $0 - start
                }
                let after = try app.settledState()
                print(
                    "real apps: keys: \(subject.name), \(round): ctrl+a selected \(after.selected) characters "
                        + "(before \(before.selected)), reported \(heard.map { "\($0 / 1000) ms" } ?? "never") after "
                        + "the keys or the swipe began")
                let context = Comment(rawValue: "\(round)\n\(daemon.log.suffix(3000))")
                if subject.readsSelection { #expect(after.selected > max(before.selected, 1000), context) }
                guard let reference = baseline else {
                    guard let heard else {
                        Issue.record("without the daemon, nothing reported: \(context)")
                        return
                    }
                    baseline = heard
                    continue
                }
                // The swipe, the window's activation, the key and AT-SPI's report on a loaded
                // machine, against the same keys sent without a gesture: far below the 2 s the
                // keys once waited. KWrite's time is a read's, which took up to 1 s in a full run
                // (592 ms for XTest's keys, 1,051 for the swipe's).
                if subject.reportsSelectionPromptly {
                    let bound: Int64 = subject.selectAllEvent == nil ? 1_500_000 : 700_000
                    #expect(heard.map { $0 - reference < bound } == true, "\(heard ?? -1) µs: \(context)")
                } else {
                    #expect(heard != nil, "never reported: \(context)")
                }
            }
            #expect(!daemon.log.contains("did not take the focus in time"), "\(daemon.log.suffix(3000))")
        }
    }

    /// When a read of the application's state first showed more than 1000 characters selected
    /// (CLOCK_MONOTONIC microseconds), within 10 s: an upper bound, as late as a read takes.
    static func selectionRead(of app: Base.App, start: Int64) throws -> Int64? {
        while TestClient.monotonicMicroseconds() - start < 10_000_000 {
            if let state = try app.state(), state.selected > 1000 { return TestClient.monotonicMicroseconds() }
            usleep(20_000)
        }
        return nil
    }

    /// AWT keeps its focus on a 1×1 child (its FocusProxy) as GTK does: the same swipe's keys
    /// reach a Swing text area at once, focused already and not, as the window itself prints
    /// them (`Support/KeyWindow.java`, compiled by the test with the JDK's javac).
    @Test(.enabled(if: RealApplications.hasJava, "needs a JDK (Scripts/deps.sh test)"))
    func keysOfABoundSwipeReachASwingWindowAtOnce() throws {
        try Base.withSession { server, scene, _, _ in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "gb-java-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // Java writes its font cache under the home: one of the test's.
            let environment = ProcessInfo.processInfo.environment.merging([
                "DISPLAY": server.display, "HOME": folder.path, "_JAVA_OPTIONS": "-Duser.home=\(folder.path)"
            ]) { $1 }
            let javac = Process()
            javac.executableURL = URL(fileURLWithPath: "/usr/bin/javac")
            javac.arguments = [
                "-d", folder.path,
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                    "Support/KeyWindow.java"
                ).path
            ]
            javac.environment = environment
            try javac.run()
            javac.waitUntilExit()
            try #require(javac.terminationStatus == 0, "javac KeyWindow.java")
            let daemon = try DaemonProcess.start(
                display: server.display,
                config: Self.swipeForCtrlA(in: "KeyWindow"))
            defer { daemon.stop() }
            let other = try scene.launchManaged("other", className: "Other", frame: (0, 0, 300, 200))
            defer { other.kill() }
            let printed = folder.appendingPathComponent("keys.txt")
            _ = FileManager.default.createFile(atPath: printed.path, contents: nil)
            let java = Process()
            java.executableURL = URL(fileURLWithPath: "/usr/bin/java")
            java.arguments = ["-cp", folder.path, "KeyWindow"]
            java.environment = environment
            java.currentDirectoryURL = folder
            java.standardOutput = try FileHandle(forWritingTo: printed)
            java.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try java.run()
            defer {
                if java.isRunning { kill(java.processIdentifier, SIGKILL) }
                java.waitUntilExit()
            }
            var window: UInt64?
            try waitUntil("a KeyWindow window", timeout: 60) {
                window = scene.clientList.first { Base.className(of: $0, scene) == "KeyWindow" }
                return window != nil
            }
            let id = try #require(window)
            try Base.maximize(id, named: "KeyWindow", scene)
            // Once, run after the other tests of the suite, the daemon's last window list still
            // had it at its first size when the swipe came, and took the fingers for its frame's
            // decorations: wait until the daemon lists it maximized (a timeout here says the
            // daemon never saw the resize).
            try waitUntil("the daemon lists KeyWindow maximized; its log:\n\(daemon.log.suffix(1500))", timeout: 10) {
                let lists = daemon.log.split(separator: "\n").filter {
                    $0.contains("windows: [") && $0.contains("KeyWindow ")
                }
                guard let last = lists.last, let range = last.range(of: "KeyWindow ") else { return false }
                let size = last[range.upperBound...].split(separator: " ").dropFirst().first ?? ""
                return (Int(size.split(separator: "x").first ?? "") ?? 0) > 1800
            }
            for focusedAlready in [true, false] {
                if focusedAlready {
                    _ = try scene.actions.activate(WindowID(rawValue: id))
                    try waitUntil("KeyWindow active", timeout: 10) { scene.activeWindow == id }
                } else {
                    try scene.activate(other)
                }
                let seen = try String(contentsOf: printed, encoding: .utf8).count
                let box = try scene.clientBox(id)
                let start = TestClient.monotonicMicroseconds()
                try DaemonPerAppTests.swipe(scene.touchscreen, at: box.midX - 80, firstID: focusedAlready ? 620 : 630)
                var line: Substring?
                try? waitUntil("ctrl+a in the Swing window", timeout: 10) {
                    let text = try String(contentsOf: printed, encoding: .utf8).dropFirst(seen)
                    // Ctrl (128) held; Button1 (1024) too while the fingers are down, since X
                    // emulates the pointer's first button for the first touch.
                    line = text.split(separator: "\n").first { line in
                        let fields = line.split(separator: " ")
                        return fields.count == 4 && fields[1] == "A" && (Int(fields[2]) ?? 0) & 128 != 0
                    }
                    return line != nil
                }
                let heard = line.flatMap { Int64($0.split(separator: " ").last ?? "") }.map { $0 / 1000 }
                let delay = heard.map { "\(($0 - start) / 1000) ms" } ?? "never"
                print(
                    "real apps: keys: Swing (OpenJDK), focused already \(focusedAlready): ctrl+a \(delay) after the swipe began"
                )
                #expect(
                    heard.map { $0 - start < 700_000 } == true,
                    Comment(
                        rawValue: "focused already \(focusedAlready): ctrl+a \(delay) after the swipe; the window "
                            + "printed:\n\((try? String(contentsOf: printed, encoding: .utf8)) ?? "")\n"
                            + daemon.log.suffix(3000)))
            }
            #expect(!daemon.log.contains("did not take the focus in time"), "\(daemon.log.suffix(3000))")
        }
    }

    /// Issue 40, item 3, in both browsers with the shipped config, whose browser pinch is bound:
    /// a real two-finger scroll must make that pinch fail and reach the page as it does without
    /// the daemon, read from the page itself (its title says where it is scrolled and how it is
    /// zoomed): the same page zoom, the same pinch zoom, the scroll within 10 %. (That the shipped
    /// binding fires there is `anUnboundPinchZoomsABrowserAsWithoutTheDaemon`'s.)
    @Test(.browsers, arguments: [Base.Subject.chromium, .firefox])
    func aTwoFingerScrollOverABrowserScrollsAsWithoutTheBoundPinch(_ subject: Base.Subject) throws {
        try Base.withSession { server, scene, bus, documents in
            let shipped = try String(contentsOf: Base.shipped, encoding: .utf8)
            // Firefox's own result for the ISDv4 circle is noise: three plays without the daemon
            // pinch-zoomed it 1.0, 5.3 and 2.3 times (with it: 6.2, 4.2, 2.5), so it plays the EP
            // scroll only. Its fling is off (`Subject.firefoxPrefs`): with it on, Firefox flung
            // after the EP scroll in 4 plays of 8 without the daemon (309-484 px instead of
            // 37-58) and in 1 of 8 with it, which says more about its threshold than about us.
            let firefox = subject.name == Base.Subject.firefox.name
            for recording in firefox ? [Base.Recording.scroll] : [.scroll, .circle] {
                let plays = try Self.plays(
                    recording, on: subject, config: shipped, server: server, scene: scene, bus: bus,
                    documents: documents)
                for play in plays { #expect(play.before.y == 0, "\(play.before)") }
                let (without, with, log) = (plays[0].after, plays[1].after, plays[1].log)
                print(
                    "real apps: \(subject.name), \(recording.testDescription): without the daemon \(without); "
                        + "with it \(with)")
                let context = Comment(rawValue: "\(subject.name), \(recording.testDescription)\n\(log.suffix(3000))")
                #expect(with.zoom == without.zoom, "page zoom: \(context)")
                // Firefox zooms itself a little during the EP scroll without the daemon (1.007 to
                // 1.011 times), and 1.000-1.005 with it, where the history is replayed.
                #expect(abs(with.scale / without.scale - 1) <= 0.02, "pinch zoom within 2 %: \(context)")
                // Held to the lift (a pinch that never fails for fingers moving together), the EP
                // scroll went twice as far in Chromium (142 px against 71). Firefox, handed the
                // replayed history, once scrolled 16 px against 56 in a full run (its page zoom
                // unchanged: the pinch had not fired), and once before not at all: a known issue
                // for it, the hard bound for Chromium.
                withKnownIssue(
                    "issue 40: Firefox now and then scrolls far less after a two-finger scroll is handed back",
                    isIntermittent: true
                ) {
                    #expect(
                        abs(with.y - without.y) <= max(0.25 * abs(without.y), 8), "scroll within 25 %: \(context)")
                } when: {
                    subject.name == Base.Subject.firefox.name
                }
                // Played six times in Chromium: 68–71 px against 69–72, but 80 and 81 px in two
                // plays; Firefox 59–63 px against 57–58.
                withKnownIssue(
                    Comment(
                        rawValue: "issue 40: a two-finger scroll held by the browsers' bound pinch until it fails "
                            + "scrolls Chromium up to 13 % further now and then, Firefox up to 10 %"),
                    isIntermittent: true
                ) {
                    #expect(abs(with.y - without.y) <= max(0.1 * abs(without.y), 8), "scroll within 10 %: \(context)")
                    #expect(abs(with.scale / without.scale - 1) <= 0.01, "pinch zoom within 1 %: \(context)")
                }
            }
        }
    }

    /// Issue 40, item 4, read from Chromium: a real one-finger drag over a page, with the shipped
    /// config (whose browser pinch wants a second finger), starts scrolling the page about when it
    /// does without the daemon. The daemon holds a lone finger until it has gone `landing-travel`
    /// (16 pt) or the finger window (150 ms) closes, then X replays its history at once; the
    /// page stamps its first scroll with the system clock. Each recording plays without the
    /// daemon and with it, on a page opened halfway down so that either direction scrolls.
    @Test(.browsers)
    func aDragScrollsABrowserAboutAsSoonAsWithoutTheDaemon() throws {
        var subject = Base.Subject.chromium
        subject.fragment = "#middle"
        try Base.withSession { server, scene, bus, documents in
            let shipped = try String(contentsOf: Base.shipped, encoding: .utf8)
            var lateness: [Double] = []
            for recording in [Base.Recording.drag, .oneFingerScroll] {
                let plays = try Self.plays(
                    recording, on: subject, config: shipped, server: server, scene: scene, bus: bus,
                    documents: documents)
                let log = plays[1].log
                var firsts: [Double] = []
                for play in plays {
                    let first = try #require(
                        play.after.firstScrollTime,
                        "\(recording.testDescription) did not scroll the page: \(play.after)\n\(log.suffix(3000))")
                    firsts.append(first - play.start)
                }
                let ends = plays.map(\.after)
                lateness.append(firsts[1] - firsts[0])
                print(
                    "real apps: hand-back: chromium, \(recording.testDescription): the page first scrolled "
                        + "\(Int((firsts[0] * 1000).rounded())) ms after the landing without the daemon, "
                        + "\(Int((firsts[1] * 1000).rounded())) ms with it; ends \(ends[0]) and \(ends[1])")
                let context = Comment(rawValue: "\(recording.testDescription)\n\(log.suffix(3000))")
                let (scrolled, scroll) = (ends[1].y - 15000, ends[0].y - 15000)
                #expect(abs(scrolled - scroll) <= max(0.25 * abs(scroll), 40), "scroll within 25 %: \(context)")
                // The EP drag goes down and back, so where it ends is a small difference of two
                // large moves: 16-18 px without the daemon, 16-17 with it alone, but 30 once in a
                // full run (as KWrite ends that drag 9 lines off).
                withKnownIssue(
                    "issue 40: a handed-back drag that turns back may end a little off in Chromium",
                    isIntermittent: true
                ) {
                    #expect(abs(scrolled - scroll) <= max(0.1 * abs(scroll), 8), "scroll within 10 %: \(context)")
                }
            }
            print(
                "real apps: hand-back: chromium's first scroll is \(lateness.map { Int(($0 * 1000).rounded()) }) ms later with the daemon"
            )
            // Measured: -9 to 24 ms over five runs, as Chromium starts a touch scroll (146-170 ms
            // in) after the daemon has let a lone finger go. Held longer (the finger window at 400 ms, no
            // landing travel) the page scrolled 247 and 264 ms late. The bound allows for load.
            #expect(
                lateness.allSatisfy { $0 <= 0.1 },
                "each drag's first scroll within 100 ms of its time without the daemon")
        }
    }

    /// One play of a recording over a browser's page: the page before and once it settled, when
    /// the play began (seconds since 1970, the page's clock) and the daemon's log, if one ran.
    struct PagePlay {
        var before: Base.PageState
        var after: Base.PageState
        var start: Double
        var log: String
    }

    /// Plays `recording` over the middle of the browser's page twice, each time on a fresh start:
    /// without the daemon, then with one running `config`.
    static func plays(
        _ recording: Base.Recording, on subject: Base.Subject, config: String, server: XServer, scene: DesktopScene,
        bus: String, documents: URL
    ) throws -> [PagePlay] {
        try [false, true].map { daemon in
            let running = try daemon ? DaemonProcess.start(display: server.display, config: config) : nil
            defer { running?.stop() }
            let (app, id) = try Base.open(subject, server: server, scene: scene, bus: bus, documents: documents)
            defer { withExtendedLifetime(app) {} }
            let before = try Base.settledPage(id, scene, steady: 1)
            let box = try scene.clientBox(id)
            let frames = try Base.frames(of: recording, centre: (box.midX, box.midY))
            let start = Date().timeIntervalSince1970
            try Base.play(frames, on: scene.touchscreen)
            let after = try Base.settledPage(id, scene, changedFrom: before)
            return PagePlay(before: before, after: after, start: start, log: running?.log ?? "")
        }
    }

    /// A three-finger swipe left bound to ctrl+a over one application: the keys tests' config.
    static func swipeForCtrlA(in className: String) -> String {
        """
        apps:
          \(className):
            gestures:
              - swipe: { fingers: 3, direction: left }
                do: { keys: ctrl+a }
        """
    }

    /// Opens the browser on the page afresh, with the daemon running `config` (or none), plays
    /// `Base.spread` over the middle of it; where the page settled, and the daemon's log.
    static func spread(
        over subject: Base.Subject, config: String?, server: XServer, scene: DesktopScene, bus: String, documents: URL
    ) throws -> (Base.PageState, String) {
        let running = try config.map { try DaemonProcess.start(display: server.display, config: $0) }
        defer { running?.stop() }
        let (app, id) = try Base.open(subject, server: server, scene: scene, bus: bus, documents: documents)
        defer { withExtendedLifetime(app) {} }
        let before = try Base.settledPage(id, scene, steady: 1)
        let box = try scene.clientBox(id)
        try Base.play(Base.spread(centre: (box.midX, box.midY)), on: scene.touchscreen)
        return (try Base.settledPage(id, scene, changedFrom: before), running?.log ?? "")
    }

    /// Issue 40, item 2, for a pinch: with nothing bound for two fingers (a config of three-finger
    /// swipes, as the issue's), the browser's own pinch zooms as far as it does without the
    /// daemon (within 10 %), read from the page's `visualViewport.scale`; with the shipped
    /// config, its browser binding zooms the page instead.
    @Test(.browsers, arguments: [Base.Subject.chromium, .firefox])
    func anUnboundPinchZoomsABrowserAsWithoutTheDaemon(_ subject: Base.Subject) throws {
        try Base.withSession { server, scene, bus, documents in
            let config = """
                gestures:
                  - swipe: { fingers: 3, direction: left }
                    do: { keys: ctrl+a }
                """
            let (without, _) = try Self.spread(
                over: subject, config: nil, server: server, scene: scene, bus: bus, documents: documents)
            let (with, log) = try Self.spread(
                over: subject, config: config, server: server, scene: scene, bus: bus, documents: documents)
            print("real apps: \(subject.name), an unbound spread: without the daemon \(without); with it \(with)")
            // The shipped config's browser binding (item 5: Debian's Firefox is `firefox-esr`):
            // the same spread zooms the page by ctrl+plus steps instead.
            let (bound, boundLog) = try Self.spread(
                over: subject, config: String(contentsOf: Base.shipped, encoding: .utf8), server: server, scene: scene,
                bus: bus, documents: documents)
            print("real apps: \(subject.name), a spread with the shipped config: \(bound)")
            let shippedContext = Comment(rawValue: "\(bound)\n\(boundLog.suffix(3000))")
            #expect(bound.zoom > 1.05, "the shipped browser-zoom pressed ctrl+plus: \(shippedContext)")
            #expect(boundLog.contains("browser-zoom"), shippedContext)
            let context = Comment(rawValue: "\(subject.name)\n\(log.suffix(3000))")
            #expect(without.zoom == 1 && without.scale > 1.2, "the browser zooms by its own pinch: \(context)")
            #expect(with.zoom == without.zoom, "page zoom: \(context)")
            // Measured 2.34 against 2.53 in Chromium (it zoomed 3.0× for 4.0× when the issue was
            // filed) and 2.22 against 2.45 in Firefox: the first finger's held history is replayed
            // before the second lands, and is added to the spread the browser's pinch starts from.
            #expect(abs(with.scale / without.scale - 1) <= 0.15, "pinch zoom within 15 %: \(context)")
            withKnownIssue(
                Comment(
                    rawValue: "issue 40: an unbound pinch handed back zooms a browser 8-10 % less, more when "
                        + "the daemon is slow to let go"),
                isIntermittent: true
            ) {
                #expect(abs(with.scale / without.scale - 1) <= 0.1, "pinch zoom within 10 %: \(context)")
            }
        }
    }

    /// Issue 40, item 1, in both browsers: a three-finger swipe bound to ctrl+a reaches the page,
    /// focused already and not, about as soon as the same keys sent by XTest with no gesture. The
    /// page stamps the key with the time its handler ran.
    @Test(.browsers, arguments: [Base.Subject.chromium, .firefox])
    func keysOfABoundSwipeReachABrowserPageAtOnce(_ subject: Base.Subject) throws {
        try Base.withSession { server, scene, bus, documents in
            let daemon = try DaemonProcess.start(
                display: server.display,
                config: Self.swipeForCtrlA(in: subject.className))
            defer { daemon.stop() }
            let other = try scene.launchManaged("other", className: "Other", frame: (0, 0, 300, 200))
            defer { other.kill() }
            let (app, id) = try Base.open(subject, server: server, scene: scene, bus: bus, documents: documents)
            defer { withExtendedLifetime(app) {} }
            _ = try Base.settledPage(id, scene, steady: 1)
            let keys = try KeyInjector(connection: X11Connection.toTestServer(server.display))
            var baseline: Double?
            for (index, round) in ["XTest, no gesture", "focused already", "not focused"].enumerated() {
                if round == "not focused" {
                    try scene.activate(other)
                } else {
                    _ = try scene.actions.activate(WindowID(rawValue: id))
                    try waitUntil("\(subject.name) active", timeout: 10) { scene.activeWindow == id }
                }
                let box = try scene.clientBox(id)
                let start = Date().timeIntervalSince1970
                if baseline == nil {
                    try keys.tap(try KeySequence(parsing: "ctrl+a"))
                } else {
                    try DaemonPerAppTests.swipe(scene.touchscreen, at: box.midX - 80, firstID: 640 + UInt32(index) * 10)
                }
                var page: Base.PageState?
                try? waitUntil("ctrl+a on the page", timeout: 10) {
                    page = Base.title(of: id, scene).flatMap(Base.PageState.init(title:))
                    return page?.key == "ctrl+a" && (page?.keyTime ?? 0) > start - 0.05
                }
                let heard = page?.keyTime.map { $0 - start }
                print(
                    "real apps: keys: \(subject.name), \(round): ctrl+a "
                        + "\(heard.map { "\(Int(($0 * 1000).rounded())) ms" } ?? "never") after the keys or the swipe began"
                )
                let context = Comment(
                    rawValue:
                        "\(round): the page says \(page.map(String.init(describing:)) ?? "nothing")\n\(daemon.log.suffix(3000))"
                )
                guard let reference = baseline else {
                    guard let heard else {
                        throw DeadlinePassed(waitingFor: "ctrl+a sent by XTest: \(context)", timeout: 10)
                    }
                    baseline = heard
                    continue
                }
                // Far below the 2 s the keys once waited for the focus, on a loaded machine too.
                #expect(heard.map { $0 - reference < 0.7 } == true, context)
            }
            #expect(!daemon.log.contains("did not take the focus in time"), "\(daemon.log.suffix(3000))")
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// The browser tests' condition: both browsers installed.
    static var browsers: Self {
        .enabled(if: RealApplications.hasBrowsers, "needs chromium and firefox-esr (Scripts/deps.sh test)")
    }
}

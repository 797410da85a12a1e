import Foundation
import GestureConfig
import GestureRuntime
import GestureEngine
import GestureReplay
import Testing
@testable import gesturebridge
import JSON
@testable import ControlStreams

/// The lines the daemon streams to `monitor` and `record`: formats, throttling, traces that read back.
@Suite struct ControlStreamTests {
    static func touch(_ id: UInt32, _ phase: TouchPhase, _ x: Double, _ y: Double, at time: Double) -> ControlEvent {
        .touch(TouchSample(id: TouchID(id), phase: phase, location: Point(x: x, y: y)), time: time)
    }

    static let scene = SceneDescription(
        width: 1920, height: 1080, dpi: 144,
        windows: [
            SceneWindow(
                info: WindowInfo(
                    id: 0x40_0001, windowClass: "Firefox", instance: "Navigator",
                    title: "Docs \u{1B}[31m"), frame: Rect(x: 0, y: 0, width: 960, height: 1080)),
            SceneWindow(
                info: WindowInfo(id: 0x60_0002, windowClass: "kitty", instance: "kitty"),
                frame: Rect(x: 960, y: 0, width: 960, height: 1080))
        ],
        activeWindow: 0x60_0002)

    @Test(arguments: [
        ("monitor", ControlRequest.monitor(json: false, moves: false)),
        ("monitor --json", .monitor(json: true, moves: false)),
        ("monitor --moves --json", .monitor(json: true, moves: true)),
        ("record", .record),
        ("record --stroke", .recordStroke),
        ("try", .tryOut(acts: false)),
        ("try --act", .tryOut(acts: true))
    ])
    func requestLinesParseAndRoundTrip(line: String, request: ControlRequest) {
        #expect(ControlRequest(line: line) == request)
        #expect(ControlRequest(line: request.line) == request)
    }

    @Test(arguments: [
        "", "monitor --json --json", "monitor --follow", "record --json", "MONITOR", "replay", "try --bind",
        "try --act --act",
        "record --stroke --stroke", "record --stroke circle", "record --strokes", "--stroke record"
    ])
    func otherLinesAreNotRequests(line: String) {
        #expect(ControlRequest(line: line) == nil)
    }

    @Test func monitorTextShowsTouchesDecisionsAndTheLayoutWithTimesSinceConnecting() {
        var stream = MonitorStream(isJSON: false, showsMoves: false, origin: 100)
        #expect(
            stream.line(for: Self.touch(3, .began, 1200, 500.5, at: 100.25)) == "   0.250  touch 3 down (1200, 500.5)")
        #expect(stream.line(for: .delivery(TouchID(3), .accepted, time: 101.5)) == "   1.500  touch 3 accepted")
        #expect(
            stream.line(for: .windows(Self.scene, time: 112.0004)) == """
                  12.000  windows, top first: Firefox/Navigator "Docs \\u001b[31m" 0,0 960x1080; \
                kitty/kitty "" 960,0 960x1080 (active)
                """, "a title's escape sequence is quoted, never sent to the terminal")
        #expect(
            stream.line(
                for: .reload(
                    path: "/c.yaml", outcome: .failed(errors: ["/c.yaml:3:14: unknown key 'fingrs'", "/c.yaml:9:1: x"]),
                    time: 113))
                == "  13.000  config /c.yaml has errors; the last good config stays | /c.yaml:3:14: unknown key 'fingrs'"
                + " | /c.yaml:9:1: x")
        #expect(
            stream.line(for: .reload(path: "/c.yaml", outcome: .applied(bindings: 1), time: 114))
                == "  14.000  config reloaded: /c.yaml, 1 binding")
        var json = MonitorStream(isJSON: true, showsMoves: false, origin: 100)
        #expect(
            json.line(for: .reload(path: "/c.yaml", outcome: .failed(errors: ["e1"]), time: 101))
                == #"{"t": 1, "reload": "/c.yaml", "error": "the config has errors; the last good config stays", "errors": ["e1"]}"#
        )
    }

    @Test func anUnchangedLayoutIsShownOnceInTextAndEveryTimeInJSON() {
        var stream = MonitorStream(isJSON: false, showsMoves: false, origin: 100)
        #expect(stream.line(for: .windows(Self.scene, time: 101))?.contains("windows, top first") == true)
        #expect(stream.line(for: .windows(Self.scene, time: 102)) == nil, "the same windows again: no line")
        #expect(
            stream.line(for: .windows(SceneDescription(width: 1920, height: 1080, dpi: 144, windows: []), time: 103))
                == "   3.000  windows: none", "a change is shown")
        #expect(stream.line(for: .windows(Self.scene, time: 104))?.contains("windows, top first") == true)
        var json = MonitorStream(isJSON: true, showsMoves: false, origin: 100)
        #expect(json.line(for: .windows(Self.scene, time: 101)) != nil)
        #expect(json.line(for: .windows(Self.scene, time: 102)) != nil, "a program reading JSON gets every report")
    }

    @Test func withoutMovesATouchShowsAFewMovesASecondAndItsUpCountsThemAll() {
        var stream = MonitorStream(isJSON: false, showsMoves: false, origin: 0)
        _ = stream.line(for: Self.touch(1, .began, 0, 0, at: 0))
        // Twenty moves over 200 ms: shown at 100 ms and 200 ms only.
        let shown = (1...20).compactMap { step in
            stream.line(for: Self.touch(1, .moved, Double(step), 0, at: Double(step) / 100))
        }
        #expect(shown == ["   0.100  touch 1 move (10, 0)", "   0.200  touch 1 move (20, 0)"])
        #expect(stream.line(for: Self.touch(1, .ended, 20, 0, at: 0.21)) == "   0.210  touch 1 up (20, 0), 20 moves")

        var everyMove = MonitorStream(isJSON: false, showsMoves: true, origin: 0)
        _ = everyMove.line(for: Self.touch(1, .began, 0, 0, at: 0))
        #expect(
            (1...20).allSatisfy {
                everyMove.line(for: Self.touch(1, .moved, Double($0), 0, at: Double($0) / 100)) != nil
            })
    }

    @Test func monitorJSONTouchLinesAreTraceLinesAndTheSceneIsATraceHeader() throws {
        var stream = MonitorStream(isJSON: true, showsMoves: true, origin: 10)
        let downLine = stream.line(for: Self.touch(7, .began, 100, 300, at: 10.0123456))
        let down = try #require(downLine)
        #expect(down == #"{"t": 0.012, "touch": 7, "phase": "down", "x": 100, "y": 300}"#)
        let sceneLine = stream.line(for: .windows(Self.scene, time: 11))
        let scene = try #require(sceneLine)
        let value = try JSONValue(parsing: scene)
        let header = try #require(value["scene"]).serialized()
        let trace = try TraceReader.read(header + "\n" + down + "\n", file: "monitor")
        #expect(trace.header == TraceRecording.header(of: Self.scene))
        #expect(trace.events.count == 1)
        #expect(
            stream.line(for: .delivery(TouchID(7), .rejected, time: 10.5))
                == #"{"t": 0.5, "touch": 7, "delivery": "rejected"}"#)
    }

    @Test func aRecordingStartsAtItsFirstLineAndLeavesOutTouchesThatBeganBeforeIt() throws {
        var recording = TraceRecording()
        #expect(recording.line(for: Self.touch(1, .moved, 5, 5, at: 50)) == nil, "its down was not recorded")
        #expect(recording.line(for: .delivery(TouchID(1), .rejected, time: 50)) == nil, "not input")
        let lines = [
            Self.touch(2, .began, 100, 300, at: 50.5), Self.touch(2, .moved, 130, 300, at: 50.52),
            Self.touch(1, .ended, 5, 5, at: 50.53), Self.touch(2, .ended, 220, 300, at: 50.58)
        ]
        .compactMap { recording.line(for: $0) }
        #expect(
            lines == [
                #"{"t": 0, "touch": 2, "phase": "down", "x": 100, "y": 300}"#,
                #"{"t": 0.02, "touch": 2, "phase": "move", "x": 130, "y": 300}"#,
                #"{"t": 0.08, "touch": 2, "phase": "up", "x": 220, "y": 300}"#
            ])
        let header = TraceWriter.headerLine(TraceRecording.header(of: Self.scene))
        let trace = try TraceReader.read(([header] + lines).joined(separator: "\n"), file: "recorded")
        #expect(trace.header.activeWindow == 0x60_0002)
        #expect(trace.header.windows.map(\.className) == ["Firefox", "kitty"])
        #expect(trace.header.screen == Trace.Screen(width: 1920, height: 1080, dpi: 144))
    }

    /// Windows that change while recording are a line of their own, which reads back as the
    /// scene the daemon's gestures saw from then on (`replay` applies it there).
    @Test func aWindowChangeIsRecordedAndReadsBackAsTheNewScene() throws {
        var recording = TraceRecording()
        var moved = Self.scene
        moved.windows.removeFirst()
        moved.windows[0].frame = Rect(x: 0, y: 0, width: 1920, height: 1080)
        let lines = [
            Self.touch(2, .began, 100, 300, at: 50.5), .windows(moved, time: 50.75),
            Self.touch(2, .ended, 220, 300, at: 50.8)
        ]
        .compactMap { recording.line(for: $0) }
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[1].hasPrefix(#"{"t": 0.25, "screen": {"#), "\(lines)")
        let header = TraceWriter.headerLine(TraceRecording.header(of: Self.scene))
        let trace = try TraceReader.read(([header] + lines).joined(separator: "\n"), file: "recorded")
        #expect(
            trace.events.map(\.input) == [
                .touch(TouchSample(id: TouchID(2), phase: .began, location: Point(x: 100, y: 300))), .clock,
                .touch(TouchSample(id: TouchID(2), phase: .ended, location: Point(x: 220, y: 300)))
            ], "the window line is a clock line besides")
        #expect(trace.recorded == [Trace.Recorded(line: 3, time: 0.25, what: .scene(TraceRecording.header(of: moved)))])

        // Every window gone: still a change of windows, to none.
        var none = Self.scene
        none.windows = []
        let closedLine = recording.line(for: .windows(none, time: 51))
        let closed = try #require(closedLine)
        let after = try TraceReader.read([header, lines[0], closed].joined(separator: "\n"), file: "recorded")
        #expect(after.recorded.map(\.what) == [.scene(TraceRecording.header(of: none))], "\(closed)")
    }

    /// A recorded time is the microsecond it falls on, written as that decimal: 0.032661, never
    /// 0.032660999999999996 (what multiplying the microseconds by 1e-6 gave).
    @Test(arguments: [0.032661, 0.1, 0.3, 1.0000001, 2.718281])
    func recordedTimesAreShortDecimals(offset: Double) throws {
        var recording = TraceRecording()
        _ = recording.line(for: Self.touch(1, .began, 1, 1, at: 52311.123456))
        let recorded = recording.line(for: Self.touch(1, .moved, 2, 2, at: 52311.123456 + offset))
        let line = try #require(recorded)
        let seconds = (offset * 1e6).rounded() / 1e6
        let expected = seconds.rounded() == seconds ? "\(Int(seconds))" : "\(seconds)"
        #expect(line.hasPrefix("{\"t\": \(expected), "), "\(line)")
        #expect(line.split(separator: ",")[0].count <= "{\"t\": 0.000001".count + 2, "\(line)")
    }

    @Test func aHeaderNamesTheActiveWindowOnlyWhenItIsOneOfTheWindows() {
        var scene = Self.scene
        scene.activeWindow = 0x99
        #expect(TraceRecording.header(of: scene).activeWindow == nil)
    }

    @Test(arguments: [
        (
            PadEvent(kind: .swipe, phase: .began, fingers: 3, dx: 0, dy: 0),
            #"{"t": 0, "pad": "swipe", "phase": "begin", "fingers": 3, "dx": 0, "dy": 0}"#
        ),
        (
            PadEvent(kind: .pinch, phase: .began, fingers: 2, dx: 1.5, dy: -2, scale: 1.25, angle: -3),
            #"{"t": 0, "pad": "pinch", "phase": "begin", "fingers": 2, "dx": 1.5, "dy": -2, "scale": 1.25, "angle": -3}"#
        )
    ])
    func padLinesAreTheTraceFormatsPadLines(pad: PadEvent, line: String) throws {
        var recording = TraceRecording()
        #expect(recording.padLine(pad, time: 7) == line)
        var update = pad
        update.phase = .updated
        let updated = recording.padLine(update, time: 7.01)
        let updateLine = try #require(updated)
        let trace = try TraceReader.read(line + "\n" + updateLine + "\n", file: "pad")
        #expect(trace.events.map(\.input) == [.pad(pad), .pad(update)])
        #expect(trace.events.last?.time == 0.01)
    }

    @Test func aPadGestureUnderWayWhenRecordingStartsIsLeftOut() {
        var recording = TraceRecording()
        let update = PadEvent(kind: .swipe, phase: .updated, fingers: 3, dx: -20, dy: 0)
        #expect(recording.line(for: .pad(update, time: 1)) == nil)
        var end = update
        end.phase = .ended
        #expect(recording.line(for: .pad(end, time: 1.1)) == nil)
    }

    @Test(arguments: [
        (":0", "0"), (":0.0", "0"), (":12", "12"), ("localhost:10.0", "localhost_10"),
        ("unix/host:1", "unix_host_1"), ("", "_"), ("..", "_")
    ])
    func displayNamesBecomeSafeFileNames(display: String, name: String) {
        #expect(RuntimePaths.fileName(display: display) == name)
    }

    @Test func socketsLiveInTheSessionsRuntimeDirectoryElseAPrivateOneInTmp() {
        let session = RuntimePaths(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000)
        #expect(session.socket(display: ":0") == "/run/user/1000/gesturebridge/0.sock")
        #expect(session.lock(display: ":0.0") == "/run/user/1000/gesturebridge/0.lock")
        let fallback = RuntimePaths(environment: ["XDG_RUNTIME_DIR": "relative/dir"], uid: 1000)
        #expect(fallback.socket(display: ":1") == "/tmp/gesturebridge-1000/1.sock")
    }

    /// Issue 27: without XDG_RUNTIME_DIR, another user who made /tmp/gesturebridge-UID first
    /// (a folder or a link) kept the daemon from starting. The home folder's cache is used
    /// then, which only you can make; daemon and tools decide alike.
    @Test(
        .enabled(if: getuid() == 0, "giving a folder to another user needs root"), arguments: ["folder", "link"])
    func aTakenTmpFolderMovesTheRuntimeFilesHome(taken: String) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-tmp-\(UUID().uuidString.prefix(8))"
        ).path
        let home = base + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let squatted = base + "/gesturebridge-\(getuid())"
        let free = RuntimePaths(environment: ["HOME": home], temporary: base)
        #expect(free.directory == squatted, "nobody took it: the shared name")
        if taken == "folder" {
            try #require(mkdir(squatted, 0o777) == 0 && chown(squatted, 65534, 65534) == 0)
        } else {
            try #require(symlink(home, squatted) == 0)
        }
        let paths = RuntimePaths(environment: ["HOME": home], temporary: base)
        #expect(paths.directory == home + "/.cache/gesturebridge/runtime")
        try paths.prepareDirectory()
        var info = stat()
        #expect(lstat(paths.directory, &info) == 0 && info.st_mode & 0o777 == 0o700 && info.st_uid == getuid())
        #expect(throws: ControlError.self, "the taken one is still refused") { try free.prepareDirectory() }
    }
}

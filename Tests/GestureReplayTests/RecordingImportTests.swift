import Testing
@testable import GestureReplay

/// What SOURCES.md says about one real recording, as the import must reproduce it.
struct RecordingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let touches: Int
    /// Seconds, as SOURCES.md rounds them.
    let duration: Double
    let maximumFingers: Int
    let cancels: Int
    let dpi: Double
    let gestures: Int
    /// The landing times (ms after the first) of each gesture of two or more touches, in order.
    let landings: [[Int]]

    var testDescription: String { name }
}

/// Every real recording imports, and its touches, timing and fingers match SOURCES.md.
@Suite struct RecordingImportTests {
    static let cases: [RecordingCase] = [
        RecordingCase(
            name: "evemu__3m.event", touches: 34, duration: 29.1, maximumFingers: 10, cancels: 2,
            dpi: 96, gestures: 11,
            landings: [
                [0, 10], [0, 15, 122], [0, 0, 5, 5], [0, 15, 15, 31, 72],
                [0, 36, 56, 72, 77, 83, 90, 90, 90, 95, 2037], [0, 20, 25], [0, 51]
            ]),
        RecordingCase(
            name: "evemu-devices__dell_canvas_touch.evemu", touches: 12, duration: 13.9, maximumFingers: 5,
            cancels: 0, dpi: 81.858, gestures: 4,
            landings: [[0, 0], [0, 150, 263, 275], [0, 6, 62, 69, 81]]),
        // 22 gestures in SOURCES.md, plus a 10 ms brush at the very end.
        RecordingCase(
            name: "evemu-devices__Wacom_DTH2242_Finger.events", touches: 66, duration: 24.1,
            maximumFingers: 10, cancels: 0, dpi: 104.923, gestures: 23,
            landings: [
                [0, 76], [0, 696], [0, 576],
                [
                    0, 382, 662, 720, 864, 1262, 1272, 1292, 1292, 1300, 1402, 1410, 1522, 1522, 3948,
                    3948, 4040, 4100
                ],
                [0, 738, 754, 762, 1358, 1376], [0, 76],
                [
                    0, 94, 246, 254, 384, 402, 816, 1028, 1036, 1232, 1384, 1468, 1546, 1564, 1932,
                    1942, 1960, 1976
                ]
            ]),
        RecordingCase(
            name: "evemu-devices__Atmel_maXTouch_Touchscreen.4-finger-drag-down.events", touches: 4,
            duration: 0.57, maximumFingers: 4, cancels: 0, dpi: 96, gestures: 1,
            landings: [[0, 28, 28, 111]]),
        RecordingCase(
            name: "evemu-devices__Atmel_maXTouch_Touchscreen.2-fingers-touch-release.events", touches: 2,
            duration: 0.82, maximumFingers: 2, cancels: 0, dpi: 96, gestures: 1, landings: [[0, 55]]),
        RecordingCase(
            name: "evemu-devices__Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events", touches: 9,
            duration: 1.93, maximumFingers: 1, cancels: 0, dpi: 96, gestures: 9, landings: []),
        RecordingCase(
            name: "evemu-devices__EP0430M09.2-finger-scroll-down.events", touches: 2, duration: 0.75,
            maximumFingers: 2, cancels: 0, dpi: 96, gestures: 1, landings: [[0, 8]]),
        RecordingCase(
            name: "evemu-devices__EP0430M09.4-finger-drag-down.events", touches: 4, duration: 1.17,
            maximumFingers: 4, cancels: 0, dpi: 96, gestures: 1, landings: [[0, 0, 0, 0]]),
        RecordingCase(
            name: "evemu-devices__EP0430M09.1-finger-drag-up-down.events", touches: 1, duration: 1.43,
            maximumFingers: 1, cancels: 0, dpi: 96, gestures: 1, landings: []),
        RecordingCase(
            name: "evemu-devices__Wacom_ISDv4_E6_Finger.single-center-scroll.events", touches: 1,
            duration: 0.82, maximumFingers: 1, cancels: 0, dpi: 96, gestures: 1, landings: []),
        RecordingCase(
            name: "evemu-devices__Wacom_ISDv4_E6_Finger.double-top-swipe.events", touches: 2,
            duration: 1.9, maximumFingers: 2, cancels: 0, dpi: 96, gestures: 1, landings: [[0, 36]]),
        RecordingCase(
            name: "evemu-devices__Wacom_ISDv4_E6_Finger.double-center-circle.events", touches: 2,
            duration: 1.48, maximumFingers: 2, cancels: 0, dpi: 96, gestures: 1, landings: [[0, 0]]),
        RecordingCase(
            name: "MonkeyHelper__phone-two-finger-drag.getevent.txt", touches: 2, duration: 1.1,
            maximumFingers: 2, cancels: 0, dpi: 96, gestures: 1, landings: [[0, 104]])
    ]

    @Test(arguments: cases)
    func recordingImportsWithTheTouchesAndTimingSourcesDescribes(recording: RecordingCase) throws {
        let trace = try Recordings.importTrace(recording.name)
        let statistics = TraceStatistics(trace)
        #expect(statistics.touches == recording.touches)
        #expect(abs(statistics.duration - recording.duration) < 0.05, "duration \(statistics.duration)")
        #expect(statistics.maximumFingers == recording.maximumFingers)
        #expect(statistics.cancels == recording.cancels)
        #expect(statistics.gestures.count == recording.gestures)
        #expect(trace.header.screen == Trace.Screen(width: 1920, height: 1080, dpi: recording.dpi))
        #expect(trace.events.first?.time == 0, "t starts at 0")
        let landings = statistics.gestures.map(\.landings).filter { $0.count > 1 }
        #expect(landings.count == recording.landings.count, "\(landings)")
        for (measured, described) in zip(landings, recording.landings) {
            // SOURCES.md rounds to whole milliseconds.
            #expect(
                measured.count == described.count && zip(measured, described).allSatisfy { abs($0 - $1) <= 1 },
                "landings \(measured), SOURCES.md says \(described)")
        }
    }

    @Test(arguments: cases.map(\.name) + [Recordings.isdv4Description])
    func convertedRecordingReadsBackAsTheSameTrace(name: String) throws {
        let trace = try Recordings.importTrace(name)
        let text = TraceWriter.write(trace)
        let readBack = try TraceReader.read(text, file: "converted.jsonl")
        #expect(readBack.header == trace.header)
        #expect(readBack.events.count == trace.events.count)
        // Lines differ (recording lines against the converted file's), everything else is equal.
        #expect(readBack.events.map(\.time) == trace.events.map(\.time))
        #expect(readBack.events.map(\.input) == trace.events.map(\.input))
        #expect(readBack.events.map(\.line) == Array(2..<(trace.events.count + 2)))
    }

    @Test func fastTapsAreNineTapsOfTwoFramesWithGapsSourcesGives() throws {
        let statistics = TraceStatistics(
            try Recordings.importTrace("evemu-devices__Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events"))
        #expect(statistics.gestures.count == 9)
        for gesture in statistics.gestures {
            #expect((82...110).contains(gesture.milliseconds), "a tap of \(gesture.milliseconds) ms")
            #expect(gesture.moved.isEmpty, "each tap is a down frame and an up frame")
        }
        for (tap, next) in zip(statistics.gestures, statistics.gestures.dropFirst()) {
            let gap = Int(((next.start - tap.end) * 1000).rounded())
            #expect((125...153).contains(gap), "a gap of \(gap) ms")
        }
    }

    @Test func threeMEndsWithTwoFingersCancelledAtTheLastFrame() throws {
        let trace = try Recordings.importTrace("evemu__3m.event")
        let cancels = trace.events.filter {
            if case .touch(let touch) = $0.input { touch.phase == .cancelled } else { false }
        }
        #expect(cancels.count == 2)
        #expect(cancels.allSatisfy { $0.time == trace.events.last?.time })
        // The recording's last SYN_REPORT is on line 43572; what follows it never took effect.
        #expect(cancels.allSatisfy { $0.line == 43572 })
        let statistics = TraceStatistics(trace)
        let tenFingers = try #require(statistics.gestures.first { $0.landings.count == 11 })
        #expect(tenFingers.landings.prefix(10).allSatisfy { $0 <= 95 }, "all ten land within 95 ms")
        #expect((3300...3400).contains(tenFingers.milliseconds))
    }

    @Test func wacomFingersLiftAndTouchDownAgainAsNewTouches() throws {
        let statistics = TraceStatistics(try Recordings.importTrace("evemu-devices__Wacom_DTH2242_Finger.events"))
        let twoFingerTaps = statistics.gestures.filter { $0.landings == [0, 76] }
        #expect(twoFingerTaps.map(\.milliseconds).sorted() == [236, 262])
        #expect(statistics.gestures.contains { $0.landings == [0, 696] }, "the second finger 696 ms late")
        #expect(statistics.gestures.contains { $0.landings.count == 6 }, "the 6-finger gesture")
        // Ten fingers at once, and more touches than that in one gesture: fingers lifted and came back.
        #expect(statistics.maximumFingers == 10)
        #expect(statistics.gestures.contains { $0.landings.count > 10 })
        let singles = statistics.gestures.filter { $0.landings.count == 1 && $0.milliseconds >= 100 }
        #expect(singles.count == 15)
        #expect(singles.allSatisfy { (118...694).contains($0.milliseconds) })
    }

    @Test func resolutionMakesPointsTheDevicesPhysicalSize() throws {
        // Dell Canvas: 32767 units at 55 units/mm is 595.8 mm, so 1920 px over 23.46 in.
        let trace = try Recordings.importTrace(
            "evemu-devices__dell_canvas_touch.evemu",
            screen: Trace.Screen(width: 3840, height: 2160, dpi: 200))
        #expect(trace.header.screen == Trace.Screen(width: 3840, height: 2160, dpi: 163.716))
        let millimetresPerPoint = 25.4 / 96
        let screenMillimetres = 3840 * trace.header.screen.pointsPerPixel * millimetresPerPoint
        #expect(abs(screenMillimetres - 32767.0 / 55) < 0.1)
    }

    @Test func withoutResolutionTheScreensDpiIsKept() throws {
        let trace = try Recordings.importTrace(
            "evemu__3m.event",
            screen: Trace.Screen(width: 1280, height: 800, dpi: 120))
        #expect(trace.header.screen == Trace.Screen(width: 1280, height: 800, dpi: 120))
        for event in trace.events {
            guard case .touch(let touch) = event.input else { continue }
            let point = touch.location
            #expect(point.x >= 0 && point.x < 1280 && point.y >= 0 && point.y < 800)
        }
    }

    @Test func theLargestRecordingImportsQuickly() throws {
        let text = try Recordings.text("evemu__3m.event")
        let clock = ContinuousClock()
        let start = clock.now
        let trace = try TraceImporter.read(text, file: "evemu__3m.event")
        let elapsed = clock.now - start
        // 43 466 events: about 0.2 s in a debug build and 0.02 s in release; the bound only catches
        // work that grows faster than the file.
        #expect(elapsed < .seconds(3), "\(elapsed)")
        #expect(trace.events.count == 10_838)
    }
}

import Foundation
import GestureConfig
import GestureEngine
@testable import GestureReplay
import Testing

/// Issue 40, item 4: how long the shipped config holds a lone finger that sets off before the
/// application gets it, and what handing it over sooner would cost the gestures whose fingers
/// land late, measured on every real recording the project carries.
@Suite struct HandBackLatencyTests {
    /// One finger of a replayed recording: when it landed, where it went, and when the replay
    /// handed it to the application (nil: a gesture kept it).
    struct Finger {
        var landing: Double
        var path: [(time: Double, distance: Double)]
        var handedBack: Double?
        /// When it first got further than `points` from where it landed; nil if it never did.
        func passes(_ points: Double) -> Double? { path.first { $0.distance > points }?.time }
        var travel: Double { path.map(\.distance).max() ?? 0 }
    }

    struct Hand {
        var fingers: [Finger] = []
        var peak = 0
        /// The gestures that began or ended from its first landing to 0.5 s after its last
        /// event (a swipe acts at its lift), in order.
        var fired: [String] = []
        /// Its first landing and its last event, in seconds.
        var start = 0.0
        var end = 0.0
    }

    /// The shipped default config, as a user has it.
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config/config.yaml")

    /// The most landing travel a config may set (53 cm), which no finger here reaches within the
    /// finger window: the window alone decides.
    static let windowOnly = 2_000.0

    /// The recordings: those `landingTravel` was tuned on, and those it was not.
    static let tuned: [RecordingReplay] = [.threeM, .wacomDTH2242]
    static let reported: [RecordingReplay] = [
        .dellCanvas, .atmelFastTaps, .atmelHold, .atmelFourFingerDrag, .ep0430Scroll, .ep0430FourFingerDrag,
        .ep0430Drag, .isdv4TopSwipe, .isdv4Circle, .isdv4Scroll, .phoneDrag
    ]

    /// Replays `replay` under the shipped config with `landing-travel` set to `travel` points and
    /// splits it into hands.
    static func hands(_ replay: RecordingReplay, travel: Double) throws -> [Hand] {
        let yaml = try String(contentsOf: shipped, encoding: .utf8)
            .replacingOccurrences(of: "settings:\n", with: "settings:\n  landing-travel: \(travel)\n")
        let run = try replay.with(config: "shipped", yaml: yaml).run()
        let scale = run.trace.header.screen.pointsPerPixel
        var handOver: [UInt32: [Double]] = [:]
        for record in run.records {
            if case .delivery(let time, let touch, .rejected) = record {
                handOver[touch.rawValue, default: []].append(time)
            }
        }
        var hands: [Hand] = []
        var down: [UInt32: (finger: Int, x: Double, y: Double)] = [:]
        for event in run.trace.events {
            guard case .touch(let touch) = event.input else { continue }
            let id = touch.id.rawValue
            let (x, y) = (touch.location.x * scale, touch.location.y * scale)
            if touch.phase == .began {
                if down.isEmpty { hands.append(Hand()) }
                let handed = handOver[id]?.first { $0 >= event.time - 1e-9 }
                hands[hands.count - 1].fingers.append(Finger(landing: event.time, path: [], handedBack: handed))
                down[id] = (hands[hands.count - 1].fingers.count - 1, x, y)
                hands[hands.count - 1].peak = max(hands[hands.count - 1].peak, down.count)
                continue
            }
            guard let (index, x0, y0) = down[id] else { continue }
            let distance = ((x - x0) * (x - x0) + (y - y0) * (y - y0)).squareRoot()
            hands[hands.count - 1].fingers[index].path.append((event.time, distance))
            if touch.phase.isFinished { down[id] = nil }
            hands[hands.count - 1].end = event.time
        }
        for index in hands.indices {
            hands[index].start = hands[index].fingers.first?.landing ?? 0
            for record in run.records {
                guard case .state(let time, let gesture, _, let state, _, _, _, _, _) = record,
                    state == .began || state == .ended, time >= hands[index].start - 1e-9,
                    time <= hands[index].end + 0.5
                else { continue }
                hands[index].fired.append("\(gesture) \(state)")
            }
        }
        return hands
    }

    /// How late each lone drag of `set` reaches an application that starts a drag at 8 pt (GTK's
    /// drag threshold at 96 dpi): from when it passed 8 pt to when the replay handed it back, in
    /// whole milliseconds, sorted; and the hands whose gestures differ from those of the same
    /// replay with no landing travel at all (the finger window alone).
    static func tradeOff(_ set: [RecordingReplay], travel: Double) throws -> (late: [Int], lost: [String]) {
        var late: [Int] = []
        var lost: [String] = []
        for replay in set {
            let hands = try Self.hands(replay, travel: travel)
            let windowOnly = try Self.hands(replay, travel: Self.windowOnly)
            for (index, hand) in hands.enumerated() {
                if hand.peak == 1, let finger = hand.fingers.first,
                    finger.travel > Thresholds.longPressAllowableMovement,
                    let back = finger.handedBack, let passed = finger.passes(8)
                {
                    late.append(Int((max(0, back - passed) * 1000).rounded()))
                }
                if hand.fired != windowOnly[index].fired {
                    lost.append("\(replay.recording) hand \(index): \(windowOnly[index].fired) became \(hand.fired)")
                }
            }
        }
        return (late.sorted(), lost)
    }

    /// The trade-off on the recordings `landingTravel` was not tuned on, whose lone drags are the
    /// Dell Canvas flick, the EP0430M09 drag and the ISDv4 scroll: the shipped 16 pt keeps every
    /// gesture and makes them 7, 22 and 28 ms late (median 22; the finger window alone: 66); at
    /// 12 pt and below the Atmel's 4-finger drag, whose fourth finger lands when the others have
    /// gone 13 to 16.6 pt, no longer shows the desktop.
    @Test(arguments: [
        (4.0, [0, 0, 0], 1), (8, [0, 0, 0], 1), (12, [0, 8, 15], 1), (16, [7, 22, 28], 0), (24, [13, 45, 48], 0),
        (Self.windowOnly, [62, 66, 119], 0)
    ])
    func handingALoneDragOverSoonerCostsLateFingers(travel: Double, late: [Int], lost: Int) throws {
        let measured = try Self.tradeOff(Self.reported, travel: travel)
        #expect(measured.late == late)
        #expect(measured.lost.count == lost, "\(measured.lost)")
    }

    /// The recordings it was tuned on lose no gesture at any travel tried, and most of their lone
    /// drags are slow ones the finger window lets go before they pass 8 pt.
    @Test func theTuningRecordingsLoseNothingAndLateDragsLittle() throws {
        for travel in [4.0, 16] {
            #expect(try Self.tradeOff(Self.tuned, travel: travel).lost.isEmpty)
        }
        let shipped = try Self.tradeOff(Self.tuned, travel: 16).late
        let windowOnly = try Self.tradeOff(Self.tuned, travel: Self.windowOnly).late
        #expect(shipped == [0, 0, 0, 0, 0, 16, 20, 66, 108], "\(shipped)")
        #expect(windowOnly == [0, 0, 0, 0, 0, 66, 89, 94, 108], "\(windowOnly)")
    }

    /// The shipped config does use 16 pt: the figures above are the user's.
    @Test func theShippedConfigHandsOverAtTheDefaultTravel() throws {
        let yaml = try String(contentsOf: Self.shipped, encoding: .utf8)
        #expect(try ConfigLoader.load(yaml: yaml).settings.landingTravel == Thresholds.landingTravel)
        #expect(Thresholds.landingTravel == 16)
    }
}

extension RecordingReplay {
    static let ep0430Drag = RecordingReplay(
        recording: "evemu-devices__EP0430M09.1-finger-drag-up-down.events", config: "panel.yaml",
        screen: ep0430Screen, invertsY: true)
    static let isdv4Scroll = RecordingReplay(
        recording: "evemu-devices__Wacom_ISDv4_E6_Finger.single-center-scroll.events", config: "isdv4-map.yaml",
        screen: isdv4Screen)
}

import Foundation
import Testing
@testable import GestureReplay

/// The real touchscreen recordings the repository carries in `Tests/Recordings`, and what tests measure on them.
///
/// They are part of the clone (`Tests/Recordings/SOURCES.md` says where each comes from and
/// under which licence), so the tests that read them run everywhere and are never skipped.
enum Recordings {
    /// `Tests/Recordings` of this checkout.
    static let folder: URL = {
        // This file is <repo>/Tests/GestureReplayTests/Support/Recordings.swift.
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("Recordings")
    }()

    /// The text of a recording, failing the test when the folder or file is missing.
    static func text(_ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The path of a recording, for command-line tests.
    static func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// The ISDv4 `.events` files have their description in this `.desc`.
    static let isdv4Description = "evemu-devices__Wacom_ISDv4_E6_Finger.desc"

    /// Imports a recording, with the ISDv4 description where it needs one.
    static func importTrace(_ name: String, screen: Trace.Screen? = nil) throws -> Trace {
        var options = TraceImporter.Options(screen: screen)
        if name.contains("ISDv4") && !name.hasSuffix(".desc") {
            options.deviceDescription = .init(text: try text(isdv4Description), file: isdv4Description)
        }
        return try TraceImporter.read(try text(name), file: name, options: options)
    }
}

/// Figures a test reads off an imported trace: touches, fingers down at once, and the gestures' timing.
struct TraceStatistics {
    /// One stretch of time with at least one finger down.
    struct Gesture {
        var start: Double
        var end: Double
        /// Each landing's time after the gesture's first, in whole milliseconds.
        var landings: [Int] = []
        var lifts: [Double] = []
        /// Touch ids that moved.
        var moved: Set<UInt32> = []

        var milliseconds: Int { Int(((end - start) * 1000).rounded()) }
        var liftSpread: Int { Int((((lifts.max() ?? 0) - (lifts.min() ?? 0)) * 1000).rounded()) }
    }

    var touches = 0
    var maximumFingers = 0
    var cancels = 0
    var duration = 0.0
    var gestures: [Gesture] = []

    init(_ trace: Trace) {
        var down = Set<UInt32>()
        for event in trace.events {
            duration = event.time
            guard case .touch(let touch) = event.input else { continue }
            let id = touch.id.rawValue
            switch touch.phase {
            case .began:
                if down.isEmpty { gestures.append(Gesture(start: event.time, end: event.time)) }
                down.insert(id)
                touches += 1
                maximumFingers = max(maximumFingers, down.count)
                gestures[gestures.count - 1].landings.append(
                    Int(((event.time - gestures[gestures.count - 1].start) * 1000).rounded()))
            case .moved, .stationary:
                gestures[gestures.count - 1].moved.insert(id)
            case .ended, .cancelled:
                if touch.phase == .cancelled { cancels += 1 }
                down.remove(id)
                gestures[gestures.count - 1].lifts.append(event.time)
                gestures[gestures.count - 1].end = event.time
            }
        }
    }
}

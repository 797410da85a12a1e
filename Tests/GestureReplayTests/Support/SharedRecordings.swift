import Foundation
import Testing
@testable import GestureReplay

/// The real touchscreen recordings in `shared/data/touch-recordings`, and what tests measure on imported traces.
///
/// The folder lives beside the repository (`<clone>/../shared`); a git worktree
/// sits deeper, so every ancestor of the repository is tried. In CI (`CI` set) a missing
/// folder fails the tests that need it, with a message saying where it was looked for:
/// there they must never pass by not running. In a plain clone without it they are
/// skipped, saying why (`.sharedRecordings`).
enum SharedRecordings {
    /// Whether the tests that read the recordings run: when they are there, and always in CI.
    static var run: Bool {
        if case .success = folder { return true }
        return ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// The recordings folder, or nil with the places that were tried.
    static let folder: Result<URL, LocateError> = {
        // This file is <repo>/Tests/GestureReplayTests/Support/SharedRecordings.swift.
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { directory.deleteLastPathComponent() }
        var tried: [String] = []
        while true {
            let candidate = directory.appendingPathComponent("shared/data/touch-recordings")
            tried.append(candidate.path)
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("SOURCES.md").path) {
                return .success(candidate)
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return .failure(LocateError(tried: tried)) }
            directory = parent
        }
    }()

    struct LocateError: Error, CustomStringConvertible {
        var tried: [String]
        var description: String {
            "the shared touch recordings were not found; looked for shared/data/touch-recordings/SOURCES.md at "
                + tried.joined(separator: ", ")
        }
    }

    /// The text of a recording, failing the test when the folder or file is missing.
    static func text(_ name: String) throws -> String {
        let url = try folder.get().appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The path of a recording, for command-line tests.
    static func path(_ name: String) throws -> String {
        try folder.get().appendingPathComponent(name).path
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

extension Trait where Self == ConditionTrait {
    /// For tests that read the shared recordings: skipped in a plain clone that has none, never in CI.
    static var sharedRecordings: Self {
        .enabled(
            if: SharedRecordings.run,
            "the shared touch recordings (../shared/data/touch-recordings) are not beside this clone")
    }
}

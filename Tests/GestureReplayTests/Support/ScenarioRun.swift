import Foundation
import GestureConfig
import GestureEngine
import GestureReplay
import Testing
import JSON

/// One scenario replayed: a config and a trace from `Traces/scenarios/<folder>/`, and what came out of them.
///
/// It reads the files from the test bundle, loads them with the real `TraceReader` and
/// `ConfigLoader`, runs `ReplayRunner`, and answers the questions a person asks of the
/// output: which states a gesture went through and when, which actions fired with
/// which parameters, and how each touch was delivered. Times are compared in whole
/// milliseconds, the resolution of a hand-written trace.
struct ScenarioRun {
    /// The scenario's folder under `Traces/scenarios`.
    let folder: String
    /// The trace as read.
    let trace: Trace
    /// The replay's output lines, in time order.
    let records: [ReplayRecord]
    /// The replay's warnings.
    let warnings: [String]

    /// Replays `trace` under `config`, both files in `Traces/scenarios/<folder>`.
    init(_ folder: String, config: String = "config.yaml", trace: String, verbose: Bool = false) throws {
        self.folder = folder
        self.trace = try TraceReader.read(try Self.text(folder, trace), file: trace)
        // As a config file is loaded: shapes of your own come from `strokes/` beside it.
        let configuration = try ConfigLoader.load(
            yaml: try Self.text(folder, config), file: config, strokeFolder: try Self.url(folder, "strokes").path)
        let outcome = ReplayRunner.run(trace: self.trace, configuration: configuration, verbose: verbose)
        records = outcome.records
        warnings = outcome.warnings
    }

    /// The text of a file of the scenario `folder`, from the test bundle.
    static func text(_ folder: String, _ file: String) throws -> String {
        try String(contentsOf: try url(folder, file), encoding: .utf8)
    }

    /// Where a file of the scenario `folder` is in the test bundle.
    static func url(_ folder: String, _ file: String) throws -> URL {
        try #require(Bundle.module.resourceURL).appendingPathComponent("Traces/scenarios/\(folder)/\(file)")
    }

    // MARK: States

    /// One `state` line of the output.
    struct StateLine {
        var time: Double
        var state: GestureRecognizer.State
        var x: Double
        var y: Double
        var touches: Int
        var fields: [String: JSONValue]
        var isVerbose: Bool
    }

    /// Every state line of `gesture`, verbose ones included, in order.
    func stateLines(of gesture: String) -> [StateLine] {
        records.compactMap { record in
            guard case let .state(time, name, _, state, x, y, touches, fields, verbose) = record, name == gesture
            else { return nil }
            return StateLine(
                time: time, state: state, x: x, y: y, touches: touches,
                fields: Dictionary(fields, uniquingKeysWith: { first, _ in first }), isVerbose: verbose)
        }
    }

    /// The states `gesture` reported, with runs of `changed` shown once: `[.began, .changed, .ended]`.
    func states(of gesture: String) -> [GestureRecognizer.State] {
        var states: [GestureRecognizer.State] = []
        for line in stateLines(of: gesture) where !(line.state == .changed && states.last == .changed) {
            states.append(line.state)
        }
        return states
    }

    /// When `gesture` first reported `state`, in whole milliseconds; nil if it never did.
    func millisecond(of gesture: String, _ state: GestureRecognizer.State) -> Int? {
        stateLines(of: gesture).first { $0.state == state }.map { Self.milliseconds($0.time) }
    }

    /// The names of the gestures that reported any state line that is not verbose.
    var gesturesWithStates: Set<String> {
        Set(
            records.compactMap { record in
                guard case let .state(_, name, _, _, _, _, _, _, verbose) = record, !verbose else { return nil }
                return name
            })
    }

    // MARK: Actions

    /// One `action` line: when, which gesture, and the action object as the contract prints it.
    struct ActionLine: Equatable, CustomStringConvertible {
        var millisecond: Int
        var gesture: String
        /// The action object as JSON, such as `{"keys": "alt+Left", "window": 7}`.
        var action: String

        var description: String { "\(gesture) at \(millisecond) ms: \(action)" }
    }

    /// Every action line, or those of one gesture, in order.
    func actions(of gesture: String? = nil) -> [ActionLine] {
        records.compactMap { record in
            guard case let .action(time, name, action) = record, gesture.map({ $0 == name }) ?? true else { return nil }
            return ActionLine(
                millisecond: Self.milliseconds(time), gesture: name,
                action: JSONValue.object(action).serialized(decimals: 3))
        }
    }

    /// The `withdrawn` lines of `gesture`: when (ms) and why.
    func withdrawals(of gesture: String) -> [(millisecond: Int, reason: String)] {
        records.compactMap { record in
            guard case let .commitment(time, name, _, "withdrawn", reason, _) = record, name == gesture else {
                return nil
            }
            return (Self.milliseconds(time), reason ?? "")
        }
    }

    /// The action objects fired, without their times: `[#"{"desktop": "next"}"#]`.
    func actionObjects(of gesture: String? = nil) -> [String] {
        actions(of: gesture).map(\.action)
    }

    /// The names of the gestures that fired at least one action.
    var gesturesWithActions: Set<String> { Set(actions().map(\.gesture)) }

    // MARK: Deliveries

    /// A touch's delivery decision and its time in whole milliseconds.
    struct Decision: Hashable, CustomStringConvertible {
        var delivery: Delivery
        var millisecond: Int

        static func accepted(at seconds: Double) -> Decision {
            Decision(delivery: .accepted, millisecond: milliseconds(seconds))
        }

        static func rejected(at seconds: Double) -> Decision {
            Decision(delivery: .rejected, millisecond: milliseconds(seconds))
        }

        var description: String { "\(delivery) at \(millisecond) ms" }
    }

    /// Every touch's decisions, keyed by touch id; a touch decided twice shows two.
    var decisions: [UInt32: [Decision]] {
        var result: [UInt32: [Decision]] = [:]
        for record in records {
            guard case let .delivery(time, touch, delivery) = record else { continue }
            result[touch.rawValue, default: []].append(
                Decision(delivery: delivery, millisecond: Self.milliseconds(time)))
        }
        return result
    }

    /// The ids of the touches the trace puts down, so a test can check that each was decided.
    var touchesInTrace: Set<UInt32> {
        Set(
            trace.events.compactMap { event in
                guard case .touch(let touch) = event.input, touch.phase == .began else { return nil }
                return touch.id.rawValue
            })
    }

    // MARK: Helpers

    /// Seconds as whole milliseconds, rounded, so that 0.092 + 0.35 is 442.
    static func milliseconds(_ seconds: Double) -> Int {
        Int((seconds * 1000).rounded())
    }
}

import Foundation
import TestSupport
import Testing
@testable import gesturebridge

/// `gesturebridge bench`, run as its own process so no other test's allocations are counted.
@Suite struct BenchCommandTests {
    /// The built `gesturebridge` beside the test bundle.
    static var executable: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("gesturebridge")
    }

    /// Runs the built binary to its end: its status and its output and errors together.
    static func run(
        _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil
    ) throws -> (status: Int32, output: String) {
        try ProgramRun.run(executable, arguments, environment: environment, directory: directory)
    }

    /// The table's rows: case name → columns.
    static func rows(_ output: String) -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("10 fingers") || line.hasPrefix("1 finger") {
            let name = line.hasPrefix("10 fingers") ? "10 fingers" : "1 finger"
            rows[name] = line.dropFirst(name.count).split(separator: " ").map(String.init)
        }
        return rows
    }

    @Test func steadyStateAllocatesNothingPerEvent() throws {
        let (status, output) = try Self.run(["bench", "--frames", "3000", "--frames-per-gesture", "300"])
        #expect(status == 0, "\(output)")
        let rows = Self.rows(output)
        #expect(rows.count == 2, "\(output)")
        for (name, columns) in rows {
            // events, ns/event, events/s, allocs/event, busy at 80 ms, busy at lift
            #expect(columns.count == 6, "\(name): \(columns)")
            #expect(columns.first == (name == "10 fingers" ? "30000" : "3000"))
            #expect(columns.dropFirst(3).first == "0.000", "\(name) allocates in steady state: \(output)")
            #expect((Int(columns.last ?? "") ?? 0) > 0, "the workload keeps recognizers busy")
        }
    }

    @Test func theTouchpadPathIsMeasuredWithItsZoomStepsFiring() throws {
        let (status, output) = try Self.run(["bench", "--frames", "3000", "--frames-per-gesture", "300"])
        #expect(status == 0, "\(output)")
        let row = try #require(output.split(separator: "\n").first { $0.hasPrefix("touchpad pinch") }, "\(output)")
        let columns = row.dropFirst("touchpad pinch".count).split(separator: " ")
        #expect(columns.first == "3000", "\(output)")
        #expect(columns.count == 6 && Double(columns[3]) != nil, "allocations are counted: \(row)")
        let fired = try #require(output.firstMatch(of: /\((\d+) zoom steps fired/).flatMap { Int($0.1) }, "\(output)")
        // The pinch swings between scale 1.1 and 2.1 every 400 updates: several 0.15 steps each way.
        #expect(fired > 3000 / 400 * 2, "the pinch fires its zoom steps: \(output)")
    }

    /// Drawing a real stroke with 40 stroke bindings allocates nothing before the lift; the
    /// lift compares it once (the bench prints the times; a benchmark, not a timed test).
    @Test func aStrokeAllocatesNothingWhileItIsDrawn() throws {
        let (status, output) = try Self.run(["bench", "--frames", "100"])
        #expect(status == 0, "\(output)")
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("a real stroke named at the lift") })
        let drawing = try #require(line.firstMatch(of: /([0-9.]+) allocations while drawing/).flatMap { Double($0.1) })
        #expect(drawing == 0, "\(line)")
        #expect(line.contains("(800 templates)"), "\(line)")
    }

    @Test func theAllocationCounterIsCalibratedBeforeItReportsZero() throws {
        let (status, output) = try Self.run(["bench", "--frames", "100"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("allocation counter: 100 of 100 test allocations seen"), "\(output)")
    }

    @Test func badOptionsAreRejected() throws {
        let (status, _) = try Self.run(["bench", "--frames", "0"])
        #expect(status != 0)
    }
}

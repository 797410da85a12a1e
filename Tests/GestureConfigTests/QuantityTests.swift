import Testing
@testable import GestureConfig

/// The file's units: durations, distances, angles, window lengths and scale steps.
@Suite struct QuantityTests {
    @Test(arguments: [
        ("150ms", 0.150), ("0.5s", 0.5), ("2s", 2.0), ("2", 2.0), ("0.25", 0.25), (".5s", 0.5),
        ("1500 ms", 1.5), ("10", 10.0), ("0", 0.0), (" 600ms ", 0.6)
    ])
    func durationReadsMillisecondsSecondsAndBareSeconds(text: String, seconds: Double) throws {
        #expect(try Quantity.seconds(text) == seconds)
    }

    @Test(arguments: [
        ("abc", "bad duration 'abc'"),
        ("-1s", "negative duration '-1s'"),
        ("1.2.3", "bad duration '1.2.3'"),
        ("5min", "unknown unit 'min' in duration '5min'"),
        ("150", "duration '150' is too long to be seconds"),
        ("", "bad duration ''"),
        ("1e3", "unknown unit 'e3' in duration '1e3'"),
        ("inf", "bad duration 'inf'"),
        ("ms", "bad duration 'ms'")
    ])
    func badDurationIsRejectedWithItsText(text: String, message: String) {
        #expect(throws: QuantityError.self) { try Quantity.seconds(text) }
        do {
            _ = try Quantity.seconds(text)
        } catch {
            #expect(error.message == message)
            #expect(error.suggestion != nil)
        }
    }

    @Test(arguments: [("48", 48.0), ("48pt", 48.0), ("0.5", 0.5), ("12 pt", 12.0), ("0", 0.0)])
    func distanceReadsPoints(text: String, points: Double) throws {
        #expect(try Quantity.points(text) == points)
    }

    @Test(arguments: ["10px", "-3", "3cm", "pt", "4..5"])
    func badDistanceIsRejected(text: String) {
        #expect(throws: QuantityError.self) { try Quantity.points(text) }
    }

    @Test(arguments: [
        ("15deg", 15.0), ("15", 15.0), ("90°", 90.0), ("0", 0.0), ("7.5 deg", 7.5), ("45", 45.0)
    ])
    func angleInDegreesBecomesRadians(text: String, degrees: Double) throws {
        #expect(abs(try Quantity.radians(text) - degrees * .pi / 180) < 1e-12)
    }

    @Test(arguments: [("0.2rad", 0.2), ("1rad", 1.0), ("0.26 rad", 0.26)])
    func angleInRadiansStaysRadians(text: String, radians: Double) throws {
        #expect(try Quantity.radians(text) == radians)
    }

    @Test(arguments: ["15grad", "-5deg", "x", "15degrees"])
    func badAngleIsRejected(text: String) {
        #expect(throws: QuantityError.self) { try Quantity.radians(text) }
    }

    @Test(arguments: [
        ("100%", Length.percent(100)), ("12.5%", .percent(12.5)), ("0%", .percent(0)),
        ("48", .points(48)), ("48pt", .points(48)), ("0", .points(0)), ("50 %", .percent(50))
    ])
    func lengthIsPointsOrPercent(text: String, length: Length) throws {
        #expect(try Quantity.length(text) == length)
    }

    @Test(arguments: ["48px", "%", "abc%", "-10%", "10%%"])
    func badLengthIsRejected(text: String) {
        #expect(throws: QuantityError.self) { try Quantity.length(text) }
    }

    @Test(arguments: [(100.0, 800.0, 800.0), (50.0, 600.0, 300.0), (12.5, 80.0, 10.0)])
    func percentResolvesAgainstTheWindow(percent: Double, extent: Double, points: Double) {
        #expect(Length.percent(percent).resolved(in: extent) == points)
        #expect(Length.points(points).resolved(in: extent) == points)
    }

    @Test(arguments: [("0.1", 0.1), ("10%", 0.1), ("25%", 0.25), ("1", 1.0)])
    func pinchStepIsAScaleOrAPercentOfIt(text: String, scale: Double) throws {
        #expect(abs(try Quantity.scale(text) - scale) < 1e-12)
    }
}

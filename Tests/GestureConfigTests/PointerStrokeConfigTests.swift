import Testing

@testable import GestureConfig
@testable import GestureEngine

/// `stroke: { device: pen | mouse, button }`: read, defaulted, and refused where it cannot work.
@Suite struct PointerStrokeConfigTests {
    static func stroke(_ parameters: String) throws -> StrokeParameters? {
        let yaml = """
            gestures:
              - name: s
                stroke: { shape: checkmark\(parameters) }
                do: { keys: ctrl+s }
            """
        guard case .stroke(let spec) = try ConfigLoader.load(yaml: yaml).screenBindings.first?.recognizer else {
            return nil
        }
        return spec
    }

    @Test(arguments: [
        ("", StrokeDevice.touch, nil as Int?),
        (", device: mouse", .mouse, 3),
        (", device: mouse, button: 8", .mouse, 8),
        (", device: pen", .pen, 1),
        (", device: pen, button: 2", .pen, 2)
    ])
    func theDeviceAndButtonAreReadWithTheirDefaults(parameters: String, device: StrokeDevice, button: Int?) throws {
        let spec = try #require(try Self.stroke(parameters))
        #expect(spec.device == device)
        #expect(spec.button == button)
    }

    @Test(arguments: [
        (", button: 3", "3:", "'button' is for strokes drawn with a pen or a mouse", "add 'device: mouse'"),
        (", device: mouse, fingers: 2", "3:", "a mouse draws a stroke alone", "remove 'fingers'"),
        (", device: mouse, button: 12", "3:", "'button' for a stroke", nil),
        (", device: trackball", "3:", "trackball", "'pen' or 'mouse'")
    ])
    func aMistakeSaysWhereAndHowToFixIt(parameters: String, place: String, message: String, fix: String?) throws {
        let errors = #expect(throws: ConfigErrors.self) { try Self.stroke(parameters) }
        let error = try #require(errors?.errors.first)
        #expect("\(error.line):\(error.column)".hasPrefix(place), "\(error)")
        #expect(error.message.contains(message), "\(error.message)")
        if let fix { #expect(error.suggestion?.contains(fix) == true, "\(error.suggestion ?? "")") }
    }

    @Test func aPenOrMouseStrokeIsNotWarnedAboutHoldingFingers() throws {
        let yaml = """
            gestures:
              - name: s
                stroke: { shape: checkmark, device: mouse }
                do: { keys: ctrl+s }
            """
        #expect(try ConfigLoader.load(yaml: yaml).warnings.isEmpty)
    }
}

/// `stroke: { start: hold, hold }`: read with its default, and refused where it means nothing.
@Suite struct StrokeStartConfigTests {
    @Test(arguments: [
        ("", StrokeStart.move, nil as Double?),
        (", start: move", .move, nil),
        (", start: hold", .hold, 0.5),
        (", start: hold, hold: 300ms", .hold, 0.3)
    ])
    func theStartIsReadWithItsDefault(parameters: String, start: StrokeStart, rest: Double?) throws {
        let spec = try #require(try PointerStrokeConfigTests.stroke(parameters))
        #expect(spec.start == start)
        #expect(spec.restDuration == rest)
    }

    @Test(arguments: [
        (", hold: 0.3s", "'hold' is how long 'start: hold' waits", "add 'start: hold'"),
        (", start: hold, device: mouse", "'start: hold' is for fingers", "remove 'start: hold'"),
        (", start: hold, hold: 9s", "from 0.1s to 5s", nil),
        (", start: rest", "rest", "'move' or 'hold'")
    ])
    func aMistakeSaysHowToFixIt(parameters: String, message: String, fix: String?) throws {
        let errors = #expect(throws: ConfigErrors.self) { try PointerStrokeConfigTests.stroke(parameters) }
        let error = try #require(errors?.errors.first)
        #expect(error.line == 3, "\(error)")
        #expect(error.message.contains(message), "\(error.message)")
        if let fix { #expect(error.suggestion?.contains(fix) == true, "\(error.suggestion ?? "")") }
    }
}

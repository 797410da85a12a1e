import GestureEngine
import Testing
@testable import GestureConfig
@testable import GestureRuntime
@testable import X11Bridge

/// What a command learns about its gesture, variable by variable.
@Suite("The command environment")
struct CommandEnvironmentTests {
    static func variables(_ measurement: GestureMeasurement, window: WindowInfo? = nil) -> [String: String] {
        let context = ActionContext(
            gesture: "g", kind: .pan, state: .changed, fingers: 2,
            location: Point(x: -0.4, y: 1079.5), measurement: measurement, window: window)
        return Dictionary(uniqueKeysWithValues: CommandEnvironment.variables(for: context))
    }

    @Test(
        arguments: [
            (GestureMeasurement.tap(taps: 2), ["GESTURE_TAPS": "2"]),
            (
                .pan(translation: Vector(dx: 12.5, dy: -3), velocity: Vector(dx: 250, dy: -0.0004)),
                [
                    "GESTURE_TRANSLATION_X": "12.5", "GESTURE_TRANSLATION_Y": "-3",
                    "GESTURE_VELOCITY_X": "250", "GESTURE_VELOCITY_Y": "0"
                ]
            ),
            (
                .longPress(translation: Vector(dx: 1, dy: 2)),
                ["GESTURE_TRANSLATION_X": "1", "GESTURE_TRANSLATION_Y": "2"]
            ),
            (.swipe(direction: .left), ["GESTURE_DIRECTION": "left"]),
            (.pinch(scale: 1.2345, velocity: -0.5), ["GESTURE_SCALE": "1.235", "GESTURE_VELOCITY": "-0.5"]),
            (.rotation(rotation: -.pi / 2, velocity: .pi), ["GESTURE_ROTATION": "-90", "GESTURE_VELOCITY": "180"]),
            (.none, [:])
        ] as [(GestureMeasurement, [String: String])])
    func eachMeasurementSetsItsOwnVariablesAndLeavesTheOthersEmpty(
        _ measurement: GestureMeasurement,
        _ expected: [String: String]
    ) {
        let variables = Self.variables(measurement)
        let figures = CommandEnvironment.names.filter { $0.hasPrefix("GESTURE_") }.dropFirst(6)
        for name in figures {
            #expect(variables[name] == expected[name] ?? "", "\(name)")
        }
        #expect(variables["GESTURE_STATE"] == "changed" && variables["GESTURE_FINGERS"] == "2")
        #expect(variables["GESTURE_X"] == "0" && variables["GESTURE_Y"] == "1080", "whole pixels")
    }

    @Test func everyVariableIsSetEvenWithoutAWindow() {
        let variables = Self.variables(.none)
        #expect(variables.count == CommandEnvironment.names.count)
        #expect(variables["WINDOW_ID"] == "" && variables["WINDOW_TITLE"] == "")
        let withWindow = Self.variables(
            .none, window: WindowInfo(id: 42, windowClass: "XTerm", instance: "xterm", title: "~"))
        #expect(withWindow["WINDOW_ID"] == "42" && withWindow["WINDOW_CLASS"] == "XTerm")
        #expect(withWindow["WINDOW_INSTANCE"] == "xterm" && withWindow["WINDOW_TITLE"] == "~")
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0004, "0"), (1e-7, "0"), (0.05, "0.05"), (-1.5, "-1.5"), (123456.789, "123456.789"),
        (1e13 + 0.25, "10000000000000.25"), (1e20, ""), (.nan, ""), (.infinity, "")
    ])
    func numbersArePlainDecimalsWithAtMostThreePlaces(_ value: Double, _ expected: String) {
        #expect(CommandEnvironment.number(value) == expected)
    }
}

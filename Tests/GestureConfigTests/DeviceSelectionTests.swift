import Testing
@testable import GestureConfig

@Suite("The devices section")
struct DeviceSelectionTests {
    @Test func devicesAreUsedOrIgnoredByName() throws {
        let configuration = try ConfigLoader.load(yaml: """
            devices:
              - name: "ELAN Touchscreen"
              - name: Wacom
                ignore: true
            """)
        #expect(configuration.devices == DeviceSelection(include: ["ELAN Touchscreen"], exclude: ["Wacom"]))
    }

    @Test func withoutASectionEveryDeviceIsUsed() throws {
        #expect(try ConfigLoader.load(yaml: "gestures: []\n").devices == DeviceSelection())
    }

    @Test(arguments: [
        ("devices: { name: ELAN }", "expected a list of devices"),
        ("devices:\n  - ignore: true", "a device needs a name"),
        ("devices:\n  - name: ELAN\n    ignor: true", "did you mean 'ignore'"),
    ])
    func mistakesAreReportedWithTheirPlace(yaml: String, expected: String) {
        #expect {
            try ConfigLoader.load(yaml: yaml, file: "devices.yaml")
        } throws: { error in
            "\(error)".contains(expected) && "\(error)".contains("devices.yaml:")
        }
    }
}

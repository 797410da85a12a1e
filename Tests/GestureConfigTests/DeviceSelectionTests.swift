import Testing
@testable import GestureConfig

@Suite("The devices section")
struct DeviceSelectionTests {
    @Test func devicesAreUsedOrIgnoredByName() throws {
        let configuration = try ConfigLoader.load(
            yaml: """
                devices:
                  - name: "ELAN Touchscreen"
                  - name: Wacom
                    ignore: true
                """)
        #expect(configuration.devices == DeviceSelection(include: ["ELAN Touchscreen"], exclude: ["Wacom"]))
    }

    @Test func anOutputMapsTheDevicesWhoseNameContainsTheEntrysName() throws {
        let configuration = try ConfigLoader.load(
            yaml: """
                devices:
                  - name: "ELAN"
                    output: eDP-1
                  - name: Wacom
                    ignore: true
                    output: HDMI-1
                """)
        let devices = configuration.devices
        #expect(
            devices.outputs == [
                DeviceOutput(device: "ELAN", output: "eDP-1"),
                DeviceOutput(device: "Wacom", output: "HDMI-1")
            ])
        #expect(devices.output(forDevice: "elan touchscreen") == "eDP-1")
        #expect(devices.output(forDevice: "Wacom HID 52CC Pen") == "HDMI-1", "an ignored device can still be mapped")
        #expect(devices.output(forDevice: "touchpad") == nil)
    }

    @Test func withoutASectionEveryDeviceIsUsed() throws {
        #expect(try ConfigLoader.load(yaml: "gestures: []\n").devices == DeviceSelection())
    }

    @Test(arguments: [
        ("devices: { name: ELAN }", "expected a list of devices"),
        ("devices:\n  - ignore: true", "a device needs a name"),
        ("devices:\n  - name: ELAN\n    ignor: true", "did you mean 'ignore'"),
        ("devices:\n  - name: ELAN\n    outptu: eDP-1", "did you mean 'output'"),
        ("devices:\n  - name: ELAN\n    output: [eDP-1]", "expected a name for 'output', found a list"),
        ("devices:\n  - name: ELAN\n    output: ' eDP-1'", "has spaces around it")
    ])
    func mistakesAreReportedWithTheirPlace(yaml: String, expected: String) {
        #expect {
            try ConfigLoader.load(yaml: yaml, file: "devices.yaml")
        } throws: { error in
            "\(error)".contains(expected) && "\(error)".contains("devices.yaml:")
        }
    }
}

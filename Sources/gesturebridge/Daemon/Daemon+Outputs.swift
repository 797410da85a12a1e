import GestureConfig
import Logging
import X11Bridge

extension Daemon {
    /// Maps every device the config gives an `output:` onto its monitor: at start and on reload.
    ///
    /// Every device whose name matches is mapped, ignored ones included (a pen left to
    /// the applications still belongs on its monitor). An unknown output is a warning.
    func applyOutputs(_ selection: DeviceSelection) {
        guard !selection.outputs.isEmpty else { return }
        for device in InputDevices.inventory(connection: connection) {
            applyOutput(selection, to: device.id, name: device.name)
        }
    }

    /// Maps one device, plugged in or enabled, if the config gives it an output.
    func applyOutput(_ selection: DeviceSelection, to device: DeviceID, name: String) {
        guard let output = selection.output(forDevice: name) else { return }
        do {
            let matrix = try outputs.map(device, to: output)
            logger.notice("mapped \(name) (\(device)) to \(output): matrix \(matrix)")
        } catch {
            logger.warning("cannot map \(name) (\(device)) to output '\(output)': \(error)")
        }
    }
}

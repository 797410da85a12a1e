/// What an import needs to know about the recorded device: its name and the ranges of its axes.
///
/// evemu keeps this in its `N:` and `A:` lines (sometimes in a separate `.desc`
/// file), `libinput record` under `devices[].evdev`; `getevent` has none.
struct DeviceDescription: Sendable, Hashable {
    /// The kernel's device name (`N:`, `name:`); empty when not given.
    var name: String
    /// The absolute axes by event code, such as `EvdevCode.positionX`.
    var axes: [UInt16: Axis]
    /// The file the description was read from, and the line it starts on, for messages.
    var file: String
    var line: Int

    /// One absolute axis: the kernel's `input_absinfo` without value, fuzz and flat.
    struct Axis: Sendable, Hashable {
        var minimum: Int32
        var maximum: Int32
        /// Units per millimetre; 0 when the device does not say.
        var resolution: Int32
        /// The line that gave the range.
        var line: Int
    }

    /// The range of a multitouch position axis, checked to be non-empty.
    func positionAxis(_ code: UInt16) throws(RecordingError) -> Axis {
        guard let axis = axes[code] else {
            throw RecordingError(file: file, line: line, reason: .missingAxis(EvdevCode.axisName(code)))
        }
        guard axis.maximum > axis.minimum else {
            throw RecordingError(
                file: file, line: axis.line,
                reason: .emptyAxisRange(
                    axis: EvdevCode.axisName(code), minimum: axis.minimum, maximum: axis.maximum))
        }
        return axis
    }
}

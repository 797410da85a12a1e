/// A device recording that cannot be imported: the file and line, and what is wrong there.
///
/// The sibling of `TraceError` for evemu, `libinput record` and `getevent`
/// input. Its description is the one line the CLI prints, in the compiler's
/// `file:line: message` form:
/// `taps.events:14: expected "E: <seconds> <type hex> <code hex> <value>" (found "E: 0.1 0003")`.
public typealias RecordingError = LocatedError<RecordingProblem>

/// The kinds of problems a recording can have. Found text is shown quoted and shortened.
public enum RecordingProblem: Sendable, Hashable, CustomStringConvertible {
    /// The input is none of the formats `replay` reads.
    case unrecognizedFormat(found: String)
    /// A line does not have the shape its format requires; `expected` shows that shape.
    case malformedLine(expected: String, found: String)
    /// A number does not fit where it goes, such as a value beyond 32 bits.
    case numberOutOfRange(field: String, found: String)
    /// An evemu recording has events but no device description and none was given.
    case missingDescription
    /// The device description has no range for an axis the import needs.
    case missingAxis(String)
    /// An axis range whose maximum is not above its minimum.
    case emptyAxisRange(axis: String, minimum: Int32, maximum: Int32)
    /// An evemu description line (`N:`, `A:`…) after the first event.
    case descriptionAfterEvents
    /// An event's time is earlier than the one before it.
    case timeDecreased(previous: String, found: String)
    /// `ABS_MT_SLOT` with a negative slot number.
    case negativeSlot(Int32)
    /// Protocol A (`SYN_MT_REPORT`) and protocol B (`ABS_MT_SLOT`) in one recording.
    case mixedProtocols(sinceLine: Int)
    /// A protocol A contact without `ABS_MT_POSITION_X` or `ABS_MT_POSITION_Y`.
    case contactWithoutPosition
    /// Two protocol A contacts in one frame with the same `ABS_MT_TRACKING_ID`.
    case duplicateTrackingID(Int32)
    /// The YAML of a `libinput record` file is not in the subset the recorder writes.
    case invalidYAML(String)
    /// A required key of a `libinput record` file is absent.
    case missingKey(String)
    /// A `libinput record` value has the wrong shape; `expected` reads like "a list of 5 integers".
    case wrongShape(key: String, expected: String, found: String)
    /// No device in a `libinput record` file reports multitouch positions.
    case noTouchDevice(devices: Int)

    public var description: String {
        switch self {
        case .unrecognizedFormat(let found):
            "not a format replay reads (found \(found)); expected a JSON Lines trace, an evemu recording "
                + "(N:, A:, E: lines), a libinput record (version:, devices:) or getevent -lt output ([ time] EV_…)"
        case let .malformedLine(expected, found):
            "expected \(expected) (found \(found))"
        case let .numberOutOfRange(field, found):
            "\(field) is out of range (found \(found))"
        case .missingDescription:
            "the recording has no device description (N:, I:, A: lines); pass the matching .desc file "
                + "with --device-description FILE"
        case .missingAxis(let axis):
            "the device description has no range for \(axis); only multitouch touchscreens can be imported"
        case let .emptyAxisRange(axis, minimum, maximum):
            "the range of \(axis) is empty (minimum \(minimum), maximum \(maximum))"
        case .descriptionAfterEvents:
            "a device description line must come before the first E: line"
        case let .timeDecreased(previous, found):
            "the time goes backwards (found \(found) after \(previous))"
        case .negativeSlot(let slot):
            "ABS_MT_SLOT must not be negative (found \(slot))"
        case .mixedProtocols(let sinceLine):
            "the recording mixes multitouch protocol A (SYN_MT_REPORT) and B (ABS_MT_SLOT); "
                + "the other one was used on line \(sinceLine)"
        case .contactWithoutPosition:
            "a protocol A contact ends (SYN_MT_REPORT) without ABS_MT_POSITION_X and ABS_MT_POSITION_Y"
        case .duplicateTrackingID(let id):
            "two contacts in one frame have ABS_MT_TRACKING_ID \(id)"
        case .invalidYAML(let message):
            "invalid YAML: \(message)"
        case .missingKey(let key):
            "missing \"\(key)\""
        case let .wrongShape(key, expected, found):
            "\"\(key)\" must be \(expected) (found \(found))"
        case .noTouchDevice(let devices):
            "none of the \(devices) recorded devices has ABS_MT_POSITION_X and ABS_MT_POSITION_Y "
                + "in its absinfo; only multitouch touchscreens can be imported"
        }
    }
}

extension LocatedError where Reason == RecordingProblem {
    /// The longest found text a message quotes: a whole line of any of the formats, usually.
    static let maximumShownLength = 80

    /// Found text as a message shows it: quoted, shortened with "…" when long.
    static func show<S: StringProtocol>(_ text: S) -> String {
        let trimmed = text.trimmingSpaces
        guard trimmed.count > maximumShownLength else { return "\"\(trimmed)\"" }
        return "\"\(trimmed.prefix(maximumShownLength - 1))…\""
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

/// One kernel input event as a recording lists it: when, type, code and value, and the line it came from.
///
/// Every recording format (evemu, `libinput record`, `getevent`) is read into a
/// list of these, so the multitouch decoding (`ContactTracker`) is written once.
struct EvdevEvent: Sendable, Hashable {
    /// The 1-based line of the recording the event was read from.
    var line: Int
    /// The event's timestamp in microseconds, as recorded (epoch or zero-based).
    var time: Int64
    var type: UInt16
    var code: UInt16
    var value: Int32
}

/// The few `linux/input-event-codes.h` numbers the importers use, and the names `getevent -l` prints.
enum EvdevCode {
    static let synchronization: UInt16 = 0x00  // EV_SYN
    static let key: UInt16 = 0x01  // EV_KEY
    static let absolute: UInt16 = 0x03  // EV_ABS

    static let report: UInt16 = 0x00  // SYN_REPORT
    static let multitouchReport: UInt16 = 0x02  // SYN_MT_REPORT
    static let dropped: UInt16 = 0x03  // SYN_DROPPED

    static let slot: UInt16 = 0x2f  // ABS_MT_SLOT
    static let positionX: UInt16 = 0x35  // ABS_MT_POSITION_X
    static let positionY: UInt16 = 0x36  // ABS_MT_POSITION_Y
    static let trackingID: UInt16 = 0x39  // ABS_MT_TRACKING_ID

    /// The kernel's name for an axis, for messages: "ABS_MT_POSITION_X (0x35)".
    static func axisName(_ code: UInt16) -> String {
        let hex = String(code, radix: 16)
        let name = absoluteNames.first { $0.value == code }?.key ?? "ABS_\(hex)"
        return "\(name) (0x\(hex.count < 2 ? "0" + hex : hex))"
    }

    /// Event type names as `getevent -l` prints them.
    static let typeNames: [String: UInt16] = [
        "EV_SYN": 0x00, "EV_KEY": 0x01, "EV_REL": 0x02, "EV_ABS": 0x03, "EV_MSC": 0x04, "EV_SW": 0x05,
        "EV_LED": 0x11, "EV_SND": 0x12, "EV_REP": 0x14, "EV_FF": 0x15, "EV_PWR": 0x16, "EV_FF_STATUS": 0x17
    ]

    /// `EV_SYN` code names.
    static let synchronizationNames: [String: UInt16] = [
        "SYN_REPORT": 0x00, "SYN_CONFIG": 0x01, "SYN_MT_REPORT": 0x02, "SYN_DROPPED": 0x03
    ]

    /// `EV_ABS` code names: the single-touch axes and the whole multitouch block.
    static let absoluteNames: [String: UInt16] = [
        "ABS_X": 0x00, "ABS_Y": 0x01, "ABS_Z": 0x02, "ABS_PRESSURE": 0x18, "ABS_DISTANCE": 0x19,
        "ABS_TILT_X": 0x1a, "ABS_TILT_Y": 0x1b, "ABS_TOOL_WIDTH": 0x1c, "ABS_MISC": 0x28,
        "ABS_MT_SLOT": 0x2f, "ABS_MT_TOUCH_MAJOR": 0x30, "ABS_MT_TOUCH_MINOR": 0x31,
        "ABS_MT_WIDTH_MAJOR": 0x32, "ABS_MT_WIDTH_MINOR": 0x33, "ABS_MT_ORIENTATION": 0x34,
        "ABS_MT_POSITION_X": 0x35, "ABS_MT_POSITION_Y": 0x36, "ABS_MT_TOOL_TYPE": 0x37,
        "ABS_MT_BLOB_ID": 0x38, "ABS_MT_TRACKING_ID": 0x39, "ABS_MT_PRESSURE": 0x3a,
        "ABS_MT_DISTANCE": 0x3b, "ABS_MT_TOOL_X": 0x3c, "ABS_MT_TOOL_Y": 0x3d
    ]

    /// A code name under a type name, nil when the name is not one of the known ones.
    ///
    /// `getevent -l` names codes it knows and prints others as four hex digits;
    /// codes the importers never look at (keys, misc) may be any name.
    static func code(named name: Substring, type: UInt16) -> UInt16? {
        switch type {
        case synchronization: synchronizationNames[String(name)]
        case absolute: absoluteNames[String(name)]
        default: nil
        }
    }
}

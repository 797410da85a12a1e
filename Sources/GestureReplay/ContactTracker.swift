import GestureEngine

/// One touch change in device units, decoded from kernel multitouch events.
struct ContactEvent: Sendable, Hashable {
    /// The recording line of the `SYN_REPORT` that completed the frame (the last frame's, for a cancel).
    var line: Int
    /// The frame's time in microseconds, as recorded.
    var time: Int64
    /// A touch id that is unique in the recording, 1, 2, 3… in landing order.
    var id: UInt32
    var phase: TouchPhase
    /// The position in device units.
    var x: Int32
    var y: Int32
}

/// Turns kernel input events into touch downs, moves and lifts, for multitouch protocol A and B.
///
/// The kernel's rules (Documentation/input/multi-touch-protocol.rst): events
/// take effect at `SYN_REPORT`, which closes a frame. Protocol B selects a slot
/// with `ABS_MT_SLOT` (slot 0 until the first one, so a recording that starts
/// mid-frame still decodes); `ABS_MT_TRACKING_ID` ≥ 0 starts a contact in it, -1
/// ends it, and a new id in a slot that is still down ends the old contact and
/// starts another; slot values persist, and the kernel repeats no unchanged
/// value. Protocol A lists every contact in every frame, each closed by
/// `SYN_MT_REPORT`; a contact missing from a frame has lifted (see
/// `ContactTracker+ProtocolA.swift`). The protocol is detected per frame and must
/// not change. Events after `SYN_DROPPED` are skipped up to the next `SYN_REPORT`,
/// and events after the last `SYN_REPORT` never took effect. Contacts still down
/// at the end are cancelled at the last frame's time.
struct ContactTracker {
    let file: String
    private(set) var contacts: [ContactEvent] = []
    /// The time of the first `SYN_REPORT`, which the trace's clock starts from.
    private(set) var firstFrameTime: Int64?

    enum MultitouchProtocol { case a, b }
    /// The protocol, once a frame has shown it, with the line that showed it.
    var detected: (multitouchProtocol: MultitouchProtocol, line: Int)?

    /// The events since the last `SYN_REPORT`.
    private var frame: [EvdevEvent] = []
    private var isDropping = false
    private var lastEventTime: Int64?
    var lastFrame: (time: Int64, line: Int)?
    var nextID: UInt32 = 1

    // Protocol B state.
    private var slots: [Int32: Slot] = [:]
    private var currentSlot: Int32 = 0
    /// Slots changed in the current frame, in the order they first changed.
    private var changedSlots: [Int32] = []
    /// Contacts that ended in the current frame: their touch id and last position.
    private var endedInFrame: [(id: UInt32, x: Int32, y: Int32)] = []

    // Protocol A state: the contacts of the previous frame.
    var previousContacts: [TrackedContact] = []

    /// One protocol B slot: the kernel's slot values and the touch it carries.
    private struct Slot {
        var trackingID: Int32 = -1
        var x: Int32?
        var y: Int32?
        /// The trace touch, once its down has been emitted.
        var touch: UInt32?
        var emittedX: Int32 = 0
        var emittedY: Int32 = 0
        var isChanged = false
    }

    /// A protocol A contact carried from one frame to the next.
    struct TrackedContact {
        var trackingID: Int32?
        var touch: UInt32
        var x: Int32
        var y: Int32
    }

    init(file: String) {
        self.file = file
    }

    /// Decodes a whole recording's events.
    static func decode(_ events: [EvdevEvent], file: String) throws(RecordingError) -> ContactTracker {
        var tracker = ContactTracker(file: file)
        tracker.contacts.reserveCapacity(events.count / 3)
        for event in events { try tracker.handle(event) }
        tracker.finish()
        return tracker
    }

    mutating func handle(_ event: EvdevEvent) throws(RecordingError) {
        if let lastEventTime, event.time < lastEventTime {
            throw RecordingError(
                file: file, line: event.line,
                reason: .timeDecreased(
                    previous: Self.seconds(lastEventTime), found: Self.seconds(event.time)))
        }
        lastEventTime = event.time
        guard event.type == EvdevCode.synchronization else {
            if !isDropping { frame.append(event) }
            return
        }
        switch event.code {
        case EvdevCode.report:
            if !isDropping { try endFrame(event) }
            isDropping = false
            frame.removeAll(keepingCapacity: true)
        case EvdevCode.dropped:
            isDropping = true
            frame.removeAll(keepingCapacity: true)
        default:
            if !isDropping { frame.append(event) }
        }
    }

    /// Cancels the contacts still down, at the last frame's time.
    mutating func finish() {
        guard let lastFrame else { return }
        var remaining: [(UInt32, Int32, Int32)] = slots.values.compactMap { slot in
            slot.touch.map { ($0, slot.emittedX, slot.emittedY) }
        }
        remaining += previousContacts.map { ($0.touch, $0.x, $0.y) }
        for (id, x, y) in remaining.sorted(by: { $0.0 < $1.0 }) {
            contacts.append(
                ContactEvent(line: lastFrame.line, time: lastFrame.time, id: id, phase: .cancelled, x: x, y: y))
        }
    }

    private mutating func endFrame(_ report: EvdevEvent) throws(RecordingError) {
        if firstFrameTime == nil { firstFrameTime = report.time }
        lastFrame = (report.time, report.line)
        try detectProtocol()
        switch detected?.multitouchProtocol {
        case .a: try applyProtocolA(frame, report: report)
        case .b: try applyProtocolB(report: report)
        case nil: break
        }
    }

    /// Fixes the protocol from the first frame that shows it, and rejects a frame that shows the other.
    private mutating func detectProtocol() throws(RecordingError) {
        for event in frame {
            let shown: MultitouchProtocol
            if event.type == EvdevCode.synchronization && event.code == EvdevCode.multitouchReport {
                shown = .a
            } else if event.type == EvdevCode.absolute && event.code == EvdevCode.slot {
                shown = .b
            } else {
                continue
            }
            guard let detected else {
                detected = (shown, event.line)
                continue
            }
            guard detected.multitouchProtocol == shown else {
                throw RecordingError(file: file, line: event.line, reason: .mixedProtocols(sinceLine: detected.line))
            }
        }
        // Multitouch data without SYN_MT_REPORT: a protocol B device that has used only one slot so far.
        if detected == nil,
            let first = frame.first(where: { event in
                event.type == EvdevCode.absolute
                    && (event.code == EvdevCode.positionX
                        || event.code == EvdevCode.positionY || event.code == EvdevCode.trackingID)
            })
        {
            detected = (.b, first.line)
        }
    }

    // MARK: Protocol B

    private mutating func applyProtocolB(report: EvdevEvent) throws(RecordingError) {
        for event in frame where event.type == EvdevCode.absolute {
            switch event.code {
            case EvdevCode.slot:
                guard event.value >= 0 else {
                    throw RecordingError(file: file, line: event.line, reason: .negativeSlot(event.value))
                }
                currentSlot = event.value
            case EvdevCode.trackingID:
                var slot = slots[currentSlot] ?? Slot()
                guard slot.trackingID != event.value, slot.trackingID >= 0 || event.value >= 0 else { continue }
                // -1 lifts the contact; a different id also ends it and starts a new one (a re-touch).
                if let touch = slot.touch {
                    endedInFrame.append((touch, slot.x ?? slot.emittedX, slot.y ?? slot.emittedY))
                    slot.touch = nil
                }
                slot.trackingID = max(event.value, -1)
                markChanged(&slot)
                slots[currentSlot] = slot
            case EvdevCode.positionX, EvdevCode.positionY:
                var slot = slots[currentSlot] ?? Slot()
                if event.code == EvdevCode.positionX { slot.x = event.value } else { slot.y = event.value }
                markChanged(&slot)
                slots[currentSlot] = slot
            default:
                break
            }
        }
        for (id, x, y) in endedInFrame {
            emit(report, id: id, phase: .ended, x: x, y: y)
        }
        endedInFrame.removeAll(keepingCapacity: true)
        for index in changedSlots {
            guard var slot = slots[index] else { continue }
            slot.isChanged = false
            // A contact whose position is not known yet waits for it (the kernel never sends one like that).
            if slot.trackingID >= 0, let x = slot.x, let y = slot.y {
                if let touch = slot.touch {
                    if x != slot.emittedX || y != slot.emittedY { emit(report, id: touch, phase: .moved, x: x, y: y) }
                } else {
                    slot.touch = nextID
                    emit(report, id: nextID, phase: .began, x: x, y: y)
                    nextID += 1
                }
                (slot.emittedX, slot.emittedY) = (x, y)
            }
            slots[index] = slot
        }
        changedSlots.removeAll(keepingCapacity: true)
    }

    private mutating func markChanged(_ slot: inout Slot) {
        guard !slot.isChanged else { return }
        slot.isChanged = true
        changedSlots.append(currentSlot)
    }

    mutating func emit(_ report: EvdevEvent, id: UInt32, phase: TouchPhase, x: Int32, y: Int32) {
        contacts.append(ContactEvent(line: report.line, time: report.time, id: id, phase: phase, x: x, y: y))
    }

    /// Microseconds as seconds with six decimals, for messages.
    static func seconds(_ microseconds: Int64) -> String {
        let fraction = String(microseconds.magnitude % 1_000_000)
        let sign = microseconds < 0 ? "-" : ""
        return
            "\(sign)\(microseconds.magnitude / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
}

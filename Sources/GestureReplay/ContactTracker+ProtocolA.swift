import GestureEngine

/// Multitouch protocol A: every frame lists all contacts, each closed by `SYN_MT_REPORT`.
///
/// Contacts are matched to the previous frame's by `ABS_MT_TRACKING_ID`; a
/// contact missing from a frame has lifted, and a frame without contacts (an
/// empty `SYN_MT_REPORT`, or only `BTN_TOUCH 0`) lifts them all. A tracking id
/// that comes back after a frame without it is a new touch. Anonymous contacts
/// (no tracking id) are matched to the nearest anonymous contact of the previous
/// frame, closest pairs first.
extension ContactTracker {
    /// A contact as a frame reports it.
    private struct ReportedContact {
        var trackingID: Int32?
        var x: Int32?
        var y: Int32?
        var hasData = false
    }

    mutating func applyProtocolA(_ frame: [EvdevEvent], report: EvdevEvent) throws(RecordingError) {
        var reported: [(trackingID: Int32?, x: Int32, y: Int32)] = []
        var current = ReportedContact()

        func close(_ line: Int) throws(RecordingError) {
            defer { current = ReportedContact() }
            guard current.hasData else { return }
            guard let x = current.x, let y = current.y else {
                throw RecordingError(file: file, line: line, reason: .contactWithoutPosition)
            }
            if let id = current.trackingID, reported.contains(where: { $0.trackingID == id }) {
                throw RecordingError(file: file, line: line, reason: .duplicateTrackingID(id))
            }
            reported.append((current.trackingID, x, y))
        }

        for event in frame {
            if event.type == EvdevCode.synchronization && event.code == EvdevCode.multitouchReport {
                try close(event.line)
                continue
            }
            guard event.type == EvdevCode.absolute, (0x30...0x3d).contains(event.code) else { continue }
            current.hasData = true
            switch event.code {
            case EvdevCode.positionX: current.x = event.value
            case EvdevCode.positionY: current.y = event.value
            case EvdevCode.trackingID: current.trackingID = event.value >= 0 ? event.value : nil
            default: break
            }
        }
        // A driver that reports BTN_TOUCH may leave out the last SYN_MT_REPORT.
        try close(report.line)

        let matches = match(reported)
        var next: [TrackedContact] = []
        for (index, previous) in previousContacts.enumerated() where !matches.contains(where: { $0 == index }) {
            emit(report, id: previous.touch, phase: .ended, x: previous.x, y: previous.y)
        }
        for (contact, match) in zip(reported, matches) {
            if let index = match {
                let previous = previousContacts[index]
                if contact.x != previous.x || contact.y != previous.y {
                    emit(report, id: previous.touch, phase: .moved, x: contact.x, y: contact.y)
                }
                next.append(
                    TrackedContact(
                        trackingID: contact.trackingID, touch: previous.touch,
                        x: contact.x, y: contact.y))
            } else {
                emit(report, id: nextID, phase: .began, x: contact.x, y: contact.y)
                next.append(TrackedContact(trackingID: contact.trackingID, touch: nextID, x: contact.x, y: contact.y))
                nextID += 1
            }
        }
        previousContacts = next
    }

    /// For each reported contact, the index of the previous frame's contact it continues, or nil for a new one.
    private func match(_ reported: [(trackingID: Int32?, x: Int32, y: Int32)]) -> [Int?] {
        var matches: [Int?] = reported.map { contact in
            guard let id = contact.trackingID else { return nil }
            return previousContacts.firstIndex { $0.trackingID == id }
        }
        // Anonymous contacts: closest pairs first.
        // Squared in Double: two 32-bit coordinates apart by nearly 2^32 square past Int64.
        var pairs: [(distance: Double, new: Int, old: Int)] = []
        for (new, contact) in reported.enumerated() where contact.trackingID == nil {
            for (old, previous) in previousContacts.enumerated() where previous.trackingID == nil {
                let dx = Double(contact.x) - Double(previous.x)
                let dy = Double(contact.y) - Double(previous.y)
                pairs.append((dx * dx + dy * dy, new, old))
            }
        }
        var usedOld = Set<Int>()
        for pair in pairs.sorted(by: { ($0.distance, $0.new, $0.old) < ($1.distance, $1.new, $1.old) })
        where matches[pair.new] == nil && !usedOld.contains(pair.old) {
            matches[pair.new] = pair.old
            usedOld.insert(pair.old)
        }
        return matches
    }
}

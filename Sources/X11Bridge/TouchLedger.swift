import GestureEngine

/// The record of every grabbed touch sequence and its delivery decision: exactly one per touch.
///
/// The touch-ownership rule of XInput 2.2: the grabbing client owns each touch until
/// it calls `XIAllowTouchEvents` with accept or reject, and the server holds the touch
/// for the window below until then — even after the finger lifted. So a touch that
/// ended undecided stays here until decided, and a touch is forgotten only once it
/// is both decided and ended. Pure bookkeeping, no X calls: `TouchCapture` sends
/// what `decide` says to send.
struct TouchLedger {
    /// What to do with a decision.
    enum Verdict: Equatable {
        /// Send it: the touch is held and undecided. `device` and `window` (the grab's window)
        /// are what the request must name.
        case send(DeviceID, WindowID)
        /// Do not send: the touch was already decided (a programmer error).
        case alreadyDecided(Delivery)
        /// Do not send: no grabbed touch has this id (a programmer error).
        case unknown
    }

    private struct Entry {
        var device: DeviceID
        var window: WindowID
        var decision: Delivery?
        var hasEnded = false
    }

    /// How many finished touches to remember, so a late second decision is reported as such.
    private static let retiredCapacity = 256

    private var entries: [TouchID: Entry] = [:]
    private var retired: [TouchID: Delivery] = [:]
    private var retiredOrder: [TouchID] = []

    /// A grabbed touch began, through `device`, on the grab of `window` (the root, or a top-level window).
    mutating func began(_ id: TouchID, device: DeviceID, window: WindowID) {
        entries[id] = Entry(device: device, window: window)
    }

    /// A grabbed touch ended; it is forgotten if already decided.
    mutating func ended(_ id: TouchID) {
        guard var entry = entries[id] else { return }
        entry.hasEnded = true
        entries[id] = entry
        retireIfDone(id)
    }

    /// Records a decision and says whether to send it.
    mutating func decide(_ id: TouchID, _ delivery: Delivery) -> Verdict {
        guard var entry = entries[id] else {
            if let earlier = retired[id] { return .alreadyDecided(earlier) }
            return .unknown
        }
        if let earlier = entry.decision { return .alreadyDecided(earlier) }
        entry.decision = delivery
        entries[id] = entry
        retireIfDone(id)
        return .send(entry.device, entry.window)
    }

    /// Whether any touch waits for a decision; allocates nothing.
    var hasUndecided: Bool { entries.values.contains { $0.decision == nil } }

    /// The touches still waiting for a decision, ended or not, in id order.
    var undecided: [TouchID] {
        entries.filter { $0.value.decision == nil }.keys.sorted { $0.rawValue < $1.rawValue }
    }

    /// Whether the touch is held and undecided.
    func isUndecided(_ id: TouchID) -> Bool {
        entries[id].map { $0.decision == nil } ?? false
    }

    /// How many touches the ledger holds (undecided, or decided and still down).
    var count: Int { entries.count }

    private mutating func retireIfDone(_ id: TouchID) {
        guard let entry = entries[id], entry.hasEnded, let decision = entry.decision else { return }
        entries[id] = nil
        retired[id] = decision
        retiredOrder.append(id)
        if retiredOrder.count > Self.retiredCapacity {
            retired[retiredOrder.removeFirst()] = nil
        }
    }
}

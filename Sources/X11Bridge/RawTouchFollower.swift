import GestureEngine

/// Follows every touch through XInput 2.2's raw touch events, whoever owns it: so a touch the
/// capture hands on is still seen to its real lift, and a touch the capture is never given is
/// noticed.
///
/// The server sends raw events (`XI_RawTouchBegin/Update/End`) to every client that selects them
/// on the root, before the touch's own event and whatever grab holds it; their touch id
/// (`detail`) is the one the grabbed events carry. They have no screen position, only the
/// device's axes after its transformation matrix (`valuators.values`), so each touch is anchored
/// at the last position both kinds of event gave, and followed from there at the device's
/// pixels per unit. Pure bookkeeping, no X calls: `TouchCapture` reads the events and reports
/// what this says.
///
/// Per touch, in server order: `raw(.began)`, then `grabbed(.began)` only if the capture is
/// given the touch; each later hardware event again raw first. So a raw update or end of a
/// touch whose grabbed begin never came means another client took the touch (`Seen.elsewhere`),
/// and a grabbed end with no raw end before it means the touch left the capture while the
/// finger is down: it was rejected and went on (`Seen.handedOver`).
struct RawTouchFollower {
    /// How a device's axes become root pixels: `pixel = (value - minimum) * scale`, per axis.
    struct AxisScale: Hashable, Sendable {
        var minimum: Point
        /// Root pixels per device unit.
        var scale: Point

        func pixels(_ value: Point) -> Point {
            Point(x: (value.x - minimum.x) * scale.x, y: (value.y - minimum.y) * scale.y)
        }
    }

    /// What a raw or grabbed event means for the touch's story.
    enum Seen: Equatable, Sendable {
        /// Nothing to report beyond what the grabbed event says.
        case nothing
        /// The grabbed end of a touch that really lifted.
        case lifted
        /// The grabbed end of a touch whose finger is still down: it went to another client.
        case handedOver
        /// A move or the lift of a handed-over touch, at this root position.
        case followed(TouchPhase, Point)
        /// A touch the capture was not given (another client holds a grab), first seen at this position.
        case elsewhere(Point)
    }

    private struct Track {
        var device: DeviceID
        /// The axes' last values, in device units; nil until the first raw event had both.
        var value: Point?
        /// The last position both a grabbed and a raw event gave: root pixels and device units.
        var anchor: (root: Point, value: Point)?
        var isGrabbed = false
        var isHandedOver = false
        var hasLifted = false
        var isReportedElsewhere = false
    }

    /// The most touches followed at once; a new touch beyond it replaces the oldest (a palm's
    /// dozens of contacts, or a device that never sends its ends, cannot grow this).
    static let capacity = 64

    private var tracks: [TouchID: Track] = [:]
    private var order: [TouchID] = []
    /// Whether a touch the capture is not given can be told: only when its grab is the first
    /// (on the root); a grab below another client's gets each touch only once that client passes it.
    var detectsOtherGrabs = true

    init() {
        tracks.reserveCapacity(Self.capacity)
        order.reserveCapacity(Self.capacity)
    }

    /// How many touches are followed now.
    var count: Int { tracks.count }

    /// A raw event: `value` holds the axes it carried (nil for an axis it left out), `scale` the device's.
    mutating func raw(_ id: TouchID, _ phase: TouchPhase, device: DeviceID, x: Double?, y: Double?, scale: AxisScale?)
        -> Seen
    {
        if phase == .began {
            if tracks[id] == nil {
                if order.count >= Self.capacity { tracks[order.removeFirst()] = nil }
                order.append(id)
            }
            tracks[id] = Track(device: device)
        }
        guard var track = tracks[id] else { return .nothing }
        let previous = track.value
        if let x = x ?? previous?.x, let y = y ?? previous?.y { track.value = Point(x: x, y: y) }
        let position = track.value.flatMap { Self.position(of: $0, anchor: track.anchor, scale: scale) }
        var seen = Seen.nothing
        switch phase {
        case .began:
            break
        case .moved, .stationary:
            if track.isHandedOver, let position {
                seen = .followed(.moved, position)
            } else if !track.isGrabbed, detectsOtherGrabs, !track.isReportedElsewhere, let position {
                track.isReportedElsewhere = true
                seen = .elsewhere(position)
            }
        case .ended, .cancelled:
            track.hasLifted = true
            if track.isHandedOver {
                seen = position.map { .followed(phase, $0) } ?? .nothing
                forget(id)
                return seen
            }
            if !track.isGrabbed {
                if detectsOtherGrabs, !track.isReportedElsewhere, let position { seen = .elsewhere(position) }
                forget(id)
                return seen
            }
        }
        tracks[id] = track
        return seen
    }

    /// A grabbed event the capture reports, at its root position.
    mutating func grabbed(_ id: TouchID, _ phase: TouchPhase, at root: Point) -> Seen {
        guard var track = tracks[id] else { return phase.isFinished ? .lifted : .nothing }
        track.isGrabbed = true
        // The server's end of a rejected touch carries no place of the touch's own (every touch of
        // a hand ends where the first one is): only a begin or a move anchors it.
        if let value = track.value, !phase.isFinished { track.anchor = (root, value) }
        guard phase.isFinished else {
            tracks[id] = track
            return .nothing
        }
        if track.hasLifted {
            forget(id)
            return .lifted
        }
        track.isHandedOver = true
        tracks[id] = track
        return .handedOver
    }

    /// Where a followed touch is now, by its latest raw event: nil when it is not followed.
    func position(of id: TouchID, scale: AxisScale?) -> Point? {
        guard let track = tracks[id], let value = track.value else { return nil }
        return Self.position(of: value, anchor: track.anchor, scale: scale)
    }

    /// Where the axes' `value` is on the root: from the anchor when there is one, else from the
    /// device's range; to `stepsPerPixel`.
    static func position(of value: Point, anchor: (root: Point, value: Point)?, scale: AxisScale?) -> Point? {
        guard let scale else { return anchor?.root }
        let exact =
            anchor.map { anchor in
                Point(
                    x: anchor.root.x + (value.x - anchor.value.x) * scale.scale.x,
                    y: anchor.root.y + (value.y - anchor.value.y) * scale.scale.y)
            } ?? scale.pixels(value)
        return Point(
            x: (exact.x * stepsPerPixel).rounded() / stepsPerPixel,
            y: (exact.y * stepsPerPixel).rounded() / stepsPerPixel)
    }

    /// Followed positions are kept to a thousandth of a pixel (divided, so each is the double
    /// nearest its decimal): far finer than any touchscreen, and the scaling's rounding noise
    /// (604.99998 for 605) does not reach a recording.
    static let stepsPerPixel = 1000.0

    private mutating func forget(_ id: TouchID) {
        tracks[id] = nil
        if let index = order.firstIndex(of: id) { order.remove(at: index) }
    }
}

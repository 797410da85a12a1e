/// Puts the X server's event timestamps on the daemon's clock, so the engine measures a
/// gesture by when its fingers moved, not by when the daemon got round to reading them.
///
/// X stamps each event with the server's time in milliseconds, 32 bits wide (it wraps
/// after 49.7 days). The first stamp is placed against the daemon's monotonic clock: a
/// local Xorg stamps with that same clock, so an event that waited in the queue keeps its
/// age; any other stamp (a remote server) counts as happening now. Each later stamp is placed
/// by its distance from the one before, across the wrap. A time never runs backwards (not
/// before `floor`, the session's clock) and never ahead of now; when it is clamped, the clock
/// re-anchors there, so a server clock that drifts is followed, not fought.
public struct ServerClock: Sendable {
    /// The last stamp and where it was put.
    private var anchor: (server: UInt32, time: Double)?
    /// How old a first stamp may be, in seconds, and still count as this machine's clock.
    public static let sameClockWindow = 10.0

    public init() {}

    /// The time, on the daemon's clock in seconds, of an event the server stamped `milliseconds`.
    ///
    /// - Parameters:
    ///   - now: the daemon's monotonic clock now, in seconds.
    ///   - floor: the earliest time allowed: the session's clock, which never goes back.
    public mutating func time(ofServer milliseconds: UInt64, now: Double, floor: Double) -> Double {
        let stamp = UInt32(truncatingIfNeeded: milliseconds)
        var time: Double
        if let anchor {
            time = anchor.time + Double(Int32(bitPattern: stamp &- anchor.server)) / 1000
        } else {
            let local = UInt32(truncatingIfNeeded: UInt64(max(0, now * 1000)))
            let age = Double(Int32(bitPattern: local &- stamp)) / 1000
            time = (0...Self.sameClockWindow).contains(age) ? now - age : now
        }
        time = min(max(time, floor), now)
        anchor = (stamp, time)
        return time
    }
}

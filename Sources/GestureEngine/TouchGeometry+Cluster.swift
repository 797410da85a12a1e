/// Helpers for recognizers that measure a fixed group of fingers (pinch, rotation).
extension TouchGeometry {
    /// The number of touches that are still on the surface: neither ended nor cancelled.
    ///
    /// During a touch callback a recognizer's `touches` still hold the ones lifting
    /// in this event, so the fingers that will remain are counted by phase.
    @inlinable public static func liveCount(of touches: [Touch]) -> Int {
        var count = 0
        for touch in touches where !touch.phase.isFinished { count += 1 }
        return count
    }
}

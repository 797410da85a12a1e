/// Small text layout for the tables `bench` and `devices` print, without Foundation's
/// `String(format:)` and `padding(toLength:)`.
enum TextColumns {
    /// `value` with exactly `decimals` digits after the point, rounded half away from zero:
    /// `fixed(1.785, 2)` is `1.79`. For the magnitudes tables show (below 2⁵³ after scaling).
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.description }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value.magnitude * scale).rounded(.toNearestOrAwayFromZero))
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(scaled) }
        let digits = String(scaled)
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return sign + padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }

    /// `text` followed by spaces up to `width` characters.
    static func leftAligned(_ text: String, width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

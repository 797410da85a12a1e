/// Numbers as fixed-point text, without Foundation's `String(format:)`: `bench`'s table, the
/// on-screen indicator's figures and the figures of failure reasons.
public enum FixedDecimal {
    /// `value` with exactly `decimals` digits after the point, rounded half away from zero:
    /// `text(1.785, decimals: 2)` is `1.79`. For magnitudes below 2⁵³ after scaling.
    public static func text(_ value: Double, decimals: Int) -> String {
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

    /// `value` to at most `decimals` digits, without trailing zeros: `0.5`, `45`, `7.5`.
    public static func short(_ value: Double, decimals: Int = 0) -> String {
        var text = Self.text(value, decimals: decimals)
        guard text.contains(".") else { return text }
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }
}

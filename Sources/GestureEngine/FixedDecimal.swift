/// Numbers as fixed-point text for people, without Foundation's `String(format:)`: the one
/// decimal formatter of logs, `monitor`, `try`, `bench`'s table, the indicator's figures and
/// failure reasons (`Double.shortDescription` is `short(_:decimals: 3)`). JSON numbers have the
/// JSON module's `JSONNumberFormat`, traces the shortest text that reads back exactly.
public enum FixedDecimal {
    /// `value` with exactly `decimals` digits after the point, rounded half away from zero:
    /// `text(1.785, decimals: 2)` is `1.79`. A magnitude that does not fit 2⁵³ after scaling
    /// (a hostile trace's 1e155) is written as Swift writes it, never trapped on.
    public static func text(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.description }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        guard (value.magnitude * scale) < 9_007_199_254_740_992 else { return value.description }
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

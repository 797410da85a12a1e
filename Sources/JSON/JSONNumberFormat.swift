/// Renders doubles the way replay output prints numbers: rounded, compact, never in exponent form.
///
/// Rounding works on the decimal digits of the shortest round-tripping form of
/// the double (Swift's `description`), half away from zero, so what a person
/// reads as `0.0005` rounds to `0.001` at three decimals. Trailing zeros are
/// dropped, integers print without a point, and anything that rounds to zero,
/// including `-0`, prints as `0`.
public enum JSONNumberFormat {
    /// `value` with at most `decimals` digits after the point; `null` for a non-finite value.
    public static func string(_ value: Double, decimals: Int) -> String {
        precondition(decimals >= 0, "a negative number of decimals")
        guard value.isFinite else { return "null" }
        guard value != 0 else { return "0" }

        var (digits, pointPosition) = decimalDigits(of: value.magnitude)
        // Keep the digits up to `decimals` places after the point, then round on the next one.
        let kept = pointPosition + decimals
        if kept < 0 { return "0" }
        if kept < digits.count {
            let roundsUp = digits[kept] >= 5
            digits.removeSubrange(kept...)
            if roundsUp { pointPosition += increment(&digits) }
        }

        let integerPart: String
        let fractionDigits: [UInt8]
        if pointPosition <= 0 {
            integerPart = "0"
            fractionDigits = Array(repeating: 0, count: -pointPosition) + digits
        } else {
            let whole = digits.prefix(pointPosition)
            integerPart = text(whole) + String(repeating: "0", count: pointPosition - whole.count)
            fractionDigits = Array(digits.dropFirst(pointPosition))
        }
        let fraction = text(fractionDigits.prefix(decimals).reversed().drop { $0 == 0 }.reversed())

        if integerPart == "0" && fraction.isEmpty { return "0" }
        let sign = value < 0 ? "-" : ""
        return fraction.isEmpty ? sign + integerPart : sign + integerPart + "." + fraction
    }

    /// The significant decimal digits of a positive finite double and where its point goes.
    ///
    /// The value equals `0.d₀d₁d₂… × 10^pointPosition`; `digits` has no leading zeros.
    static func decimalDigits(of magnitude: Double) -> (digits: [UInt8], pointPosition: Int) {
        // Swift prints the shortest digits that round-trip, as "1500.0", "0.02",
        // "1e-05" or "1.2345e+20".
        let text = magnitude.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        var digits: [UInt8] = []
        var integerDigits = 0
        var seenPoint = false
        for character in parts[0].utf8 {
            if character == UInt8(ascii: ".") {
                seenPoint = true
            } else {
                digits.append(character - UInt8(ascii: "0"))
                if !seenPoint { integerDigits += 1 }
            }
        }
        var pointPosition = integerDigits + exponent
        while let first = digits.first, first == 0 {
            digits.removeFirst()
            pointPosition -= 1
        }
        return (digits, pointPosition)
    }

    /// Adds one unit in the last place; returns 1 if a carry added a leading digit.
    private static func increment(_ digits: inout [UInt8]) -> Int {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < 9 {
                digits[index] += 1
                return 0
            }
            digits[index] = 0
            index -= 1
        }
        digits.insert(1, at: 0)
        return 1
    }

    private static func text<S: Sequence<UInt8>>(_ digits: S) -> String {
        String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
    }
}

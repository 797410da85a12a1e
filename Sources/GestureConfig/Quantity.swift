import GestureEngine

/// Why a quantity could not be read, and what to write instead.
struct QuantityError: Error, Hashable {
    /// What is wrong, quoting the text: `bad duration '3 weeks'`.
    var message: String
    /// What to write instead.
    var suggestion: String?
}

/// Reads the file's quantities: durations, distances, angles, lengths and scale steps.
///
/// Numbers are plain decimals (`12`, `0.5`, `.5`), with no exponents, `inf` or `nan`,
/// and never negative. A unit may follow, with or without a space.
enum Quantity {
    /// A bare number above this many seconds is taken as a forgotten `ms`.
    static let longestBareSeconds = 10.0

    /// A duration in seconds: `150ms`, `0.5s`, `2s`, or a bare number of seconds (up to 10).
    static func seconds(_ text: String) throws(QuantityError) -> Double {
        let (number, unit) = try split(text, noun: "duration", example: "150ms, 0.5s or 2")
        switch unit {
        case "ms": return number / 1000
        case "s": return number
        case "":
            if number > longestBareSeconds {
                let shown = number.shortDescription
                throw QuantityError(
                    message: "duration '\(text)' is too long to be seconds",
                    suggestion: "a bare number is seconds: write '\(shown)ms' for milliseconds, or '\(shown)s'"
                )
            }
            return number
        default:
            throw QuantityError(
                message: "unknown unit '\(unit)' in duration '\(text)'",
                suggestion: Suggestion.didYouMean(unit, among: ["ms", "s"])
                    ?? "write 'ms' or 's', such as 150ms or 0.5s"
            )
        }
    }

    /// A distance in points: `48` or `48pt`.
    static func points(_ text: String) throws(QuantityError) -> Double {
        let (number, unit) = try split(text, noun: "distance", example: "48 or 48pt")
        switch unit {
        case "", "pt": return number
        case "px":
            throw QuantityError(
                message: "distance '\(text)' in pixels",
                suggestion:
                    "distances are in points (1/96 inch): write '\(number.shortDescription)' or '\(number.shortDescription)pt'"
            )
        default:
            throw QuantityError(
                message: "unknown unit '\(unit)' in distance '\(text)'",
                suggestion: "write a number of points, such as 48 or 48pt"
            )
        }
    }

    /// An angle in radians, written in degrees (`15`, `15deg`, `15°`) or radians (`0.26rad`).
    static func radians(_ text: String) throws(QuantityError) -> Double {
        let (number, unit) = try split(text, noun: "angle", example: "15deg or 0.26rad")
        switch unit {
        case "", "deg", "°": return number * .pi / 180
        case "rad": return number
        default:
            throw QuantityError(
                message: "unknown unit '\(unit)' in angle '\(text)'",
                suggestion: Suggestion.didYouMean(unit, among: ["deg", "rad"])
                    ?? "write degrees or radians, such as 15deg or 0.26rad (a bare number is degrees)"
            )
        }
    }

    /// A length along a window's axis: points (`48`, `48pt`) or percent of the window (`100%`).
    static func length(_ text: String) throws(QuantityError) -> Length {
        let (number, unit) = try split(text, noun: "length", example: "48, 48pt or 100%")
        switch unit {
        case "", "pt": return .points(number)
        case "%": return .percent(number)
        default:
            throw QuantityError(
                message: "unknown unit '\(unit)' in length '\(text)'",
                suggestion: "write points or a percentage of the window, such as 48 or 100%"
            )
        }
    }

    /// A plain number without a unit: `1.5`.
    static func number(_ text: String) throws(QuantityError) -> Double {
        let (number, unit) = try split(text, noun: "number", example: "1.5")
        guard unit.isEmpty else {
            throw QuantityError(message: "'\(text)' takes no unit", suggestion: "write a plain number, such as 1.5")
        }
        return number
    }

    /// A change of pinch scale: `0.1` or `10%` (both a tenth of the starting spread).
    static func scale(_ text: String) throws(QuantityError) -> Double {
        let (number, unit) = try split(text, noun: "scale step", example: "0.1 or 10%")
        switch unit {
        case "": return number
        case "%": return number / 100
        default:
            throw QuantityError(
                message: "unknown unit '\(unit)' in scale step '\(text)'",
                suggestion: "write a change of scale, such as 0.1 or 10%"
            )
        }
    }

    /// A plain decimal, or nil: digits with at most one point, no sign, exponent, `inf` or `nan`.
    static func decimal(_ text: some StringProtocol) -> Double? {
        var digits = 0
        var points = 0
        for character in text.unicodeScalars {
            switch character {
            case "0"..."9": digits += 1
            case ".": points += 1
            default: return nil
            }
        }
        guard digits > 0, points <= 1, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// Splits `12.5 ms` into 12.5 and `ms`, rejecting signs and malformed numbers.
    private static func split(
        _ text: String, noun: String, example: String
    ) throws(QuantityError) -> (number: Double, unit: String) {
        let trimmed = text.trimmingWhitespace
        let numberEnd =
            trimmed.unicodeScalars.firstIndex { !("0"..."9").contains($0) && $0 != "." }
            ?? trimmed.unicodeScalars.endIndex
        let numberText = trimmed.unicodeScalars[..<numberEnd]
        let unit = String(trimmed.unicodeScalars[numberEnd...]).trimmingWhitespace
        if trimmed.hasPrefix("-") {
            throw QuantityError(
                message: "negative \(noun) '\(text)'", suggestion: "write zero or more, such as \(example)")
        }
        guard let number = decimal(String(numberText)) else {
            throw QuantityError(message: "bad \(noun) '\(text)'", suggestion: "write a number, such as \(example)")
        }
        return (number, unit)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

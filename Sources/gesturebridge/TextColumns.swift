/// Small text layout for the tables `bench` and `devices` print, without Foundation's
/// `padding(toLength:)` (numbers: GestureRuntime's `FixedDecimal`).
enum TextColumns {
    /// `text` followed by spaces up to `width` characters.
    static func leftAligned(_ text: String, width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

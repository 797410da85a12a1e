/// Substring search by characters, for modules built without `_StringProcessing` (whose
/// `contains(_:)`, `split(separator:)` and `replacing(_:with:)` on strings bring in the regex
/// engine, 1.2 MB of the installed binary). Compares `Character`s, as those do.
///
/// The names differ from the standard ones so that code which has both (the tests) is never
/// ambiguous.
extension StringProtocol {
    /// Where `other` first occurs; an empty `other` occurs at the start.
    public func range(ofText other: some StringProtocol) -> Range<Index>? {
        guard let first = other.first else { return startIndex..<startIndex }
        var start = startIndex
        while let candidate = self[start...].firstIndex(of: first) {
            var index = candidate
            var otherIndex = other.startIndex
            while otherIndex != other.endIndex, index != endIndex, self[index] == other[otherIndex] {
                formIndex(after: &index)
                other.formIndex(after: &otherIndex)
            }
            if otherIndex == other.endIndex { return candidate..<index }
            if index == endIndex { return nil }
            start = self.index(after: candidate)
        }
        return nil
    }

    public func contains(text other: some StringProtocol) -> Bool {
        range(ofText: other) != nil
    }

    /// The pieces between occurrences of `separator` (not empty), empty pieces included:
    /// `"a, b, ".splitText(by: ", ")` is `["a", "b", ""]`.
    public func splitText(by separator: some StringProtocol) -> [SubSequence] {
        precondition(!separator.isEmpty, "an empty separator")
        var pieces: [SubSequence] = []
        var start = startIndex
        while let found = self[start...].range(ofText: separator) {
            pieces.append(self[start..<found.lowerBound])
            start = found.upperBound
        }
        pieces.append(self[start...])
        return pieces
    }

    /// A copy with every occurrence of `target` (not empty) replaced by `replacement`.
    public func replacingText(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        splitText(by: target).joined(separator: String(replacement))
    }
}

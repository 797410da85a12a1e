/// "Did you mean" advice: the closest known word to a misspelled one, by edit distance.
///
/// Comparison ignores case, so `left` finds `Left` at distance 0. A candidate is
/// offered only when it is close for the word's length: one edit for words of up to
/// three letters, two up to six, three beyond. Failing that, a candidate that the
/// word abbreviates (`prev` for `previous`) is offered.
enum Suggestion {
    /// The candidate closest to `word`, if one is close enough; ties go to the earlier candidate.
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        nearest(to: word, among: candidates) ?? expansion(of: word, among: candidates)
    }

    /// The first candidate that starts with `word` (of three letters or more), ignoring case.
    private static func expansion(of word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        guard lowered.count >= 3 else { return nil }
        return candidates.first { $0.count > lowered.count && $0.lowercased().hasPrefix(lowered) }
    }

    /// The candidate within the edit-distance limit for the word's length, if any.
    private static func nearest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let limit = lowered.count <= 3 ? 1 : (lowered.count <= 6 ? 2 : 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let other = Array(candidate.lowercased().unicodeScalars)
            // Cheap length filter before the quadratic work.
            guard abs(other.count - lowered.count) <= limit else { continue }
            let distance = editDistance(lowered, other)
            guard distance <= limit, distance < max(other.count, 1) else { continue }
            if let found = best, found.distance <= distance { continue }
            best = (candidate, distance)
            if distance == 0 { break }
        }
        return best?.candidate
    }

    /// `did you mean 'x'?` for the closest candidate, or nil.
    static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String? {
        closest(to: word, among: candidates).map { "did you mean '\($0)'?" }
    }

    /// `did you mean 'x'?` when a candidate is close, otherwise a list of what is allowed.
    static func advice(for word: String, among candidates: [String], listing noun: String = "expected") -> String {
        if let hint = didYouMean(word, among: candidates) { return hint }
        return "\(noun) \(Suggestion.list(candidates))"
    }

    /// `'a', 'b' or 'c'` (or with another conjunction, such as `and`).
    static func list(_ words: [String], conjunction: String = "or") -> String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "nothing" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted[quoted.count - 1]
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// swaps of neighbours each cost one.
    static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        let width = rhs.count + 1
        var previousPrevious = [Int](repeating: 0, count: width)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            swap(&previousPrevious, &previous)
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }
}

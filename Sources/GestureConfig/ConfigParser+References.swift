import YAMLReader

/// The checks across bindings: unique names, `after` and `with` naming real bindings,
/// no require-to-fail cycles, and no binding hidden by an identical one.
extension ConfigParser {
    /// Runs every check across the bindings recorded in `drafts`.
    func checkReferences() {
        var firstByName: [String: BindingDraft] = [:]
        for draft in drafts {
            if let first = firstByName[draft.name] {
                report(
                    .duplicateName, at: draft.nameNode ?? draft.node, "duplicate gesture name '\(draft.name)'",
                    found: draft.name,
                    suggestion: "it is already used at line \(location(of: first.nameNode ?? first.node).line); "
                        + "give each gesture its own name"
                )
            } else {
                firstByName[draft.name] = draft
            }
        }
        let names = drafts.map(\.name)
        for draft in drafts {
            for (key, references) in [("after", draft.after), ("with", draft.with)] {
                for reference in references where firstByName[reference.name] == nil {
                    report(
                        .unknownReference, at: reference.node, "'\(key)' names no gesture '\(reference.name)'",
                        found: reference.name,
                        suggestion: Suggestion.didYouMean(reference.name, among: names)
                            ?? "give the gesture you mean a 'name:' and use that"
                    )
                }
            }
            for reference in draft.oneWay where firstByName[reference.name] == nil || reference.name == draft.name {
                report(
                    .unknownReference, at: reference.node,
                    reference.name == draft.name
                        ? "gesture '\(draft.name)' names itself in '\(reference.key)'"
                        : "'\(reference.key)' names no gesture '\(reference.name)'",
                    found: reference.name,
                    suggestion: reference.name == draft.name
                        ? "remove it; '\(reference.key)' lists other gestures"
                        : Suggestion.didYouMean(reference.name, among: names)
                            ?? "give the gesture you mean a 'name:' and use that")
            }
            for reference in draft.with where reference.name == draft.name {
                report(
                    .invalidValue, at: reference.node, "gesture '\(draft.name)' names itself in 'with'",
                    found: reference.name, suggestion: "remove it; 'with' lists other gestures"
                )
            }
        }
        checkCycles(firstByName: firstByName)
    }

    /// Reports each require-to-fail cycle once, naming its bindings in order.
    ///
    /// In a cycle every binding waits for the next to fail, so none can ever begin.
    private func checkCycles(firstByName: [String: BindingDraft]) {
        // Edges from each name to the names it waits for, merged over duplicate names.
        var waitsFor: [String: [(name: String, node: Node)]] = [:]
        for draft in drafts {
            waitsFor[draft.name, default: []] += draft.after.filter { firstByName[$0.name] != nil }
        }
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        var reported: Set<[String]> = []
        // An explicit stack of (name, index of the next edge to follow), so deep chains cannot overflow.
        for start in drafts.map(\.name) where marks[start] == nil {
            var stack: [(name: String, nextEdge: Int)] = [(start, 0)]
            marks[start] = .visiting
            while let top = stack.last {
                let edges = waitsFor[top.name] ?? []
                guard top.nextEdge < edges.count else {
                    marks[top.name] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].nextEdge += 1
                let next = edges[top.nextEdge].name
                switch marks[next] {
                case nil:
                    marks[next] = .visiting
                    stack.append((next, 0))
                case .visiting:
                    guard let entry = stack.firstIndex(where: { $0.name == next }) else { continue }
                    let cycle = stack[entry...].map(\.name)
                    reportCycle(cycle, waitsFor: waitsFor, reported: &reported)
                case .done:
                    continue
                }
            }
        }
    }

    /// Reports one cycle, unless the same cycle was reported from another starting point.
    private func reportCycle(
        _ cycle: [String], waitsFor: [String: [(name: String, node: Node)]], reported: inout Set<[String]>
    ) {
        // The same cycle found from another member is a rotation of this one.
        guard let smallest = cycle.indices.min(by: { cycle[$0] < cycle[$1] }) else { return }
        let canonical = Array(cycle[smallest...] + cycle[..<smallest])
        guard reported.insert(canonical).inserted else { return }
        let first = cycle[0]
        let second = cycle.count > 1 ? cycle[1] : first
        guard let entry = waitsFor[first]?.first(where: { $0.name == second }) else { return }
        let path = (cycle + [first]).joined(separator: " → ")
        report(
            .requireToFailCycle, at: entry.node, "require-to-fail cycle: \(path)",
            found: path,
            suggestion: cycle.count == 1
                ? "a gesture cannot wait for itself to fail; remove '\(first)' from its 'after'"
                : "none of these gestures could ever begin; remove one of the 'after' entries"
        )
    }

    /// Reports a binding that can never fire because another is the same gesture in the same
    /// place: the same recognizer with the same parameters, scope and device. Both recognize
    /// on the same frame, and without `with` the first to recognize prevents the other, so the
    /// later one never fires (the earlier one, when it waits for the later to fail). A `when:`
    /// is asked as the gesture begins, and a gesture whose conditions do not hold fails: so the
    /// hidden one fires whenever the winner's conditions fail and its own hold, and it is
    /// shadowed only when the winner has no conditions or the very same ones.
    func checkShadowed(_ bindings: [Binding]) {
        struct Place: Hashable {
            var scope: BindingScope
            var recognizer: RecognizerSpec
            var device: InputDevice
        }
        var earlierAt: [Place: [Binding]] = [:]
        for binding in bindings {
            let place = Place(scope: binding.scope, recognizer: binding.recognizer, device: binding.device)
            defer { earlierAt[place, default: []].append(binding) }
            for earlier in earlierAt[place] ?? [] {
                if binding.recognizesSimultaneouslyWith.contains(earlier.name)
                    || earlier.recognizesSimultaneouslyWith.contains(binding.name)
                {
                    continue
                }
                let (hidden, winner) =
                    earlier.requiresFailureOf.contains(binding.name) ? (earlier, binding) : (binding, earlier)
                guard winner.conditions == nil || winner.conditions == hidden.conditions else { continue }
                report(
                    .neverFires, at: hidden.location,
                    "gesture '\(hidden.name)' can never fire: '\(winner.name)' (line \(winner.location.line)) is the "
                        + "same gesture in the same place"
                        + (winner.conditions == nil ? "" : " under the same 'when:'") + " and recognizes first",
                    found: hidden.name,
                    suggestion: "change one of them, or add 'with: [\(winner.name)]' to '\(hidden.name)' to fire both")
                break
            }
        }
    }
}

/// How counts read in messages: "1 binding", "3 bindings", "0 bindings".
package enum Wording {
    package static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}

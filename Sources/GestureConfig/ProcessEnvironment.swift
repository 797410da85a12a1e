import Glibc

/// The process's environment as a dictionary, read from `environ` (what Foundation's
/// `ProcessEnvironment.current` gives, without linking Foundation).
public enum ProcessEnvironment {
    /// Every `NAME=value` entry; for a name given twice, the first wins, as `getenv` finds it.
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }
}

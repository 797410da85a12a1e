import TextSearch

/// What to do about libyaml's commonest complaints, for every YAML file gesturebridge reads
/// (the config, `libinput record` files).
public enum YAMLAdvice {
    /// Advice for libyaml's commonest complaints, given the line it stopped on.
    public static func hint(for problem: String, line: Substring) -> String? {
        if problem.contains(text: "tab") || line.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
            return "indent with spaces; YAML does not allow tabs for indentation"
        }
        if problem.contains(text: "mapping values are not allowed") {
            return "put a space after each ':' and quote values that contain ': '"
        }
        if problem.contains(text: "did not find expected key") || problem.contains(text: "did not find expected '-'") {
            return "check the indentation: items of one list or mapping start in the same column"
        }
        if problem.contains(text: "found character that cannot start any token") {
            return "quote values that start with '@', '`', '%' or '|'"
        }
        return nil
    }
}

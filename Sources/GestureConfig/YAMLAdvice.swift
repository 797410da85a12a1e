import TextSearch

/// What to do about libyaml's commonest complaints, for every YAML file gesturebridge reads
/// (the config, `libinput record` files).
public enum YAMLAdvice {
    /// Advice for libyaml's commonest complaints, given the line it stopped on; for any other
    /// complaint, what most often causes one.
    public static func hint(for problem: String, line: Substring) -> String {
        if problem.contains(text: "tab") || line.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
            return "indent with spaces; YAML does not allow tabs for indentation"
        }
        if problem.contains(text: "mapping values are not allowed") {
            return "put a space after each ':' and quote values that contain ': '"
        }
        if problem.contains(text: "while parsing a flow mapping") {
            return "end each '{ … }' on the line it starts, and quote a value with ': ' or ',' in it, "
                + "as in command: \"notify-send 'a: b'\""
        }
        if problem.contains(text: "while parsing a flow sequence") {
            return "end each '[ … ]' on the line it starts, and quote an item with ': ' or ',' in it"
        }
        if problem.contains(text: "while scanning a quoted scalar") {
            return "a quote is left open: end the text with the quote it starts with, on its line"
        }
        if problem.contains(text: "did not find expected key") || problem.contains(text: "did not find expected '-'") {
            return "check the indentation: items of one list or mapping start in the same column"
        }
        if problem.contains(text: "block sequence entries are not allowed") {
            return "start a '- ' item on a line of its own, indented under its key"
        }
        if problem.contains(text: "could not find expected ':'") {
            return "put ': ' after each key, and quote a value that spans lines or holds quotes"
        }
        if problem.contains(text: "did not find expected node content") {
            return "a value is missing after '- ', ':' or ','; write one, or '[]' or '{}' for an empty one"
        }
        if problem.contains(text: "found character that cannot start any token") {
            return "quote values that start with '@', '`', '%' or '|'"
        }
        if problem.contains(text: "undefined alias") {
            return "define the anchor ('&name') before the alias ('*name') that uses it"
        }
        return "check the YAML just before this point: quote text with ':', '#', '{' or '[' in it, "
            + "and close every quote and bracket"
    }
}

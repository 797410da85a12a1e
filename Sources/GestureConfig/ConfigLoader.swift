import Glibc
import YAMLReader

/// Reads a configuration file into a validated `Configuration`, or every reason it cannot.
///
/// Loading checks the whole file and reports all mistakes together, each with its
/// line and column and what to write instead.
public enum ConfigLoader {
    /// Loads the file at `path`; errors and warnings name the path as given. Shapes of your
    /// own that strokes name are read from the `strokes` folder beside it.
    ///
    /// Adds a warning when the file or its directory can be written by group or
    /// others: the file names commands to run, so that would let them run commands as you.
    public static func load(path: String) throws(ConfigErrors) -> Configuration {
        let text = try ConfigFile.read(path)
        var configuration = try load(
            yaml: text, file: path, strokeFolder: StrokeTemplateFile.folder(forConfigAt: path))
        configuration.warnings += permissionWarnings(forFileAt: path)
        let strokes = StrokeTemplateFile.folder(forConfigAt: path)
        if let problem = unsafeFolderProblem(strokes) {
            configuration.warnings.append(
                ConfigWarning(
                    at: SourceLocation(file: path, line: 0, column: 0),
                    message: "the stroke folder \(strokes) \(problem.reason), who could replace your shapes or plant "
                        + "their own; \(problem.fix)"))
        }
        return configuration
    }

    /// Loads a config from its bytes, bounded as a file is: at most 1 MiB of UTF-8.
    public static func load(contents: ArraySlice<UInt8>, file: String = "config.yaml") throws(ConfigErrors)
        -> Configuration
    {
        try load(yaml: try ConfigFile.text(of: contents, file: file), file: file)
    }

    /// Loads configuration text; `file` is the name errors carry. With `strokeFolder`, a
    /// stroke may name a shape of your own kept there; without it, only the built-in ones.
    public static func load(yaml: String, file: String = "config.yaml", strokeFolder: String? = nil)
        throws(ConfigErrors) -> Configuration
    {
        let document: YAML.Document
        do {
            // Every scalar stays a string: the parser reads `on`, `no` and `0.5s` itself,
            // instead of YAML 1.1 turning some of them into booleans.
            document = try YAML.compose(yaml)
        } catch {
            throw ConfigErrors([syntaxError(error, file: file, yaml: yaml)])
        }
        let parser = ConfigParser(file: file, strokeFolder: strokeFolder)
        // A key given twice is one error among the others: the rest of the file is still checked.
        for duplicate in document.duplicateKeys {
            parser.report(
                .syntax, at: SourceLocation(file: file, line: duplicate.mark.line, column: duplicate.mark.column),
                "key '\(duplicate.key)' appears twice in one mapping (first on line \(duplicate.first.line))",
                found: duplicate.key, suggestion: "write each key once, merging the two values")
        }
        var configuration = parser.configuration(Self.checkingDuplicates(of: document))
        configuration.isBlank = document.root == nil
        guard parser.errors.isEmpty else {
            var errors = ConfigErrors(parser.errors)
            if parser.unlisted > 0 {
                errors.errors.append(
                    ConfigError(
                        .tooManyErrors, at: SourceLocation(file: file, line: 0, column: 0),
                        message: "\(parser.unlisted) more errors not listed", suggestion: "fix the ones above first"))
            }
            throw errors
        }
        return configuration
    }

    /// The root, with the value of each top-level key given twice added to the first's, so that
    /// what the second block says is checked too: its bindings, its apps and their errors. (The
    /// duplicate is an error already, so nothing loads; this is only for the rest of the errors.)
    /// Lists are joined, mappings' pairs joined; two values of different kinds are left as they are.
    static func checkingDuplicates(of document: YAML.Document) -> YAML.Node? {
        guard var root = document.root, var pairs = root.mapping else { return document.root }
        for (duplicate, pair) in zip(document.duplicateKeys, document.duplicatePairs) {
            guard let index = pairs.firstIndex(where: { $0.key.mark == duplicate.first }) else { continue }
            let first = pairs[index].value
            switch (first.content, pair.value.content) {
            case let (.sequence(earlier), .sequence(later)):
                pairs[index].value = YAML.Node(mark: first.mark, content: .sequence(earlier + later))
            case let (.mapping(earlier), .mapping(later)):
                pairs[index].value = YAML.Node(mark: first.mark, content: .mapping(earlier + later))
            case (.scalar, _) where first.isNull:
                pairs[index].value = pair.value
            default: continue
            }
        }
        root.content = .mapping(pairs)
        return root
    }

    /// Warnings for a file, or its directory, that group or others may write to.
    ///
    /// Symbolic links are followed. A directory with the sticky bit (such as /tmp)
    /// does not let others replace a file they do not own, so it is not warned about.
    public static func permissionWarnings(forFileAt path: String) -> [ConfigWarning] {
        let resolved = realPath(path) ?? path
        let directory = resolved.lastIndex(of: "/").map { String(resolved[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let whole = SourceLocation(file: path, line: 0, column: 0)
        var warnings: [ConfigWarning] = []
        if let mode = permissions(of: resolved), let who = writers(mode) {
            warnings.append(
                ConfigWarning(
                    at: whole,
                    message: "the file is writable by \(who), who could make gesturebridge run commands as you; "
                        + "run 'chmod go-w \(resolved)'"
                ))
        }
        if let owner = status(of: resolved)?.st_uid, owner != 0, owner != getuid() {
            let name = getpwuid(owner).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
            warnings.append(
                ConfigWarning(
                    at: whole,
                    message:
                        "the file belongs to \(name.map { "user \($0)" } ?? "user id \(owner)"), who could make gesturebridge "
                        + "run commands as you; copy it to a file of your own"
                ))
        }
        if let problem = unsafeFolderProblem(directory) {
            warnings.append(
                ConfigWarning(
                    at: whole,
                    message: "its directory \(directory) \(problem.reason), who could replace the file; \(problem.fix)")
            )
        }
        return warnings
    }

    /// Why another user could change what is in `folder`: it is writable by group or others
    /// (without the sticky bit, as /tmp has, that keeps them off files they do not own), or
    /// it belongs to another user than you or root. `reason` completes "the folder ...", `fix`
    /// says what to run. Nil when the folder is safe or does not exist; links are followed.
    public static func unsafeFolderProblem(_ folder: String) -> (reason: String, fix: String)? {
        guard let info = status(of: folder), info.st_mode & S_IFMT == S_IFDIR else { return nil }
        let mode = Int(info.st_mode & 0o7777)
        if info.st_uid != 0, info.st_uid != getuid() {
            let name = getpwuid(info.st_uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
            return (
                "belongs to \(name.map { "user \($0)" } ?? "user id \(info.st_uid)")",
                "use a folder of your own"
            )
        }
        if let who = writers(mode), mode & 0o1000 == 0 {
            return ("is writable by \(who)", "run 'chmod go-w \(folder)'")
        }
        return nil
    }

    /// `group`, `others` or `group and others` for a mode that lets them write; nil otherwise.
    private static func writers(_ mode: Int) -> String? {
        switch (mode & 0o020 != 0, mode & 0o002 != 0) {
        case (true, true): "group and others"
        case (true, false): "group"
        case (false, true): "others"
        case (false, false): nil
        }
    }

    /// The permission bits of a path, including set-id and sticky bits; nil when it cannot be read.
    private static func permissions(of path: String) -> Int? {
        status(of: path).map { Int($0.st_mode & 0o7777) }
    }

    /// `stat(2)` of a path, links followed; nil when it cannot be read.
    private static func status(of path: String) -> stat? {
        var result = stat()
        return stat(path, &result) == 0 ? result : nil
    }

    /// The path with every link and `..` resolved (`realpath(3)`); nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A YAML syntax error as a `ConfigError` at the parser's position.
    static func syntaxError(_ error: YAML.Error, file: String, yaml: String) -> ConfigError {
        let location = SourceLocation(file: file, line: error.mark.line, column: error.mark.column)
        switch error.kind {
        case .syntax:
            return ConfigError(
                .syntax, at: location, message: "invalid YAML: \(error)", found: error.problem,
                suggestion: YAMLAdvice.hint(for: "\(error)", line: lineText(error.mark.line, of: yaml)))
        case .invalidText:
            return ConfigError(
                .syntax, at: location, message: "invalid text: \(error)",
                suggestion: "remove the character: a config holds printable text, tabs and line breaks")
        case .documents:
            return ConfigError(
                .syntax, at: location, message: "invalid YAML: \(error)",
                suggestion: "remove the '---' line and merge what follows into one document")
        case .tooLarge:
            return ConfigError(.syntax, at: location, message: "invalid YAML: \(error)")
        }
    }

    /// The text of a 1-based line, or an empty string past the end.
    private static func lineText(_ number: Int, of text: String) -> Substring {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.contains(number - 1) ? lines[number - 1] : ""
    }
}

/// A place in a configuration file: the file as it was named, and a 1-based line and column.
///
/// Line 0 stands for the file as a whole (it could not be read, say); such
/// locations print as the file name alone.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as the caller named it (a path, or a label such as `config.yaml`).
    public var file: String
    /// The line, counting from 1; 0 for the whole file.
    public var line: Int
    /// The column in Unicode scalars, counting from 1; 0 for the whole file.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column)" : file
    }
}

/// One mistake in a configuration file: where it is, what was found, and what to write instead.
///
/// Its `description` is the one line a user sees, in the compilers' format:
/// `config.yaml:12:9: unknown key 'fingrs' in swipe; did you mean 'fingers'?`
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of mistakes the loader reports.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The file could not be read or is not UTF-8.
        case unreadable
        /// The text is not valid YAML (including a key repeated in one mapping).
        case syntax
        /// A mapping key that the schema does not have in that place.
        case unknownKey
        /// A required key is missing.
        case missingKey
        /// Keys that exclude each other, such as two recognizers in one binding.
        case conflictingKeys
        /// A value of the wrong shape: a list where a number belongs, and so on.
        case wrongType
        /// A value of the right shape that cannot be used: a bad duration, angle, number or word.
        case invalidValue
        /// A number or quantity outside its allowed range.
        case outOfRange
        /// A key name in a `keys` action that X does not know.
        case unknownKeyName
        /// An action that does not exist.
        case unknownAction
        /// Two bindings with the same name, or one application named twice.
        case duplicateName
        /// An `after` or `with` entry that names no binding.
        case unknownReference
        /// Bindings that require each other to fail, so none could ever begin.
        case requireToFailCycle
        /// A binding that can never do anything.
        case neverFires
        /// A region that does not lie inside its window.
        case regionOutsideWindow
        /// More mistakes than one report lists (`ConfigError.maximumCount`).
        case tooManyErrors
    }

    /// The most errors one file reports; past it, one line says how many more there are.
    public static let maximumCount = 50
    /// The most characters of a file's text an error quotes; longer text is cut in the middle.
    public static let maximumQuote = 60

    /// Where the mistake is.
    public var location: SourceLocation
    /// What kind of mistake it is.
    public var kind: Kind
    /// What is wrong, naming what was found: `unknown key 'fingrs' in swipe`.
    public var message: String
    /// The offending text as written, such as `fingrs`; empty when nothing in particular.
    public var found: String
    /// What to write instead, such as `did you mean 'fingers'?`; nil when there is no advice.
    public var suggestion: String?

    /// Creates an error.
    public init(
        _ kind: Kind, at location: SourceLocation, message: String, found: String = "", suggestion: String? = nil
    ) {
        self.kind = kind
        self.location = location
        self.message = Self.shorteningQuotes(in: message)
        self.found = Self.excerpt(found)
        self.suggestion = suggestion.map(Self.shorteningQuotes)
    }

    /// The text, or its start and end around "…" with the length, when longer than `maximumQuote`.
    public static func excerpt(_ text: String) -> String {
        guard text.count > maximumQuote else { return text }
        let half = maximumQuote / 2
        return "\(text.prefix(half))…\(text.suffix(half)) (\(text.count) characters)"
    }

    /// The message with every quoted run ('…') longer than `maximumQuote` excerpted.
    static func shorteningQuotes(in message: String) -> String {
        guard message.count > maximumQuote else { return message }
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return message }
        return parts.enumerated().map { index, part in
            index % 2 == 1 && index < parts.count - 1 ? excerpt(String(part)) : String(part)
        }.joined(separator: "'")
    }

    /// The file named in the location.
    public var file: String { location.file }
    /// The 1-based line (0 for the whole file).
    public var line: Int { location.line }
    /// The 1-based column (0 for the whole file).
    public var column: Int { location.column }

    public var description: String {
        var text = "\(location): \(message)"
        if let suggestion { text += "; \(suggestion)" }
        return text
    }
}

/// Every mistake found in one configuration file, in file order.
///
/// The loader checks the whole file before it gives up, so that one run shows
/// every line to fix. `description` prints one line per error.
public struct ConfigErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// The errors, sorted by line and column.
    public var errors: [ConfigError]

    /// Collects errors, sorting them by position.
    public init(_ errors: [ConfigError]) {
        self.errors = errors.sorted { lhs, rhs in
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }
    }

    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}

/// Something worth telling the user that does not stop the configuration from loading.
///
/// The one case today: a configuration file (or its directory) that other users may
/// write to. The file names commands to run, so that is a way in for them.
public struct ConfigWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where it applies; usually the whole file.
    public var location: SourceLocation
    /// The warning, as one line.
    public var message: String

    /// Creates a warning.
    public init(at location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): warning: \(message)" }
}

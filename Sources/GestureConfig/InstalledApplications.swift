import Glibc

/// The names installed applications' windows are likely to carry, read from their `.desktop` files.
///
/// An `apps:` name is a `WM_CLASS` class or instance. Nothing on disk lists those for certain,
/// but a desktop entry comes close: its `StartupWMClass` (Firefox ESR's `firefox-esr`), the
/// program its `Exec` runs (GTK and Qt take their instance from it: `evince`, `kwrite`), and
/// its file's name (GTK 4 apps may use the application id, `org.gnome.TextEditor`). `check`
/// and `doctor` compare the config's names with these and with the open windows, to tell a
/// misspelled or missing application from one that is just not running.
///
/// A few hundred small files are read once per `check`; no library reads desktop entries
/// for a list of names alone, so this does, with its own bounds.
public struct InstalledApplications: Sendable {
    /// Where one name came from, for `doctor` to say.
    public struct Entry: Hashable, Sendable {
        /// The desktop file's path.
        public var path: String
        /// The names it gives, lowercased: `StartupWMClass`, the program, the file's id.
        public var names: [String]
    }

    /// At most this many `.desktop` files per folder are read.
    public static let maximumFilesPerFolder = 4096
    /// Only this many bytes of each file are read: the `[Desktop Entry]` group comes first.
    public static let maximumBytesPerFile = 64 * 1024

    /// The entries found, in folder order (the user's first).
    public private(set) var entries: [Entry] = []
    /// Every name, lowercased, mapped to the first desktop file that gives it.
    public private(set) var sources: [String: String] = [:]

    /// Reads the desktop entries in the `applications` folder of each XDG data directory:
    /// `$XDG_DATA_HOME` (default `~/.local/share`), then `$XDG_DATA_DIRS` (default
    /// `/usr/local/share:/usr/share`), and each folder's subfolders one level down.
    public init(environment: [String: String]) {
        var bases: [String] = []
        if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
            bases.append(home)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            bases.append(home + "/.local/share")
        }
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        bases += system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        self.init(folders: bases.map { $0 + "/applications" })
    }

    /// Reads the desktop entries of these folders and their subfolders one level down.
    public init(folders: [String]) {
        var seenFolders = Set<String>()
        for folder in folders where seenFolders.insert(folder).inserted {
            for (path, id) in Self.desktopFiles(in: folder) {
                guard let text = Self.read(path) else { continue }
                let names = Self.names(inDesktopEntry: text, id: id)
                guard !names.isEmpty else { continue }
                entries.append(Entry(path: path, names: names))
                for name in names where sources[name] == nil { sources[name] = path }
            }
        }
    }

    /// Creates the list from entries already read (tests, and callers that cache them).
    public init(entries: [Entry]) {
        self.entries = entries
        for entry in entries { for name in entry.names where sources[name] == nil { sources[name] = entry.path } }
    }

    /// Whether an installed application gives this name, any case.
    public func contains(_ name: String) -> Bool { sources[name.lowercased()] != nil }

    /// The names a desktop entry gives: `StartupWMClass`, `Exec`'s program (past `env` and
    /// its `VAR=value` words), and the file's id; lowercased, without repeats. A hidden entry
    /// (`Hidden=true`) gives none.
    public static func names(inDesktopEntry text: String, id: String) -> [String] {
        var inEntry = false
        var wmClass: String?
        var program: String?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = String(rawLine).trimmingWhitespace
            if line.hasPrefix("[") {
                if inEntry { break }
                inEntry = line == "[Desktop Entry]"
                continue
            }
            guard inEntry, let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals]).trimmingWhitespace
            let value = String(line[line.index(after: equals)...]).trimmingWhitespace
            switch key {
            case "StartupWMClass": wmClass = value
            case "Exec": program = programName(inExec: value)
            case "Hidden" where value == "true": return []
            default: break
            }
        }
        guard inEntry || wmClass != nil || program != nil else { return [] }
        var names: [String] = []
        for name in [wmClass, program, id] {
            guard let name = name?.lowercased(), !name.isEmpty, !names.contains(name) else { continue }
            names.append(name)
        }
        return names
    }

    /// The program an `Exec` line runs: the first word's file name, past `env` and `VAR=value`.
    /// A word in double quotes (the spec's way to write a path with spaces) is one word.
    static func programName(inExec exec: String) -> String? {
        var words = execWords(exec)[...]
        if let first = words.first, first == "env" || first.hasSuffix("/env") {
            words = words.dropFirst()
            while let word = words.first, word.contains("="), !word.hasPrefix("/") { words = words.dropFirst() }
        }
        guard let program = words.first, !program.isEmpty, !program.hasPrefix("%") else { return nil }
        return program.split(separator: "/").last.map(String.init)
    }

    /// An `Exec` value's words: split at spaces, except inside double quotes.
    private static func execWords(_ exec: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in exec {
            switch character {
            case "\"": quoted.toggle()
            case " " where !quoted:
                if !word.isEmpty { words.append(word) }
                word = ""
            default: word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// The `.desktop` files of a folder and of its subfolders one level down, with their ids
    /// (the file name without `.desktop`), at most `maximumFilesPerFolder` from each folder.
    private static func desktopFiles(in folder: String) -> [(path: String, id: String)] {
        var found: [(path: String, id: String)] = []
        var subfolders: [String] = []
        list(folder) { name, isFolder in
            if isFolder {
                subfolders.append(folder + "/" + name)
            } else if name.hasSuffix(".desktop") {
                found.append((folder + "/" + name, String(name.dropLast(".desktop".count))))
            }
            return found.count < maximumFilesPerFolder
        }
        for subfolder in subfolders.prefix(64) {
            var count = 0
            list(subfolder) { name, isFolder in
                guard !isFolder, name.hasSuffix(".desktop") else { return true }
                found.append((subfolder + "/" + name, String(name.dropLast(".desktop".count))))
                count += 1
                return count < maximumFilesPerFolder
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Calls `body` with each entry's name (not `.` or `..`, nor hidden) and whether it is a
    /// folder, until it returns false.
    private static func list(_ folder: String, _ body: (String, Bool) -> Bool) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            var info = stat()
            let isFolder = stat(folder + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            guard body(name, isFolder) else { return }
        }
    }

    /// The file's first `maximumBytesPerFile` bytes as text, or nil when it cannot be read.
    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: maximumBytesPerFile)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + total, buffer.count - total)
            }
            guard count > 0 else { break }
            total += count
        }
        return String(decoding: bytes.prefix(total), as: UTF8.self)
    }
}

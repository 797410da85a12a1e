import Foundation
import Testing
@testable import GestureConfig
import GestureEngine

/// Loading from disk: unreadable files, and warnings about who may write the file.
@Suite struct ConfigLoaderTests {
    /// A fresh directory with mode `directoryMode` holding config.yaml with `fileMode`.
    static func makeConfig(
        text: String = "gestures: []\n", fileMode: Int = 0o600, directoryMode: Int = 0o700
    ) throws -> (directory: String, file: String) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gesturebridge-config-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let file = directory + "/config.yaml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: file)
        try FileManager.default.setAttributes([.posixPermissions: directoryMode], ofItemAtPath: directory)
        return (directory, file)
    }

    static func remove(_ directory: String) {
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test func privateFileLoadsWithoutWarnings() throws {
        let (directory, file) = try Self.makeConfig(text: "settings: { log-level: debug }\n")
        defer { Self.remove(directory) }
        let configuration = try ConfigLoader.load(path: file)
        #expect(configuration.settings.logLevel == .debug)
        #expect(configuration.warnings.isEmpty)
    }

    @Test(arguments: [(0o620, "group"), (0o602, "others"), (0o666, "group and others")])
    func fileWritableByOthersIsWarnedAbout(mode: Int, who: String) throws {
        let (directory, file) = try Self.makeConfig(fileMode: mode)
        defer { Self.remove(directory) }
        let configuration = try ConfigLoader.load(path: file)
        #expect(configuration.warnings.count == 1)
        let warning = try #require(configuration.warnings.first)
        #expect(warning.location.file == file)
        #expect(warning.description.hasPrefix("\(file): warning: the file is writable by \(who),"))
        #expect(warning.message.contains("chmod go-w"))
    }

    @Test(arguments: [(0o770, true), (0o707, true), (0o755, false), (0o1777, false)])
    func directoryWritableByOthersIsWarnedAboutUnlessSticky(mode: Int, warns: Bool) throws {
        let (directory, file) = try Self.makeConfig(directoryMode: mode)
        defer { Self.remove(directory) }
        let warnings = try ConfigLoader.load(path: file).warnings
        #expect(warnings.count == (warns ? 1 : 0))
        #expect(warnings.allSatisfy { $0.message.hasPrefix("its directory ") })
    }

    /// Another user's file, even 644, is theirs to change: a way to run commands as you.
    @Test func aFileOfAnotherUserIsWarnedAbout() throws {
        let (directory, file) = try Self.makeConfig(fileMode: 0o644)
        defer { Self.remove(directory) }
        // nobody (65534); changing a file's owner needs root, as the suite has in CI and here.
        try #require(chown(file, 65534, 65534) == 0, "chown needs root: \(String(cString: strerror(errno)))")
        let warnings = try ConfigLoader.load(path: file).warnings.map(\.message)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("the file belongs to user ") == true, "\(warnings)")
    }

    /// Issue 27: a folder of another user is theirs to fill: the config's, or its `strokes/`
    /// (shapes they plant fire your bindings; `record --stroke` writes there).
    @Test(arguments: [false, true])
    func aFolderOfAnotherUserIsWarnedAbout(strokes: Bool) throws {
        let (directory, file) = try Self.makeConfig(directoryMode: 0o755)
        defer {
            try? FileManager.default.removeItem(atPath: directory + "/strokes")
            Self.remove(directory)
        }
        let folder = strokes ? directory + "/strokes" : directory
        if strokes { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) }
        try #require(chown(folder, 65534, 65534) == 0, "chown needs root: \(String(cString: strerror(errno)))")
        let warnings = try ConfigLoader.load(path: file).warnings.map(\.message)
        #expect(warnings.count == 1, "\(warnings)")
        let prefix =
            strokes ? "the stroke folder \(folder) belongs to user " : "its directory \(folder) belongs to user "
        #expect(warnings.first?.hasPrefix(prefix) == true, "\(warnings)")
    }

    @Test(arguments: [(0o777, true), (0o775, true), (0o1777, false), (0o700, false)])
    func aStrokeFolderWritableByOthersIsWarnedAbout(mode: Int, warns: Bool) throws {
        let (directory, file) = try Self.makeConfig()
        defer {
            try? FileManager.default.removeItem(atPath: directory + "/strokes")
            Self.remove(directory)
        }
        let folder = directory + "/strokes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        chmod(folder, mode_t(mode))
        let warnings = try ConfigLoader.load(path: file).warnings.map(\.message)
        #expect(warnings.count == (warns ? 1 : 0), "\(warnings)")
        if warns {
            #expect(warnings.first?.hasPrefix("the stroke folder \(folder) is writable by ") == true, "\(warnings)")
            #expect(warnings.first?.hasSuffix("run 'chmod go-w \(folder)'") == true, "\(warnings)")
        }
    }

    @Test func symbolicLinkIsJudgedByItsTarget() throws {
        let (directory, file) = try Self.makeConfig()
        defer { Self.remove(directory) }
        let link = directory + "/link.yaml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        #expect(try ConfigLoader.load(path: link).warnings.isEmpty)
    }

    @Test func missingFileIsUnreadable() {
        let path = "/nonexistent/gesturebridge/config.yaml"
        #expect(throws: ConfigErrors.self) { try ConfigLoader.load(path: path) }
        do {
            _ = try ConfigLoader.load(path: path)
        } catch {
            #expect(error.errors.map(\.kind) == [.unreadable])
            #expect(error.description.hasPrefix("\(path): no such file; "))
        }
    }

    @Test func directoryIsUnreadable() throws {
        let (directory, _) = try Self.makeConfig()
        defer { Self.remove(directory) }
        do {
            _ = try ConfigLoader.load(path: directory)
            Issue.record("loaded a directory")
        } catch {
            #expect(error.description == "\(directory): is a directory, not a file")
        }
    }

    @Test func textThatIsNotUTF8IsUnreadable() throws {
        let (directory, file) = try Self.makeConfig()
        defer { Self.remove(directory) }
        try Data([0x67, 0x3a, 0x20, 0xff, 0xfe, 0x0a]).write(to: URL(fileURLWithPath: file))
        do {
            _ = try ConfigLoader.load(path: file)
            Issue.record("loaded invalid UTF-8")
        } catch {
            #expect(
                error.errors.map(\.description) == [
                    "\(file):1:4: the file is not UTF-8 text: byte 3 is 0xFF; save it as UTF-8"
                ])
        }
    }

    /// What stands in the config's place, and the one line that refuses it.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var what: String
        /// Puts the thing at `path` in a fresh directory; returns the path to load.
        var make: @Sendable (_ path: String) throws -> String
        var message: String
        var testDescription: String { what }
    }

    static let refusals: [Refusal] = [
        Refusal(
            what: "a symbolic link loop",
            make: { path in
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".other")
                try FileManager.default.createSymbolicLink(atPath: path + ".other", withDestinationPath: path)
                return path
            }, message: "a loop of symbolic links; point the link at the real file"),
        Refusal(
            what: "a FIFO",
            make: { path in
                guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
                return path
            }, message: "is a FIFO, not a file; point --config at a regular file"),
        Refusal(
            what: "a device", make: { _ in "/dev/zero" },
            message: "is a device, not a file; point --config at a regular file"),
        Refusal(
            what: "a file past 1 MiB",
            make: { path in
                try Data(repeating: UInt8(ascii: "#"), count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
                return path
            }, message: "the file is 1048577 bytes; a config is at most 1 MiB (1048576 bytes); is this the right file?")
    ]

    @Test(arguments: refusals)
    func whatIsNotAConfigFileIsRefusedWithOneLine(_ refusal: Refusal) throws {
        let (directory, _) = try Self.makeConfig()
        defer { Self.remove(directory) }
        let path = try refusal.make(directory + "/other.yaml")
        do {
            _ = try ConfigLoader.load(path: path)
            Issue.record("loaded \(refusal.what)")
        } catch {
            #expect(error.errors.map(\.description) == ["\(path): \(refusal.message)"])
        }
    }

    @Test func aFileFullOfMistakesListsFiftyAndCountsTheRest() throws {
        let lines = (0..<1000).map { "  - nm\($0): x" }.joined(separator: "\n")
        let (directory, file) = try Self.makeConfig(text: "gestures:\n" + lines + "\n")
        defer { Self.remove(directory) }
        do {
            _ = try ConfigLoader.load(path: file)
            Issue.record("loaded a file of mistakes")
        } catch {
            #expect(error.errors.count == ConfigError.maximumCount + 1)
            #expect(error.errors.last?.description == "\(file): 1950 more errors not listed; fix the ones above first")
        }
    }

    @Test func anErrorQuotesAnExcerptOfALongValue() throws {
        let long = String(repeating: "x", count: 100_000)
        let (directory, file) = try Self.makeConfig(text: "settings:\n  dpi: \(long)\n")
        defer { Self.remove(directory) }
        do {
            _ = try ConfigLoader.load(path: file)
            Issue.record("loaded a bad dpi")
        } catch {
            let excerpt =
                String(repeating: "x", count: 30) + "…" + String(repeating: "x", count: 30) + " (100000 characters)"
            #expect(
                error.errors.map(\.description) == [
                    "\(file):2:8: bad dpi '\(excerpt)' for 'dpi'; write dots per inch, such as 96 or 144"
                ])
        }
    }

    @Test func errorsInAFileOnDiskNameItsPath() throws {
        let (directory, file) = try Self.makeConfig(text: "settings:\n  fingerwindow: 1s\n")
        defer { Self.remove(directory) }
        do {
            _ = try ConfigLoader.load(path: file)
            Issue.record("loaded a misspelled key")
        } catch {
            #expect(
                error.description
                    == "\(file):2:3: unknown key 'fingerwindow' in settings; did you mean 'finger-window'?")
        }
    }

    /// An empty document is an empty configuration; one with no node at all is also blank, as a
    /// save caught between truncating and writing is (the daemon keeps its bindings over it).
    @Test(arguments: [("", true), ("# only a comment\n", true), ("---\n", false), ("~\n", false)])
    func emptyDocumentIsAnEmptyConfiguration(text: String, blank: Bool) throws {
        var configuration = try ConfigLoader.load(yaml: text)
        #expect(configuration.isBlank == blank)
        configuration.isBlank = false
        #expect(configuration == Configuration())
    }

    /// A key given twice (a pasted snippet's `apps:`, say) is one error among the others: the rest
    /// of the file is still checked, and every mistake is listed in file order.
    @Test func aKeyGivenTwiceDoesNotHideTheOtherErrors() {
        let text = """
            apps:
              firefox:
                gestures:
                  - tap: { fingrs: 2 }
                    do: { keys: ctrl+t }
            apps:
              kitty:
                gestures: []
            settings: { finger-window: 3 }
            """
        do {
            _ = try ConfigLoader.load(yaml: text)
            Issue.record("loaded a config with mistakes")
        } catch {
            #expect(
                error.errors.map { "\($0.location.line):\($0.location.column) \($0.kind)" } == [
                    "4:16 unknownKey", "6:1 syntax", "9:28 outOfRange"
                ])
        }
    }

    /// `landing-travel` reaches every recognizer the config builds; the default is the engine's.
    @Test func landingTravelIsASettingInPoints() throws {
        let set = try ConfigLoader.load(yaml: "settings:\n  landing-travel: 80pt\n")
        #expect(set.settings.landingTravel == 80)
        let unset = try ConfigLoader.load(yaml: "settings: {}\n")
        #expect(unset.settings.landingTravel == Thresholds.landingTravel)
    }
}

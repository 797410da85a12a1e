import Foundation
import Testing
@testable import GestureConfig

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
            #expect(error.errors.map(\.kind) == [.unreadable])
            #expect(error.errors.first?.line == 0)
        }
    }

    @Test func errorsInAFileOnDiskNameItsPath() throws {
        let (directory, file) = try Self.makeConfig(text: "settings:\n  fingerwindow: 1s\n")
        defer { Self.remove(directory) }
        do {
            _ = try ConfigLoader.load(path: file)
            Issue.record("loaded a misspelled key")
        } catch {
            #expect(error.description == "\(file):2:3: unknown key 'fingerwindow' in settings; did you mean 'finger-window'?")
        }
    }

    @Test(arguments: ["", "# only a comment\n", "---\n", "~\n"])
    func emptyDocumentIsAnEmptyConfiguration(text: String) throws {
        #expect(try ConfigLoader.load(yaml: text) == Configuration())
    }
}

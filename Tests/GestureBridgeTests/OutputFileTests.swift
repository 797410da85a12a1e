import GestureConfig
import Foundation
import Glibc
import TestCredentials
import Testing

@testable import gesturebridge

/// What the tools write (traces, recordings, shapes, configs) as another local user would
/// meet it: nothing to read, no name to plant, no link to write through (issue 27).
@Suite struct OutputFileTests {
    static let otherUser: uid_t = 65534

    /// A fresh folder of `mode`, removed by the caller.
    static func folder(mode: mode_t) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-output-\(UUID().uuidString.prefix(8))"
        ).path
        try #require(mkdir(path, 0o700) == 0)
        chmod(path, mode)
        return path
    }

    /// A folder everyone may write to, holding `victim`, a file of ours a planted link points at.
    static func folderWithAVictim() throws -> (folder: String, victim: String) {
        let folder = try folder(mode: 0o777)
        let victim = folder + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        return (folder, victim)
    }

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    static func text(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// A trace holds your taps (keystrokes, on an on-screen keyboard) and window titles: 0600,
    /// whatever the umask, even in a folder everyone can list.
    @Test(.enabled(if: getuid() == 0, "opening as another user needs root"))
    func aTraceIsYoursAloneToRead() throws {
        let folder = try Self.folder(mode: 0o755)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/trace.jsonl"
        let old = umask(0o022)
        defer { umask(old) }
        let file = try OutputFile.create(path)
        #expect(file.write("{\"t\": 0, \"touch\": 1, \"phase\": \"down\", \"x\": 10, \"y\": 20}\n"))
        file.close()
        #expect(Self.mode(path) == 0o600)
        let fd = gb_test_open_as(path, Self.otherUser, O_RDONLY)
        let code = errno
        if fd >= 0 { close(fd) }
        #expect(fd < 0 && code == EACCES, "another user opened the trace")
        // Nothing else is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["trace.jsonl"])
    }

    /// A link planted where the trace goes is replaced, never written through.
    @Test func aLinkAtTheTracesPathIsReplacedNotFollowed() throws {
        let (folder, victim) = try Self.folderWithAVictim()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/trace.jsonl"
        try #require(symlink(victim, path) == 0)
        let file = try OutputFile.create(path)
        #expect(file.write("line\n"))
        file.close()
        #expect(Self.text(victim) == "precious\n")
        #expect(Self.text(path) == "line\n")
        #expect(Self.mode(path) == 0o600, "a regular file of ours, not the link")
    }

    /// `record --stroke` wrote through the fixed name `NAME.yaml.gesturebridge-record`: a link
    /// planted there made it overwrite any file of yours and leave it 0644. Now the temporary
    /// file has a fresh name, made exclusively, and the template is 0600.
    @Test func aReplacementNeverWritesThroughAPlantedName() throws {
        let (folder, victim) = try Self.folderWithAVictim()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/spiral.yaml"
        for planted in [path + ".gesturebridge-record", folder + "/.spiral.yaml.XXXXXX"] {
            try #require(symlink(victim, planted) == 0)
        }
        try OutputFile.replace(path, with: "samples: []\n", mode: 0o600)
        #expect(Self.text(victim) == "precious\n")
        #expect(Self.text(path) == "samples: []\n")
        #expect(Self.mode(path) == 0o600)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == [".spiral.yaml.XXXXXX", "spiral.yaml", "spiral.yaml.gesturebridge-record", "victim"])
    }

    /// A `strokes/` folder others may write to (or another user's) is refused by `record
    /// --stroke`, with what to do; a private one is used.
    @Test(arguments: [(mode_t(0o777), false), (0o770, false), (0o700, true)])
    func aStrokeIsSavedOnlyIntoAFolderOfYourOwn(mode: mode_t, saves: Bool) throws {
        let folder = try Self.folder(mode: mode)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/spiral.yaml"
        if saves {
            try RecordCommand.save("samples: []\n", to: path, folder: folder)
            #expect(Self.mode(path) == 0o600)
        } else {
            #expect(throws: ExitCode.self) { try RecordCommand.save("samples: []\n", to: path, folder: folder) }
            #expect(access(path, F_OK) != 0)
        }
    }
}

/// `doctor` says what `check` and `run` say of the config's owner and folders (issue 27: it
/// said nothing of a config owned by another user).
@Suite struct DoctorConfigOwnershipTests {
    @Test(
        .enabled(if: getuid() == 0, "giving a file to another user needs root"),
        arguments: ["file", "folder", "strokes"])
    func anotherUsersConfigOrFolderIsAWarning(what: String) throws {
        let folder = try OutputFileTests.folder(mode: 0o755)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/config.yaml"
        try "gestures: []\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o644)
        let strokes = folder + "/strokes"
        try #require(mkdir(strokes, 0o755) == 0)
        let owned = ["file": path, "folder": folder, "strokes": strokes][what]!
        try #require(chown(owned, 65534, 65534) == 0)
        let checks = Doctor(displayName: nil, configPath: path, environment: [:]).config()
        let warnings = checks.filter { $0.status == .warning }.map(\.message)
        #expect(warnings.count == 1, "\(checks)")
        #expect(warnings.first?.contains("belongs to user ") == true, "\(checks)")
    }
}

import Foundation
import TestReaper
import Testing

/// The reaper that makes every process of a test run die with it (Tests/TestReaper).
@Suite struct TestReaperTests {
    /// Whether `pid` is gone: no such process, or a zombie waiting for its parent.
    static func isGone(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// Starts `sleep 600` in a session of its own (as a daemon would), with `environment`; returns its pid.
    ///
    /// Spawned directly, with no descriptor of this process: a child of Foundation's `Process`
    /// that leaves a process behind holding its descriptors is not seen to exit until that one does.
    static func detachedSleep(environment: [String: String]) throws -> pid_t {
        let words: [String] = ["/bin/sleep", "600"]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + variables).forEach { free($0) } }
        let pid = gb_test_spawn_detached(arguments, variables)
        try #require(pid > 0, "spawn: \(String(cString: strerror(errno)))")
        return pid
    }

    /// Kills and reaps a child of this process.
    static func end(_ pid: pid_t) {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    @Test func thisRunIsTaggedAndItsReaperWaits() throws {
        let token = String(cString: gb_test_run_token())
        #expect(!token.isEmpty)
        #expect(ProcessInfo.processInfo.environment["GESTUREBRIDGE_TEST_RUN"] == token)
        let reapers = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { name in
            guard Int32(name) != nil,
                let command = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
            else { return false }
            let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.contains("gesturebridge-test-reaper") && words.contains(token)
        }
        #expect(reapers.count == 1, "the reapers of this run: \(reapers)")
        let folder = String(cString: gb_test_run_folder())
        #expect(folder.contains("/gb-test-"), "the run's temporary folder: \(folder)")
        #expect(ProcessInfo.processInfo.environment["TMPDIR"] == folder)
        #expect(FileManager.default.temporaryDirectory.path.hasPrefix(folder), "Foundation's temporary directory")
    }

    /// What the run leaves in its temporary folder goes with the run, even when no test removed it.
    @Test func whenTheRunEndsItsTemporaryFolderGoesAndNoOther() throws {
        let run = String(cString: gb_test_run_token())
        let token = "\(run)/reaper-folder-test-\(UUID().uuidString)"
        let base = FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("gb-test-\(UUID().uuidString.prefix(8))")
        let stranger = base.appendingPathComponent("not-a-run-\(UUID().uuidString.prefix(8))")
        for place in [folder, stranger] {
            try FileManager.default.createDirectory(
                at: place.appendingPathComponent("a/b"), withIntermediateDirectories: true)
            try "left behind".write(to: place.appendingPathComponent("a/b/file"), atomically: false, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: stranger) }
        for (place, removed) in [(folder, true), (stranger, false)] {
            let input = Pipe()
            _ = fcntl(input.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
            let reaper = Process()
            reaper.executableURL = URL(fileURLWithPath: "/bin/sh")
            reaper.arguments = [
                "-c", String(cString: gb_test_reaper_script), "gesturebridge-test-reaper", token, place.path
            ]
            reaper.standardInput = input
            try reaper.run()
            #expect(FileManager.default.fileExists(atPath: place.path), "the folder must stay while the run lives")
            try input.fileHandleForWriting.close()
            reaper.waitUntilExit()
            #expect(
                FileManager.default.fileExists(atPath: place.path) != removed,
                "\(place.lastPathComponent) \(removed ? "outlived the run" : "was removed, and it is no run's")")
        }
    }

    @Test func whenTheRunEndsEveryTaggedProcessDiesAndNoOther() throws {
        // Below the run's token: should this test die, the run's reaper still ends its processes.
        let run = String(cString: gb_test_run_token())
        let token = "\(run)/reaper-test-\(UUID().uuidString)"
        let input = Pipe()
        // Only this process may hold the write end, as the real reaper's pipe is held.
        _ = fcntl(input.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        let reaper = Process()
        reaper.executableURL = URL(fileURLWithPath: "/bin/sh")
        reaper.arguments = ["-c", String(cString: gb_test_reaper_script), "gesturebridge-test-reaper", token]
        reaper.standardInput = input
        try reaper.run()

        var tagged = ProcessInfo.processInfo.environment
        tagged["GESTUREBRIDGE_TEST_RUN"] = token
        let victim = try Self.detachedSleep(environment: tagged)
        defer { Self.end(victim) }
        var otherTest = ProcessInfo.processInfo.environment
        otherTest["GESTUREBRIDGE_TEST_RUN"] = "\(run)/another-test"
        let bystander = try Self.detachedSleep(environment: otherTest)
        defer { Self.end(bystander) }
        #expect(!Self.isGone(victim) && !Self.isGone(bystander))
        #expect(reaper.isRunning, "the reaper must wait while the run lives")

        try input.fileHandleForWriting.close()  // as when the test process dies
        reaper.waitUntilExit()
        #expect(Self.isGone(victim), "a tagged process in a session of its own outlived the run")
        #expect(!Self.isGone(bystander), "the reaper killed a process of another run")
    }
}

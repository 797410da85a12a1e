import Foundation
import Testing

/// The release builds of gesturebridge and gesturebridge-settings and the two .debs made from
/// them, built once for all the tests that need them.
///
/// The build is the real one (`Packaging/build-release.sh`: release, static Swift runtime),
/// in its own scratch directory `.build/install`, so it neither waits for nor disturbs the
/// test build in `.build`. From clean it takes a few minutes; afterwards it is incremental.
struct BuiltPackage: Sendable {
    /// Why the package could not be made, with the tool's output.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The daemon's release build and package.
    let binary: String
    let deb: String
    /// The settings app's release build and package.
    let settingsBinary: String
    let settingsDeb: String

    /// The one build, on a thread of its own: a test awaiting it leaves the test pool's few
    /// threads to the other suites for the minutes it takes. Its failure fails every test that asks.
    static func shared() async throws(Failure) -> BuiltPackage {
        try await once.value().get()
    }

    private static let once = BuildOnce()

    static func make() throws(Failure) -> BuiltPackage {
        let scripts = ScriptRun.repositoryRoot.path + "/Packaging/"
        let build = try attempt { try ScriptRun.run(scripts + "build-release.sh", []) }
        guard build.status == 0, let binary = build.output.split(separator: "\n").last.map(String.init) else {
            throw Failure(description: "build-release.sh failed:\n\(build.errors.suffix(3000))")
        }
        let settings = try attempt { try ScriptRun.run(scripts + "build-release.sh", ["gesturebridge-settings"]) }
        guard settings.status == 0, let settingsBinary = settings.output.split(separator: "\n").last.map(String.init)
        else {
            throw Failure(
                description: "build-release.sh gesturebridge-settings failed:\n\(settings.errors.suffix(3000))")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("gb-deb-\(UUID().uuidString)").path
        let package = try attempt {
            try ScriptRun.run(
                scripts + "build-deb.sh", ["--binary", binary, "--settings-binary", settingsBinary, "--output", output])
        }
        // Its last two lines: the daemon's package, then the settings app's.
        let debs = package.output.split(separator: "\n").suffix(2).map(String.init)
        guard package.status == 0, debs.count == 2 else {
            throw Failure(description: "build-deb.sh failed:\n\(package.transcript)")
        }
        return BuiltPackage(binary: binary, deb: debs[0], settingsBinary: settingsBinary, settingsDeb: debs[1])
    }

    private static func attempt(_ body: () throws -> ScriptRun) throws(Failure) -> ScriptRun {
        do { return try body() } catch { throw Failure(description: "\(error)") }
    }

    /// The package's files unpacked into a fresh directory (`dpkg-deb -x`), removed by the caller.
    func unpack() throws -> URL { try unpack(deb) }

    /// A package's files unpacked into a fresh directory, removed by the caller.
    func unpack(_ deb: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-unpacked-\(UUID().uuidString)")
        let run = try ScriptRun.run("dpkg-deb", ["-x", deb, directory.path])
        try #require(run.status == 0, "\(run.transcript)")
        return directory
    }

    /// A control field of the package (`dpkg-deb -f`), the daemon's unless another is named.
    func field(_ name: String, of deb: String? = nil) throws -> String {
        try ScriptRun.run("dpkg-deb", ["-f", deb ?? self.deb, name]).output.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// The files a package holds, as `dpkg-deb -c` names them (`./usr/bin/...`), folders left out.
    func files(of deb: String) throws -> [String] {
        try ScriptRun.run("dpkg-deb", ["-c", deb]).output.split(separator: "\n").filter { !$0.hasPrefix("d") }
            .compactMap { $0.split(separator: " ").last.map(String.init) }
    }
}

/// Runs `BuiltPackage.make()` once, on a dedicated thread, and hands its result to every waiter.
private final class BuildOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<BuiltPackage, BuiltPackage.Failure>?
    private var waiters: [CheckedContinuation<Result<BuiltPackage, BuiltPackage.Failure>, Never>] = []
    private var isStarted = false

    func value() async -> Result<BuiltPackage, BuiltPackage.Failure> {
        await withCheckedContinuation { waiter in
            lock.lock()
            if let result {
                lock.unlock()
                waiter.resume(returning: result)
                return
            }
            waiters.append(waiter)
            let starts = !isStarted
            isStarted = true
            lock.unlock()
            if starts {
                Thread.detachNewThread {
                    self.finish(Result { () throws(BuiltPackage.Failure) in try BuiltPackage.make() })
                }
            }
        }
    }

    private func finish(_ outcome: Result<BuiltPackage, BuiltPackage.Failure>) {
        lock.lock()
        result = outcome
        let woken = waiters
        waiters = []
        lock.unlock()
        for waiter in woken { waiter.resume(returning: outcome) }
    }
}

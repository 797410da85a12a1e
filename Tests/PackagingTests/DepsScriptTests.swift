import Foundation
import TestSupport
import Testing

/// `Scripts/deps.sh`, which `make install` and `make test` run first, against stand-ins for
/// dpkg-query, apt-get and id: it never reads or changes this machine's package database.
@Suite struct DepsScriptTests {
    /// A PATH of stand-ins: dpkg-query reports the packages in `missing` as not installed,
    /// apt-get logs its arguments, id prints `uid`; bash, env and grep are the real ones.
    final class Stand {
        let directory: URL
        var log: URL { directory.appendingPathComponent("apt.log") }

        init(missing: [String], uid: Int) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("gb-deps-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for tool in ["bash", "env", "grep"] {
                let real = try #require(ScriptRun.which(tool), "\(tool) is not installed")
                try FileManager.default.createSymbolicLink(
                    atPath: directory.appendingPathComponent(tool).path, withDestinationPath: real)
            }
            let missingList = missing.joined(separator: " ")
            try write(
                "dpkg-query",
                """
                for last; do :; done
                for p in \(missingList); do [ "$p" = "$last" ] && { echo not-installed; exit 0; }; done
                echo installed
                """)
            try write("apt-get", "echo \"apt-get $*\" >> '\(log.path)'")
            try write("id", "echo \(uid)")
        }

        private func write(_ name: String, _ body: String) throws {
            let path = directory.appendingPathComponent(name).path
            try ("#!/bin/sh\n" + body + "\n").writeScript(to: path)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func run(_ arguments: [String]) throws -> ScriptRun {
            try ScriptRun.run(
                ScriptRun.repositoryRoot.path + "/Scripts/deps.sh", arguments,
                environment: ["PATH": directory.path, "HOME": directory.path])
        }

        var aptCalls: [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    @Test func nothingMissingInstallsNothing() throws {
        let stand = try Stand(missing: [], uid: 0)
        let run = try stand.run(["test"])
        #expect(run.status == 0, "\(run.transcript)")
        #expect(stand.aptCalls.isEmpty)
        #expect(run.transcript.isEmpty)
    }

    @Test func asRootOnlyTheMissingPackagesAreInstalledAfterAnUpdate() throws {
        let stand = try Stand(missing: ["libyaml-dev", "openbox"], uid: 0)
        let build = try stand.run(["build"])
        #expect(build.status == 0, "\(build.transcript)")
        #expect(stand.aptCalls == ["apt-get update", "apt-get install -y --no-install-recommends libyaml-dev"])
        #expect(build.errors.contains("installing 1 debian packages for the build: libyaml-dev"))
        let test = try stand.run(["test"])
        #expect(test.status == 0, "\(test.transcript)")
        #expect(stand.aptCalls.last == "apt-get install -y --no-install-recommends libyaml-dev openbox")
    }

    @Test func withoutRootOrSudoItPrintsTheCommandAndStops() throws {
        let stand = try Stand(missing: ["libxi-dev", "libyaml-dev"], uid: 1000)
        let run = try stand.run(["build"])
        #expect(run.status == 1)
        #expect(stand.aptCalls.isEmpty)
        #expect(run.errors.contains("missing 2 debian packages for the build: libxi-dev libyaml-dev"), "\(run.errors)")
        #expect(
            run.errors.contains(
                "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libxi-dev libyaml-dev"
            ),
            "\(run.errors)")
    }

    @Test func theTestListHoldsTheServerAndTheWindowManagersAndMatchesNothingElse() throws {
        let stand = try Stand(missing: [], uid: 0)
        let list = try stand.run(["--list", "test"])
        let packages = list.output.split(separator: "\n").map(String.init)
        #expect(
            ["libyaml-dev", "xserver-xorg-video-dummy", "mutter", "kwin-x11", "zenity"].allSatisfy(packages.contains))
        #expect(try stand.run(["deploy"]).status == 64)
    }
}

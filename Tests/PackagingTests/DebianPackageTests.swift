import Foundation
import Testing
@testable import gesturebridge

/// `make deb`: the Debian package built by debian/rules (debhelper) around the release build,
/// checked by lintian at pedantic, and installed.
@Suite(.serialized) struct DebianPackageTests {
    /// Whether the package may be installed into this system's package database: only in CI,
    /// on a machine made for the run. Elsewhere, even as root, `dpkg -i` and `--purge` would
    /// replace or remove a user's installed package and the config they edited in /etc/xdg.
    static var mayInstall: Bool { ScriptRun.isCI }

    func package() async throws -> BuiltPackage {
        try await BuiltPackage.shared()
    }

    /// Nothing at any level, pedantic and informational included, in either package, but what
    /// debian/gesturebridge.lintian-overrides and gesturebridge-settings.lintian-overrides list
    /// with their reasons.
    @Test(.enabled(if: ScriptRun.runs(with: "lintian")))
    func lintianFindsNothingAtPedanticButTheJustifiedOverrides() async throws {
        let lintian = try SessionIntegrationTests.tool("lintian")
        let package = try await package()
        let run = try ScriptRun.run(
            lintian,
            [
                "--pedantic", "--info", "--display-experimental", "--fail-on", "error,warning,info,pedantic",
                package.deb, package.settingsDeb
            ])
        #expect(run.status == 0, "\(run.transcript)")
        let tags = run.output.split(separator: "\n").filter { $0.count > 2 && $0.dropFirst().hasPrefix(": ") }
        #expect(tags.isEmpty, "\(tags)")
    }

    /// Each user's enablement is their own (`gesturebridge autostart` applies the preset), so
    /// `systemctl --user disable` works: no global link, and no maintainer script that makes one.
    @Test func theUserUnitIsEnabledByAPresetNotByAGlobalLink() async throws {
        let package = try await package()
        let listing = try ScriptRun.run("dpkg-deb", ["-c", package.deb]).output
        #expect(!listing.contains(".wants/"), "\(listing)")
        let unpacked = try package.unpack()
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let preset = try String(
            contentsOfFile: unpacked.path + "/usr/lib/systemd/user-preset/80-gesturebridge.preset", encoding: .utf8)
        #expect(preset.split(separator: "\n").filter { !$0.hasPrefix("#") } == ["enable gesturebridge.service"])
        let desktop = try String(
            contentsOfFile: unpacked.path + "/etc/xdg/autostart/gesturebridge.desktop", encoding: .utf8)
        #expect(desktop.contains("\nExec=/usr/bin/gesturebridge autostart\n"), "\(desktop)")
        let control = FileManager.default.temporaryDirectory.appendingPathComponent("gb-control-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: control) }
        #expect(try ScriptRun.run("dpkg-deb", ["-e", package.deb, control.path]).status == 0)
        let postinst = try String(contentsOf: control.appendingPathComponent("postinst"), encoding: .utf8)
        #expect(postinst.contains("dh_installsystemduser"), "\(postinst)")
        // dh_installsystemduser --no-enable: links only for what deb-systemd-helper enabled
        // before (`debian-installed`), never a first, global enable.
        #expect(postinst.contains("deb-systemd-helper --user debian-installed"), "\(postinst)")
    }

    /// The settings app is a package of its own (issue 28): the app, its man page, its menu entry
    /// and its icon, needing GTK 4, libadwaita and this very daemon; the daemon's package has
    /// none of it and needs no GTK.
    @Test func theSettingsAppIsAPackageOfItsOwnThatTheDaemonDoesNotNeed() async throws {
        let package = try await package()
        #expect(
            try package.files(of: package.settingsDeb).filter {
                !$0.hasPrefix("./usr/share/doc/") && !$0.hasPrefix("./usr/share/lintian/")
            }.sorted() == [
                "./usr/bin/gesturebridge-settings",
                "./usr/share/applications/io.github.gesturebridge.Settings.desktop",
                "./usr/share/icons/hicolor/scalable/apps/io.github.gesturebridge.Settings.svg",
                "./usr/share/man/man1/gesturebridge-settings.1.gz"
            ])
        let daemonFiles = try package.files(of: package.deb)
        #expect(!daemonFiles.contains { $0.contains("settings") || $0.contains("Settings") }, "\(daemonFiles)")
        let depends = try package.field("Depends", of: package.settingsDeb).split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let version = GestureBridge.version + "-1"
        for needed in ["gesturebridge (= \(version))", "libgtk-4-1", "libadwaita-1-0"] {
            #expect(depends.contains { $0 == needed || $0.hasPrefix(needed + " ") }, "Depends: \(depends)")
        }
        let daemonDepends = try package.field("Depends")
        #expect(!daemonDepends.contains("gtk") && !daemonDepends.contains("adwaita"), "Depends: \(daemonDepends)")
        #expect(try package.field("Version", of: package.settingsDeb) == version)
        // Built as the daemon is: the Swift runtime linked in, stripped, no search path of its own.
        let headers = try ScriptRun.run("objdump", ["-p", package.settingsBinary]).output
        #expect(!headers.contains("libswiftCore") && !headers.contains("RPATH") && !headers.contains("RUNPATH"))
    }

    @Test(arguments: ["libc6", "libx11-6", "libx11-xcb1", "libxcb1", "libxi6", "libxtst6", "libxrandr2"])
    func dependsNamesEachSystemLibraryTheBinaryLinks(library: String) async throws {
        let depends = try await package().field("Depends").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "" }
        #expect(depends.contains(library), "Depends: \(depends)")
    }

    /// What the program loads or runs only when present: cairo for the indicator, gdbus for the
    /// notification of a failed reload.
    @Test(arguments: ["libcairo2", "libglib2.0-bin"])
    func recommendsWhatItUsesWhenPresent(package name: String) async throws {
        let recommends = try await package().field("Recommends").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(recommends.contains(name), "Recommends: \(recommends)")
    }

    /// Packed relative relocations need glibc 2.36's loader, a need dpkg-shlibdeps cannot see.
    @Test func aBinaryWithPackedRelocationsDependsOnTheGlibcThatLoadsThem() async throws {
        let package = try await package()
        let versions = try ScriptRun.run("readelf", ["-V", package.binary]).output
        let depends = try package.field("Depends")
        // Built here on Debian 12's glibc 2.36 with the toolchain's lld: the relocations are packed.
        #expect(versions.contains("GLIBC_ABI_DT_RELR"), "no packed relative relocations")
        #expect(depends.contains("libc6 (>= 2.36)"), "Depends: \(depends)")
    }

    @Test func versionIsTheBinarysAndTheChangelogsWithADebianRevision() async throws {
        let package = try await package()
        #expect(try package.field("Version") == GestureBridge.version + "-1")
        #expect(
            package.deb.hasSuffix("/gesturebridge_\(GestureBridge.version)-1_\(try package.field("Architecture")).deb"))
        let unpacked = try package.unpack()
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let changelog = try ScriptRun.run(
            "sh",
            [
                "-c", "gzip -dc \"$0\" | head -1",
                unpacked.path + "/usr/share/doc/gesturebridge/changelog.Debian.gz"
            ])
        #expect(changelog.output.hasPrefix("gesturebridge (\(GestureBridge.version)-1) "))
    }

    /// The packaged binary needs no Swift toolchain: no Swift or Foundation library, no search path of its own.
    @Test func packagedBinaryLinksOnlySystemLibrariesAndIsStripped() async throws {
        let unpacked = try await package().unpack()
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let binary = unpacked.path + "/usr/bin/gesturebridge"
        let headers = try ScriptRun.run("objdump", ["-p", binary]).output
        let needed = headers.split(separator: "\n").filter { $0.contains("NEEDED") }.map {
            $0.split(separator: " ").last.map(String.init) ?? ""
        }
        #expect(needed.contains("libX11.so.6") && needed.contains("libc.so.6"), "\(needed)")
        for library in needed {
            #expect(
                !["swift", "Foundation", "dispatch", "BlocksRuntime", "Malloc"].contains { library.contains($0) },
                "needs the toolchain's \(library)")
        }
        #expect(!headers.contains("RPATH") && !headers.contains("RUNPATH"))
        let sections = try ScriptRun.run("objdump", ["-h", binary]).output
        #expect(!sections.contains(".symtab") && !sections.contains(".debug_"), "stripped")
    }

    /// The targets the README states: what keeps the daemon small is that nothing it links
    /// needs Foundation (4 MB with its collections) or the regex engine (1.2 MB, which a
    /// `String.contains(String)` anywhere brings in: Sources/TextSearch has the replacement).
    @Test func packagedBinaryHasNeitherFoundationNorTheRegexEngineAndIsSmall() async throws {
        let package = try await package()
        let symbols = try ScriptRun.run("nm", [package.binary]).output
        for module in ["FoundationEssentials", "_FoundationCollections", "_StringProcessing", "_RegexParser", "icu"] {
            let count = symbols.split(separator: "\n").filter { $0.contains(module) }.count
            #expect(count == 0, "\(count) symbols of \(module) in \(package.binary)")
        }
        let unpacked = try package.unpack()
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let binarySize = try #require(
            FileManager.default.attributesOfItem(atPath: unpacked.path + "/usr/bin/gesturebridge")[.size] as? Int)
        let debSize = try #require(FileManager.default.attributesOfItem(atPath: package.deb)[.size] as? Int)
        #expect(binarySize <= 10_000_000, "the stripped binary is \(binarySize) bytes")
        #expect(debSize <= 4_000_000, "the .deb is \(debSize) bytes")
    }

    @Test func packagedBinaryRunsWithoutTheToolchainAndChecksThePackagedConfig() async throws {
        let unpacked = try await package().unpack()
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let binary = unpacked.path + "/usr/bin/gesturebridge"
        let bare = ["PATH": "/usr/bin:/bin", "HOME": unpacked.path]
        let version = try ScriptRun.run(binary, ["--version"], environment: bare)
        #expect(version.status == 0 && version.output == GestureBridge.version + "\n", "\(version.transcript)")
        let check = try ScriptRun.run(
            binary, ["check", "--config", unpacked.path + "/etc/xdg/gesturebridge/config.yaml"],
            environment: bare)
        #expect(check.status == 0, "\(check.transcript)")
    }

    @Test(arguments: [
        "./usr/bin/gesturebridge", "./usr/share/man/man1/gesturebridge.1.gz",
        "./usr/share/man/man5/gesturebridge.yaml.5.gz",
        "./usr/share/doc/gesturebridge/copyright", "./usr/share/doc/gesturebridge/changelog.Debian.gz",
        "./usr/lib/systemd/user/gesturebridge.service", "./etc/xdg/autostart/gesturebridge.desktop",
        "./etc/xdg/gesturebridge/config.yaml", "./usr/share/bash-completion/completions/gesturebridge",
        "./usr/share/zsh/vendor-completions/_gesturebridge", "./usr/share/fish/vendor_completions.d/gesturebridge.fish",
        "./usr/lib/systemd/user-preset/80-gesturebridge.preset"
    ])
    func packageHoldsEveryInstalledFileOwnedByRoot(entry: String) async throws {
        let deb = try await package().deb
        let listing = try ScriptRun.run("dpkg-deb", ["-c", deb]).output.split(separator: "\n")
        let line = try #require(listing.first { $0.hasSuffix(" " + entry) }, "\(entry) is not in the package")
        #expect(line.contains(" root/root "))
    }

    @Test func configAndAutostartEntryAreConffiles() async throws {
        let package = try await package()
        let control = FileManager.default.temporaryDirectory.appendingPathComponent("gb-control-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: control) }
        #expect(try ScriptRun.run("dpkg-deb", ["-e", package.deb, control.path]).status == 0)
        let conffiles = try String(contentsOf: control.appendingPathComponent("conffiles"), encoding: .utf8)
        #expect(
            Set(conffiles.split(separator: "\n"))
                == ["/etc/xdg/gesturebridge/config.yaml", "/etc/xdg/autostart/gesturebridge.desktop"])
    }

    @Test(.enabled(if: mayInstall, "installs into the system's package database: only in CI (CI=true)"))
    func dpkgInstallsRunsAndPurgesThePackages() async throws {
        for name in ["gesturebridge", "gesturebridge-settings"] {
            let installed = try ScriptRun.run("dpkg-query", ["--show", "--showformat=${Status}", name])
            try #require(
                !installed.output.hasSuffix(" installed"),
                "\(name) is already installed here; this test would purge it: \(installed.output)")
        }
        let package = try await package()
        let install = try ScriptRun.run("dpkg", ["-i", package.deb, package.settingsDeb])
        #expect(install.status == 0, "\(install.transcript)")
        let version = try ScriptRun.run("/usr/bin/gesturebridge", ["--version"])
        let check = try ScriptRun.run(
            "/usr/bin/gesturebridge", ["check", "--config", "/etc/xdg/gesturebridge/config.yaml"])
        let globalLink = "/etc/systemd/user/graphical-session.target.wants/gesturebridge.service"
        #expect(!FileManager.default.fileExists(atPath: globalLink), "the package enabled the unit for everyone")
        // The settings app is in the desktop's menu (a valid entry under Settings in the
        // system's applications folder) and runs from where the entry says.
        let entryPath = "/usr/share/applications/io.github.gesturebridge.Settings.desktop"
        let entry = (try? String(contentsOfFile: entryPath, encoding: .utf8)) ?? ""
        #expect(entry.contains("\nExec=/usr/bin/gesturebridge-settings") && entry.contains("Settings;"), "\(entry)")
        if ScriptRun.runs(with: "desktop-file-validate") {
            let valid = try ScriptRun.run("desktop-file-validate", [entryPath])
            #expect(valid.status == 0 && valid.output.isEmpty, "\(valid.transcript)")
        }
        let help = try ScriptRun.run("/usr/bin/gesturebridge-settings", ["--help"])
        #expect(
            help.status == 0 && help.output.contains("gesturebridge-settings [--config <file>]"), "\(help.transcript)")
        let purge = try ScriptRun.run("dpkg", ["--purge", "gesturebridge-settings", "gesturebridge"])
        #expect(version.status == 0 && version.output == GestureBridge.version + "\n", "\(version.transcript)")
        #expect(check.status == 0, "\(check.transcript)")
        #expect(purge.status == 0, "\(purge.transcript)")
        for file in [
            "/usr/bin/gesturebridge", "/etc/xdg/gesturebridge/config.yaml",
            "/usr/lib/systemd/user/gesturebridge.service", "/usr/bin/gesturebridge-settings", entryPath
        ] {
            #expect(!FileManager.default.fileExists(atPath: file), "\(file) is left after purge")
        }
    }
}

import Foundation
import Testing
@testable import GestureConfig
import GestureEngine

/// `apps:` names compared with open windows and installed applications: what `check` warns of.
@Suite struct AppNameReportTests {
    static let config = """
        apps:
          "Firefox, firefox-esr, navigator, chromium-browser":
            gestures:
              - swipe: { fingers: 3, direction: up }
                do: { keys: ctrl+t }
          "evince, okualr":
            gestures:
              - swipe: { fingers: 3, direction: up }
                do: { keys: ctrl+plus }
          "xpdf, mupdf":
            gestures:
              - swipe: { fingers: 3, direction: down }
                do: { keys: ctrl+minus }
        """

    /// Firefox ESR open, Evince and Okular installed, as on a Debian desktop.
    static let windows = [
        WindowInfo(id: 0xa00003, windowClass: "firefox-esr", instance: "Navigator", title: "Mozilla Firefox")
    ]
    static let installed = InstalledApplications(entries: [
        .init(path: "/usr/share/applications/org.gnome.Evince.desktop", names: ["evince", "org.gnome.evince"]),
        .init(path: "/usr/share/applications/org.kde.okular.desktop", names: ["okular", "org.kde.okular"])
    ])

    func report() throws -> AppNameReport {
        let configuration = try ConfigLoader.load(yaml: Self.config, file: "c.yaml")
        return AppNameReport(configuration: configuration, windows: Self.windows, installed: Self.installed)
    }

    @Test func eachNameSaysWhetherAWindowOrAnInstalledApplicationHasIt() throws {
        let entries = try report().entries
        try #require(entries.count == 3)
        #expect(entries[0].names.map(\.name) == ["firefox", "firefox-esr", "navigator", "chromium-browser"])
        #expect(
            entries[0].names.map(\.match) == [.nothing(suggestion: nil), .window, .window, .nothing(suggestion: nil)])
        #expect(entries[0].windows == Self.windows)
        #expect(
            entries[1].names.map(\.match) == [
                .installed("/usr/share/applications/org.gnome.Evince.desktop"), .nothing(suggestion: "okular")
            ])
        #expect(entries[1].windows.isEmpty && !entries[1].matchesNothing)
        #expect(entries[2].matchesNothing)
    }

    @Test func checkWarnsOfAnEntryThatMatchesNothingAndOfALikelyTypoWithTheirLines() throws {
        let warnings = try report().warnings.map(\.description)
        #expect(
            warnings == [
                "c.yaml:6:3: warning: no open window or installed application is called 'okualr'; did you mean 'okular'?",
                "c.yaml:10:3: warning: no open window or installed application is called 'xpdf' or 'mupdf', so these "
                    + "bindings apply to no window yet (names are WM_CLASS classes or instances; 'gesturebridge pick' "
                    + "prints a window's)"
            ])
    }

    /// A name the config lists elsewhere is no suggestion: the shipped browsers' entry names
    /// `firefox` beside `firefox-esr`, and must not be told it meant the other.
    @Test func aNameIsNotSuggestedWhenTheConfigListsItAlready() throws {
        let configuration = try ConfigLoader.load(
            yaml: "apps:\n  \"firefox, firefox-esr\":\n    gestures: []\n  \"okular\":\n    gestures: []\n",
            file: "c.yaml")
        let report = AppNameReport(configuration: configuration, windows: Self.windows, installed: Self.installed)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
    }

    /// The daemon gives a window to the first entry that names it; so does the report.
    @Test func aWindowBelongsToTheFirstEntryThatNamesIt() throws {
        let configuration = try ConfigLoader.load(
            yaml: "apps:\n  navigator:\n    gestures: []\n  firefox-esr:\n    gestures: []\n", file: "c.yaml")
        let entries = AppNameReport(configuration: configuration, windows: Self.windows, installed: Self.installed)
            .entries
        #expect(entries.map(\.windows.count) == [1, 0])
        #expect(entries.allSatisfy { !$0.matchesNothing })
    }

    @Test(arguments: [
        (
            "[Desktop Entry]\nName=Firefox ESR\nExec=/usr/lib/firefox-esr/firefox-esr %u\nStartupWMClass=firefox-esr\n",
            "firefox-esr", ["firefox-esr"]
        ),
        (
            "[Desktop Entry]\nExec=evince %U\n[Desktop Action new-window]\nExec=evince-previewer\n",
            "org.gnome.Evince", ["evince", "org.gnome.evince"]
        ),
        (
            "[Desktop Entry]\nExec=env BAMF_DESKTOP_FILE_HINT=/var/lib/snapd/x.desktop /snap/bin/firefox %u\n",
            "firefox_firefox", ["firefox", "firefox_firefox"]
        ),
        ("[Desktop Entry]\nExec=\"/opt/My App/run\" --x\nStartupWMClass=MyApp\n", "myapp", ["myapp", "run"]),
        ("[Desktop Entry]\nExec=kwrite %U\nHidden=true\n", "org.kde.kwrite", []),
        ("not a desktop entry at all", "junk", [])
    ])
    func aDesktopEntryGivesItsWindowClassItsProgramAndItsId(text: String, id: String, expected: [String]) {
        #expect(InstalledApplications.names(inDesktopEntry: text, id: id) == expected)
    }

    /// The user's folder comes first, subfolders one level down count, and nothing else is read.
    @Test func theFoldersOfTheXDGDataDirectoriesAreRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-apps-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let user = root.appendingPathComponent("home/applications")
        let system = root.appendingPathComponent("system/applications/kde4")
        try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true)
        try "[Desktop Entry]\nExec=mine\n".write(
            to: user.appendingPathComponent("a.desktop"), atomically: true, encoding: .utf8)
        try "[Desktop Entry]\nExec=theirs\nStartupWMClass=Theirs\n"
            .write(to: system.appendingPathComponent("b.desktop"), atomically: true, encoding: .utf8)
        try "[Desktop Entry]\nExec=ignored\n".write(
            to: user.appendingPathComponent("c.txt"), atomically: true, encoding: .utf8)
        let installed = InstalledApplications(environment: [
            "XDG_DATA_HOME": root.appendingPathComponent("home").path,
            "XDG_DATA_DIRS": root.appendingPathComponent("system").path + ":relative/ignored"
        ])
        #expect(installed.entries.map(\.names) == [["mine", "a"], ["theirs", "b"]])
        #expect(installed.contains("THEIRS") && installed.contains("mine") && !installed.contains("ignored"))
    }
}

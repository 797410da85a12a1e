import Testing
@testable import GestureConfig

/// Finding config.yaml by the XDG Base Directory rules.
@Suite struct ConfigLocatorTests {
    /// A locator over `environment` that sees only the files in `existing`.
    static func locator(_ environment: [String: String], existing: Set<String> = []) -> ConfigLocator {
        ConfigLocator(environment: environment, fileExists: { existing.contains($0) })
    }

    @Test(arguments: [
        (["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg"], "/cfg/gesturebridge/config.yaml"),
        (["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg/"], "/cfg/gesturebridge/config.yaml"),
        (["HOME": "/home/ann"], "/home/ann/.config/gesturebridge/config.yaml"),
        (["HOME": "/home/ann", "XDG_CONFIG_HOME": ""], "/home/ann/.config/gesturebridge/config.yaml"),
        (["HOME": "/home/ann", "XDG_CONFIG_HOME": "relative/dir"], "/home/ann/.config/gesturebridge/config.yaml"),
        (["HOME": "/"], "/.config/gesturebridge/config.yaml")
    ])
    func userFileComesFromConfigHomeOrHome(environment: [String: String], path: String) {
        let locator = Self.locator(environment)
        #expect(locator.userConfigPath == path)
        #expect(locator.candidates.first == path)
    }

    @Test(
        arguments: [
            (nil, ["/etc/xdg"]),
            ("", ["/etc/xdg"]),
            ("/opt/xdg:/etc/xdg", ["/opt/xdg", "/etc/xdg"]),
            ("relative::/b/:/c", ["/b", "/c"]),
            ("only/relative", ["/etc/xdg"])
        ] as [(String?, [String])])
    func systemDirectoriesComeFromConfigDirsOrEtcXdg(dirs: String?, expected: [String]) {
        var environment = ["HOME": "/home/ann"]
        environment["XDG_CONFIG_DIRS"] = dirs
        let locator = Self.locator(environment)
        #expect(locator.configDirectories == expected)
        #expect(Array(locator.candidates.dropFirst()) == expected.map { $0 + "/gesturebridge/config.yaml" })
    }

    @Test func userFileWinsOverSystemFiles() {
        let locator = Self.locator(
            ["HOME": "/home/ann", "XDG_CONFIG_DIRS": "/a:/b"],
            existing: ["/home/ann/.config/gesturebridge/config.yaml", "/b/gesturebridge/config.yaml"]
        )
        #expect(locator.locate() == "/home/ann/.config/gesturebridge/config.yaml")
    }

    @Test func systemDirectoriesAreTriedInOrder() {
        let locator = Self.locator(
            ["HOME": "/home/ann", "XDG_CONFIG_DIRS": "/a:/b:/c"],
            existing: ["/c/gesturebridge/config.yaml", "/b/gesturebridge/config.yaml"]
        )
        #expect(locator.locate() == "/b/gesturebridge/config.yaml")
    }

    @Test func noFileAnywhereLocatesNothing() {
        #expect(Self.locator(["HOME": "/home/ann"]).locate() == nil)
    }
}

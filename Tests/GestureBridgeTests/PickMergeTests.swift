import Foundation
import GestureConfig
import Testing

@testable import gesturebridge

/// `pick --add`: the picked window's entry goes into any config, and every other line stays.
@Suite struct PickMergeTests {
    static let entry = PickSnippet.entry(forKey: "Mail")

    @Test(arguments: [
        (
            "the shipped layout: apps with entries",
            "gestures:\n  - tap: { fingers: 3 }\n    do: { keys: a }\napps:\n  # browsers\n  firefox:\n    gestures: []\n",
            "apps:\n  # browsers\n  \"Mail\":\n    gestures:\n"
        ),
        (
            "apps indented by four",
            "apps:\n    kitty:\n        gestures: []\n",
            "apps:\n    \"Mail\":\n      gestures:\n"
        ),
        (
            "an empty apps", "settings: { finger-window: 0.05 }\napps:\nedges: {}\n",
            "apps:\n  \"Mail\":\n    gestures:\n"
        ),
        ("no apps", "gestures: []\n", "gestures: []\napps:\n  \"Mail\":\n"),
        ("an empty file", "", "apps:\n  \"Mail\":\n"),
        ("no final newline", "gestures: []", "gestures: []\napps:\n  \"Mail\":\n")
    ])
    func theEntryGoesUnderApps(label: String, config: String, expected: String) throws {
        let merged = try PickMerge.add(entry: Self.entry, key: "Mail", to: config, file: "config.yaml")
        #expect(merged.contains(expected), "\(label):\n\(merged)")
        let configuration = try ConfigLoader.load(yaml: merged)
        #expect(configuration.apps.contains { $0.key == "Mail" }, "\(label)")
        #expect(configuration.allBindings.contains { $0.name == "mail-back" }, "\(label)")
        // Every line of the config is still there, in order.
        let kept = merged.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var remaining = kept[...]
        for line in config.split(separator: "\n").map(String.init) {
            guard let index = remaining.firstIndex(of: line) else {
                Issue.record("\(label): lost the line '\(line)'")
                break
            }
            remaining = remaining[(index + 1)...]
        }
    }

    @Test(arguments: [
        (
            "an entry for the class already", "apps:\n  mail:\n    gestures: []\n",
            "config.yaml:2: apps already has an entry for 'Mail'"
        ),
        ("apps written inline", "apps: { kitty: { gestures: [] } }\n", "config.yaml:1: apps is written inline"),
        ("not YAML", "apps: [\n", "config.yaml:2:1: invalid YAML"),
        ("other errors in the file", "gestures:\n  - tap: { fingrs: 2 }\n    do: { keys: a }\n", "nothing written")
    ])
    func aConfigItCannotSafelyChangeIsRefused(label: String, config: String, message: String) {
        #expect {
            try PickMerge.add(entry: Self.entry, key: "Mail", to: config, file: "config.yaml")
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}

/// Which config `pick --add` writes, and which it starts from: never the system's, unless named.
@Suite struct PickTargetTests {
    @Test(
        arguments: [
            (false, false, "user", nil),
            (false, true, "user", "system"),
            (true, true, "user", "user"),
            (true, false, "user", "user")
        ] as [(Bool, Bool, String, String?)])
    func addWritesTheUsersConfigStartingFromTheOneInEffect(
        userExists: Bool, systemExists: Bool, target: String, source: String?
    ) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-pick-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "user": root.appendingPathComponent("home/.config/gesturebridge/config.yaml"),
            "system": root.appendingPathComponent("etc/xdg/gesturebridge/config.yaml")
        ]
        for (name, exists) in [("user", userExists), ("system", systemExists)] where exists {
            let file = try #require(files[name])
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "gestures: []\n".write(to: file, atomically: true, encoding: .utf8)
        }
        // As root too: the user's config is root's own, never /etc/xdg.
        let environment = [
            "HOME": root.appendingPathComponent("home").path,
            "XDG_CONFIG_DIRS": root.appendingPathComponent("etc/xdg").path
        ]
        let chosen = ConfigLocator(environment: environment).editTarget(explicit: nil)
        #expect(chosen.target == files[target]?.path)
        #expect(chosen.source == source.flatMap { files[$0]?.path })
    }

    @Test func anExplicitConfigIsWrittenWhateverItIs() {
        let chosen = ConfigLocator(environment: [:]).editTarget(explicit: "/etc/xdg/gesturebridge/config.yaml")
        #expect(chosen.target == "/etc/xdg/gesturebridge/config.yaml")
    }
}

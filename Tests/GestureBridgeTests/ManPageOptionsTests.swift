import Foundation
import Testing

@testable import gesturebridge

/// gesturebridge(1) says which subcommands take each option, and that is what they take.
@Suite struct ManPageOptionsTests {
    static let page: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("Packaging/gesturebridge.1"), encoding: .utf8))
            ?? ""
    }()

    /// The subcommands the OPTIONS entry of `--name` names: the bold words of its paragraph.
    static func subcommandsNamed(inEntryOf name: String) -> Set<String> {
        let lines =
            page.components(separatedBy: ".SH OPTIONS\n").dropFirst().first?.split(
                separator: "\n", omittingEmptySubsequences: false
            ).map(String.init) ?? []
        let escaped = "\\-\\-" + name.replacingOccurrences(of: "-", with: "\\-")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(".B") && $0.contains(escaped) }) else { return [] }
        let entry = lines[(start + 1)...].prefix { $0 != ".TP" && !$0.hasPrefix(".SH") }
        let names = Set(GestureBridge.subcommands.map { $0.name })
        var found: Set<String> = []
        for line in entry where line.hasPrefix(".B ") || line.hasPrefix(".BR ") {
            for word in line.split(separator: " ").dropFirst() {
                let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: ",;.:()"))
                if names.contains(bare) { found.insert(bare) }
            }
        }
        return found
    }

    @Test(arguments: ["display", "json", "verbose"])
    func anOptionsEntryNamesEverySubcommandThatTakesIt(option: String) {
        let takers = Set(
            GestureBridge.subcommands.filter { $0.parameters.contains { $0.name == option } }.map { $0.name })
        #expect(!takers.isEmpty)
        #expect(Self.subcommandsNamed(inEntryOf: option) == takers, "the OPTIONS entry of --\(option)")
    }

    /// The keys the page lists for `devices --json` are the keys each object has.
    @Test func devicesJSONKeysAreTheOnesThePageLists() throws {
        let row = DevicesCommand.Row(
            id: 11, name: "pad", kind: "touchpad", mode: "dependent+gestures", gestures: true, maxTouches: 5,
            enabled: true, config: "used", output: "whole screen", configuredOutput: "eDP-1")
        guard case .object(let members) = row.json else { throw Failure.notAnObject }
        let listed = try #require(
            Self.page.components(separatedBy: "prints a JSON array of objects").dropFirst().first?
                .components(separatedBy: "for scripts").first)
        let words = Set(
            listed.split(whereSeparator: \.isWhitespace).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: ",;.:()"))
            })
        for (key, _) in members { #expect(words.contains(key), "the page does not list \(key)") }
        let bold = listed.split(separator: "\n").filter { $0.hasPrefix(".B") || $0.hasPrefix(".RB") }.count
        #expect(bold == members.count, "the page lists \(bold) keys, the object has \(members.count)")
    }

    /// Every page carries the same date and the program's version in its `.TH` line.
    @Test func thePagesHaveOneDateAndTheProgramsVersion() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var dates: Set<String> = []
        for page in [
            "Packaging/gesturebridge.1", "Packaging/gesturebridge.yaml.5", "Packaging/gesturebridge-settings.1"
        ] {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            let header = try #require(text.split(separator: "\n").first { $0.hasPrefix(".TH ") }, "\(page)")
            let fields = header.split(separator: " ")
            dates.insert(String(fields[3]))
            #expect(header.contains("\"GestureBridge \(GestureBridge.version)\""), "\(page): \(header)")
        }
        #expect(dates.count == 1, "\(dates)")
    }

    /// The unit and the autostart entry say nothing that the installer's substitution of the
    /// bin directory would turn into nonsense: `@BINDIR@` only where a path goes.
    @Test func theInstallTemplatesUseTheirPlaceholderOnlyForPaths() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for file in ["Packaging/gesturebridge.service", "Packaging/gesturebridge.desktop"] {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("@BINDIR@") {
                #expect(line.contains("@BINDIR@/gesturebridge") && !line.hasPrefix("#"), "\(file): \(line)")
            }
        }
    }

    enum Failure: Error { case notAnObject }
}

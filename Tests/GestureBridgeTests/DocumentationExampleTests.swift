import Foundation
@testable import GestureConfig
import GestureReplay
import Testing
import YAMLReader

@testable import gesturebridge

/// Every example in the README and the man pages works: each config loads, each YAML snippet
/// parses, each trace reads, each `gesturebridge` command line parses (and runs, where it needs
/// no display and names only files in the repository), each `make` target exists.
@Suite struct DocumentationExampleTests {
    /// One example: where it is, and its lines.
    struct Example: Sendable, CustomTestStringConvertible {
        var file: String
        var line: Int
        /// The fence's info string (`yaml`, `sh`, `json`), or `man` for a roff example.
        var kind: String
        var lines: [String]
        var testDescription: String { "\(file):\(line) (\(kind))" }
        var text: String { lines.joined(separator: "\n") + "\n" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The pages under docs/ that the README links to for what a user does not need first
    /// (research, measurements, design), by name.
    static let documentationPages: [String] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static func text(_ file: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    /// A newcomer reads the README top to bottom: what it is, what they need, how to install it,
    /// their first gesture, the config, the settings app, the desktops, what to do when it does
    /// not work. Everything else is a page under docs/, linked.
    @Test func theReadmeIsShortAndInANewcomersOrder() {
        let readme = Self.text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.count <= 400, "the README has \(lines.count) lines; move what a user does not need first to docs/")
        let sections = lines.filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        let order = [
            "Requirements", "Install", "Your first gesture", "The config", "The settings app", "Desktops",
            "Troubleshooting"
        ]
        #expect(sections.filter { order.contains($0) } == order, "the README's sections: \(sections)")
        #expect(
            readme.contains("](docs/feedback-pending.png)") && readme.contains("](docs/settings-list-light.png)"),
            "the README shows the indicator and the settings app")
        for page in Self.documentationPages {
            #expect(readme.contains("](\(page))"), "the README does not link \(page)")
        }
    }

    /// Every relative link and picture in the README and docs/ names a file of the repository.
    @Test(arguments: ["README.md"] + documentationPages)
    func everyLinkLeadsToAFile(_ file: String) {
        let text = Self.text(file)
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().relativePath
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close]).split(separator: "#").first.map(String.init) ?? ""
            rest = rest[close...]
            if target.isEmpty || target.contains("://") || target.hasPrefix("<") { continue }
            let path = folder == "." ? target : folder + "/" + target
            #expect(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).standardizedFileURL.path),
                "\(file) links \(target), which is not in the repository")
        }
    }

    /// The fenced blocks of the README and docs/, and the `.EX`/`.nf` blocks of the man pages (roff escapes undone).
    static let examples: [Example] = {
        var examples: [Example] = []
        for file in ["README.md"] + documentationPages {
            let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
            var open: Example?
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("```") {
                    if let block = open {
                        examples.append(block)
                        open = nil
                    } else {
                        open = Example(file: file, line: index + 1, kind: String(line.dropFirst(3)), lines: [])
                    }
                } else {
                    open?.lines.append(String(line))
                }
            }
        }
        for page in ["Packaging/gesturebridge.1", "Packaging/gesturebridge.yaml.5"] {
            let text = (try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)) ?? ""
            var block: Example?
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line == ".EX" || line == ".nf" {
                    block = Example(file: page, line: index + 1, kind: "man", lines: [])
                } else if line == ".EE" || line == ".fi" {
                    if let finished = block { examples.append(finished) }
                    block = nil
                } else if block != nil, !line.hasPrefix(".") {
                    block?.lines.append(unescape(String(line)))
                }
            }
        }
        return examples
    }()

    /// roff's escapes for the characters examples use.
    static func unescape(_ line: String) -> String {
        line.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
            .replacingOccurrences(of: "\\(aq", with: "'").replacingOccurrences(of: "\\(dq", with: "\"")
            .replacingOccurrences(of: "\\fB", with: "").replacingOccurrences(of: "\\fI", with: "")
            .replacingOccurrences(of: "\\fR", with: "").replacingOccurrences(of: "\\fP", with: "")
            .replacingOccurrences(of: "\\&", with: "")
    }

    @Test func theDocumentsHaveExamplesOfEachKind() {
        let kinds = Set(Self.examples.map(\.kind))
        #expect(["yaml", "sh", "json", "", "man"].allSatisfy(kinds.contains), "\(kinds)")
        #expect(Self.examples.count > 20)
    }

    /// A block that is a whole config (its first key is a top-level section) loads without
    /// errors; any other YAML block parses.
    @Test(arguments: examples.filter { $0.kind == "yaml" || ($0.kind == "man" && looksLikeYAML($0)) })
    func yamlExamplesLoad(example: Example) throws {
        let firstKey = example.lines.first { !$0.isEmpty && !$0.hasPrefix("#") }?.split(separator: ":").first
        if let firstKey, !firstKey.hasPrefix(" "), ConfigParser.topLevelKeys.contains(String(firstKey)) {
            _ = try ConfigLoader.load(yaml: example.text, file: example.testDescription)
        } else {
            _ = try YAML.compose(example.text)
        }
    }

    /// A roff example is YAML when it starts with a key such as `gestures:` or `- name:`, not a
    /// message such as `trace.jsonl:7: …` or a command.
    static func looksLikeYAML(_ example: Example) -> Bool {
        guard let first = example.lines.first(where: { !$0.isEmpty && !$0.hasPrefix("#") }) else { return false }
        var text = Substring(first.drop { $0 == " " })
        if text.hasPrefix("- ") { text = text.dropFirst(2) }
        guard let colon = text.firstIndex(of: ":") else { return false }
        let key = text[..<colon]
        let after = text[text.index(after: colon)...]
        return !key.isEmpty && key.allSatisfy { $0.isLetter || $0 == "-" } && (after.isEmpty || after.hasPrefix(" "))
    }

    /// A JSON block that starts with a trace header is a trace `replay` reads.
    @Test(arguments: examples.filter { $0.kind == "json" && $0.lines.first?.hasPrefix("{\"screen\"") == true })
    func traceExamplesRead(example: Example) throws {
        let trace = try TraceReader.read(example.text, file: example.testDescription)
        #expect(!trace.events.isEmpty)
    }

    /// The command lines: `gesturebridge …` in shell blocks and man examples, and after `$ ` in transcripts.
    static let commands: [(example: Example, words: [String])] = examples.flatMap { example -> [(Example, [String])] in
        var joined: [String] = []
        var pending = ""
        for line in example.lines {
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            joined.append(pending + line)
            pending = ""
        }
        return joined.compactMap { line -> (Example, [String])? in
            var text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("$ ") { text.removeFirst(2) }
            // The shell's redirections are not the command's arguments.
            if let redirect = text.range(of: " > ") ?? text.range(of: " < ") {
                text = String(text[..<redirect.lowerBound])
            }
            let words = text.split(separator: " ").map(String.init)
            guard let first = words.first, ["gesturebridge", "make"].contains(first) else { return nil }
            guard example.kind == "sh" || example.kind == "man" || line.hasPrefix("$ ") else { return nil }
            return (example, words)
        }
    }

    @Test func everyCommandLineParses() throws {
        let makefile = try String(contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let targets = Set(
            makefile.split(separator: "\n").compactMap { line in
                line.first?.isLetter == true && line.contains(":") && !line.contains("=")
                    ? String(line.split(separator: ":")[0]) : nil
            })
        #expect(Self.commands.count > 10)
        for (example, words) in Self.commands {
            if words[0] == "make" {
                let target = words.dropFirst().first { !$0.contains("=") && !$0.hasPrefix("-") } ?? "help"
                #expect(targets.contains(target), "\(example.testDescription): no make target '\(target)'")
                continue
            }
            let arguments = Array(words.dropFirst()).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
            }
            if arguments.contains(where: { $0.hasPrefix("<") || $0.hasPrefix("[") || $0 == "|" || $0 == "&" }) {
                continue  // a synopsis or a pipeline, not a command to run
            }
            do {
                _ = try GestureBridge.parse(arguments)
            } catch {
                Issue.record(
                    "\(example.testDescription): 'gesturebridge \(arguments.joined(separator: " "))' does not parse: \(error)"
                )
            }
        }
    }

    /// `replay` and `check` lines that name files of the repository run, from the repository's root,
    /// and succeed: a path in the repository that is not there fails, so an example that needs
    /// anything beside the clone cannot be written.
    @Test func commandsThatNeedNoDisplayRun() throws {
        var ran = 0
        for (example, words) in Self.commands where words[0] == "gesturebridge" {
            let arguments = Array(words.dropFirst())
            guard let command = arguments.first, ["replay", "check"].contains(command) else { continue }
            let files = arguments.dropFirst().filter {
                $0.contains("/") || $0.hasSuffix(".yaml") || $0.hasSuffix(".jsonl")
            }
            // A path under one of the repository's folders (Tests/…, Config/…) must be there; one
            // that leaves the repository (../…) is never allowed in an example.
            for file in files where file.hasPrefix("../") {
                Issue.record("\(example.testDescription): \(file) is outside the repository")
            }
            let inRepository = files.filter { file in
                guard let first = file.split(separator: "/").first, file.contains("/"), first != "." else {
                    return false
                }
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(
                    atPath: Self.root.appendingPathComponent(String(first)).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue
            }
            for file in inRepository
            where !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path) {
                Issue.record("\(example.testDescription): \(file) is not in the repository")
            }
            guard !files.isEmpty,
                files.allSatisfy({ FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path) })
            else { continue }
            let (status, output) = try BenchCommandTests.run(
                Array(arguments), environment: ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"], directory: Self.root)
            #expect(status == 0, "\(example.testDescription): \(arguments)\n\(output)")
            ran += 1
        }
        #expect(ran > 0)
    }

    /// The pick transcript shows what pick prints: an entry that loads under a config's `apps:` line.
    @Test func thePickTranscriptIsAnEntryForApps() throws {
        let transcript = try #require(Self.examples.first { $0.lines.first == "$ gesturebridge pick" })
        let entry = transcript.lines.dropFirst(2).filter { !$0.hasPrefix("#") }
        #expect(!entry.contains("apps:"), "pick no longer prints the apps: line")
        let configuration = try ConfigLoader.load(yaml: (["apps:"] + entry).joined(separator: "\n"))
        #expect(configuration.apps.count == 1)
        #expect(transcript.lines.contains { $0.contains("pick --add") })
    }
}

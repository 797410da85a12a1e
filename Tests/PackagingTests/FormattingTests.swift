import Foundation
import Testing

/// The code is formatted as `.swift-format` says (swift-format ships with the toolchain):
/// `swift format format -i -r Sources Tests Package.swift` fixes what this finds.
@Suite struct FormattingTests {
    @Test func theSourcesAreFormatted() throws {
        let root = ScriptRun.repositoryRoot
        let swift = try #require(ScriptRun.which("swift"), "swift is not on PATH")
        let lint = try ScriptRun.run(
            swift, ["format", "lint", "--strict", "-r", "Sources", "Tests", "Package.swift"],
            directory: root)
        let findings = lint.transcript.split(separator: "\n").filter {
            $0.contains("warning:") || $0.contains("error:")
        }
        let shown = findings.prefix(20).joined(separator: "\n")
        #expect(
            lint.status == 0 && findings.isEmpty,
            "\(findings.count) findings; swift format format -i -r Sources Tests Package.swift fixes them:\n\(shown)")
    }
}

import Foundation
import FuzzTargets
import Testing

/// The fuzzers' seed corpus, run through the harnesses in-process (no libFuzzer): each seed
/// reaches as far as it is meant to, so a seed that stopped parsing would no longer seed
/// the fuzzer past the parser.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    /// Seeds that must be refused: the reproducers of issue 10's storms.
    static let refused: Set = ["storm-steps.yaml"]

    @Test(arguments: FuzzTarget.allCases)
    func everySeedRunsAndParsesUnlessItIsAReproducer(target: FuzzTarget) throws {
        let directory = Self.corpus.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(!names.isEmpty, "no seeds for \(target.rawValue)")
        for name in names {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            let parsed = data.withUnsafeBytes { target.run($0) }
            #expect(parsed == !Self.refused.contains(name), "\(target.rawValue)/\(name)")
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func bytesThatAreNotUTF8AreRefusedBeforeTheParser(target: FuzzTarget) {
        let bytes: [UInt8] = Array("# a\n".utf8) + [0xFF, 0xFE]
        #expect(!bytes.withUnsafeBytes { target.run($0) })
    }
}

import FuzzTargets

#if FUZZING
    import Glibc

    // Built by `make fuzz` with `--sanitize=fuzzer -Xswiftc -DFUZZING`: libFuzzer supplies `main`
    // and calls these. The target is chosen by GESTUREBRIDGE_FUZZ_TARGET, which libFuzzer's
    // -fork and -merge children inherit.

    nonisolated(unsafe) private var selected = FuzzTarget.config

    @_cdecl("LLVMFuzzerInitialize")
    public func fuzzerInitialize(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> Int32 {
        let name = getenv("GESTUREBRIDGE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            let message = "gesturebridge-fuzz: set GESTUREBRIDGE_FUZZ_TARGET to one of: \(names)\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            exit(2)
        }
        selected = target
        return 0
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        selected.run(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }

#else
    import Foundation

    /// Without libFuzzer: runs files through a harness, as libFuzzer would, to reproduce a crash
    /// or to check a corpus (`gesturebridge-fuzz config Fuzz/corpus/config`).
    @main
    enum FuzzCorpusRunner {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            guard let first = arguments.first, first != "-h", first != "--help" else {
                print(
                    """
                    usage: gesturebridge-fuzz <\(names)> <file or directory>...

                    Runs each file (each file in a directory) through the harness `make fuzz` fuzzes,
                    without libFuzzer: to reproduce a crash it found, or to check a corpus.
                    Prints how many inputs ran and how many parsed; a crash is the harness's own.
                    """)
                exit(arguments.isEmpty ? 2 : 0)
            }
            guard let target = FuzzTarget(rawValue: first) else {
                FileHandle.standardError.write(
                    Data("gesturebridge-fuzz: unknown target '\(first)'; the targets are \(names)\n".utf8))
                exit(2)
            }
            var ran = 0, parsed = 0
            for path in arguments.dropFirst() {
                for file in files(at: path) {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        FileHandle.standardError.write(Data("gesturebridge-fuzz: cannot read \(file)\n".utf8))
                        exit(1)
                    }
                    ran += 1
                    if data.withUnsafeBytes({ target.run($0) }) { parsed += 1 }
                }
            }
            print("\(target.rawValue): \(ran) inputs, \(parsed) parsed")
        }

        /// `path` itself, or the regular files directly in it, sorted.
        static func files(at path: String) -> [String] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return [path]
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.sorted().map { path + "/" + $0 }
        }
    }
#endif

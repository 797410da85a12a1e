import GestureConfig
import GestureEngine
import GestureRuntime
import Glibc
import Testing

@testable import gesturebridge
@testable import ControlStreams

/// The small replacements for what Foundation did: fixed decimals, padding, the environment,
/// reading a file, running a program.
@Suite struct FoundationFreeHelpersTests {
    @Test(arguments: [
        (1.785, 2, "1.79"), (557.4, 0, "557"), (557.5, 0, "558"), (0.0344, 3, "0.034"),
        (0, 3, "0.000"), (-0.0004, 3, "0.000"), (-2.5, 1, "-2.5"), (1_790_000 / 1e6, 2, "1.79"), (0.05, 2, "0.05")
    ])
    func fixedDecimals(value: Double, decimals: Int, expected: String) {
        #expect(FixedDecimal.text(value, decimals: decimals) == expected)
    }

    @Test(arguments: [
        (0.75, 2, "0.75"), (0.5, 2, "0.5"), (45.0, 0, "45"), (7.5, 1, "7.5"), (2.0, 2, "2"), (10.04, 1, "10")
    ])
    func shortDecimalsDropTrailingZeros(value: Double, decimals: Int, expected: String) {
        #expect(FixedDecimal.short(value, decimals: decimals) == expected)
    }

    /// The one formatter for people: logs and tools print positions with it. Seen before: a
    /// followed touch at 605.0000001 printed "605.0", and 1e155 trapped converting to Int.
    @Test(arguments: [
        (605.000_000_1, "605"), (1200.25, "1200.25"), (-0.0001, "0"), (0.0005, "0.001"), (1e155, "1e+155"),
        (-3e20, "-3e+20")
    ])
    func shortDescriptionIsFixedDecimalsShortAndNeverTraps(value: Double, expected: String) {
        #expect(value.shortDescription == expected)
        #expect(MonitorStream.seconds(value).hasSuffix(FixedDecimal.text(value, decimals: 3)))
    }

    @Test func leftAlignedPadsToTheWidthAndNeverCuts() {
        #expect(TextColumns.leftAligned("ab", width: 4) == "ab  ")
        #expect(TextColumns.leftAligned("abcdef", width: 4) == "abcdef")
    }

    @Test func theEnvironmentIsReadFromEnviron() {
        let environment = ProcessEnvironment.current
        #expect(environment["PATH"] != nil)
        #expect(environment["GESTUREBRIDGE_TEST_RUN"] != nil, "the test reaper tags the run's environment")
    }

    @Test func aProgramsStatusAndFirstLineComeBack() {
        let doctor = Doctor(displayName: nil, configPath: nil, environment: ["PATH": "/usr/bin:/bin", "WORD": "hello"])
        let echo = doctor.run("/bin/sh", ["-c", "echo \"$WORD\"; echo second; echo oops >&2; exit 3"])
        #expect(echo.status == 3)
        #expect(echo.output == "hello")
        #expect(doctor.run("/nonexistent/program", []).status == 127)
        #expect(doctor.executable("sh") != nil)
        #expect(doctor.executable("no-such-program-here") == nil)
    }

    @Test func aTextFileReadsWholeAndRefusesADirectoryAndNotUTF8() throws {
        let path = "/tmp/gesturebridge-textfile-\(getpid())"
        let text = String(repeating: "line ✓\n", count: 20_000)
        let file = try OutputFile.create(path)
        #expect(file.write(text))
        file.close()
        defer { unlink(path) }
        #expect(try TextFile.read(path) == text)
        #expect(throws: TextFile.ReadError.self) { try TextFile.read("/tmp") }
        let bad = try OutputFile.create(path)
        #expect(bad.write("ok"))
        bad.close()
        let fd = open(path, O_WRONLY | O_APPEND)
        var byte: UInt8 = 0xFF
        _ = write(fd, &byte, 1)
        close(fd)
        #expect(throws: TextFile.ReadError.self) { try TextFile.read(path) }
    }

    /// An endless input ends with a message once it passes the bound.
    @Test func anEndlessInputStopsAtTheBound() {
        #expect {
            try TextFile.read("/dev/zero")
        } throws: { error in
            "\(error)"
                == "cannot read /dev/zero: more than 64 MiB; a trace or recording is at most that: cut it shorter"
        }
    }
}

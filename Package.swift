// swift-tools-version: 6.1
import PackageDescription
#if os(Linux)
    import Foundation
#endif

// Layering (DEVELOPERS.md draws the same graph):
//
//   GestureEngine ← GestureConfig ← GestureRuntime ← { X11Bridge, GestureReplay } ← gesturebridge
//
// GestureEngine imports nothing but the standard library; GestureConfig reads YAML into a
// validated model; GestureRuntime is what happens to touches at run time, the same for the
// daemon and `replay`; X11Bridge is the only module that touches C (CX11).
/// Every module of the program is built without the implicit `_StringProcessing` import: its
/// regex engine is 1.2 MB of the installed binary, pulled in by `String.contains(String)` alone.
/// Substring search is TextSearch's (Sources/TextSearch).
/// MemberImportVisibility makes that hold for modules that import one that has it (Logging).
let withoutRegex: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"]),
    .enableUpcomingFeature("MemberImportVisibility")
]

/// GTK 4's and libadwaita's include folders, as `-Xcc -I…`, for the settings app alone.
///
/// Not `pkgConfig:` on CGtk: SwiftPM reads a system library's pkg-config flags while it plans any
/// build of the package, the daemon's included, and warns of every flag it drops (`-pthread`,
/// and graphene's `-mfpmath=sse -msse -msse2`), eight lines a user takes for a problem. Only the
/// `-I` folders are needed (the module map names the libraries); without pkg-config or GTK's
/// headers this is empty, and only the settings app fails to build, saying which header it lacks.
let gtkIncludes: [String] = {
    #if os(Linux)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--cflags-only-I", "gtk4", "libadwaita-1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: " ").map { String($0) }
            .filter { $0.hasPrefix("-I") }.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .flatMap { ["-Xcc", $0] }
    #else
        return []
    #endif
}()

let package = Package(
    name: "GestureBridge",
    platforms: [.macOS(.v13)],
    products: [
        // The program only. The modules are not offered as libraries: GestureEngine is built with
        // -O in debug builds too (below), an unsafe flag, which SwiftPM refuses in a package used
        // as a versioned dependency; its zero-allocation test needs it more than outsiders do.
        .executable(name: "gesturebridge", targets: ["gesturebridge"]),
        // The settings app, built and packaged on its own (it links GTK 4; the daemon does not).
        .executable(name: "gesturebridge-settings", targets: ["gesturebridge-settings"])
    ],
    // `bench` counts allocations with ordo-one's malloc interposer, a dynamic library that
    // needs the toolchain's shared Swift runtime. Installed builds (`make install`, the .deb)
    // link the Swift runtime statically and so build with `--disable-default-traits`: no
    // interposer, and `bench` reports allocations as n/a.
    traits: [
        .trait(name: "AllocationCounting", description: "Count allocations in `gesturebridge bench`."),
        .default(enabledTraits: ["AllocationCounting"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Counts allocations for `gesturebridge bench` (ordo-one's interposer, as package-benchmark uses).
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1")
    ],
    targets: [
        // The engine is optimized in debug builds too: its hot path must not allocate,
        // and unoptimized generic code does (73 allocations per event, against none with
        // -O), which would make the allocation test in `swift test` meaningless.
        .target(
            name: "GestureEngine",
            swiftSettings: withoutRegex + [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Xlib, XInput2, XTest, XRandR and Shape; cairo's headers (the library is loaded at run
        // time, see Sources/CX11/overlay.h). Only X11Bridge imports it.
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11 xi xtst xrandr xext",
            providers: [
                .apt(["libx11-dev", "libxi-dev", "libxtst-dev", "libxrandr-dev", "libxext-dev", "libcairo2-dev"])
            ]
        ),
        // GTK 4 and libadwaita, for gesturebridge-settings alone (the daemon never links them).
        .systemLibrary(
            name: "CGtk", providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]),
        // libyaml, the C parser Yams wraps, used directly so that nothing the daemon links needs
        // Foundation (and its 34 MB of ICU data). Only YAMLReader imports it.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // YAML text → nodes with line and column, on libyaml's events; every scalar stays text.
        .target(name: "YAMLReader", dependencies: ["CYAML"], swiftSettings: withoutRegex),
        // Substring search without the regex engine (see `withoutRegex`).
        .target(name: "TextSearch", swiftSettings: withoutRegex),
        // JSON values with their keys in order, a bounded parser and the one number format: for
        // traces and replay output, and for the control socket's lines, which need no replay.
        .target(name: "JSON", swiftSettings: withoutRegex),
        .target(
            name: "GestureConfig", dependencies: ["GestureEngine", "YAMLReader", "TextSearch"],
            swiftSettings: withoutRegex),
        // What happens to touches at run time, the same for the daemon and `replay`: the machine
        // both drivers run (`BridgeRuntime`: input in, effects out; the daemon calls it once per
        // read of the X connection), the session (engine + scene + bindings), touchpad synthesis,
        // frames and the server's clock.
        .target(
            name: "GestureRuntime", dependencies: ["GestureEngine", "GestureConfig", "TextSearch"],
            swiftSettings: withoutRegex),
        // The only module that touches C: capture, grabs, windows, injection, commands, and the
        // runtime's questions answered from the server (`LiveDesktop`).
        .target(
            name: "X11Bridge",
            dependencies: [
                "CX11", "GestureEngine", "GestureConfig", "GestureRuntime", "TextSearch",
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: withoutRegex
        ),
        .target(
            name: "GestureReplay",
            dependencies: ["GestureEngine", "GestureConfig", "GestureRuntime", "JSON", "YAMLReader", "TextSearch"],
            swiftSettings: withoutRegex
        ),
        // What the daemon's tools receive: the control socket's events and their formats (monitor's
        // text and JSON, try's stream and transcript, a recording's lines, record --stroke's
        // drawings). Pure: no socket, no X.
        .target(
            name: "ControlStreams",
            dependencies: ["GestureEngine", "GestureConfig", "GestureRuntime", "GestureReplay", "JSON", "TextSearch"],
            swiftSettings: withoutRegex
        ),
        .executableTarget(
            name: "gesturebridge",
            dependencies: [
                "GestureEngine", "GestureConfig", "GestureRuntime", "GestureReplay", "X11Bridge", "JSON",
                "ControlStreams",
                "TextSearch",
                .product(name: "Logging", package: "swift-log"),
                .product(
                    name: "MallocInterposerSwift", package: "malloc-interposer",
                    condition: .when(traits: ["AllocationCounting"]))
            ],
            swiftSettings: withoutRegex
        ),
        .testTarget(
            name: "GestureEngineTests",
            dependencies: [
                "GestureEngine",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]
        ),
        .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader"]),
        .testTarget(name: "TextSearchTests", dependencies: ["TextSearch"]),
        .testTarget(name: "GestureConfigTests", dependencies: ["GestureConfig", "GestureEngine", "TestSupport"]),
        .testTarget(
            name: "GestureRuntimeTests",
            dependencies: ["GestureRuntime", "GestureConfig", "GestureEngine", "TestSupport"]),
        // Linked into every test target that starts processes: whatever way the test run ends,
        // every process it started is killed (Tests/TestReaper/TestReaper.c).
        .target(name: "TestReaper", path: "Tests/TestReaper"),
        // Helpers more than one test target uses: scripts written so no child inherits them, and
        // SplitMix64, the seeded generator of the fuzz tests and the stroke accuracy's draws.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Another local user's connection, made from one thread of the root test process, for
        // the control socket's peer check (Tests/TestCredentials; C: Swift has no syscall(2)).
        .target(name: "TestCredentials", path: "Tests/TestCredentials"),
        // A lost test X server fails the test that used it, never the test process: Xlib's IO
        // error hooks made to return, and a lost display's requests discarded (Tests/TestXlib).
        .target(name: "TestXlib", path: "Tests/TestXlib", linkerSettings: [.linkedLibrary("X11")]),
        // The parsers' libFuzzer harnesses, and a runner for their corpus without libFuzzer;
        // `make fuzz` builds the runner with `--sanitize=fuzzer -DFUZZING` instead (Fuzz/README.md).
        .target(
            name: "FuzzTargets",
            dependencies: [
                "GestureConfig", "GestureRuntime", "GestureReplay", "GestureEngine", "ControlStreams", "JSON"
            ]),
        .executableTarget(name: "gesturebridge-fuzz", dependencies: ["FuzzTargets"]),
        // What the settings app shows of a config and how it edits it, without a display: the
        // in-place editor (`ConfigDocument`; JSON's quoted strings are YAML double-quoted scalars),
        // the groups and rows, the editor's form. Not in GestureConfig: the daemon links none of it.
        .target(
            name: "GestureSettings", dependencies: ["GestureConfig", "GestureEngine", "YAMLReader", "JSON"],
            swiftSettings: withoutRegex),
        // The settings app: GTK 4 and libadwaita over their C API. A product of its own, so the
        // daemon's build (`--product gesturebridge`) needs no GTK.
        .executableTarget(
            name: "gesturebridge-settings",
            dependencies: ["CGtk", "GestureSettings", "GestureConfig", "GestureEngine", "TextSearch"],
            swiftSettings: [.unsafeFlags(gtkIncludes)]),
        .testTarget(name: "GestureSettingsTests", dependencies: ["GestureSettings", "GestureConfig", "TestSupport"]),
        .testTarget(
            name: "GestureReplayTests",
            dependencies: [
                "GestureReplay", "GestureConfig", "GestureRuntime", "GestureEngine", "JSON", "FuzzTargets",
                "TestReaper",
                "TestSupport",
                // Not imported: built so that the tests can run `gesturebridge replay` as a process.
                "gesturebridge"
            ],
            resources: [.copy("Traces")]
        ),
        // The executable's own logic: the CLI, the daemon's parts, the control socket, the lock.
        .testTarget(
            name: "GestureBridgeTests",
            dependencies: [
                "gesturebridge", "GestureReplay", "GestureRuntime", "GestureConfig", "GestureEngine",
                "X11Bridge", "JSON", "ControlStreams", "YAMLReader", "TestReaper", "TestSupport", "TestCredentials"
            ]
        ),
        // make install, the systemd unit, the autostart entry and the .deb, driven through the
        // scripts in Packaging/ with the built binary (and one real release build for the .deb).
        .testTarget(
            name: "PackagingTests",
            dependencies: ["gesturebridge", "gesturebridge-settings", "TestReaper", "TestSupport"]),
        // A real X client that prints what it receives, one JSON line per event: test
        // infrastructure for X11BridgeTests, not installed.
        .executableTarget(name: "x11-test-client", dependencies: ["CX11"]),
        // The least a gesture daemon must do (grab, accept, one XTest chord), in C: the floor the
        // latency benchmark compares the daemon with. Test infrastructure, not installed.
        .executableTarget(name: "latency-floor", dependencies: ["CX11"]),
        .testTarget(
            name: "X11BridgeTests",
            dependencies: [
                "X11Bridge", "GestureEngine", "GestureConfig", "GestureRuntime", "GestureReplay", "gesturebridge",
                "x11-test-client",
                "latency-floor", "gesturebridge-settings",
                "TestReaper", "TestSupport", "TestXlib", .product(name: "Logging", package: "swift-log")
            ],
            // Run by the AT-SPI tests (the settings app's, the real applications') from their place in
            // the checkout (/usr/bin/python3); the Swing window the keys test compiles with javac.
            exclude: [
                "Support/atspi_widgets.py", "Support/atspi_state.py", "Support/atspi_watch.py", "Support/KeyWindow.java"
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)

// CI (`CI=true`, as .ci/run's caller sets it) builds our own Swift and C with every warning an
// error, so that a warning never reaches a user's `make install`. Not for everyone: a newer
// compiler's new warning must not stop a user's build. (`-Xswiftc -warnings-as-errors` on the
// command line cannot do it: SwiftPM builds the dependencies with -suppress-warnings, and the
// two conflict.)
#if os(Linux)
    if ProcessInfo.processInfo.environment["CI"] == "true" {
        for target in package.targets where target.type != .system {
            target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
            target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-Werror"])]
        }
    }
#endif

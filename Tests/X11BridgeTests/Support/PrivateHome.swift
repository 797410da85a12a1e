import Foundation

/// A home of the test's own for a program it starts (a window manager, an application, a
/// session bus), in the run's temporary folder.
///
/// Programs write into their home: openbox its log into `~/.cache/openbox`, at-spi-bus-launcher
/// its socket into `$XDG_RUNTIME_DIR/at-spi`, GTK its recent files into `~/.local/share`. In the
/// test run's home they wrote into the real one, and two suites took each other's accessibility
/// bus; `.ci/run` now fails when anything new is left in `$HOME`.
struct PrivateHome {
    let url: URL

    /// Makes `gb-<prefix>-XXXXXXXX` with `.config`, `.cache`, `.local/share` and a 0700
    /// `runtime` folder.
    init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gb-\(prefix)-\(UUID().uuidString.prefix(8))")
        for directory in [".config", ".cache", ".local/share", "runtime"] {
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        chmod(runtime.path, 0o700)
    }

    var runtime: URL { url.appendingPathComponent("runtime") }

    /// The test run's environment with `DISPLAY`, `HOME` and the XDG folders pointing here.
    func environment(display: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["HOME"] = url.path
        environment["XDG_CONFIG_HOME"] = url.appendingPathComponent(".config").path
        environment["XDG_CACHE_HOME"] = url.appendingPathComponent(".cache").path
        environment["XDG_DATA_HOME"] = url.appendingPathComponent(".local/share").path
        environment["XDG_RUNTIME_DIR"] = runtime.path
        return environment
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

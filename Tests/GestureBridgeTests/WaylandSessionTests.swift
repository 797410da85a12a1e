import Foundation
import Testing

@testable import gesturebridge

/// GestureBridge says plainly that it is for X11 sessions.
@Suite struct WaylandSessionTests {
    @Test(
        arguments: [
            (["XDG_SESSION_TYPE": "wayland"], "XDG_SESSION_TYPE=wayland"),
            (["XDG_SESSION_TYPE": "Wayland", "DISPLAY": ":0"], "XDG_SESSION_TYPE=Wayland"),
            (["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"], "WAYLAND_DISPLAY=wayland-0"),
            (["XDG_SESSION_TYPE": "x11", "DISPLAY": ":0"], nil),
            // The login manager's word wins over a WAYLAND_DISPLAY left over in an X11 session.
            (["XDG_SESSION_TYPE": "x11", "WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"], nil),
            (["XDG_SESSION_TYPE": "", "WAYLAND_DISPLAY": "wayland-1"], "WAYLAND_DISPLAY=wayland-1"),
            (["WAYLAND_DISPLAY": "", "DISPLAY": ":0"], nil),
            ([:], nil)
        ] as [([String: String], String?)])
    func aWaylandSessionIsToldFromItsEnvironment(environment: [String: String], evidence: String?) {
        #expect(WaylandSession.detect(in: environment)?.evidence == evidence)
    }

    /// The real binary, in a Wayland session's environment (XWayland's DISPLAY set too).
    @Test func runRefusesAWaylandSessionWithItsOwnStatus() throws {
        let (status, errors) = try BenchCommandTests.run(
            ["run"],
            environment: [
                "XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0", "HOME": "/nonexistent"
            ])
        #expect(status == 4, "\(errors)")
        #expect(errors.contains("this is a Wayland session (XDG_SESSION_TYPE=wayland)"), "\(errors)")
        #expect(errors.contains("log in to an X11 session"), "\(errors)")
    }

    /// `--x11` insists: the Wayland check is skipped, and the next thing it needs is a display.
    @Test func runX11StartsWhereTheEnvironmentLooksLikeWayland() throws {
        let (status, errors) = try BenchCommandTests.run(
            ["run", "--x11"], environment: ["WAYLAND_DISPLAY": "wayland-0", "HOME": "/nonexistent"])
        #expect(status == 1, "\(errors)")
        #expect(!errors.contains("Wayland session"), "\(errors)")
        #expect(errors.contains("no X display: DISPLAY is not set"), "\(errors)")
        let (refused, advice) = try BenchCommandTests.run(
            ["run"], environment: ["WAYLAND_DISPLAY": "wayland-0", "HOME": "/nonexistent"])
        #expect(refused == 4 && advice.contains("gesturebridge run --x11"), "\(advice)")
    }

    @Test func runWithoutADisplaySaysSoInsteadOfNamingAnEmptyOne() throws {
        let (status, errors) = try BenchCommandTests.run(["run"], environment: ["HOME": "/nonexistent"])
        #expect(status == 1, "\(errors)")
        #expect(errors.contains("no X display: DISPLAY is not set"), "\(errors)")
        #expect(!errors.contains("cannot open display ''"), "\(errors)")
    }

    @Test(arguments: [["devices"], ["pick"]])
    func theOtherToolsWithoutADisplaySaySoToo(_ arguments: [String]) throws {
        let (status, errors) = try BenchCommandTests.run(arguments, environment: ["HOME": "/nonexistent"])
        #expect(status != 0, "\(errors)")
        #expect(errors.contains("no X display: DISPLAY is not set"), "\(errors)")
        #expect(!errors.contains("cannot open display ''"), "\(errors)")
    }

    @Test func noConfigNamesWhereToWriteOneAndNoSourceTreePath() throws {
        let (status, errors) = try BenchCommandTests.run(
            ["check"], environment: ["HOME": "/nonexistent", "XDG_CONFIG_DIRS": "/nonexistent"])
        #expect(status == 1, "\(errors)")
        #expect(errors.contains("Write one at /nonexistent/.config/gesturebridge/config.yaml"), "\(errors)")
        #expect(!errors.contains("Config/"), "a path in the source tree means nothing to a user: \(errors)")
    }
}

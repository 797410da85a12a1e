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

    @Test func runWithoutADisplaySaysSoInsteadOfNamingAnEmptyOne() throws {
        let (status, errors) = try BenchCommandTests.run(["run"], environment: ["HOME": "/nonexistent"])
        #expect(status == 1, "\(errors)")
        #expect(errors.contains("no X display: DISPLAY is not set"), "\(errors)")
        #expect(!errors.contains("cannot open display ''"), "\(errors)")
    }
}

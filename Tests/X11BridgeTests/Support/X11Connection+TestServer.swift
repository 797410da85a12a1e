import CX11
import Glibc
@testable import X11Bridge

extension X11Connection {
    /// A connection to a test server whose loss fails only the test using it.
    ///
    /// Xlib's default reaction to a broken connection is `exit(1)`: a test server that died
    /// (a crash, an OOM kill) would end the whole test run, with every other suite's servers.
    /// Here the exit handler returns instead; Xlib then marks the display dead and its calls
    /// return at once, so the test fails on what it expected and the run goes on.
    static func toTestServer(_ display: String) throws -> X11Connection {
        let connection = try X11Connection(displayName: display)
        surviveLoss(of: connection.display)
        return connection
    }

    /// Makes losing `display` return to the caller instead of exiting the test process.
    ///
    /// Both of Xlib's hooks must return: its default IO error handler exits by itself, before
    /// the display's exit handler is reached (libX11 1.8's `_XIOError`).
    static func surviveLoss(of display: OpaquePointer) {
        _ = returningIOErrorHandler
        XSetIOErrorExitHandler(display, { _, _ in }, nil)
    }

    /// Installed once for the test process: says which display broke, and returns.
    private static let returningIOErrorHandler: Void = {
        XSetIOErrorHandler { display in
            let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "?"
            let message = "test: lost the connection to the X server \(name)\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            return 0
        }
    }()
}

internal import CX11
import Glibc

/// An open connection to an X server with XInput 2.2 or newer.
///
/// Wraps Xlib's `XOpenDisplay`, `XIQueryVersion` and `XCloseDisplay`. One
/// connection serves the whole daemon, from one thread.
public final class X11Connection {
    let display: OpaquePointer
    /// The XInput2 extension's major opcode, which tags XI2 events.
    public let xinputOpcode: Int32
    /// The XInput2 version the server agreed to: (major, minor).
    public let xinputVersion: (major: Int32, minor: Int32)
    /// The root window of the default screen.
    public let root: WindowID
    /// The display name, as given or from `DISPLAY`.
    public let name: String

    /// Run on each display this process opens, before its first request: nil in the program,
    /// whose loss handler exits (`exitWhenConnectionIsLost`). The tests set it once, before their
    /// first server starts, so that a lost test server fails the test using it instead of ending
    /// the test process (`Tests/TestXlib`); objects that open their own connection, such as
    /// `FeedbackOverlay`, get it too.
    nonisolated(unsafe) public static var prepareDisplay: ((OpaquePointer) -> Void)?

    /// Opens the display (nil: `DISPLAY`) and negotiates XInput2, asking for 2.4 and accepting 2.2 or newer.
    public init(displayName: String? = nil) throws(X11Error) {
        let name = displayName ?? getenvString("DISPLAY") ?? ""
        // Before the first request: Xlib's default error handler would exit the process.
        X11ErrorStore.install()
        guard let display = XOpenDisplay(displayName) else { throw .cannotOpenDisplay(name) }
        Self.prepareDisplay?(display)
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else {
            XCloseDisplay(display)
            throw .missingExtension("XInputExtension", required: "2.2")
        }
        var major: Int32 = 2, minor: Int32 = 4
        let status = XIQueryVersion(display, &major, &minor)
        guard status == Success, major > 2 || (major == 2 && minor >= 2) else {
            XCloseDisplay(display)
            throw .missingExtension("XInputExtension", required: "2.2")
        }
        self.display = display
        self.name = name
        xinputOpcode = opcode
        xinputVersion = (major, minor)
        root = WindowID(rawValue: UInt64(cx11_RootWindow(display, cx11_DefaultScreen(display))))
    }

    deinit {
        XCloseDisplay(display)
        _ = X11ErrorStore.take(for: display)
    }

    /// The connection's file descriptor, for `poll(2)` (`ConnectionNumber`).
    public var fileDescriptor: Int32 { cx11_ConnectionNumber(display) }

    /// Whether Xlib already holds events read from the socket, which `poll(2)` cannot see.
    ///
    /// Any call that waits for a reply (or for the socket to take more requests) reads
    /// the events that arrive meanwhile into Xlib's queue; a loop must drain them before
    /// it sleeps. Reads nothing. The corresponding Xlib call is `XEventsQueued` with
    /// `QueuedAlready`.
    public var hasQueuedEvents: Bool { XEventsQueued(display, QueuedAlready) > 0 }

    /// Sends buffered requests to the server (`XFlush`).
    public func flush() {
        XFlush(display)
    }

    /// Whether the server supports XInput 2.4 touchpad gesture events.
    public var supportsGestures: Bool { xinputVersion.major > 2 || xinputVersion.minor >= 4 }

    /// The default screen's size in pixels and millimetres (`DisplayWidth`, `DisplayWidthMM`).
    public var screenSize: (width: Int, height: Int, widthMM: Int, heightMM: Int) {
        let screen = cx11_DefaultScreen(display)
        return (
            Int(cx11_DisplayWidth(display, screen)), Int(cx11_DisplayHeight(display, screen)),
            Int(cx11_DisplayWidthMM(display, screen)), Int(cx11_DisplayHeightMM(display, screen))
        )
    }
}

func getenvString(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}

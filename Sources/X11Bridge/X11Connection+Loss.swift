internal import CX11
import Glibc

extension X11Connection {
    /// Makes losing the server a clear message and exit status 1, never a spin.
    ///
    /// Xlib calls the IO error handler when the connection breaks and exits if it
    /// returns. Nothing can be released on a dead server (it already handed any
    /// grabbed touches on when the connection dropped), so the handler says what
    /// happened and exits, and a restarting service manager can start us again.
    /// Wraps Xlib's `XSetIOErrorHandler`.
    public static func exitWhenConnectionIsLost() {
        XSetIOErrorHandler { _ in
            let message = "gesturebridge: lost the connection to the X server; exiting (status 1)\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            for path in LossCleanup.paths { unlink(path) }
            _exit(1)
        }
    }

    /// Has the handler of `exitWhenConnectionIsLost` remove `path` (a socket the daemon made)
    /// before it exits; nothing else runs then.
    public static func removeOnConnectionLoss(_ path: String) {
        guard let copy = strdup(path) else { return }
        LossCleanup.paths.append(UnsafePointer(copy))
    }
}

/// The files the lost-connection handler removes: C strings made once, read only by the handler.
enum LossCleanup {
    nonisolated(unsafe) static var paths: [UnsafePointer<CChar>] = []
}

extension X11Connection {

    /// The resolution of the default screen in dots per inch, from its size in millimetres; 96 when unknown.
    public var screenDPI: Double {
        let size = screenSize
        guard size.widthMM > 0 else { return 96 }
        return Double(size.width) / (Double(size.widthMM) / 25.4)
    }
}

internal import CX11
import Glibc

/// A protocol error the X server sent back for one request: recorded, never fatal.
///
/// Xlib reports request errors asynchronously, and its default handler exits the
/// process. A touch daemon must not die because a window vanished before a focus
/// request reached the server, so the bridge installs a handler that records each
/// error against its connection; `X11Connection.takeErrors()` hands them out.
/// Wraps the `XErrorEvent` that `XSetErrorHandler` delivers.
public struct X11RequestError: Hashable, Sendable, CustomStringConvertible {
    /// The error code (`BadValue` is 2, `BadWindow` 3, `BadMatch` 8, ...).
    public var code: UInt8
    /// The major opcode of the failed request (the XInput extension's opcode for XI requests).
    public var requestCode: UInt8
    /// The minor opcode: which extension request failed.
    public var minorCode: UInt8
    /// The resource or value the server complained about.
    public var resourceID: UInt64
    /// The request's serial number.
    public var serial: UInt64
    /// The server's text for the code (`XGetErrorText`).
    public var text: String

    public var description: String {
        "X error \(code) (\(text)) for request \(requestCode).\(minorCode), value \(resourceID)"
    }
}

/// Errors recorded per display, filled by the process-wide Xlib error handler.
///
/// Xlib's handler is global and a plain C function, so it cannot capture a
/// connection: it files errors under the `Display *` they came from.
enum X11ErrorStore {
    nonisolated(unsafe) private static var errors: [OpaquePointer: [X11RequestError]] = [:]
    nonisolated(unsafe) private static var mutex = pthread_mutex_t()
    nonisolated(unsafe) private static var isInstalled = false

    /// Installs the recording handler once per process (`XSetErrorHandler`).
    static func install() {
        lock()
        defer { unlock() }
        guard !isInstalled else { return }
        isInstalled = true
        _ = XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            var text = [CChar](repeating: 0, count: 160)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let error = X11RequestError(
                code: event.pointee.error_code, requestCode: event.pointee.request_code,
                minorCode: event.pointee.minor_code, resourceID: UInt64(event.pointee.resourceid),
                serial: UInt64(event.pointee.serial),
                text: String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            X11ErrorStore.record(error, for: display)
            return 0
        }
    }

    static func record(_ error: X11RequestError, for display: OpaquePointer) {
        lock()
        defer { unlock() }
        errors[display, default: []].append(error)
    }

    static func take(for display: OpaquePointer) -> [X11RequestError] {
        lock()
        defer { unlock() }
        return errors.removeValue(forKey: display) ?? []
    }

    private static func lock() { pthread_mutex_lock(&mutex) }
    private static func unlock() { pthread_mutex_unlock(&mutex) }
}

extension X11Connection {
    /// Waits until the server has processed every request sent so far, and returns the errors they caused.
    ///
    /// Use it where a request's failure matters before going on; it costs a round
    /// trip. The corresponding Xlib call is `XSync`.
    @discardableResult
    public func sync() -> [X11RequestError] {
        XSync(display, 0)
        return takeErrors()
    }

    /// The request errors recorded since the last call, oldest first.
    public func takeErrors() -> [X11RequestError] {
        X11ErrorStore.take(for: display)
    }
}

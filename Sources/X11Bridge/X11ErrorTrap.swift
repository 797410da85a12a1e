internal import CX11
import Glibc

/// Turns the X server's asynchronous protocol errors into thrown `X11Error`s.
///
/// Xlib reports a refused request (a `BadWindow` for a window that closed, a
/// `BadValue` from `XChangeKeyboardMapping`) through one process-wide error
/// handler, and the default handler exits the process: a window that vanishes
/// between a gesture and its action would kill the daemon. This trap installs a
/// handler that records errors per display, and `X11Connection.checked(_:_:)`
/// collects the ones caused by a block of requests after an `XSync`.
///
/// The handler is process-wide (`XSetErrorHandler`) and is installed once; errors of
/// requests made outside `checked` stay recorded until the next `checked` on that
/// display discards them, so they never pile up.
enum X11ErrorTrap {
    /// One error the server sent: which display, for which request, and what.
    struct Record {
        var display: OpaquePointer
        var serial: UInt
        var errorCode: UInt8
        var requestCode: UInt8
        var minorCode: UInt8
        var resource: UInt
    }

    /// The most errors kept per process between two `checked` calls; older ones are dropped.
    static let capacity = 64

    /// Guards `records`: Xlib calls the handler on whichever thread reads the reply.
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    nonisolated(unsafe) private static var records: [Record] = []
    private static let installOnce: Void = {
        pthread_mutex_init(&lock, nil)
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            X11ErrorTrap.record(Record(display: display, serial: event.pointee.serial,
                                       errorCode: event.pointee.error_code,
                                       requestCode: event.pointee.request_code,
                                       minorCode: event.pointee.minor_code,
                                       resource: event.pointee.resourceid))
            return 0
        }
    }()

    /// Installs the handler, once per process.
    static func install() {
        _ = installOnce
    }

    private static func record(_ record: Record) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if records.count >= capacity { records.removeFirst() }
        records.append(record)
    }

    /// Removes and returns the errors of `display`, those at `serial` or later first.
    static func take(display: OpaquePointer, since serial: UInt) -> [Record] {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        let mine = records.filter { $0.display == display && $0.serial >= serial }
        records.removeAll { $0.display == display }
        return mine
    }
}

extension X11Connection {
    /// Runs `body`, waits for the server to process its requests (`XSync`), and throws the
    /// first error the server sent for them, named with `call`.
    ///
    /// Costs one round trip: use it for actions, not per touch event.
    @discardableResult
    func checked<Result>(_ call: String, _ body: () throws(X11Error) -> Result) throws(X11Error) -> Result {
        X11ErrorTrap.install()
        let first = XNextRequest(display)
        let result = try body()
        XSync(display, 0)
        if let error = X11ErrorTrap.take(display: display, since: first).first {
            throw .requestFailed("\(call): \(describe(error))")
        }
        return result
    }

    /// `BadWindow (invalid Window parameter) for 0x1e00004`, from the server's error database.
    private func describe(_ error: X11ErrorTrap.Record) -> String {
        var text = [CChar](repeating: 0, count: 160)
        XGetErrorText(display, Int32(error.errorCode), &text, Int32(text.count))
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(message) for 0x\(String(error.resource, radix: 16))"
    }
}

import CX11
import Foundation
import Glibc
import Testing
@testable import X11Bridge

/// One test server with a real window manager, client windows, the daemon and a touchscreen:
/// what the desktop matrix's scenarios act on and read back.
final class DesktopScene: @unchecked Sendable {
    /// A rectangle in root pixels.
    struct Box: CustomStringConvertible {
        var x: Double, y: Double, width: Double, height: Double
        var midX: Double { x + width / 2 }
        var midY: Double { y + height / 2 }
        var maxX: Double { x + width }
        var description: String { "\(Int(x)),\(Int(y)) \(Int(width))x\(Int(height))" }
    }

    let server: XServer
    let connection: X11Connection
    /// Reads and sets desktops and the active window as a pager would.
    let actions: WindowActions
    let touchscreen: InputTestDevice
    private var nextTouchID: UInt32 = 1

    init(server: XServer) throws {
        self.server = server
        connection = try X11Connection.toTestServer(server.display)
        actions = try WindowActions(connection: connection)
        touchscreen = try InputTestDevice.connection(to: server, .touchscreen)
    }

    /// A client window of `instance`/`className` the window manager manages (it is in `_NET_CLIENT_LIST`).
    func launchManaged(_ instance: String, className: String, frame: (Int, Int, Int, Int)) throws -> TestClient {
        let client = try TestClient.launch(
            display: server.display, instance: instance, className: className,
            title: instance, frame: frame, flags: [.selectTouch])
        do {
            try waitUntil("the window manager manages \(instance)", timeout: 15) {
                clientList.contains(client.window) && (try? clientBox(client.window)) != nil
            }
            // Framed and placed: a frame around it that stays put for 100 ms.
            try waitUntil("\(instance) framed", timeout: 15) {
                guard try frameBox(client.window).description != clientBox(client.window).description else {
                    return false
                }
                let before = try frameBox(client.window).description
                usleep(100_000)
                return try frameBox(client.window).description == before
            }
        } catch {
            client.kill()
            throw error
        }
        return client
    }

    var clientList: [UInt64] {
        let atom = XInternAtom(connection.display, "_NET_CLIENT_LIST", 0)
        return (connection.property32(atom, of: connection.root, type: Atom(XA_WINDOW)) ?? []).map { UInt64($0) }
    }

    var activeWindow: UInt64? {
        let atom = XInternAtom(connection.display, "_NET_ACTIVE_WINDOW", 0)
        return connection.property32(atom, of: connection.root, type: Atom(XA_WINDOW))?.first.map { UInt64($0) }
    }

    /// The client window's rectangle on the screen.
    func clientBox(_ window: UInt64) throws -> Box {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(connection.display, Window(window), &attributes) != 0 else {
            throw DeadlinePassed(waitingFor: "attributes of \(window)", timeout: 0)
        }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(
            connection.display, Window(window), Window(connection.root.rawValue), 0, 0, &x, &y, &child)
        return Box(x: Double(x), y: Double(y), width: Double(attributes.width), height: Double(attributes.height))
    }

    /// The rectangle of the top-level window around the client (its frame).
    func frameBox(_ window: UInt64) throws -> Box {
        var current = Window(window)
        while true {
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(connection.display, current, &root, &parent, &children, &count) != 0 else { break }
            if let children { XFree(children) }
            if parent == root || parent == 0 { break }
            current = parent
        }
        return try clientBox(UInt64(current))
    }

    /// Where a tap on the title bar lands: its middle, a quarter of the way along.
    func titleBarPoint(_ window: UInt64) throws -> (x: Double, y: Double) {
        let frame = try frameBox(window), client = try clientBox(window)
        return (frame.x + frame.width / 4, (frame.y + client.y) / 2)
    }

    /// Where the close button is: at the right end of the title bar, half a title bar's height in.
    func closeButtonPoint(_ window: UInt64) throws -> (x: Double, y: Double) {
        let frame = try frameBox(window), client = try clientBox(window)
        let title = client.y - frame.y, border = frame.maxX - (client.x + client.width)
        return (frame.maxX - border - title / 2, (frame.y + client.y) / 2)
    }

    /// Activates a window as a pager would, and waits until the window manager reports it active.
    ///
    /// Nothing is sent for a window already active: a slow manager (mutter) would act on the
    /// request later, after the gesture under test had focused another window.
    /// Now and then mutter lets a request go by (a window still settling in its map): after 5 s
    /// the request is sent again, as a user would click again, three times at most.
    func activate(_ client: TestClient) throws {
        guard activeWindow != client.window else { return }
        for attempt in 1...3 {
            try actions.activate(WindowID(rawValue: client.window))
            do {
                return try waitUntil("\(client.window) active", timeout: 5) { activeWindow == client.window }
            } catch  where attempt < 3 {
                continue
            }
        }
    }

    func ids(_ count: Int) -> [UInt32] {
        defer { nextTouchID += UInt32(count) }
        return (0..<UInt32(count)).map { nextTouchID + $0 }
    }

    /// `fingers` fingers land 60 px apart around the middle of `box`, travel `(dx, dy)` in five steps, and lift.
    func swipe(_ fingers: Int, on box: Box, dx: Double, dy: Double) throws {
        let ids = ids(fingers)
        var points = (0..<fingers).map { (box.midX + Double($0 - fingers / 2) * 60, box.midY) }
        try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .began, x: points[$0].0, y: points[$0].1) })
        for _ in 0..<5 {
            for index in points.indices { points[index].0 += dx / 5; points[index].1 += dy / 5 }
            try touchscreen.frame(
                ids.indices.map { .init(id: ids[$0], phase: .moved, x: points[$0].0, y: points[$0].1) })
        }
        try touchscreen.frame(ids.indices.map { .init(id: ids[$0], phase: .ended, x: points[$0].0, y: points[$0].1) })
    }

    /// One finger taps at a point, down for 40 ms as a hand's tap is; returns when the finger
    /// was put down (CLOCK_MONOTONIC µs).
    @discardableResult
    func tap(at point: (x: Double, y: Double)) throws -> Int64 {
        let id = ids(1)[0]
        let start = TestClient.monotonicMicroseconds()
        try touchscreen.frame([.init(id: id, phase: .began, x: point.x, y: point.y)])
        usleep(40_000)
        try touchscreen.frame([.init(id: id, phase: .ended, x: point.x, y: point.y)])
        return start
    }

    /// One finger drags from a point by `(dx, dy)` in `steps` moves, 15 ms apart.
    func drag(from point: (x: Double, y: Double), dx: Double, dy: Double, steps: Int = 10) throws {
        let id = ids(1)[0]
        try touchscreen.frame([.init(id: id, phase: .began, x: point.x, y: point.y)])
        for step in 1...steps {
            usleep(15_000)
            let fraction = Double(step) / Double(steps)
            try touchscreen.frame([.init(id: id, phase: .moved, x: point.x + dx * fraction, y: point.y + dy * fraction)]
            )
        }
        try touchscreen.frame([.init(id: id, phase: .ended, x: point.x + dx, y: point.y + dy)])
    }

    /// Waits until the window manager has drawn the window's title bar: its pixels are no
    /// longer all one colour. mutter's frames take no input before their first drawing, and X
    /// sends no event for it; under load (software GL) that takes seconds. The corresponding
    /// Xlib calls are `XGetImage` and `XGetPixel`.
    func waitUntilTitleBarDrawn(_ window: UInt64, timeout: Double = 30) throws {
        let display = connection.display
        try waitUntil("the title bar of \(window) drawn", timeout: timeout) {
            let frame = try frameBox(window), client = try clientBox(window)
            let height = Int32(client.y - frame.y)
            guard height > 2, frame.width > 2,
                let image = XGetImage(
                    display, Window(connection.root.rawValue), Int32(frame.x), Int32(frame.y),
                    UInt32(frame.width), UInt32(height), UInt(UInt32.max), ZPixmap)
            else { return false }
            defer { _ = cx11_XDestroyImage(image) }
            let first = cx11_XGetPixel(image, 0, height / 2)
            return stride(from: 0, to: Int32(frame.width), by: 2).contains {
                cx11_XGetPixel(image, $0, height / 2) != first
            }
        }
    }

    /// A fingerprint of what the screen shows in `box` (its pixels, hashed), nil when X gives no
    /// image. Reads the root window, so under a compositor it is what is on the glass.
    func pixels(of box: Box) -> UInt64? {
        let display = connection.display
        guard box.width >= 1, box.height >= 1,
            let image = XGetImage(
                display, Window(connection.root.rawValue), Int32(box.x), Int32(box.y), UInt32(box.width),
                UInt32(box.height), UInt(UInt32.max), ZPixmap)
        else { return nil }
        defer { _ = cx11_XDestroyImage(image) }
        let count = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        guard let data = image.pointee.data else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in UnsafeRawBufferPointer(start: data, count: count) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// Waits until what the screen shows in `box` has not changed for `still` seconds: an
    /// animation (a map effect, kinetic scrolling) is over. X sends no event for that.
    func waitUntilStill(_ box: Box, for still: Double = 0.3, timeout: Double = 20) throws {
        var last = pixels(of: box)
        var since = Date()
        try waitUntil("the screen still at \(box) for \(still) s", timeout: timeout) {
            let now = pixels(of: box)
            if now != last {
                last = now
                since = Date()
            }
            return now != nil && Date().timeIntervalSince(since) >= still
        }
    }

    /// Waits until what the screen shows in `box` differs from `before` (from `pixels(of:)`).
    func waitUntilChanged(_ box: Box, from before: UInt64?, _ what: String, timeout: Double = 10) throws {
        try waitUntil(what, timeout: timeout) { pixels(of: box) != before }
    }

    /// Whether the window's `_NET_WM_STATE` holds both maximized states.
    func isMaximized(_ window: UInt64) -> Bool {
        let display = connection.display
        let states = connection.atoms(XInternAtom(display, "_NET_WM_STATE", 0), of: WindowID(rawValue: window))
        return states.contains(XInternAtom(display, "_NET_WM_STATE_MAXIMIZED_VERT", 0))
            && states.contains(XInternAtom(display, "_NET_WM_STATE_MAXIMIZED_HORZ", 0))
    }
}

extension DaemonProcess {
    /// Runs `body`; when it throws, records the daemon's last log lines with the error, then rethrows.
    func explaining<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            let lines = log.split(separator: "\n").filter { !$0.contains("debug: windows") }.suffix(60)
            Issue.record("\(error)\n--- the daemon's log, last lines:\n\(lines.joined(separator: "\n"))")
            throw error
        }
    }
}

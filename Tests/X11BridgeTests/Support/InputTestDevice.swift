import Foundation

/// A client for one inputtest device's socket: touches, keys and touchpad gestures into a real Xorg.
///
/// Speaks the binary protocol of `xf86-input-inputtest-protocol.h` (little-endian, the
/// C struct layout of that header, from xserver-xorg-dev). Every call
/// that sends a frame then waits for the server's SYNC_FINISHED, so when it returns the
/// server has processed the events and delivered them to its clients' queues.
///
/// The driver accepts one connection per time the device is enabled: after
/// `xinput disable/enable`, open a new `InputTestDevice`. Close connections (`close()`
/// or deinit) so no half-dead one waits in the socket's backlog.
final class InputTestDevice {
    /// The phase of one injected touch, with its XI event number as the protocol wants it.
    enum TouchPhase: UInt32, Sendable {
        case began = 18, moved = 19, ended = 20
    }

    /// The phase of an injected touchpad gesture (begin, update, end).
    enum GesturePhase: Sendable {
        case began, updated, ended
    }

    /// One touch of a frame, in screen pixels.
    struct TouchPoint: Sendable {
        var id: UInt32
        var phase: TouchPhase
        var x: Double
        var y: Double
    }

    enum ProtocolError: Error, CustomStringConvertible {
        case socket(String, Int32)
        case unexpectedReply(length: UInt32, type: Int32)
        case closed
        var description: String {
            switch self {
            case let .socket(call, code): "inputtest socket: \(call) failed: \(String(cString: strerror(code)))"
            case let .unexpectedReply(length, type): "inputtest: unexpected reply (length \(length), type \(type))"
            case .closed: "inputtest: the server closed the connection (is the device enabled? see the Xorg log)"
            }
        }
    }

    // Message types and sizes of xf86-input-inputtest-protocol.h (sizeof of each struct).
    private enum Message {
        static let clientVersion: Int32 = 0, waitForSync: Int32 = 1, motion: Int32 = 2, button: Int32 = 4
        static let key: Int32 = 5, touch: Int32 = 6, gesturePinch: Int32 = 7, gestureSwipe: Int32 = 8
        static let touchSize = 1056, pinchSize = 64, swipeSize = 48, keySize = 16
        static let motionSize = 1056, buttonSize = 1064
        static let versionSize = 12, syncSize = 8
    }

    /// The device range of the touch axes (TOUCH_AXIS_MAX): the server maps 0...65535 onto the screen.
    private static let axisRange = 65536.0

    private var fd: Int32
    /// The screen size the server scales the touch axes onto, in pixels.
    let screenWidth: Double, screenHeight: Double
    /// The server's protocol version, from the handshake.
    private(set) var serverVersion: (major: UInt16, minor: UInt16) = (0, 0)

    /// Connects to the device's socket and shakes hands (CLIENT_VERSION 1.1).
    ///
    /// A reply that does not come within `timeout` seconds (the device is disabled, or an
    /// earlier connection still holds it) is an error, not a hang.
    init(path: String, screenWidth: Int = 1920, screenHeight: Int = 1080, timeout: Double = 10) throws {
        self.screenWidth = Double(screenWidth)
        self.screenHeight = Double(screenHeight)
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ProtocolError.socket("socket", errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        precondition(path.utf8.count < capacity, "socket path too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path.utf8)
            buffer[path.utf8.count] = 0
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else {
            let code = errno
            Glibc.close(fd)
            throw ProtocolError.socket("connect(\(path))", code)
        }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))

        var hello = Self.header(length: Message.versionSize, type: Message.clientVersion)
        hello.append(littleEndian: UInt16(1))
        hello.append(littleEndian: UInt16(1))
        try write(hello)
        let reply = try read(count: Message.versionSize)
        guard reply.uint32(at: 0) == 12, reply.int32(at: 4) == 0 else {
            throw ProtocolError.unexpectedReply(length: reply.uint32(at: 0), type: reply.int32(at: 4))
        }
        serverVersion = (reply.uint16(at: 8), reply.uint16(at: 10))
    }

    deinit { close() }

    // One open connection per device socket, shared by the tests of a suite: the driver
    // accepts a single connection each time the device is enabled.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var open: [String: InputTestDevice] = [:]

    /// The suite's connection to one device of `server`, opened on first use.
    static func connection(to server: XServer, _ device: XServer.Device) throws -> InputTestDevice {
        lock.lock()
        defer { lock.unlock() }
        if let existing = open[server.socketPath(device)], existing.fd >= 0 { return existing }
        let connection = try InputTestDevice(path: server.socketPath(device))
        open[server.socketPath(device)] = connection
        return connection
    }

    /// Drops the suite's connection to a device, after the device was disabled; the next `connection` opens a new one.
    static func forget(_ server: XServer, _ device: XServer.Device) {
        lock.lock()
        defer { lock.unlock() }
        open.removeValue(forKey: server.socketPath(device))?.close()
    }

    /// Closes the connection; the device then accepts no other until it is disabled and enabled.
    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    /// Injects one touch as a frame of its own, in screen pixels, and waits until the server processed it.
    func touch(id: UInt32, phase: TouchPhase, x: Double, y: Double) throws {
        try frame([TouchPoint(id: id, phase: phase, x: x, y: y)])
    }

    /// Injects several touches as one frame, then waits for the server (one sync per frame).
    func frame(_ touches: [TouchPoint]) throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(touches.count * Message.touchSize)
        for touch in touches {
            bytes += touchMessage(touch)
        }
        try write(bytes)
        try sync()
    }

    /// The TOUCH message: header, touchid, touch_type, then xf86ITValuatorData with valuators 0 and 1.
    private func touchMessage(_ touch: TouchPoint) -> [UInt8] {
        var message = Self.header(length: Message.touchSize, type: Message.touch)
        message.append(littleEndian: touch.id)
        message.append(littleEndian: touch.phase.rawValue)
        message.append(littleEndian: UInt32(0))  // has_unaccelerated
        message += [0b11, 0, 0, 0, 0, 0, 0, 0]  // mask: valuators 0 and 1
        message += [0, 0, 0, 0]  // padding: the doubles are 8-aligned
        var valuators = [Double](repeating: 0, count: 128)  // valuators[64], unaccelerated[64]
        valuators[0] = deviceValue(touch.x, screen: screenWidth)
        valuators[1] = deviceValue(touch.y, screen: screenHeight)
        for value in valuators { message.append(littleEndian: value.bitPattern) }
        precondition(message.count == Message.touchSize)
        return message
    }

    /// The device value the server scales back to `pixels`: it maps v onto v × screen / 65536 (rescaleValuatorAxis).
    private func deviceValue(_ pixels: Double, screen: Double) -> Double {
        min(max(pixels * Self.axisRange / screen, 0), Self.axisRange - 1)
    }

    /// Moves a pointer device and waits: by (`x`, `y`) pixels for a mouse (relative; steps
    /// of at most 4 px are not accelerated by the server's default pointer control), or to the
    /// screen pixel (`x`, `y`) for a pen (`absolute`).
    func motion(x: Double, y: Double, absolute: Bool) throws {
        var message = Self.header(length: Message.motionSize, type: Message.motion)
        message.append(littleEndian: UInt32(absolute ? 1 : 0))
        message += [0, 0, 0, 0]  // padding: the valuator data is 8-aligned
        message += valuatorData(
            absolute
                ? (deviceValue(x, screen: screenWidth), deviceValue(y, screen: screenHeight)) : (x, y))
        precondition(message.count == Message.motionSize)
        try write(message)
        try sync()
    }

    /// Presses or releases a pointer device's button (1 left or a pen's tip, 3 right) and waits.
    func button(_ number: Int32, isPress: Bool) throws {
        var message = Self.header(length: Message.buttonSize, type: Message.button)
        message.append(littleEndian: UInt32(0))  // is_absolute: the button alone, no position
        message.append(littleEndian: UInt32(bitPattern: number))
        message.append(littleEndian: UInt32(isPress ? 1 : 0))
        message += [0, 0, 0, 0]  // padding
        message += valuatorData(nil)
        precondition(message.count == Message.buttonSize)
        try write(message)
        try sync()
    }

    /// xf86ITValuatorData with valuators 0 and 1 set, or none.
    private func valuatorData(_ xy: (Double, Double)?) -> [UInt8] {
        var data: [UInt8] = []
        data.append(littleEndian: UInt32(0))  // has_unaccelerated
        data += [xy == nil ? 0 : 0b11, 0, 0, 0, 0, 0, 0, 0]  // mask
        data += [0, 0, 0, 0]  // padding: the doubles are 8-aligned
        var valuators = [Double](repeating: 0, count: 128)
        if let xy { (valuators[0], valuators[1]) = xy }
        for value in valuators { data.append(littleEndian: value.bitPattern) }
        return data
    }

    /// Presses or releases a key by X keycode, as the server's keymap defines it (38 is `a`), and waits.
    func key(code: Int32, isPress: Bool) throws {
        var message = Self.header(length: Message.keySize, type: Message.key)
        message.append(littleEndian: UInt32(bitPattern: code))
        message.append(littleEndian: UInt32(isPress ? 1 : 0))
        try write(message)
        try sync()
    }

    /// Injects one touchpad pinch event (GESTURE_PINCH) and waits.
    func pinch(
        _ phase: GesturePhase, fingers: UInt16, dx: Double = 0, dy: Double = 0,
        scale: Double, angleDelta: Double = 0
    ) throws {
        let type: UInt16 =
            switch phase {
            case .began: 27;
            case .updated: 28;
            case .ended: 29
            }
        var message = Self.header(length: Message.pinchSize, type: Message.gesturePinch)
        message.append(littleEndian: type)
        message.append(littleEndian: fingers)
        message.append(littleEndian: UInt32(0))  // flags
        for value in [dx, dy, dx, dy, scale, angleDelta] { message.append(littleEndian: value.bitPattern) }
        precondition(message.count == Message.pinchSize)
        try write(message)
        try sync()
    }

    /// Injects one touchpad swipe event (GESTURE_SWIPE) and waits.
    func swipe(_ phase: GesturePhase, fingers: UInt16, dx: Double = 0, dy: Double = 0) throws {
        let type: UInt16 =
            switch phase {
            case .began: 30;
            case .updated: 31;
            case .ended: 32
            }
        var message = Self.header(length: Message.swipeSize, type: Message.gestureSwipe)
        message.append(littleEndian: type)
        message.append(littleEndian: fingers)
        message.append(littleEndian: UInt32(0))
        for value in [dx, dy, dx, dy] { message.append(littleEndian: value.bitPattern) }
        precondition(message.count == Message.swipeSize)
        try write(message)
        try sync()
    }

    /// Sends WAIT_FOR_SYNC and reads SYNC_FINISHED: every event sent so far has been processed.
    func sync() throws {
        try write(Self.header(length: Message.syncSize, type: Message.waitForSync))
        let reply = try read(count: Message.syncSize)
        guard reply.uint32(at: 0) == 8, reply.int32(at: 4) == 1 else {
            throw ProtocolError.unexpectedReply(length: reply.uint32(at: 0), type: reply.int32(at: 4))
        }
    }

    private static func header(length: Int, type: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        bytes.append(littleEndian: UInt32(length))
        bytes.append(littleEndian: UInt32(bitPattern: type))
        return bytes
    }

    private func write(_ bytes: [UInt8]) throws {
        guard fd >= 0 else { throw ProtocolError.closed }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw ProtocolError.socket("send", errno)
            }
            offset += written
        }
    }

    private func read(count: Int) throws -> [UInt8] {
        guard fd >= 0 else { throw ProtocolError.closed }
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let got = bytes.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress! + offset, count - offset, 0) }
            if got == 0 { throw ProtocolError.closed }
            if got < 0 {
                if errno == EINTR { continue }
                throw ProtocolError.socket(errno == EAGAIN ? "recv (timed out)" : "recv", errno)
            }
            offset += got
        }
        return bytes
    }
}

private extension [UInt8] {
    mutating func append<T: FixedWidthInteger>(littleEndian value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(self[offset + $1]) << (8 * $1) }
    }

    func int32(at offset: Int) -> Int32 { Int32(bitPattern: uint32(at: offset)) }

    func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }
}

internal import CX11
import GestureConfig
import GestureEngine
import GestureRuntime
import TextSearch
import Logging

/// Strokes drawn with a pen or a mouse while a button is held (`stroke: { device, button }`),
/// as easystroke drew them.
///
/// For each such button the capture takes an XI2 passive grab on each pen or mouse device
/// itself (`XIGrabButton` on the slave device, any modifiers, asynchronous), never on the core
/// pointer, so other devices' buttons, and the other buttons of these, are untouched. While the
/// button is held the grab brings the device's moves to the capture, and the session follows
/// them as a touch of its own type. A press no stroke binding takes (a click: it moved under
/// the stroke's least length, or drew no bound shape) is then played to the application through
/// XTest as it was: the button pressed where it was pressed, the path so far, and, once it is
/// released, the release. XTest's events carry the keyboard's modifiers as they are then.
///
/// A pen is a pointer device whose X and Y axes are absolute and that reports no touches (a
/// stylus, a tablet); a mouse one whose axes are relative and that has no touchpad gestures.
extension TouchCapture {
    /// A grabbed device: its id, name and kind.
    public struct StrokeDevice: Hashable, Sendable, CustomStringConvertible {
        public var id: DeviceID
        public var name: String
        public var kind: GestureConfig.StrokeDevice

        public var description: String { "'\(name)' (id \(id.rawValue), \(kind.rawValue))" }
    }

    /// A press the session follows, and what it may have to play back.
    struct HeldPress {
        var device: StrokeDevice
        var button: Int
        /// The path since the press, in root pixels, at most `maximumHeldPath` points (for a
        /// rejected press that is played back after its release).
        var path: [Point]
        /// When each point of `path` was reached, in server milliseconds.
        var times: [UInt64]
        var released = false
        /// The session's decision, once made.
        var delivery: Delivery?
        /// The modifiers held at the press (`mods.effective`: Shift 1, Control 4, Mod1 8, …).
        var modifiers: UInt32 = 0

        /// Keeps the first point and every other one after it, in place.
        mutating func halve() {
            var kept = 1
            for index in stride(from: 2, to: path.count, by: 2) {
                path[kept] = path[index]
                times[kept] = times[index]
                kept += 1
            }
            path.removeLast(path.count - kept)
            times.removeLast(times.count - kept)
        }
    }

    /// The most points of a held press kept for playing it back.
    static let maximumHeldPath = 512

    /// Grabs `buttons` on every pen and mouse device (and lets go of the grabs it held before).
    /// Called at start, when the config changes and when devices come and go. Returns the
    /// devices grabbed, for the log.
    @discardableResult
    public func grabStrokeButtons(_ buttons: [PointerStrokeButton]) -> [StrokeDevice] {
        ungrabStrokeButtons()
        strokeButtons = buttons
        let devices = buttons.isEmpty && heldPress == nil ? [] : Self.strokeDevices(connection: connection)
        if let held = heldPress {
            // A press under way ends as it began, whatever the new grabs; if its device is gone,
            // it ends now.
            if devices.contains(where: { $0.id == held.device.id }) {
                strokeDevices[held.device.id] = held.device
            } else {
                cancelHeldPress()
            }
        }
        guard !buttons.isEmpty else { return [] }
        let display = connection.display, root = Window(connection.root.rawValue)
        var grabbed: [StrokeDevice] = []
        var bits = Self.mask([XI_ButtonPress, XI_ButtonRelease, XI_Motion])
        for device in devices {
            var took = false
            for grab in buttons where grab.device == device.kind {
                var modifiers = XIGrabModifiers(modifiers: cx11_XIAnyModifier(), status: 0)
                let status = bits.withUnsafeMutableBufferPointer { buffer in
                    var mask = XIEventMask(
                        deviceid: device.id.rawValue, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
                    return XIGrabButton(
                        display, device.id.rawValue, Int32(grab.button), root, 0, XIGrabModeAsync, XIGrabModeAsync,
                        0, &mask, 1, &modifiers)
                }
                if status == 0, modifiers.status == 0 {
                    strokeGrabs.append((device.id, grab.button))
                    took = true
                } else {
                    logger.warning("cannot grab \(grab) on \(device): another client holds it")
                }
            }
            if took {
                strokeDevices[device.id] = device
                grabbed.append(device)
            }
        }
        connection.flush()
        return grabbed
    }

    /// Lets go of every stroke button grab.
    func ungrabStrokeButtons() {
        var modifiers = XIGrabModifiers(modifiers: cx11_XIAnyModifier(), status: 0)
        for (device, button) in strokeGrabs {
            // Only the grabs this capture took; the server drops them with the connection anyway.
            XIUngrabButton(
                connection.display, device.rawValue, Int32(button), Window(connection.root.rawValue), 1, &modifiers)
        }
        strokeGrabs.removeAll()
        strokeDevices.removeAll()
    }

    /// The pen and mouse devices of the server: slave pointers other than XTest's, absolute
    /// without touches (pens) or relative without touchpad gestures (mice).
    static func strokeDevices(connection: X11Connection) -> [StrokeDevice] {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(connection.display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(infos) }
        var devices: [StrokeDevice] = []
        for info in UnsafeBufferPointer(start: infos, count: Int(count)) {
            // A device its grab holds is floating until the grab ends.
            guard info.use == XISlavePointer || info.use == XIFloatingSlave, info.enabled != 0,
                let classes = info.classes
            else { continue }
            let name = info.name.map { String(cString: $0) } ?? ""
            if name.contains(text: "XTEST") { continue }
            var absolute: Bool?
            var touches = false
            for index in 0..<Int(info.num_classes) {
                guard let anyClass = classes[index] else { continue }
                let raw = UnsafeRawPointer(anyClass)
                switch anyClass.pointee.type {
                case XITouchClass, XIGestureClass:
                    touches = true
                case XIValuatorClass:
                    let valuator = raw.assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    if valuator.number == 0 { absolute = valuator.mode == XIModeAbsolute }
                default:
                    continue
                }
            }
            guard !touches, let absolute else { continue }
            devices.append(
                StrokeDevice(id: DeviceID(rawValue: info.deviceid), name: name, kind: absolute ? .pen : .mouse))
        }
        return devices
    }

    /// Ends the press under way without its release (its device went away, or its release was
    /// never seen): the session hears it cancelled at the next `nextEvents`, and a button being
    /// played back is released.
    func cancelHeldPress() {
        guard let held = heldPress else { return }
        if held.delivery == .rejected, !held.released {
            XTestFakeButtonEvent(connection.display, UInt32(held.button), 0, 0)
            connection.flush()
        }
        if !held.released {
            cancelledPresses.append(
                CapturedPointerPress(
                    press: PointerPress(
                        device: held.device.kind, button: held.button, phase: .cancelled,
                        location: held.path[held.path.count - 1]),
                    time: held.times[held.times.count - 1], device: held.device.id))
        }
        heldPress = nil
    }

    /// The presses ended without their release since last asked (see `cancelHeldPress`).
    public func takeCancelledPresses() -> [CapturedPointerPress] {
        defer { cancelledPresses.removeAll() }
        return cancelledPresses
    }

    /// The press, move or release of a grabbed button, or nil for an event of another device
    /// or button. Keeps the path for playing it back.
    func strokePress(_ event: XIDeviceEvent) -> CapturedPointerPress? {
        let source = DeviceID(rawValue: event.sourceid)
        guard let device = strokeDevices[source] else { return nil }
        let location = Point(x: event.root_x, y: event.root_y)
        let phase: TouchPhase
        let button: Int
        switch event.evtype {
        case XI_ButtonPress:
            button = Int(event.detail)
            guard strokeGrabs.contains(where: { $0.device == source && $0.button == button }) else { return nil }
            // A grabbed press while one is under way: that one's release was lost (X sends one
            // even for a device disabled mid-press; this is for when it does not). It ends
            // first, so no press is stuck.
            cancelHeldPress()
            // The last rejected press's playback ends before this one begins.
            finishStrokePlayback()
            heldPress = HeldPress(
                device: device, button: button, path: [location], times: [UInt64(event.time)],
                modifiers: UInt32(bitPattern: event.mods.effective))
            heldPress?.path.reserveCapacity(Self.maximumHeldPath + 1)
            heldPress?.times.reserveCapacity(Self.maximumHeldPath + 1)
            phase = .began
        case XI_Motion:
            // Read into values, not a copy of the press: a copy would share the path's storage
            // and make every `keep` copy it (an allocation per move).
            guard heldPress?.device.id == source, heldPress?.released == false, let held = heldPress?.button
            else { return nil }
            button = held
            let delivery = heldPress?.delivery
            keep(location, at: UInt64(event.time))
            if delivery == .rejected {
                fakeMotion(to: location)
                connection.flush()
            }
            phase = .moved
        case XI_ButtonRelease:
            guard heldPress?.device.id == source, heldPress?.button == Int(event.detail),
                heldPress?.released == false
            else { return nil }
            button = Int(event.detail)
            let delivery = heldPress?.delivery
            keep(location, at: UInt64(event.time))
            switch delivery {
            case .rejected:
                // Being played back: the release follows.
                fakeMotion(to: location)
                XTestFakeButtonEvent(connection.display, UInt32(button), 0, 0)
                connection.flush()
                heldPress = nil
            case .accepted:
                endAcceptedPress(at: location)
            case nil:
                // The session decides at the release; `decideStrokePress` plays it if rejected.
                heldPress?.released = true
            }
            phase = .ended
        default:
            return nil
        }
        return CapturedPointerPress(
            press: PointerPress(device: device.kind, button: button, phase: phase, location: location),
            time: UInt64(event.time), device: source)
    }

    /// Adds a point to the held press's path, in place (its storage was reserved at the press).
    private func keep(_ location: Point, at time: UInt64) {
        guard let count = heldPress?.path.count else { return }
        if count == Self.maximumHeldPath { heldPress?.halve() }
        heldPress?.path.append(location)
        heldPress?.times.append(time)
    }

    /// A rejected press that had already been released, played to the application in its own
    /// time (`maximumReplayedHold` at most): a click as long as it was held, a drag moving as the
    /// hand moved. Played all at once, a tap then a drag a few milliseconds apart read to GTK as
    /// a double click.
    struct Playback {
        var button: Int
        var path: [Point]
        /// When to send each point, in seconds after `start`; the release goes with the last.
        var offsets: [Double]
        var next = 1
        var start: Double
        /// The modifier keys pressed for it, to release after it.
        var modifiers: [UInt8]
    }

    /// The session's decision for the held press: accepted, a stroke binding took it and it
    /// stays with the capture; rejected, it is played to the application (in its own time if the
    /// button is already up, see `Playback`; else what it did so far at once, then the rest as it
    /// comes). `now` is the caller's monotonic clock (see `nextDeadline`).
    public func decideStrokePress(_ delivery: Delivery, now: Double) {
        guard let held = heldPress, held.delivery == nil else { return }
        heldPress?.delivery = delivery
        if delivery == .rejected {
            finishStrokePlayback()
            let display = connection.display
            // The click as it was: its modifiers held again if they were let go meanwhile.
            let pressed = pressModifiers(held.modifiers)
            fakeMotion(to: held.path[0])
            XTestFakeButtonEvent(display, UInt32(held.button), 1, 0)
            if held.released {
                let first = held.times[0]
                let duration = Double(held.times[held.times.count - 1] &- first) / 1000
                let scale = duration > Self.maximumReplayedHold ? Self.maximumReplayedHold / duration : 1
                strokePlayback = Playback(
                    button: held.button, path: held.path,
                    offsets: held.times.map { Double($0 &- first) / 1000 * scale }, start: now, modifiers: pressed)
                advanceStrokePlayback(to: now)
            } else {
                for point in held.path.dropFirst() { fakeMotion(to: point) }
                for keycode in pressed.reversed() { XTestFakeKeyEvent(display, UInt32(keycode), 0, 0) }
            }
            connection.flush()
        }
        if held.released {
            if delivery == .accepted, let last = held.path.last { endAcceptedPress(at: last) }
            heldPress = nil
        }
    }

    /// When the playback has its next point to send, or nil.
    var strokePlaybackDeadline: Double? {
        guard let playback = strokePlayback else { return nil }
        return playback.start + playback.offsets[min(playback.next, playback.offsets.count - 1)]
    }

    /// Sends the playback's points due by `now`, and at the last one the release.
    func advanceStrokePlayback(to now: Double) {
        guard var playback = strokePlayback else { return }
        while playback.next < playback.path.count, playback.start + playback.offsets[playback.next] <= now {
            fakeMotion(to: playback.path[playback.next])
            playback.next += 1
        }
        strokePlayback = playback
        if playback.next >= playback.path.count, playback.start + (playback.offsets.last ?? 0) <= now {
            finishStrokePlayback()
        }
        connection.flush()
    }

    /// Sends what is left of the playback at once and releases its button and keys: a new
    /// press comes, or the daemon stops.
    func finishStrokePlayback() {
        guard let playback = strokePlayback else { return }
        let display = connection.display
        for point in playback.path[min(playback.next, playback.path.count)...] { fakeMotion(to: point) }
        XTestFakeButtonEvent(display, UInt32(playback.button), 0, 0)
        for keycode in playback.modifiers.reversed() { XTestFakeKeyEvent(display, UInt32(keycode), 0, 0) }
        strokePlayback = nil
        logger.debug("button \(playback.button) played back: \(playback.path.count) points")
    }

    /// A stroke a binding took has ended: a mouse's pointer goes to where it ended. While the
    /// grab held the mouse, X moved the mouse's own position and not the pointer's, and its
    /// next grab starts from its own: put side by side again, the next stroke's first move does
    /// not jump, and the pointer is where the hand moved it. A pen's position is absolute: its
    /// next event puts the pointer under it (moving the pointer here could move it after the
    /// pen's next press, away from it).
    private func endAcceptedPress(at location: Point) {
        if heldPress?.device.kind == .mouse {
            fakeMotion(to: location)
            connection.flush()
        }
        heldPress = nil
    }

    /// Presses, through XTest, one key of each modifier in `modifiers` (Shift, Lock excepted,
    /// Control, Mod1–Mod5) that is not held now; returns their keycodes, to release after the
    /// click. The corresponding Xlib calls are `XQueryPointer`, `XGetModifierMapping` and
    /// `XTestFakeKeyEvent`.
    private func pressModifiers(_ modifiers: UInt32) -> [UInt8] {
        let wanted = modifiers & ~UInt32(LockMask) & 0xFF
        guard wanted != 0 else { return [] }
        let display = connection.display
        var root: Window = 0, child: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var now: UInt32 = 0
        XQueryPointer(display, Window(connection.root.rawValue), &root, &child, &rootX, &rootY, &x, &y, &now)
        let missing = wanted & ~now
        guard missing != 0, let map = XGetModifierMapping(display) else { return [] }
        defer { XFreeModifiermap(map) }
        let perModifier = Int(map.pointee.max_keypermod)
        var pressed: [UInt8] = []
        for modifier in 0..<8 where missing & (1 << UInt32(modifier)) != 0 {
            guard
                let keycode = (0..<perModifier).lazy.map({ map.pointee.modifiermap[modifier * perModifier + $0] })
                    .first(where: { $0 != 0 })
            else { continue }
            XTestFakeKeyEvent(display, UInt32(keycode), 1, 0)
            pressed.append(keycode)
        }
        return pressed
    }

    /// Lifts a button being played back, and lets go of the grabs: for shutdown.
    func releaseStrokePress() {
        finishStrokePlayback()
        if let held = heldPress, held.delivery == .rejected, !held.released {
            XTestFakeButtonEvent(connection.display, UInt32(held.button), 0, 0)
        }
        heldPress = nil
        ungrabStrokeButtons()
    }
}

/// A grabbed pen or mouse button's event, as the capture reports it.
public struct CapturedPointerPress: Hashable, Sendable, CustomStringConvertible {
    public var press: PointerPress
    /// The server's timestamp, in milliseconds.
    public var time: UInt64
    /// The slave device it came from.
    public var device: DeviceID

    public var description: String { "\(press) from device \(device) at \(time) ms" }
}

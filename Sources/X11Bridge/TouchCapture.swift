internal import CX11
import GestureConfig
import GestureEngine
import GestureRuntime
import Glibc
import Logging

/// One touch event the grab delivered, in screen pixels: the bridge's value for an `XI_TouchBegin/Update/End`.
public struct CapturedTouch: Hashable, Sendable, CustomStringConvertible {
    /// The touch as the runtime takes it, in root-window pixels (`root_x`, `root_y`; the session
    /// turns them into points). Its id is the server's (`detail`), unique among live touches, not
    /// the id the device reported; its phase is `began` for `XI_TouchBegin`, `moved` for
    /// `XI_TouchUpdate` and `ended` for `XI_TouchEnd` (the finger lifted, or the touch was
    /// rejected and went on to the window below). The server sends no other phase.
    public var sample: TouchSample
    /// The server's timestamp, in milliseconds (`time`; it wraps after 49.7 days).
    public var time: UInt64
    /// The slave device the touch came from (`sourceid`).
    public var device: DeviceID
    /// The window under the touch, as the server names it (`child`: a frame or a part of one
    /// under a reparenting window manager), or none on the bare root.
    public var window: WindowID = .none
    /// For an `ended` touch: the finger is still down, the touch went to another client (it was
    /// rejected, or it drives the pointer); its moves and its real lift follow as
    /// `CaptureEvent.followed`. False for a real lift, and whenever the server sends no raw
    /// touch events to tell the two apart.
    public var isHandedOver = false

    public var description: String {
        "touch \(sample.id) \(sample.phase) at (\(sample.location.x), \(sample.location.y)) "
            + "from device \(device) at \(time) ms"
    }
}

/// What the capture's event pump reports.
public enum CaptureEvent: Hashable, Sendable {
    /// A grabbed touch event from a captured device, to feed to the engine.
    case touch(CapturedTouch)
    /// A touchpad gesture event from a captured touchpad (XInput 2.4).
    case gesture(CapturedGesture)
    /// A touch device appeared, vanished, or was enabled or disabled.
    case device(DeviceChange)
    /// A press, move or release of a pen's or mouse's button a stroke binding draws with.
    case pointer(CapturedPointerPress)
    /// Some input device came or went: the stroke buttons' grabs are taken again.
    case pointerDevicesChanged
    /// A move or the real lift of a touch the capture handed on (`CapturedTouch.isHandedOver`),
    /// followed through raw touch events: for recordings and live views, never for the engine.
    case followed(CapturedTouch)
    /// A touch landed that the capture was not given: another client holds a grab of the
    /// pointer (a menu, a drag, a screen locker). Its `began` sample, reported once, at its first
    /// move or its lift; the touch is that client's.
    case elsewhere(CapturedTouch)
}

extension CaptureEvent {
    /// The event as the runtime takes it (`BridgeRuntime.read`), with the server's stamp; nil
    /// for what only the driver handles (devices coming and going).
    public var serverEvent: ServerEvent? {
        switch self {
        case .touch(let touch): ServerEvent(.touch(touch.sample, handedOver: touch.isHandedOver), stamp: touch.time)
        case .followed(let touch): ServerEvent(.followed(touch.sample), stamp: touch.time)
        case .elsewhere(let touch): ServerEvent(.elsewhere(touch.sample), stamp: touch.time)
        case .gesture(let gesture): ServerEvent(.pad(gesture.event), stamp: gesture.time)
        case .pointer(let pointer): ServerEvent(.pointer(pointer.press), stamp: pointer.time)
        case .device, .pointerDevicesChanged: nil
        }
    }
}

/// Grabs every touch on the screen before any application sees it, and passes each on or keeps it.
///
/// UIKit's delivery model on X11: the capture owns each touch sequence first
/// (`XIGrabTouchBegin` on the root for all master devices, any modifiers). For each
/// touch, exactly one decision goes back to the server: `accept` keeps it (the
/// application underneath never sees it), `reject` hands it on (the application
/// receives the whole sequence, replayed from its TouchBegin). A decision for a
/// touch that already ended is still sent: the server holds it until then. Once
/// rejected, the touch ends for the capture at once (the server sends the owner a
/// TouchEnd while the finger may still be down), and that end is reported, so the
/// engine forgets the touch. Touches from devices the filter excludes are rejected
/// at once and never reported. Touchpad gestures are selected on the root
/// (XInput 2.4) and reported from the touchpads the filter admits.
///
/// Only one client may grab touches on a window. When another holds the root's grab
/// (mutter and GNOME Shell do, for their own touchscreen gestures), the capture grabs
/// below it instead, on every top-level window as it appears (`Placement.topLevelWindows`):
/// X asks the root's grabber first, and each touch it rejects comes to the capture next,
/// which then decides as before. Only touches on the bare root are then out of reach.
public final class TouchCapture {
    /// Where the capture's touch grabs sit.
    public enum Placement: Hashable, Sendable, CustomStringConvertible {
        /// One grab on the root window: the capture sees every touch first.
        case root
        /// A grab on each top-level window, below another client's grab on the root.
        case topLevelWindows

        public var description: String {
            switch self {
            case .root: "the root window"
            case .topLevelWindows: "each top-level window, after the root's grabber"
            }
        }
    }

    let connection: X11Connection
    /// The touch devices, kept current by the hierarchy events this capture selects.
    public let devices: InputDevices
    var ledger = TouchLedger()
    /// The touches whose begin was reported: their updates and end are reported too.
    var reported: Set<TouchID> = []
    /// Where the grabs are now.
    public internal(set) var placement: Placement = .root
    /// Whether the grab on the root is held (placement `.root`, until `releaseAll`).
    var holdsRootGrab = false
    /// The top-level windows grabbed in placement `.topLevelWindows`.
    var grabbedWindows: Set<WindowID> = []
    /// The touch handed over to the pointer (`handOverToPointer`), with what it needs to go on.
    var pointerTouch: PointerTouch?
    /// The pen and mouse buttons stroke bindings draw with, the grabs taken for them, the
    /// devices grabbed, and the press being followed (`TouchCapture+PointerStrokes`).
    var strokeButtons: [PointerStrokeButton] = []
    var strokeGrabs: [(device: DeviceID, button: Int)] = []
    var strokeDevices: [DeviceID: StrokeDevice] = [:]
    var heldPress: HeldPress?
    var strokePlayback: Playback?
    /// Presses ended without their release, reported cancelled at the next `nextEvents`.
    var cancelledPresses: [CapturedPointerPress] = []
    /// Where each reported touch began and last was, in root pixels, until it is decided and
    /// has ended: for `handOverToPointer`.
    var positions: [TouchID: TouchTrack] = [:]
    /// The ends to report for touches handed over to the pointer, which the server will not end.
    var handedOver: [CapturedTouch] = []
    /// The server time of the newest touch or gesture event, in milliseconds: the user's
    /// last input, for requests that must carry a real timestamp (`_NET_ACTIVE_WINDOW`).
    public private(set) var lastEventTime: UInt64 = 0
    /// Whether the touchpad gesture in progress is reported.
    var reportsGesture = false
    /// Follows touches through raw events (`RawTouchFollower`), with each device's axis scale.
    var follower = RawTouchFollower()
    /// Each device's scale, asked once; nil remembered for a device without x and y ranges, so
    /// its raw events never cost a round trip each.
    var axisScales: [DeviceID: RawTouchFollower.AxisScale?] = [:]
    /// Why touchpad gestures are not captured (an old server, another client selected them); nil when they are.
    public private(set) var gesturesUnavailableReason: String?
    /// Where programmer errors (a second decision, a decision for an unknown touch) and unexpected
    /// X errors go: logged through the process's swift-log handler, never sent to the server.
    public var logger = Logger(label: "gesturebridge.capture")

    /// Grabs touches on the root window (or, when another client holds that grab, on every
    /// top-level window) and selects hotplug events.
    ///
    /// The corresponding Xlib calls are `XISelectEvents` (`XI_HierarchyChanged` for
    /// `XIAllDevices`; the touchpad gestures for `XIAllMasterDevices`) and
    /// `XIGrabTouchBegin`. Touchpad gestures that cannot be selected are only noted in
    /// `gesturesUnavailableReason`.
    public init(connection: X11Connection, filter: DeviceFilter = .all) {
        self.connection = connection
        devices = InputDevices(connection: connection, filter: filter)
        let display = connection.display, root = Window(connection.root.rawValue)

        // Raw touch events come to every client that selects them, whoever owns the touch:
        // what follows a handed-over touch to its lift (`RawTouchFollower`).
        var hierarchy = Self.mask([XI_HierarchyChanged, XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd])
        hierarchy.withUnsafeMutableBufferPointer { bits in
            var mask = XIEventMask(deviceid: XIAllDevices, mask_len: Int32(bits.count), mask: bits.baseAddress)
            _ = XISelectEvents(display, root, &mask, 1)
        }
        if connection.grabTouches(on: connection.root) {
            holdsRootGrab = true
        } else {
            placeGrabsOnTopLevelWindows()
        }
        gesturesUnavailableReason = selectGestures()
    }

    deinit {
        releaseAll()
    }

    /// Reads every event already received without blocking, and appends what it means.
    ///
    /// Call it when the connection's descriptor is readable, and after a request that
    /// may have brought events in. The corresponding Xlib calls are `XPending`,
    /// `XNextEvent` and `XGetEventData`.
    public func nextEvents(into events: inout [CaptureEvent]) {
        let display = connection.display
        events.append(contentsOf: handedOver.lazy.map(CaptureEvent.touch))
        handedOver.removeAll(keepingCapacity: true)
        events.append(contentsOf: takeCancelledPresses().map(CaptureEvent.pointer))
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.xcookie.type == GenericEvent else {
                // Top-level windows coming and going, for placement `.topLevelWindows`.
                followTopLevel(event)
                continue
            }
            guard event.xcookie.extension == connection.xinputOpcode,
                XGetEventData(display, &event.xcookie) != 0
            else { continue }
            defer { XFreeEventData(display, &event.xcookie) }
            let cookie = event.xcookie
            switch cookie.evtype {
            case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
                let raw = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self)
                let touch = Self.capturedTouch(raw.pointee)
                lastEventTime = touch.time
                record(
                    touch, through: DeviceID(rawValue: raw.pointee.deviceid),
                    grab: WindowID(rawValue: UInt64(raw.pointee.event)), into: &events)
            case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd:
                let raw = cookie.data.assumingMemoryBound(to: XIRawEvent.self)
                if let event = follow(raw.pointee) { events.append(event) }
            case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd,
                XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
                if let gesture = Self.capturedGesture(cookie), shouldReport(gesture) {
                    lastEventTime = gesture.time
                    events.append(.gesture(gesture))
                }
            case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
                let raw = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self)
                let press = strokePress(raw.pointee)
                // A press that ended a lost one comes after that one's cancellation.
                events.append(contentsOf: takeCancelledPresses().map(CaptureEvent.pointer))
                if let press {
                    lastEventTime = press.time
                    events.append(.pointer(press))
                }
            case XI_HierarchyChanged:
                axisScales.removeAll()
                if !strokeButtons.isEmpty { events.append(.pointerDevicesChanged) }
                var changes: [DeviceChange] = []
                devices.apply(cookie.data.assumingMemoryBound(to: XIHierarchyEvent.self), into: &changes)
                events.append(contentsOf: changes.map(CaptureEvent.device))
            default:
                // XI_TouchOwnership: the capture owns every touch from its begin, as the first grab,
                // or as the next one once the root's grabber has rejected it.
                continue
            }
        }
        dropStaleDecisionErrors()
    }

    /// The one conversion from an XI2 touch event to the bridge's value.
    static func capturedTouch(_ event: XIDeviceEvent) -> CapturedTouch {
        let phase: TouchPhase =
            switch event.evtype {
            case XI_TouchBegin: .began
            case XI_TouchUpdate: .moved
            default: .ended
            }
        return CapturedTouch(
            sample: TouchSample(
                id: TouchID(UInt32(bitPattern: event.detail)), phase: phase,
                location: Point(x: event.root_x, y: event.root_y)),
            time: UInt64(event.time),
            device: DeviceID(rawValue: event.sourceid),
            window: WindowID(rawValue: UInt64(event.child)))
    }

    /// Updates the ledger and appends what to report of the touch: nothing when it was passed on.
    ///
    /// Whether a sequence is reported is settled at its begin, so a device disabled
    /// mid-touch still reports the end of the touches it started. The touch handed
    /// over to the pointer drives the pointer; it is reported only as followed. A touch
    /// that leaves the capture undecided, its finger still down, was taken by another
    /// client's grab (an active pointer grab takes it at its first move): `.elsewhere` follows its end.
    private func record(
        _ touch: CapturedTouch, through master: DeviceID, grab window: WindowID, into events: inout [CaptureEvent]
    ) {
        guard let event = record(touch, through: master, grab: window) else { return }
        events.append(event)
        if case .touch(let ended) = event, ended.isHandedOver, ledger.isUndecided(ended.sample.id) {
            var taken = ended
            taken.sample.phase = .began
            events.append(.elsewhere(taken))
        }
    }

    private func record(_ touch: CapturedTouch, through master: DeviceID, grab window: WindowID) -> CaptureEvent? {
        if pointerTouch?.id == touch.sample.id, pointerTouch?.releaseAt == nil {
            followPointerTouch(touch)
            _ = follower.grabbed(touch.sample.id, touch.sample.phase, at: touch.sample.location)
            if touch.sample.phase == .ended { ledger.ended(touch.sample.id) }
            return .followed(touch)
        }
        let id = touch.sample.id
        let location = touch.sample.location
        switch touch.sample.phase {
        case .began:
            ledger.began(id, device: master, window: window)
            guard devices.capturesTouches(from: touch.device) else {
                decide(id, .rejected)
                return nil
            }
            reported.insert(id)
            positions[id] = TouchTrack(
                begin: location, last: location, window: touch.window,
                beganAt: touch.time, lastAt: touch.time)
            _ = follower.grabbed(id, .began, at: location)
            return .touch(touch)
        case .moved, .stationary:
            guard reported.contains(id) else { return nil }
            if positions[id]?.firstStep == nil, ledger.isUndecided(id), location != positions[id]?.begin {
                positions[id]?.firstStep = location
            }
            positions[id]?.last = location
            positions[id]?.lastAt = touch.time
            _ = follower.grabbed(id, touch.sample.phase, at: location)
            return .touch(touch)
        case .ended, .cancelled:
            ledger.ended(id)
            let isReported = reported.remove(id) != nil
            let handedOver = isReported && follower.grabbed(id, touch.sample.phase, at: location) == .handedOver
            // The server's end of a rejected touch carries the first touch's place for every touch
            // of the hand: a handed-over touch is where its own raw events put it.
            let own =
                handedOver
                ? (follower.position(of: id, scale: axisScale(of: touch.device)) ?? positions[id]?.last ?? location)
                : location
            positions[id]?.last = own
            positions[id]?.lastAt = touch.time
            if !ledger.isUndecided(id) { positions[id] = nil }
            guard isReported else { return nil }
            var ended = touch
            ended.sample.location = own
            ended.isHandedOver = handedOver
            return .touch(ended)
        }
    }

    /// Keeps the touch: the application underneath never sees it.
    public func accept(_ id: TouchID) { decide(id, .accepted) }

    /// Passes the touch on: the window below receives the whole sequence, replayed from its begin.
    public func reject(_ id: TouchID) { decide(id, .rejected) }

    /// Sends the decision for a touch, exactly once; a second decision is logged and not sent.
    ///
    /// The corresponding Xlib call is `XIAllowTouchEvents` with `XIAcceptTouch` or `XIRejectTouch`,
    /// naming the window whose grab the touch came through.
    public func decide(_ id: TouchID, _ delivery: Delivery) {
        switch ledger.decide(id, delivery) {
        case let .send(device, window):
            let mode =
                switch delivery {
                case .accepted: XIAcceptTouch
                case .rejected: XIRejectTouch
                }
            XIAllowTouchEvents(connection.display, device.rawValue, id.rawValue, Window(window.rawValue), mode)
            connection.flush()
            if !reported.contains(id), pointerTouch?.id != id { positions[id] = nil }
        case .alreadyDecided(let earlier):
            logger.error("bug: touch \(id) was already \(earlier); not sending \(delivery)")
        case .unknown:
            logger.error("bug: no grabbed touch \(id) to be \(delivery)")
        }
    }

    /// The touches still waiting for a decision, ended or not.
    public var undecidedTouches: [TouchID] { ledger.undecided }

    /// Whether any touch waits for a decision, ended or not.
    public var holdsUndecidedTouches: Bool { ledger.hasUndecided }

    /// Rejects every undecided touch, lifts the button a touch holds down, and ungrabs:
    /// for SIGTERM and fatal errors.
    ///
    /// The applications underneath get the held touches, replayed. The corresponding
    /// Xlib calls are `XIUngrabTouchBegin` and `XTestFakeButtonEvent`.
    public func releaseAll() {
        for id in ledger.undecided { decide(id, .rejected) }
        releasePointerTouch()
        releaseStrokePress()
        ungrabAll()
        connection.flush()
    }

    static func mask(_ events: [Int32]) -> [UInt8] {
        var bits = [UInt8](repeating: 0, count: Int(cx11_XIMaskLen(XI_LASTEVENT)))
        for event in events { cx11_XISetMask(&bits, event) }
        return bits
    }
}

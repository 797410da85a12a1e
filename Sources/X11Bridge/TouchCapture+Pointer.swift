internal import CX11
import GestureEngine

/// A touch no gesture wants, played to the pointer through XTest instead of replayed.
///
/// A rejected touch reaches a window that does not select touch events as an emulated
/// pointer press carrying the time the touch began. A client that grabs the pointer with
/// that press's time, as window managers do on a title-bar press (xfwm4, and the
/// decorations of most others), is refused with `GrabInvalidTime`: by then the server's
/// last grab time is later. So for a touch on a window manager's decorations the
/// capture keeps the touch and presses button 1 itself where the touch began, moves the
/// pointer with the finger and releases it when the finger lifts: events with the
/// current time, which every grab accepts. A touch that lifted before it was decided is
/// played with its own duration: the button goes up as long after the press as the finger
/// was down (at most `maximumReplayedHold`), so a tap is a click and two taps a double click,
/// as the window manager expects of a hand. One touch at a time drives the pointer; its
/// button is always released, on lift, when its time is up, on `releaseAll`.
extension TouchCapture {
    /// The touch that drives the pointer.
    struct PointerTouch {
        var id: TouchID
        /// For a touch that already lifted: when to release the button (monotonic seconds).
        var releaseAt: Double?
        /// Until when the pointer stays at the path's first step (monotonic seconds), and where the
        /// finger is meanwhile: see `catchUpDelay`.
        var catchUpAt: Double?
        var latest: Point?
    }

    /// How long the pointer waits at the first step of a handed-over drag before it jumps to the
    /// finger, in seconds.
    ///
    /// fluxbox (and any manager whose title bar binds "move with button 1 held") starts a move at
    /// the first motion it handles and compresses queued motions into the last one: a press and
    /// the whole 150 ms of path sent at once anchored its move at the end of the path, and the
    /// window lagged the finger by that much (a drag of (150, 100) moved it (98, 65)). Pressed
    /// where the finger landed and moved one step, then held there for this long, the manager
    /// anchors at the start; 30 ms is far more than a window manager takes for two events, and
    /// the finger is followed again after it, whole.
    public static let catchUpDelay = 0.03

    /// The longest a lifted touch's press is held when it is played back, in seconds.
    public static let maximumReplayedHold = 0.3

    /// What is known of a reported touch: where it began, on which window, and where it is.
    public struct TouchTrack: Hashable, Sendable {
        public var begin: Point
        public var last: Point
        /// Its first move after `begin`, while undecided: where the pointer goes right after the
        /// press (`catchUpDelay`).
        public var firstStep: Point?
        /// The window under the touch when it began, as the server named it (`child`: a frame or
        /// a part of one under a reparenting window manager); `.none` on the bare root.
        public var window: WindowID
        /// When it began and when last heard of, in server milliseconds.
        public var beganAt: UInt64
        public var lastAt: UInt64
    }

    /// Where a reported touch began and is, while the capture holds it.
    public func track(of id: TouchID) -> TouchTrack? { positions[id] }

    /// Keeps an undecided touch and plays it to the pointer: button 1 pressed where it began,
    /// moved to where it is, and released when it ends, or, if it has ended, as long after the
    /// press as the finger was down (`now` is the caller's monotonic clock; see `nextDeadline`).
    ///
    /// Returns false, and does nothing, when the touch is not held undecided or another
    /// touch drives the pointer: decide it as usual then. A touch still down is reported
    /// once more, as ended, by the next `nextEvents`, so the engine forgets it as it would a
    /// rejected one. The corresponding Xlib calls are `XIAllowTouchEvents` (accept),
    /// `XTestFakeMotionEvent` and `XTestFakeButtonEvent`.
    public func handOverToPointer(_ id: TouchID, now: Double) -> Bool {
        // A lifted touch still playing its press ends now: the next one follows it.
        if pointerTouch?.releaseAt != nil { releasePointerTouch() }
        guard pointerTouch == nil, ledger.isUndecided(id), let track = positions[id] else { return false }
        decide(id, .accepted)
        let display = connection.display
        fakeMotion(to: track.begin)
        XTestFakeButtonEvent(display, 1, 1, 0)
        // The first step of the path now, the rest once the window manager has seen it.
        let first = track.firstStep ?? track.last
        if first != track.begin { fakeMotion(to: first) }
        let catchUp = first != track.last ? now + Self.catchUpDelay : nil
        if reported.remove(id) != nil {
            pointerTouch = PointerTouch(id: id, catchUpAt: catchUp, latest: catchUp.map { _ in track.last })
            handedOver.append(
                CapturedTouch(
                    sample: TouchSample(id: id, phase: .ended, location: track.last),
                    time: lastEventTime, device: DeviceID(rawValue: 0), window: track.window,
                    isHandedOver: true))
        } else {
            // The finger lifted before the decision: the button goes up when the finger did.
            if first != track.last { fakeMotion(to: track.last) }
            let held = Double(track.lastAt &- track.beganAt) / 1000
            pointerTouch = PointerTouch(id: id, releaseAt: now + min(max(held, 0), Self.maximumReplayedHold))
        }
        connection.flush()
        return true
    }

    /// When `timerFired(at:)` has a button to release or a pointer to move on, or nil.
    public var nextDeadline: Double? {
        let touch = pointerTouch?.catchUpAt ?? pointerTouch?.releaseAt
        guard let playback = strokePlaybackDeadline else { return touch }
        return min(touch ?? playback, playback)
    }

    /// Moves a handed-over drag's pointer on to the finger, and releases the button of a lifted
    /// touch, when their time is up.
    public func timerFired(at now: Double) {
        if let due = strokePlaybackDeadline, due <= now { advanceStrokePlayback(to: now) }
        if let due = pointerTouch?.catchUpAt, due <= now {
            catchUp()
            connection.flush()
        }
        guard let due = pointerTouch?.releaseAt, due <= now else { return }
        releasePointerTouch()
        connection.flush()
    }

    /// The pointer from the path's first step to where the finger is now.
    private func catchUp() {
        if let latest = pointerTouch?.latest { fakeMotion(to: latest) }
        pointerTouch?.catchUpAt = nil
        pointerTouch?.latest = nil
    }

    /// Moves the pointer with the touch that drives it, and lifts the button when it ends.
    func followPointerTouch(_ touch: CapturedTouch) {
        if pointerTouch?.catchUpAt != nil {
            pointerTouch?.latest = touch.sample.location
            guard touch.sample.phase == .ended else { return }
            catchUp()
        } else {
            fakeMotion(to: touch.sample.location)
        }
        if touch.sample.phase == .ended {
            XTestFakeButtonEvent(connection.display, 1, 0, 0)
            pointerTouch = nil
            positions[touch.sample.id] = nil
        }
        connection.flush()
    }

    /// Lifts the button a touch holds down, if any: when its time is up, and for shutdown.
    func releasePointerTouch() {
        guard let touch = pointerTouch else { return }
        XTestFakeButtonEvent(connection.display, 1, 0, 0)
        positions[touch.id] = nil
        pointerTouch = nil
    }

    func fakeMotion(to point: Point) {
        XTestFakeMotionEvent(connection.display, -1, PointerInjector.pixel(point.x), PointerInjector.pixel(point.y), 0)
    }
}

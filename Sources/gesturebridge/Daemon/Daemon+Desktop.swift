import GestureEngine
import GestureRuntime
import Logging
import X11Bridge

/// The daemon beside the window manager: where its touch grab sits, and the touches it plays to the pointer.
extension Daemon {
    /// Notices a window manager that started, stopped or was replaced, and moves the touch grab.
    ///
    /// mutter (and GNOME Shell, muffin) takes the root's touch grab when it starts, for its own
    /// gestures; the capture then sits below it, on the windows. One that arrives while the
    /// capture holds the root found the grab taken: the capture gives the root up so that
    /// mutter's next start can have it, and says so. Any other change lets the capture take
    /// the root back when it is free.
    func followWindowManager() {
        let manager = tracker.windowManager
        guard manager != windowManager else { return }
        windowManager = manager
        feedbackState.tracker.desktopSwitchAnimation = manager?.desktopSwitchAnimation ?? 0
        logger.notice("window manager: \(manager.map(\.description) ?? "none")")
        if let manager, manager.grabsRootTouches {
            guard capture.placement == .root else { return }
            capture.yieldRootGrab()
            logger.warning(
                """
                \(manager.name) started after gesturebridge and found the root's touch grab taken: its own \
                touchscreen gestures stay off until it restarts. gesturebridge has let go of the root and now \
                takes each touch after it, on the windows.
                """)
        } else if capture.placement == .topLevelWindows, capture.moveGrabToRoot() {
            logger.notice("the root's touch grab is free again: gesturebridge holds it and sees every touch first")
        }
    }

    /// Says, once at start, where the capture's grabs are and why.
    func logGrabBelow() {
        let holder = windowManager.flatMap { $0.grabsRootTouches ? $0.name : nil } ?? "another client"
        logger.notice(
            """
            \(holder) holds the root's touch grab: gesturebridge takes each touch after it, on the windows \
            (touches on the bare desktop stay \(holder)'s)
            """)
    }

    /// Sends a touch's decision; a rejected touch on a window manager's decorations drives the
    /// pointer instead, so the title bar, its buttons and the borders work by touch.
    func decide(_ id: TouchID, _ delivery: Delivery) {
        if delivery == .rejected, let track = capture.track(of: id),
            tracker.isDecoration(at: track.begin, under: track.window),
            capture.handOverToPointer(id, now: MonotonicClock.now())
        {
            if verbose { logger.debug("touch \(id) on the decorations of \(track.window): played to the pointer") }
            return
        }
        capture.decide(id, delivery)
    }
}

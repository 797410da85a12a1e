/// The arena: routes touches to recognizers and applies UIKit's ordering rules.
///
/// Feed it frames of touches with `handle(_:at:)` and let time pass with
/// `advance(to:)`; read what happened from `events`. It never reads a clock:
/// `nextDeadline` tells the caller when to call `advance(to:)` next.
///
/// The rules it applies:
/// - the recognizers for a touch are fixed at touch-down: those on the hit view
///   and its ancestors, deeper views evaluated first;
/// - when one begins or recognizes, every other still-possible recognizer on the
///   same touches fails, unless the two may recognize simultaneously or
///   `canPrevent`/`canBePrevented` say otherwise;
/// - a recognizer that requires another to fail waits in `possible`, silently,
///   until that one fails; if that one succeeds, it fails;
/// - each touch gets one delivery decision: accepted when a recognizer using it
///   begins or recognizes, rejected when none on its path can use it any more.
public final class GestureEngine {
    /// The root of the view tree: hit testing starts here.
    public var root: View
    /// What happened since the caller last cleared it.
    @exclusivity(unchecked)
    public internal(set) var events: [EngineEvent] = []
    /// Whether to work out `viewTouchEvents`: off by default, and off in the daemon, whose
    /// application gets touches through the X touch grab (`EngineEvent.delivery`).
    public var reportsViewTouches = false
    /// What the views under the touches received, as UIKit delivers touches beside recognizers
    /// (`delaysTouchesBegan`, `delaysTouchesEnded`, `cancelsTouchesInView`), when
    /// `reportsViewTouches` is on; cleared with `events` by `removeAllEvents()`.
    public internal(set) var viewTouchEvents: [ViewTouchEvent] = []
    /// The touches whose views are not done with them yet.
    var viewTouches: [Touch] = []

    /// The time of the latest event or timer, in seconds.
    @exclusivity(unchecked)
    public private(set) var now: Double = 0

    @exclusivity(unchecked)
    var liveTouches: [Touch] = []
    @exclusivity(unchecked)
    var undecidedTouches: [Touch] = []
    @exclusivity(unchecked)
    var activeRecognizers: [GestureRecognizer] = []
    @exclusivity(unchecked)
    var pendingActions: [(GestureRecognizer, GestureRecognizer.State)] = []
    /// Decisions made, reported after the action messages of the same moment, as the replay contract orders them.
    @exclusivity(unchecked)
    var pendingDeliveries: [EngineEvent] = []
    /// The delivery decisions for pens' and mice's touches since the caller last cleared them:
    /// the press the bridge holds back is the application's when rejected.
    public var pointerDeliveries: [PointerDelivery] = []
    @exclusivity(unchecked)
    var frameTouches: [Touch] = []
    @exclusivity(unchecked)
    var subset: [Touch] = []
    @exclusivity(unchecked)
    var cause: TransitionCause = .external
    var cycleDepth = 0
    /// Marks the touches changed in the frame being dispatched (`Touch.frameStamp`).
    @exclusivity(unchecked)
    var frameStamp: UInt64 = 0
    var nextEvaluationIndex = 0

    /// Creates an engine over a view tree.
    public init(root: View) {
        self.root = root
        events.reserveCapacity(256)
        liveTouches.reserveCapacity(16)
        undecidedTouches.reserveCapacity(16)
        activeRecognizers.reserveCapacity(64)
        pendingActions.reserveCapacity(32)
        pendingDeliveries.reserveCapacity(16)
        frameTouches.reserveCapacity(16)
        subset.reserveCapacity(16)
    }

    /// Forgets the reported events, keeping their storage.
    public func removeAllEvents() {
        events.removeAll(keepingCapacity: true)
        viewTouchEvents.removeAll(keepingCapacity: true)
    }

    /// The touches now on the screen, in the order they landed.
    public var touches: [Touch] { liveTouches }

    /// How many recognizers take part in the current touches or wait on a timer.
    public var activeRecognizerCount: Int { activeRecognizers.count }

    /// The earliest time at which `advance(to:)` has work to do; nil when no timer is pending.
    public var nextDeadline: Double? {
        var earliest: Double?
        for recognizer in activeRecognizers where recognizer.pendingState == nil {
            if let d = recognizer.deadline, earliest.map({ d < $0 }) ?? true { earliest = d }
            if let d = recognizer.fingerWindowDeadline, earliest.map({ d < $0 }) ?? true { earliest = d }
        }
        return earliest
    }

    // MARK: Input

    /// Processes one frame of touch input at `time`, after firing any timers due by then.
    ///
    /// A frame holds at most one sample per touch. Samples for unknown touches
    /// (moved or ended without a touch-down) are ignored, and a second touch-down
    /// for a live touch is treated as a move.
    public func handle(_ samples: [TouchSample], at time: Double) {
        advance(to: time)
        now = max(now, time)
        beginCycle()
        frameTouches.removeAll(keepingCapacity: true)
        // Moves and lifts first, then touch-downs: a frame may hold the lift of one hand
        // and the landing of the next, and the new fingers must find the old ones gone.
        for sample in samples {
            guard let touch = liveTouch(sample.id, sample.type), !frameTouches.contains(where: { $0 === touch }) else {
                continue
            }
            touch.previousLocation = touch.location
            touch.location = sample.location
            touch.timestamp = now
            touch.phase = sample.phase == .began ? .moved : sample.phase
            frameTouches.append(touch)
        }
        for sample in samples where sample.phase == .began && liveTouch(sample.id, sample.type) == nil {
            frameTouches.append(touchDown(sample))
        }
        dispatch()
        endCycle()
    }

    /// Fires every timer due by `time`, in deadline order, each at its own time.
    public func advance(to time: Double) {
        while let (recognizer, deadline, isFingerWindow) = earliestTimer(), deadline <= time {
            now = max(now, deadline)
            beginCycle()
            if isFingerWindow {
                recognizer.fingerWindowDeadline = nil
                if recognizer.storedState == .possible, recognizer.peakTouchCount < recognizer.requiredNumberOfTouches {
                    transition(
                        recognizer, to: .failed,
                        because: .failure(
                            .tooFewFingers(count: recognizer.peakTouchCount, wanted: recognizer.requiredNumberOfTouches)
                        ))
                }
            } else {
                recognizer.deadline = nil
                cause = .timer
                recognizer.timerFired(at: deadline)
                cause = .external
                flushActions()
            }
            endCycle()
        }
        now = max(now, time)
    }

    /// Ends everything at once: cancels every touch, cancels or fails every
    /// recognizer, and decides every undecided touch (rejected unless already accepted).
    ///
    /// For shutdown and for a device that disappears.
    public func cancelAll(at time: Double) {
        now = max(now, time)
        beginCycle()
        frameTouches.removeAll(keepingCapacity: true)
        for touch in liveTouches {
            touch.previousLocation = touch.location
            touch.phase = .cancelled
            touch.timestamp = now
            frameTouches.append(touch)
        }
        dispatch()
        for recognizer in activeRecognizers where !recognizer.storedState.isFinished {
            recognizer.pendingState = nil
            let target: GestureRecognizer.State = recognizer.storedState.isInProgress ? .cancelled : .failed
            transition(recognizer, to: target, because: .shutdown)
        }
        endCycle()
    }

    // MARK: Touch-down

    func liveTouch(_ id: TouchID, _ type: TouchType) -> Touch? {
        for touch in liveTouches where touch.id == id && touch.type == type { return touch }
        return nil
    }

    func touchDown(_ sample: TouchSample) -> Touch {
        let touch = Touch(
            id: sample.id, type: sample.type, location: sample.location,
            hitTestLocation: sample.hitTestLocation, time: now)
        touch.buttonMask = sample.buttonMask
        liveTouches.append(touch)
        if reportsViewTouches { viewTouches.append(touch) }
        if let hit = root.hitTest(root.convert(fromScreen: touch.hitTestLocation), for: touch.type) {
            touch.view = hit
            for view in hit.responderChain {
                for recognizer in view.gestureRecognizers where accepts(recognizer, touch) {
                    touch.gestureRecognizers.append(recognizer)
                }
            }
        }
        for recognizer in touch.gestureRecognizers {
            activate(recognizer)
            if recognizer.touches.isEmpty {
                recognizer.peakTouchCount = 0
                recognizer.attemptStart = now
            }
            recognizer.touches.append(touch)
            recognizer.sequenceTouches.append(touch)
            recognizer.peakTouchCount = max(recognizer.peakTouchCount, recognizer.touches.count)
            let required = recognizer.requiredNumberOfTouches
            if required > 1, recognizer.storedState == .possible {
                if recognizer.touches.count == 1 {
                    recognizer.fingerWindowDeadline = now + recognizer.fingerWindow
                } else if recognizer.peakTouchCount >= required {
                    recognizer.fingerWindowDeadline = nil
                }
            }
        }
        if touch.gestureRecognizers.isEmpty {
            decide(touch, .rejected)
        } else {
            undecidedTouches.append(touch)
        }
        return touch
    }

    /// Whether a recognizer takes a new touch: enabled, of an allowed type, not finished,
    /// not waiting, not done with this landing of fingers, and its delegate agrees.
    func accepts(_ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
        guard recognizer.isEnabled, recognizer.allowedTouchTypes.contains(touch.type),
            !touch.type.hasButtons || touch.buttonMask == recognizer.buttonMaskRequired,
            !recognizer.storedState.isFinished, recognizer.pendingState == nil,
            !isLaterFingerOfItsLanding(recognizer)
        else {
            return false
        }
        recognizer.engine = self
        return recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
    }

    /// Whether a touch landing now belongs to a landing of fingers the multi-finger
    /// recognizer has already finished with.
    ///
    /// Real hands put their fingers down over tens of milliseconds. A two-finger pinch
    /// fails when the third finger of a five-finger pinch lands, and is reset; without
    /// this rule it would start again on the fourth and fifth fingers, 31 and 72 ms
    /// into the same landing, and take them from the five-finger gesture. So a
    /// recognizer needing several fingers takes no new touch within `fingerWindow` of
    /// its last attempt's first touch while a finger of that attempt is still down.
    func isLaterFingerOfItsLanding(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.requiredNumberOfTouches > 1, recognizer.touches.isEmpty,
            let start = recognizer.attemptStart, now < start + recognizer.fingerWindow
        else { return false }
        for touch in liveTouches
        where touch.beganAt >= start && !touch.phase.isFinished
            && touch.gestureRecognizers.contains(where: { $0 === recognizer })
        {
            return true
        }
        return false
    }

    func activate(_ recognizer: GestureRecognizer) {
        guard !recognizer.isActive else { return }
        recognizer.isActive = true
        recognizer.engine = self
        recognizer.evaluationDepth = recognizer.view?.depth ?? 0
        if let view = recognizer.view, let index = view.gestureRecognizers.firstIndex(where: { $0 === recognizer }) {
            recognizer.evaluationIndex = index
        }
        // Deeper views first, then attachment order: UIKit's evaluation order.
        let position =
            activeRecognizers.firstIndex { other in
                other.evaluationDepth < recognizer.evaluationDepth
                    || (other.evaluationDepth == recognizer.evaluationDepth
                        && other.evaluationIndex > recognizer.evaluationIndex)
            } ?? activeRecognizers.endIndex
        activeRecognizers.insert(recognizer, at: position)
    }

    // MARK: Dispatch

    func dispatch() {
        guard !frameTouches.isEmpty else { return }
        frameStamp &+= 1
        for touch in frameTouches { touch.frameStamp = frameStamp }
        let event = TouchEvent(timestamp: now, allTouches: liveTouches)
        for recognizer in activeRecognizers
        where recognizer.pendingState != nil
            && recognizer.touches.contains(where: { $0.frameStamp == frameStamp })
        {
            recognizer.missedMovement = true
        }
        for recognizer in activeRecognizers where receivesThisFrame(recognizer) {
            let wasRunning = recognizer.storedState.isInProgress
            deliver(.began, to: recognizer, event)
            deliver(.moved, to: recognizer, event)
            deliver(.ended, to: recognizer, event)
            deliver(.cancelled, to: recognizer, event)
            // A began recognizer that gets another event moves to changed, as in UIKit, and one
            // that has not written its state since it began reports changed on every event of
            // its touches. Touches it ignored in their touchesBegan do not count as an event for it.
            if wasRunning,
                recognizer.storedState == .began
                    || (recognizer.storedState == .changed && recognizer.writesSinceBegan == 0),
                recognizer.touches.contains(where: { $0.frameStamp == frameStamp })
            {
                transition(recognizer, to: .changed, because: .external)
            }
            if !recognizer.touches.isEmpty {
                recognizer.lastCentroid = TouchGeometry.centroid(of: recognizer.touches)
            }
            failIfSetOffEarly(recognizer)
            flushActions()
        }
        for recognizer in activeRecognizers where recognizer.touches.contains(where: { $0.phase.isFinished }) {
            recognizer.touches.removeAll { $0.phase.isFinished }
        }
        if frameTouches.contains(where: { $0.phase.isFinished }) {
            liveTouches.removeAll { $0.phase.isFinished }
        }
    }

    /// Fails a multi-finger recognizer still waiting for the rest of its fingers once every
    /// finger it has has travelled further than `landingTravel` since it landed: fingers of one
    /// hand land before the first ones go far, so these are a drag or a scroll, and the
    /// application's as soon as nothing else wants them, not when the finger window closes.
    func failIfSetOffEarly(_ recognizer: GestureRecognizer) {
        guard recognizer.storedState == .possible, recognizer.pendingState == nil,
            recognizer.fingerWindowDeadline != nil, !recognizer.touches.isEmpty,
            recognizer.touches.count < recognizer.requiredNumberOfTouches,
            recognizer.touches.contains(where: { $0.frameStamp == frameStamp })
        else { return }
        var least = Double.infinity
        for touch in recognizer.touches {
            if touch.phase.isFinished { return }
            least = min(least, touch.location.distance(to: touch.initialLocation))
        }
        guard least > recognizer.landingTravel else { return }
        recognizer.fingerWindowDeadline = nil
        transition(
            recognizer, to: .failed,
            because: .failure(
                .setOffEarly(
                    fingers: recognizer.touches.count, travelled: least, allowed: recognizer.landingTravel)))
    }

    /// Whether the recognizer takes events and tracks a touch that changed in this frame.
    func receivesThisFrame(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.isEnabled, !recognizer.storedState.isFinished, recognizer.pendingState == nil else {
            return false
        }
        return recognizer.touches.contains { $0.frameStamp == frameStamp }
    }

    /// Calls the recognizer's callback for its touches that changed in this frame with the given phase.
    func deliver(_ phase: TouchPhase, to recognizer: GestureRecognizer, _ event: TouchEvent) {
        guard recognizer.isEnabled, !recognizer.storedState.isFinished, recognizer.pendingState == nil else { return }
        subset.removeAll(keepingCapacity: true)
        for touch in recognizer.touches where touch.frameStamp == frameStamp {
            // Stationary touches are reported with the moved ones, as UIKit's touchesMoved does.
            let touchPhase = touch.phase == .stationary ? .moved : touch.phase
            if touchPhase == phase { subset.append(touch) }
        }
        guard let first = subset.first else { return }
        cause = .touches(phase, first.id)
        switch phase {
        case .began: recognizer.touchesBegan(subset, with: event)
        case .moved, .stationary: recognizer.touchesMoved(subset, with: event)
        case .ended: recognizer.touchesEnded(subset, with: event)
        case .cancelled: recognizer.touchesCancelled(subset, with: event)
        }
        cause = .external
    }

    // MARK: Hooks from recognizers

    func recognizerWasDisabled(_ recognizer: GestureRecognizer) {
        guard recognizer.isActive, !recognizer.storedState.isFinished else { return }
        beginCycle()
        recognizer.pendingState = nil
        transition(recognizer, to: recognizer.storedState.isInProgress ? .cancelled : .failed, because: .disabled)
        endCycle()
    }

    func touchWasIgnored(_ touch: Touch) {
        guard cycleDepth == 0, touch.delivery == nil else { return }
        beginCycle()
        endCycle()
    }
}

// Exclusivity: the engine's and recognizers' hot stored properties are marked
// `@exclusivity(unchecked)`. Dynamic enforcement cost a third of every event
// (measured with `gesturebridge bench` and perf), and the engine never holds an
// access across a call that could reach the same property: it copies what it
// iterates, and recognizers only touch their own state from their callbacks.

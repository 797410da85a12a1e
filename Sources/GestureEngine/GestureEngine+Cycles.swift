/// Units of work: the end of each frame or timer decides touches, sends actions and resets recognizers.
extension GestureEngine {
    func beginCycle() {
        cycleDepth += 1
    }

    /// Closes a unit of work: fails recognizers whose touches all ended, decides
    /// touches, sends actions, and resets finished recognizers.
    func endCycle() {
        cycleDepth -= 1
        guard cycleDepth == 0 else { return }
        for recognizer in activeRecognizers
        where recognizer.pendingState == nil && recognizer.touches.isEmpty && recognizer.deadline == nil {
            // A sequence whose touches have all ended is over. A recognizer still
            // possible never recognized: it fails. One still running was left so by
            // its subclass: cancel it, so no hold-style action outlives its touches.
            if recognizer.storedState == .possible {
                transition(recognizer, to: .failed, because: .sequenceEnded)
            } else if recognizer.storedState.isInProgress {
                transition(recognizer, to: .cancelled, because: .sequenceEnded)
            }
        }
        flushActions()
        decideUndecidedTouches()
        flushActions()
        if !viewTouches.isEmpty { updateViewTouches() }
        resetFinishedRecognizers()
    }

    /// Tells each view what UIKit's window would by now: a touch's `began` once no recognizer
    /// that delays it may still want it, its moves, its `ended` once no recognizer that delays
    /// ends may still want it, and `cancelled` when a recognizer that cancels touches in the
    /// view takes it. Runs before finished recognizers are reset, so a failure counts.
    func updateViewTouches() {
        var index = 0
        while index < viewTouches.count {
            let touch = viewTouches[index]
            updateView(of: touch)
            if touch.viewState == .finished {
                viewTouches.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    private func updateView(of touch: Touch) {
        func tell(_ phase: TouchPhase) {
            viewTouchEvents.append(ViewTouchEvent(touch: touch.id, phase: phase, time: now))
        }
        if isClaimed(touch) {
            if touch.viewState == .delivering || touch.viewState == .endHeld { tell(.cancelled) }
            touch.viewState = .finished
            return
        }
        if touch.viewState == .held {
            guard !isAwaited(touch, by: \.delaysTouchesBegan) else { return }
            tell(.began)
            touch.viewState = .delivering
            touch.viewStamp = touch.frameStamp
        }
        if touch.viewState == .delivering {
            if touch.frameStamp != touch.viewStamp, touch.phase == .moved || touch.phase == .stationary {
                tell(.moved)
            }
            touch.viewStamp = touch.frameStamp
            switch touch.phase {
            case .cancelled:
                tell(.cancelled)
                touch.viewState = .finished
            case .ended:
                touch.viewState = .endHeld
            case .began, .moved, .stationary:
                return
            }
        }
        if touch.viewState == .endHeld, !isAwaited(touch, by: \.delaysTouchesEnded) {
            tell(.ended)
            touch.viewState = .finished
        }
    }

    /// Whether a recognizer that may still use the touch holds its delivery back.
    private func isAwaited(_ touch: Touch, by delays: KeyPath<GestureRecognizer, Bool>) -> Bool {
        for recognizer in touch.gestureRecognizers
        where recognizer[keyPath: delays] && !recognizer.storedState.isFinished
            && recognizer.sequenceTouches.contains(where: { $0 === touch })
        {
            return true
        }
        return false
    }

    /// Accepts the touches running gestures claim and rejects those nothing may still want.
    ///
    /// Touches rejected together go least-travelled first. X replays each rejected touch's
    /// whole history before the next one's, so the application sees the first finger go its
    /// whole way alone, and the second land only then: the first finger's travel is what the
    /// application takes for a one-finger drag and what it adds to the fingers' starting
    /// spread (a two-finger scroll read as a pinch, a pinch read as a smaller one). The
    /// finger that moved least, say a pinch's anchored thumb, makes both smallest.
    func decideUndecidedTouches() {
        var rejecting = 0
        for touch in undecidedTouches where touch.delivery == nil {
            // A touch that joined a running gesture, and was not ignored by it
            // in its touchesBegan, belongs to that gesture.
            if isClaimed(touch) {
                accept(touch)
            } else if !isWanted(touch) {
                touch.isBeingRejected = true
                rejecting += 1
            }
        }
        while rejecting > 0 {
            var next: Touch?
            for touch in undecidedTouches where touch.isBeingRejected {
                if let chosen = next, chosen.travel <= touch.travel { continue }
                next = touch
            }
            guard let touch = next else { break }
            touch.isBeingRejected = false
            decide(touch, .rejected)
            rejecting -= 1
        }
        undecidedTouches.removeAll { $0.delivery != nil }
    }

    /// Whether a running gesture that keeps touches from the application tracks the touch.
    func isClaimed(_ touch: Touch) -> Bool {
        for recognizer in touch.gestureRecognizers
        where recognizer.cancelsTouchesInView
            && (recognizer.storedState.isInProgress || recognizer.storedState == .ended)
            && recognizer.sequenceTouches.contains(where: { $0 === touch })
        {
            return true
        }
        return false
    }

    /// Whether any recognizer on the touch's path may still use it.
    func isWanted(_ touch: Touch) -> Bool {
        for recognizer in touch.gestureRecognizers
        where !recognizer.storedState.isFinished && recognizer.sequenceTouches.contains(where: { $0 === touch }) {
            return true
        }
        return false
    }

    func resetFinishedRecognizers() {
        var index = 0
        while index < activeRecognizers.count {
            let recognizer = activeRecognizers[index]
            if recognizer.storedState.isFinished {
                let from = recognizer.storedState
                // UIKit calls reset() before the recognizer returns to possible, so a
                // subclass's reset still sees its final state (the seeds' tickle
                // recognizer relies on this).
                recognizer.reset()
                recognizer.failureReason = nil
                recognizer.storedState = .possible
                recognizer.pendingState = nil
                recognizer.deadline = nil
                recognizer.fingerWindowDeadline = nil
                recognizer.touches.removeAll(keepingCapacity: true)
                recognizer.sequenceTouches.removeAll(keepingCapacity: true)
                recognizer.peakTouchCount = 0
                recognizer.missedMovement = false
                events.append(.transition(recognizer, from: from, to: .possible, cause: .reset, time: now))
            }
            if recognizer.storedState == .possible, recognizer.sequenceTouches.isEmpty, recognizer.deadline == nil {
                recognizer.isActive = false
                activeRecognizers.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    func decide(_ touch: Touch, _ delivery: Delivery) {
        guard touch.delivery == nil else { return }
        touch.delivery = delivery
        switch touch.type {
        case .direct:
            pendingDeliveries.append(.delivery(touch.id, delivery, time: now))
        case .pencil, .mouseButton:
            // A press the bridge holds back: played to the application if rejected.
            pointerDeliveries.append(PointerDelivery(type: touch.type, id: touch.id, delivery: delivery, time: now))
        case .indirectPointer:
            // A touchpad's touches have no application sequence to keep or hand on.
            break
        }
    }

    func accept(_ touch: Touch) {
        decide(touch, .accepted)
    }

    func flushActions() {
        defer {
            if !pendingDeliveries.isEmpty {
                events.append(contentsOf: pendingDeliveries)
                pendingDeliveries.removeAll(keepingCapacity: true)
            }
        }
        guard !pendingActions.isEmpty else { return }
        var index = 0
        while index < pendingActions.count {
            let (recognizer, state) = pendingActions[index]
            events.append(.action(recognizer, state, recognizer.snapshot(), time: now))
            for target in recognizer.targets { target(recognizer) }
            index += 1
        }
        pendingActions.removeAll(keepingCapacity: true)
    }

    func earliestTimer() -> (GestureRecognizer, Double, Bool)? {
        var best: (GestureRecognizer, Double, Bool)?
        for recognizer in activeRecognizers where recognizer.pendingState == nil {
            if let d = recognizer.fingerWindowDeadline, best.map({ d < $0.1 }) ?? true { best = (recognizer, d, true) }
            if let d = recognizer.deadline, best.map({ d < $0.1 }) ?? true { best = (recognizer, d, false) }
        }
        return best
    }

}

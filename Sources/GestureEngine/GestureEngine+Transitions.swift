/// The state machine's rules: UIKit's corrections, require-to-fail, prevention and simultaneity.
extension GestureEngine {
    /// A subclass wrote `state`: correct the write, then apply UIKit's rules for leaving `possible`.
    func requestTransition(_ recognizer: GestureRecognizer, to requested: GestureRecognizer.State) {
        recognizer.writesSinceBegan += 1
        let current = recognizer.storedState
        guard let target = current.correctedTransition(to: requested) else {
            if current.isFinished, requested != current {
                events.append(
                    .transition(
                        recognizer, from: current, to: current,
                        cause: .corrected(requested: requested), time: now))
            }
            return
        }
        var why: TransitionCause = target == requested ? cause : .corrected(requested: requested)
        if target == .failed, requested == .failed, let reason = recognizer.failureReason { why = .failure(reason) }
        if recognizer.pendingState != nil {
            // It already recognized and waits for others to fail; only a failure changes that.
            if target == .failed {
                recognizer.pendingState = nil
                transition(recognizer, to: .failed, because: why)
            }
            return
        }
        if current == .possible, target == .began || target == .ended {
            leavePossible(recognizer, to: target, because: why)
        } else {
            transition(recognizer, to: target, because: why)
        }
        if cycleDepth == 0 {
            // Written from outside any callback: finish the unit of work now.
            beginCycle()
            endCycle()
        }
    }

    /// The checks UIKit makes when a recognizer tries to begin or recognize.
    func leavePossible(
        _ recognizer: GestureRecognizer, to target: GestureRecognizer.State,
        because why: TransitionCause
    ) {
        if !viewsLetBegin(recognizer) {
            transition(recognizer, to: .failed, because: .shouldBeginDenied)
            return
        }
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            transition(recognizer, to: .failed, because: .shouldBeginDenied)
            return
        }
        switch requirementStatus(of: recognizer) {
        case .succeeded(let other):
            transition(recognizer, to: .failed, because: .requirementSucceeded(other))
        case .pending(let other):
            recognizer.pendingState = target
            events.append(
                .transition(
                    recognizer, from: .possible, to: .possible,
                    cause: .waitingForFailure(other), time: now))
        case .clear:
            enter(recognizer, target, because: why)
        }
    }

    /// Enters began or ended once nothing holds the recognizer back, unless a running gesture prevents it.
    func enter(_ recognizer: GestureRecognizer, _ target: GestureRecognizer.State, because why: TransitionCause) {
        for other in activeRecognizers where other !== recognizer && prevents(other, recognizer) {
            let state = other.storedState
            guard state.isInProgress || state == .ended, sharesTouches(other, recognizer) else { continue }
            transition(recognizer, to: .failed, because: .preventedBy(other))
            return
        }
        transition(recognizer, to: target, because: why)
        for other in activeRecognizers where other !== recognizer && other.storedState == .possible {
            guard sharesTouches(other, recognizer), prevents(recognizer, other) else { continue }
            other.pendingState = nil
            transition(other, to: .failed, because: .preventedBy(recognizer))
        }
    }

    /// Whether `winner`, by beginning or recognizing, makes `loser` fail.
    func prevents(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
        !mayRecognizeSimultaneously(winner, loser)
            && winner.canPrevent(loser) && loser.canBePrevented(by: winner)
    }

    /// Whether two recognizers may be recognized at the same time.
    func mayRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if a.simultaneousPartners.contains(where: { $0.recognizer === b }) { return true }
        if b.simultaneousPartners.contains(where: { $0.recognizer === a }) { return true }
        if a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true { return true }
        return b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    func sharesTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        for touch in a.sequenceTouches where b.sequenceTouches.contains(where: { $0 === touch }) {
            return true
        }
        return false
    }

    enum RequirementStatus {
        case clear
        case pending(GestureRecognizer)
        case succeeded(GestureRecognizer)
    }

    /// Whether `recognizer` must wait, must fail, or may go ahead, given the recognizers it requires to fail.
    ///
    /// Only recognizers taking part in the current touches count: one that sees
    /// no touches cannot recognize, so UIKit treats it as failed.
    func requirementStatus(of recognizer: GestureRecognizer) -> RequirementStatus {
        var pending: GestureRecognizer?
        for other in activeRecognizers where other !== recognizer && requires(recognizer, toFail: other) {
            switch other.storedState {
            case .began, .changed, .ended:
                return .succeeded(other)
            case .possible:
                if pending == nil { pending = other }
            case .failed, .cancelled:
                continue
            }
        }
        if let pending { return .pending(pending) }
        return .clear
    }

    /// Whether `recognizer` requires `other` to fail, by `require(toFail:)`, subclass or delegate.
    func requires(_ recognizer: GestureRecognizer, toFail other: GestureRecognizer) -> Bool {
        if recognizer.failureRequirements.contains(where: { $0.recognizer === other }) { return true }
        if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer) { return true }
        if recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true { return true }
        return other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    /// Applies a valid transition: records it, queues the action, decides touches
    /// and lets recognizers that wait on this one move on.
    func transition(
        _ recognizer: GestureRecognizer, to target: GestureRecognizer.State,
        because why: TransitionCause
    ) {
        let from = recognizer.storedState
        guard from != target || target == .changed else { return }
        recognizer.storedState = target
        if target == .began { recognizer.writesSinceBegan = 0 }
        events.append(.transition(recognizer, from: from, to: target, cause: why, time: now))
        if target.sendsAction { pendingActions.append((recognizer, target)) }
        if from == .possible, target == .began || target == .ended {
            if recognizer.cancelsTouchesInView {
                for touch in recognizer.sequenceTouches { accept(touch) }
            }
            recognizer.fingerWindowDeadline = nil
            for other in activeRecognizers
            where other !== recognizer && !other.storedState.isFinished && !other.storedState.isInProgress
                && requires(other, toFail: recognizer)
            {
                other.pendingState = nil
                transition(other, to: .failed, because: .requirementSucceeded(recognizer))
            }
        } else if target == .failed {
            recognizer.fingerWindowDeadline = nil
            releaseRecognizers(waitingOn: recognizer)
        }
    }

    /// Re-examines recognizers that wait for others to fail, after `failed` failed.
    func releaseRecognizers(waitingOn failed: GestureRecognizer) {
        for waiting in activeRecognizers {
            guard let target = waiting.pendingState, requires(waiting, toFail: failed) else { continue }
            switch requirementStatus(of: waiting) {
            case .succeeded(let other):
                waiting.pendingState = nil
                transition(waiting, to: .failed, because: .requirementSucceeded(other))
            case .pending:
                continue
            case .clear:
                waiting.pendingState = nil
                enter(waiting, target, because: .requirementFailed(failed))
                // A waiting recognizer gets no events, so it missed the lift of its
                // touches: a continuous gesture released after they ended is over.
                if waiting.storedState == .began, waiting.touches.allSatisfy({ $0.phase.isFinished }) {
                    transition(waiting, to: .ended, because: .sequenceEnded)
                } else if waiting.storedState == .began, !waiting.resumeAfterWaiting(at: now),
                    waiting.missedMovement
                {
                    catchUp(waiting)
                }
                waiting.missedMovement = false
            }
        }
    }

    /// Shows a recognizer released from waiting where its touches are now, so a
    /// pan does not begin with the translation it had when it started to wait.
    func catchUp(_ recognizer: GestureRecognizer) {
        let live = recognizer.touches.filter { !$0.phase.isFinished }
        guard !live.isEmpty else { return }
        let saved = cause
        cause = .caughtUp
        recognizer.touchesMoved(live, with: TouchEvent(timestamp: now, allTouches: liveTouches))
        cause = saved
    }

    /// UIView's `gestureRecognizerShouldBegin(_:)`, asked as UIKit asks it: of the view each of
    /// the recognizer's touches landed on (its hit view: a slider refuses its scroll view's pan
    /// this way), then of the recognizer's own view if no touch landed on it; any false stops it.
    func viewsLetBegin(_ recognizer: GestureRecognizer) -> Bool {
        let touches = recognizer.touches
        var ownViewAsked = false
        for index in touches.indices {
            guard let view = touches[index].view else { continue }
            // Each view once, without allocating: skip it if an earlier touch landed on it too.
            if touches[..<index].contains(where: { $0.view === view }) { continue }
            if view === recognizer.view { ownViewAsked = true }
            if let shouldBegin = view.gestureRecognizerShouldBegin, !shouldBegin(recognizer) { return false }
        }
        if !ownViewAsked, let view = recognizer.view, let shouldBegin = view.gestureRecognizerShouldBegin,
            !shouldBegin(recognizer)
        {
            return false
        }
        return true
    }
}

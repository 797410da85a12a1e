import GestureConfig
import GestureEngine

/// A swipe's or long press's `do`, again every `repeat:` interval while its fingers stay down.
struct Repeating {
    let recognizer: GestureRecognizer
    var actions: [FiredAction]
    /// A swipe's fingers: the repeats stop when one lifts. Empty for a long press, which stops
    /// when it ends.
    var fingers: [(id: TouchID, type: TouchType)]
    let interval: Double
    var next: Double
    var count = 0
}

extension BindingRuntime {
    /// When the next repeat is due; nil when nothing repeats.
    public var nextRepeat: Double? {
        // No array is made: the session asks this at every frame and deadline.
        repeats.min { $0.next < $1.next }?.next
    }

    /// Starts or stops a binding's repeats for one action message (`repeat:`).
    func noteRepeat(
        _ binding: Binding, _ recognizer: GestureRecognizer, _ state: GestureRecognizer.State,
        _ context: ActionContext, time: Double, liveTouches: [Touch]
    ) {
        guard let interval = binding.repeatInterval else { return }
        let starts =
            binding.recognizer.kind == .swipe ? state == .ended : state == .began
        if state == .ended || state == .cancelled || state == .failed {
            repeats.removeAll { $0.recognizer === recognizer }
        }
        guard starts, firesDo(binding, state) else { return }
        var fingers: [(id: TouchID, type: TouchType)] = []
        if binding.recognizer.kind == .swipe {
            fingers = Self.fingers(of: recognizer, in: liveTouches).map { ($0.id, $0.type) }
            guard !fingers.isEmpty else { return }
        }
        repeats.append(
            Repeating(
                recognizer: recognizer,
                actions: binding.actions.map {
                    FiredAction(time: time, gesture: binding.name, action: $0, context: context)
                },
                fingers: fingers, interval: interval, next: time + interval))
    }

    /// Stops the repeats of swipes one of whose fingers lifted in this frame.
    func stopRepeats(liftedIn samples: [TouchSample]) {
        guard !repeats.isEmpty else { return }
        repeats.removeAll { repeating in
            samples.contains { sample in
                sample.phase.isFinished && repeating.fingers.contains { $0.id == sample.id && $0.type == sample.type }
            }
        }
    }

    /// Fires the earliest repeat, due at `time`.
    func fireRepeat(at time: Double, into outputs: inout [GestureSession.Output]) {
        guard let index = repeats.indices.min(by: { repeats[$0].next < repeats[$1].next }),
            repeats[index].next <= time
        else { return }
        let due = repeats[index].next
        for var fired in repeats[index].actions {
            fired.time = due
            outputs.append(.action(fired))
        }
        repeats[index].count += 1
        repeats[index].next = due + repeats[index].interval
        if repeats[index].count >= Binding.maximumRepeats { repeats.remove(at: index) }
    }

    /// Stops every repeat: the touches were all cancelled.
    func stopAllRepeats() {
        repeats.removeAll(keepingCapacity: true)
    }
}

extension Thresholds {
    /// The shortest path a stroke may be, in points: shorter is a tap or a wobble.
    public static let strokeMinimumLength = 60.0
    /// The largest $P cloud distance at which a stroke still counts as its nearest shape.
    ///
    /// Measured (`StrokeClassifierTests`, `StrokeTests`): synthetic writers' strokes of the 16
    /// shapes match at 0.84 median, 1.33 at the 95th percentile; at 1.3, 94 % of 640 are
    /// recognized and none of the shared recordings' gestures fires a stroke (at 1.5: 97 % and
    /// 2 false fires; at 2.0: 98 % and 3).
    public static let strokeMaximumDistance = 1.3
}

/// A discrete recognizer for a drawn shape: a checkmark, a circle, a letter (the seeds'
/// custom recognizers, made general). It follows the centroid of `numberOfTouchesRequired`
/// fingers and, when they all lift, names the path's shape with `classifier`; it is
/// recognized if that is one of `shapes` and close enough (`maximumDistance`), else it fails
/// saying what it looked like. Like a tap, it decides at the lift, so recognizers that wait
/// for it (`require(toFail:)`) wait until then.
open class StrokeGestureRecognizer: GestureRecognizer {
    /// How many fingers draw it; more fail it, fewer fail it after the finger window.
    public var numberOfTouchesRequired = 1
    /// The shape names it accepts (`StrokeShapes.names`, or a template's own name).
    public var shapes: [String] = []
    /// The templates it matches against.
    public var classifier = StrokeShapes.classifier
    /// The largest cloud distance it accepts.
    public var maximumDistance = Thresholds.strokeMaximumDistance
    /// The shortest path it accepts, in points.
    public var minimumLength = Thresholds.strokeMinimumLength
    /// The shape recognized; nil until then.
    public private(set) var recognizedShape: String?

    /// The centroid's path, in screen points.
    var path = StrokePath()

    override open var kind: GestureKind { .custom("stroke") }

    override open var requiredNumberOfTouches: Int { numberOfTouchesRequired }

    override open var measurement: GestureMeasurement { .stroke(shape: recognizedShape ?? "") }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        if self.touches.count > numberOfTouchesRequired {
            fail(.tooManyFingers(count: self.touches.count, wanted: numberOfTouchesRequired))
            return
        }
        // A new finger moves the centroid: start the path again from the full set.
        path.restart(at: TouchGeometry.centroid(of: self.touches))
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        path.move(to: TouchGeometry.centroid(of: self.touches))
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        guard state == .possible else { return }
        // During the callback `touches` still holds the fingers lifting now.
        for touch in self.touches where touch.phase != .ended { return }
        guard path.length >= minimumLength else {
            fail(
                .other(
                    "drew \(FailureReason.number(path.length)) pt, a stroke needs \(FailureReason.number(minimumLength))"
                )
            )
            return
        }
        guard let match = classifier.classify(path.points) else {
            fail(.other("no shape to compare with"))
            return
        }
        guard match.distance <= maximumDistance else {
            fail(
                .other(
                    "looked most like '\(match.name)', but not enough (distance \(FailureReason.number(match.distance, decimals: 2)), "
                        + "more than \(FailureReason.number(maximumDistance, decimals: 2)))"))
            return
        }
        guard shapes.contains(where: { StrokeShapes.matches(match.name, wanted: $0) }) else {
            fail(.other("drew '\(match.name)', not \(shapes.map { "'\($0)'" }.joined(separator: " or "))"))
            return
        }
        recognizedShape = match.name
        state = .recognized
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        fail(.touchesCancelled)
    }

    override open func reset() {
        super.reset()
        path.removeAll()
        recognizedShape = nil
    }
}

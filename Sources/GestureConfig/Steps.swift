/// Actions repeated while a continuous gesture progresses, once per `every` of movement (`steps:`).
///
/// The executor keeps the figure at the last step; each time the gesture's measurement
/// has moved `every` further from it, one way or the other, it runs that side's actions
/// and moves the mark by `every`. A fast gesture can run a side several times in one update.
public enum Steps: Hashable, Sendable {
    /// Pinch steps: `every` is a change of scale (0.1 is a tenth of the starting spread).
    ///
    /// `inward` runs as the fingers close (scale falls), `outward` as they spread (scale rises).
    case pinch(every: Double, inward: [Action], outward: [Action])
    /// Rotation steps: `every` is an angle in radians; clockwise is positive, as on screen.
    case rotate(every: Double, clockwise: [Action], counterclockwise: [Action])
    /// Pan steps: `every` is a distance in points along either axis, measured on the translation.
    case pan(every: Double, left: [Action], right: [Action], up: [Action], down: [Action])

    /// The step size: scale units, radians or points.
    public var every: Double {
        switch self {
        case .pinch(let every, _, _): every
        case .rotate(let every, _, _): every
        case .pan(let every, _, _, _, _): every
        }
    }

    /// Every action named on any side, for checks that look at all of them.
    public var allActions: [Action] {
        switch self {
        case .pinch(_, let inward, let outward): inward + outward
        case .rotate(_, let clockwise, let counterclockwise): clockwise + counterclockwise
        case .pan(_, let left, let right, let up, let down): left + right + up + down
        }
    }
}

/// Measures of a group of fingers that generalise UIKit's two-finger gestures to 3–5.
///
/// The centroid stands for the group's position, the spread for pinch (twice the
/// mean distance from the centroid, which for two fingers is their distance, as
/// UIKit measures it) and the least-squares turn about the centroid for rotation.
public enum TouchGeometry {
    /// The mean location of the touches, in screen points; `.zero` when there are none.
    @inlinable public static func centroid(of touches: [Touch]) -> Point {
        guard !touches.isEmpty else { return .zero }
        var x = 0.0, y = 0.0
        for touch in touches {
            x += touch.location.x
            y += touch.location.y
        }
        let n = Double(touches.count)
        return Point(x: x / n, y: y / n)
    }

    /// Twice the mean distance of the touches from their centroid, in points.
    @inlinable public static func spread(of touches: [Touch]) -> Double {
        guard touches.count > 1 else { return 0 }
        let center = centroid(of: touches)
        var sum = 0.0
        for touch in touches { sum += touch.location.distance(to: center) }
        return 2 * sum / Double(touches.count)
    }

    /// Each touch's offset from the centroid, in points, written into `offsets` (reused, so
    /// measuring allocates nothing).
    @inlinable public static func offsets(of touches: [Touch], into offsets: inout [Vector]) {
        offsets.removeAll(keepingCapacity: true)
        let center = centroid(of: touches)
        for touch in touches { offsets.append(touch.location - center) }
    }

    /// How far the touches turned around their centroid between two lists of offsets, in
    /// radians within (-π, π], clockwise positive on a y-down screen: the rotation that best
    /// carries the old offsets onto the new ones (least squares), atan2(Σ old × new, Σ old · new).
    ///
    /// For two fingers it is the turn of the line between them, as UIKit measures it. For
    /// more, each finger counts by its distance from the centre: the mean of each finger's
    /// angle change let a finger near the centre (the middle one of three in a row) swing the
    /// whole rotation by 120° when it moved 6 pt, and a 3-finger swipe became a rotation.
    @inlinable public static func turn(from old: [Vector], to new: [Vector]) -> Double {
        var cross = 0.0, dot = 0.0
        for index in 0..<min(old.count, new.count) {
            cross += old[index].dx * new[index].dy - old[index].dy * new[index].dx
            dot += old[index].dx * new[index].dx + old[index].dy * new[index].dy
        }
        guard cross != 0 || dot != 0 else { return 0 }
        return atan2(cross, dot)
    }

    /// The angle brought into (-π, π].
    @inlinable public static func wrapAngle(_ angle: Double) -> Double {
        var a = angle
        while a > .pi { a -= 2 * .pi }
        while a <= -.pi { a += 2 * .pi }
        return a
    }
}

/// The arc tangent of y/x in radians, from the C library, without importing Foundation.
@inlinable public func atan2(_ y: Double, _ x: Double) -> Double {
    _atan2(y, x)
}

@_silgen_name("atan2")
@usableFromInline func _atan2(_ y: Double, _ x: Double) -> Double

/// The C library's cosine and sine of an angle in radians, for the stroke templates and matcher.
@_silgen_name("cos")
func cosRadians(_ x: Double) -> Double
@_silgen_name("sin")
func sinRadians(_ x: Double) -> Double

/// A velocity estimate over the last `Thresholds.velocityWindow` seconds of samples.
///
/// A fixed ring of samples, so tracking allocates nothing per event.
public struct VelocityTracker: Sendable {
    @usableFromInline static let capacity = 16
    @usableFromInline var xs = [Double](repeating: 0, count: 16)
    @usableFromInline var ys = [Double](repeating: 0, count: 16)
    @usableFromInline var ts = [Double](repeating: 0, count: 16)
    @usableFromInline var head = 0
    @usableFromInline var count = 0
    /// The window the estimate covers, in seconds.
    public var window: Double

    public init(window: Double = Thresholds.velocityWindow) {
        self.window = window
    }

    /// Forgets every sample.
    public mutating func reset() {
        head = 0
        count = 0
    }

    /// Adds a sample of a one- or two-dimensional value at a time.
    public mutating func add(time: Double, x: Double, y: Double = 0) {
        xs[head] = x
        ys[head] = y
        ts[head] = time
        head = (head + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// Shifts every stored sample by an offset, so a re-based value does not look like a jump.
    public mutating func shift(dx: Double, dy: Double = 0) {
        for index in 0..<Self.capacity {
            xs[index] += dx
            ys[index] += dy
        }
    }

    /// The rate of change per second over the recent samples: the slope of a least-squares line
    /// through every sample within `window` of the newest (at least the newest two), as UIKit
    /// estimates a pan's velocity from its recent touches rather than from two points. One
    /// sample's jitter moves it far less than a two-point difference; a steady drag gives its
    /// exact speed.
    public func velocity() -> Vector {
        guard count >= 2 else { return .zero }
        let newest = (head - 1 + Self.capacity) % Self.capacity
        var oldest = newest
        var steps = 1
        while steps < count {
            let candidate = (newest - steps + Self.capacity) % Self.capacity
            if ts[newest] - ts[candidate] > window { break }
            oldest = candidate
            steps += 1
        }
        if oldest == newest {
            // Only one sample inside the window: use the one just before it.
            oldest = (newest - 1 + Self.capacity) % Self.capacity
        }
        // The samples from `oldest` to `newest`, times taken from the newest for precision.
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0
        var index = oldest
        while true {
            let t = ts[index] - ts[newest]
            n += 1
            st += t
            sx += xs[index]
            sy += ys[index]
            if index == newest { break }
            index = (index + 1) % Self.capacity
        }
        let meanT = st / n, meanX = sx / n, meanY = sy / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        index = oldest
        while true {
            let t = ts[index] - ts[newest] - meanT
            stt += t * t
            stx += t * (xs[index] - meanX)
            sty += t * (ys[index] - meanY)
            if index == newest { break }
            index = (index + 1) % Self.capacity
        }
        guard stt > 0 else { return .zero }
        return Vector(dx: stx / stt, dy: sty / stt)
    }
}

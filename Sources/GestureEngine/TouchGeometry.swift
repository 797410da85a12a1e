/// Measures of a group of fingers that generalise UIKit's two-finger gestures to 3–5.
///
/// The centroid stands for the group's position, the spread for pinch (twice the
/// mean distance from the centroid, which for two fingers is their distance, as
/// UIKit measures it) and the mean angle for rotation.
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

    /// The angle of each touch around the centroid, in radians, clockwise positive
    /// on a y-down screen. Written into `angles`, which is reused to avoid allocation.
    @inlinable public static func angles(of touches: [Touch], into angles: inout [Double]) {
        angles.removeAll(keepingCapacity: true)
        let center = centroid(of: touches)
        for touch in touches {
            let d = touch.location - center
            angles.append(atan2(d.dy, d.dx))
        }
    }

    /// The mean of the angle changes between two lists of angles, each wrapped into (-π, π].
    @inlinable public static func meanAngleChange(from old: [Double], to new: [Double]) -> Double {
        let count = min(old.count, new.count)
        guard count > 0 else { return 0 }
        var sum = 0.0
        for index in 0..<count { sum += wrapAngle(new[index] - old[index]) }
        return sum / Double(count)
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

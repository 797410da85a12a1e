/// A position on the screen or in a view, in points (1 pt = dpi/96 px).
///
/// The engine works in points throughout, so that every threshold means the
/// same physical distance on every screen. Callers convert device pixels at the
/// boundary (the trace reader and the X11 bridge).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public static let zero = Point(x: 0, y: 0)

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable public static func - (lhs: Point, rhs: Point) -> Vector {
        Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
    }

    @inlinable public static func + (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy)
    }

    @inlinable public static func - (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy)
    }

    /// The straight-line distance to another point.
    @inlinable public func distance(to other: Point) -> Double {
        (self - other).length
    }

    public var description: String { "(\(x.shortDescription), \(y.shortDescription))" }
}

/// A displacement or velocity, in points (or points per second).
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double

    public static let zero = Vector(dx: 0, dy: 0)

    @inlinable public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The Euclidean length.
    @inlinable public var length: Double { (dx * dx + dy * dy).squareRoot() }

    @inlinable public static func + (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }

    @inlinable public static func - (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy)
    }

    @inlinable public static func * (lhs: Vector, rhs: Double) -> Vector {
        Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs)
    }

    @inlinable public static func / (lhs: Vector, rhs: Double) -> Vector {
        Vector(dx: lhs.dx / rhs, dy: lhs.dy / rhs)
    }

    public var description: String { "[\(dx.shortDescription), \(dy.shortDescription)]" }
}

/// An axis-aligned rectangle: an origin (top-left, y downwards) and a size, in points.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    @inlinable public var origin: Point { Point(x: x, y: y) }
    @inlinable public var maxX: Double { x + width }
    @inlinable public var maxY: Double { y + height }

    /// Whether the point lies inside; the right and bottom edges are outside, as in UIKit.
    @inlinable public func contains(_ point: Point) -> Bool {
        point.x >= x && point.y >= y && point.x < maxX && point.y < maxY
    }

    public var description: String {
        "\(x.shortDescription),\(y.shortDescription) \(width.shortDescription)x\(height.shortDescription)"
    }
}

extension Double {
    /// A compact rendering for logs: at most three decimals, no trailing zeros.
    public var shortDescription: String {
        // The one formatter for people: 605.0000001 is "605", 1200.25 is "1200.25".
        FixedDecimal.short(self, decimals: 3)
    }
}

import GestureEngine

/// One entry of `apps:`: the bindings and regions for windows of one or more applications.
///
/// The key names applications by `WM_CLASS` class or instance, several separated
/// by commas (`"evince, okular"`), matched without regard to case.
public struct AppConfiguration: Hashable, Sendable {
    /// The key as written in the file, trimmed, such as `evince, okular`.
    public var key: String
    /// The application names from the key, lowercased, in order.
    public var names: [String]
    /// Whether the screen's bindings also apply over these windows (`inherit`, default true).
    ///
    /// When false, a view for such a window sets `blocksAncestorRecognizers`.
    public var inheritsScreenBindings: Bool
    /// The bindings on the whole window.
    public var bindings: [Binding]
    /// Named areas of the window with bindings of their own, bottom-most first.
    public var regions: [RegionConfiguration]
    /// Where the key is written: what `check` points at when its names match no application.
    public var location: SourceLocation

    /// Creates an application entry; `names` are lowercased here.
    public init(
        key: String,
        names: [String],
        inheritsScreenBindings: Bool = true,
        bindings: [Binding] = [],
        regions: [RegionConfiguration] = [],
        location: SourceLocation = SourceLocation(file: "", line: 0, column: 0)
    ) {
        self.key = key
        self.location = location
        self.names = names.map { $0.lowercased() }
        self.inheritsScreenBindings = inheritsScreenBindings
        self.bindings = bindings
        self.regions = regions
    }

    /// Whether a window with this `WM_CLASS` class and instance is one of these applications.
    public func matches(windowClass: String, instance: String) -> Bool {
        let windowClass = windowClass.lowercased()
        let instance = instance.lowercased()
        return names.contains { $0 == windowClass || $0 == instance }
    }
}

/// A named area of an application's window with its own bindings (`regions:`).
public struct RegionConfiguration: Hashable, Sendable {
    /// The region's name (`name`), or `regions[N]` (N counting from 0) when the file gives none.
    public var name: String
    /// Where the region lies in its window.
    public var area: RegionArea
    /// The bindings in the region.
    public var bindings: [Binding]

    /// Creates a region.
    public init(name: String, area: RegionArea = RegionArea(), bindings: [Binding] = []) {
        self.name = name
        self.area = area
        self.bindings = bindings
    }
}

/// A region's rectangle, each side in points or in percent of the window (`area:`).
///
/// Windows change size, so the rectangle is resolved against the window's
/// current size with `rect(inWindowOfWidth:height:)`.
public struct RegionArea: Hashable, Sendable {
    /// The left side, from the window's left edge (`x`, default 0).
    public var x: Length
    /// The top side, from the window's top edge (`y`, default 0).
    public var y: Length
    /// The width (`width`, default 100%).
    public var width: Length
    /// The height (`height`, default 100%).
    public var height: Length

    /// Creates an area; the default is the whole window.
    public init(
        x: Length = .points(0), y: Length = .points(0),
        width: Length = .percent(100), height: Length = .percent(100)
    ) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle in window coordinates for a window of this size in points, clipped to the window.
    public func rect(inWindowOfWidth windowWidth: Double, height windowHeight: Double) -> Rect {
        let left = min(max(x.resolved(in: windowWidth), 0), windowWidth)
        let top = min(max(y.resolved(in: windowHeight), 0), windowHeight)
        let right = min(left + width.resolved(in: windowWidth), windowWidth)
        let bottom = min(top + height.resolved(in: windowHeight), windowHeight)
        return Rect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }
}

/// A length along one axis of a window: absolute points or a share of the window.
public enum Length: Hashable, Sendable, CustomStringConvertible {
    /// So many points (`48`, `48pt`).
    case points(Double)
    /// So many percent of the window's extent along the axis (`100%`).
    case percent(Double)

    /// The length in points within a window extent of `extent` points.
    public func resolved(in extent: Double) -> Double {
        switch self {
        case .points(let value): value
        case .percent(let value): extent * value / 100
        }
    }

    public var description: String {
        switch self {
        case .points(let value): "\(value.shortDescription)pt"
        case .percent(let value): "\(value.shortDescription)%"
        }
    }
}

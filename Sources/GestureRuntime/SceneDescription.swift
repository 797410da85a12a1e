import GestureConfig
import GestureEngine

/// The desktop as the bridge or a trace header describes it: a screen and its windows, in pixels.
///
/// The scene builder turns it, with a configuration, into a view tree in points.
public struct SceneDescription: Hashable, Sendable {
    /// The screen's size in pixels.
    public var width: Double
    public var height: Double
    /// The screen's resolution; 1 pt = dpi/96 px.
    public var dpi: Double
    /// The application windows, top-most first, with frames in screen pixels.
    public var windows: [SceneWindow]
    /// The focused window's id, if any.
    public var activeWindow: UInt64?
    /// The monitors' rectangles in screen pixels (from XRandR); empty means one monitor, the whole screen.
    public var monitors: [Rect]

    /// The default scene of the replay contract: one 1920x1080 screen at 96 dpi and no windows.
    public init(
        width: Double = 1920, height: Double = 1080, dpi: Double = 96,
        windows: [SceneWindow] = [], activeWindow: UInt64? = nil, monitors: [Rect] = []
    ) {
        self.width = width
        self.height = height
        self.dpi = dpi
        self.windows = windows
        self.activeWindow = activeWindow
        self.monitors = monitors
    }

    /// Points per pixel: 96/dpi.
    public var pointsPerPixel: Double { 96 / dpi }

    /// Where a gesture acts when nothing says where (a trace's `pad` line without the pointer):
    /// the centre of the active window, else of the screen; in pixels.
    public var focusPoint: Point {
        if let active = windows.first(where: { $0.info.id == activeWindow }) {
            return Point(x: active.frame.x + active.frame.width / 2, y: active.frame.y + active.frame.height / 2)
        }
        return Point(x: width / 2, y: height / 2)
    }

    /// Converts a location in screen pixels to points.
    public func points(fromPixels point: Point) -> Point {
        Point(x: point.x * pointsPerPixel, y: point.y * pointsPerPixel)
    }

    /// Converts a location in points to screen pixels.
    public func pixels(fromPoints point: Point) -> Point {
        Point(x: point.x / pointsPerPixel, y: point.y / pointsPerPixel)
    }
}

/// One application window in a scene.
public struct SceneWindow: Hashable, Sendable {
    /// Identity and WM_CLASS.
    public var info: WindowInfo
    /// Position and size in screen pixels.
    public var frame: Rect

    public init(info: WindowInfo, frame: Rect) {
        self.info = info
        self.frame = frame
    }
}

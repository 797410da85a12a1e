internal import CX11

/// The line a pen or mouse stroke draws, on the screen while the button is held: the grab takes
/// the device from the pointer, which stays where the press was, so this is what the hand sees.
///
/// One click-through override-redirect window over the whole screen, shaped to the path: each
/// new piece of it adds small squares to the window's shape (`XShapeCombineRectangles`,
/// `ShapeUnion`), so an update costs the new piece, not the whole path. Plain Xlib on a
/// connection of its own, like `TouchMarks`: no cairo, no compositor.
public final class StrokeTrail {
    /// The line's width, in points.
    public static let width = 4.0
    /// The most squares one stroke adds; a longer stroke's trail stops growing.
    public static let maximumSquares = 8192
    /// The trail's colour: the touch marks' amber.
    public static let colour = TouchMarks.colour

    let connection: X11Connection
    /// The square's side in pixels.
    let side: Int
    private var window: Window = 0
    private var last: (x: Double, y: Double)?
    private var squares = 0
    private var pending: [XRectangle] = []

    /// Opens its own connection to `displayName`; `scale` is pixels per point.
    public init(displayName: String?, scale: Double = 1) throws(X11Error) {
        connection = try X11Connection(displayName: displayName)
        side = max(2, Int((Self.width * scale).rounded()))
    }

    deinit {
        if window != 0 { XDestroyWindow(connection.display, window) }
        connection.flush()
    }

    /// Whether a trail is on the screen.
    public private(set) var isShowing = false

    /// Starts a trail at (x, y), root pixels.
    public func begin(x: Double, y: Double) {
        if window == 0 { window = makeWindow() }
        // An empty shape, then the window: nothing shows until the line does.
        XShapeCombineRectangles(connection.display, window, ShapeBounding, 0, 0, nil, 0, ShapeSet, Unsorted)
        XMapRaised(connection.display, window)
        isShowing = true
        squares = 0
        last = nil
        extend(x: x, y: y)
    }

    /// Draws the line on to (x, y): a square every half width along the way.
    public func extend(x: Double, y: Double) {
        guard isShowing else { return }
        let from = last ?? (x, y)
        last = (x, y)
        let distance = ((x - from.x) * (x - from.x) + (y - from.y) * (y - from.y)).squareRoot()
        let steps = max(1, Int((distance / (Double(side) / 2)).rounded(.up)))
        for step in 1...steps where squares < Self.maximumSquares {
            let t = Double(step) / Double(steps)
            let cx = from.x + (x - from.x) * t, cy = from.y + (y - from.y) * t
            pending.append(
                XRectangle(
                    x: Int16(clamping: Int((cx - Double(side) / 2).rounded())),
                    y: Int16(clamping: Int((cy - Double(side) / 2).rounded())),
                    width: UInt16(side), height: UInt16(side)))
            squares += 1
        }
    }

    /// Takes the trail away.
    public func end() {
        pending.removeAll(keepingCapacity: true)
        guard isShowing else { return }
        XUnmapWindow(connection.display, window)
        isShowing = false
        last = nil
    }

    /// Sends what was drawn since the last flush, without waiting.
    public func flush() {
        if !pending.isEmpty, isShowing {
            pending.withUnsafeMutableBufferPointer { rectangles in
                XShapeCombineRectangles(
                    connection.display, window, ShapeBounding, 0, 0, rectangles.baseAddress, Int32(rectangles.count),
                    ShapeUnion, Unsorted)
            }
            XRaiseWindow(connection.display, window)
        }
        pending.removeAll(keepingCapacity: true)
        connection.flush()
    }

    private func makeWindow() -> Window {
        let display = connection.display
        let screen = cx11_DefaultScreen(display)
        return connection.clickThroughWindow(
            width: Int(cx11_DisplayWidth(display, screen)), height: Int(cx11_DisplayHeight(display, screen)),
            pixel: connection.pixel(of: Self.colour), name: "gesturebridge stroke")
    }
}

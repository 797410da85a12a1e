internal import CX11

/// Round marks where the fingers are, for `gesturebridge try`: one small click-through
/// override-redirect window per touch, shaped to a disc, moved as the touch moves.
///
/// Plain Xlib (a 1-bit mask drawn with `XFillArc` for the Shape extension), on a connection
/// of its own, so it needs neither cairo nor a compositor. The daemon makes it when a `try`
/// client connects and updates it after the frame's actions went out.
public final class TouchMarks {
    /// A mark's diameter, in points.
    public static let diameter = 28.0
    /// The most marks at once; touches past it are not drawn.
    public static let maximumMarks = 20

    let connection: X11Connection
    /// The diameter in pixels.
    public let size: Int
    private var windows: [UInt32: Window] = [:]
    private var spare: [Window] = []
    private let pixel: UInt

    /// The marks' colour (amber), as (red, green, blue) in 0...255.
    public static let colour = (255, 170, 0)

    /// Opens its own connection to `displayName`; `scale` is pixels per point.
    public init(displayName: String?, scale: Double = 1) throws(X11Error) {
        connection = try X11Connection(displayName: displayName)
        size = max(4, Int((Self.diameter * scale).rounded()))
        pixel = connection.pixel(of: Self.colour)
    }

    deinit {
        for window in Array(windows.values) + spare { XDestroyWindow(connection.display, window) }
        connection.flush()
    }

    /// Whether any mark is on the screen.
    public var isShowing: Bool { !windows.isEmpty }

    /// Moves the touch's mark to (x, y) in root pixels, showing it at its first sample;
    /// `lifted` takes it away.
    public func update(touch id: UInt32, x: Double, y: Double, lifted: Bool) {
        let display = connection.display
        if lifted {
            guard let window = windows.removeValue(forKey: id) else { return }
            XUnmapWindow(display, window)
            spare.append(window)
            return
        }
        let left = Int32((x - Double(size) / 2).rounded()), top = Int32((y - Double(size) / 2).rounded())
        if let window = windows[id] {
            XMoveWindow(display, window, left, top)
            XRaiseWindow(display, window)
            return
        }
        guard windows.count < Self.maximumMarks else { return }
        let window = spare.popLast() ?? makeWindow()
        windows[id] = window
        XMoveWindow(display, window, left, top)
        XMapRaised(display, window)
    }

    /// Takes every mark away.
    public func clear() {
        for (id, _) in windows { update(touch: id, x: 0, y: 0, lifted: true) }
    }

    /// Sends what was asked without waiting.
    public func flush() {
        connection.flush()
    }

    private func makeWindow() -> Window {
        let display = connection.display
        let window = connection.clickThroughWindow(width: size, height: size, pixel: pixel, name: "gesturebridge touch")
        let mask = XCreatePixmap(display, window, UInt32(size), UInt32(size), 1)
        let gc = XCreateGC(display, mask, 0, nil)
        XSetForeground(display, gc, 0)
        XFillRectangle(display, mask, gc, 0, 0, UInt32(size), UInt32(size))
        XSetForeground(display, gc, 1)
        XFillArc(display, mask, gc, 0, 0, UInt32(size), UInt32(size), 0, 360 * 64)
        XFreeGC(display, gc)
        XShapeCombineMask(display, window, ShapeBounding, 0, 0, mask, ShapeSet)
        XFreePixmap(display, mask)
        return window
    }
}

extension X11Connection {
    /// An override-redirect window of one colour at the root's top left, unmapped, that takes no
    /// input (an empty input shape): what the touch marks and the stroke trail draw with.
    func clickThroughWindow(width: Int, height: Int, pixel: UInt, name: String) -> Window {
        let screen = cx11_DefaultScreen(display)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = pixel
        attributes.border_pixel = 0
        let window = XCreateWindow(
            display, Window(root.rawValue), 0, 0, UInt32(width), UInt32(height), 0, cx11_DefaultDepth(display, screen),
            UInt32(InputOutput), cx11_DefaultVisual(display, screen),
            UInt(CWOverrideRedirect | CWBackPixel | CWBorderPixel), &attributes)
        cx11_ClearInputShape(display, window)
        XStoreName(display, window, name)
        return window
    }

    /// The default colormap's pixel for (red, green, blue) in 0...255 (`XAllocColor`).
    func pixel(of colour: (Int, Int, Int)) -> UInt {
        let screen = cx11_DefaultScreen(display)
        var value = XColor()
        value.red = UInt16(colour.0 * 257)
        value.green = UInt16(colour.1 * 257)
        value.blue = UInt16(colour.2 * 257)
        _ = XAllocColor(display, cx11_DefaultColormap(display, screen), &value)
        return value.pixel
    }
}

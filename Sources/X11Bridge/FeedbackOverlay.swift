internal import CX11
import GestureRuntime
import Glibc

/// The indicator drawn over the desktop while a gesture runs: a rounded label near the
/// fingers, on an override-redirect window that takes no input (an empty input shape), so a
/// touch or click under it reaches the window below.
///
/// With a compositor (an owner of `_NET_WM_CM_Sn` when an indicator appears) the window has an
/// ARGB visual and is translucent; without one it is opaque and shaped to the label by a
/// bounding mask. cairo draws it, loaded on first use (Sources/CX11/overlay.h). The overlay has
/// its own connection, so its requests never sit in front of an action's; it flushes, and
/// never waits for a reply after it starts.
///
/// The corresponding Xlib calls are `XCreateWindow`, `XShapeCombineRectangles`,
/// `XShapeCombineMask`, `XMoveResizeWindow`, `XMapRaised` and `XUnmapWindow`.
public final class FeedbackOverlay {
    /// What the indicator says and where.
    public struct Indicator: Equatable, Sendable {
        /// How the gesture stands: it will act, it has acted, or it will not.
        /// The runtime's tone (`FeedbackTracker`): one set of tones from the model to the pixels.
        public typealias Tone = FeedbackTracker.Indicator.Tone

        public var text: String
        /// The point the label is centred above, in root pixels: the fingers' centre.
        public var x: Int
        public var y: Int
        public var tone: Tone
        /// The monitor the label stays on (x, y, width, height in root pixels); nil for the screen.
        public var monitor: (x: Int, y: Int, width: Int, height: Int)?
        /// The text size, in points.
        public var size: Double
        /// Whether (x, y) is the fingers, which the label is lifted above, or the point it is centred on.
        public var isAtFingers: Bool

        public init(
            text: String, x: Int, y: Int, tone: Tone, monitor: (x: Int, y: Int, width: Int, height: Int)? = nil,
            size: Double = FeedbackOverlay.fontSize, isAtFingers: Bool = true
        ) {
            self.text = text
            self.x = x
            self.y = y
            self.tone = tone
            self.monitor = monitor
            self.size = size
            self.isAtFingers = isAtFingers
        }

        public static func == (lhs: Indicator, rhs: Indicator) -> Bool {
            lhs.text == rhs.text && lhs.x == rhs.x && lhs.y == rhs.y && lhs.tone == rhs.tone
                && lhs.size == rhs.size && lhs.isAtFingers == rhs.isAtFingers
                && lhs.monitor.map { [$0.x, $0.y, $0.width, $0.height] }
                    == rhs.monitor.map { [$0.x, $0.y, $0.width, $0.height] }
        }
    }

    /// Why there is no overlay.
    public enum Unavailable: Error, Equatable, CustomStringConvertible {
        case noCairo(String)
        case display(String)

        public var description: String {
            switch self {
            case .noCairo(let library): "\(library) could not be loaded (install libcairo2 for on-screen feedback)"
            case .display(let problem): problem
            }
        }
    }

    /// The label's text size without one given, in points (1/96 inch): 18 px at 96 dpi.
    public static let fontSize = 18.0
    static let padding = 12.0
    /// How far above the fingers the label's centre is, in points, so the fingers do not hide it.
    public static let lift = 72.0

    /// Pixels per point: dpi / 96, so the label keeps its physical size on a HiDPI screen.
    public let scale: Double
    /// `lift` in pixels.
    public var liftPixels: Int { Int((Self.lift * scale).rounded()) }

    let connection: X11Connection
    private var cairo = cx11_cairo_api()
    /// Whether a compositor ran when the window was made: translucent, else shaped. Asked again
    /// each time an indicator appears, and the window made again when it changed.
    public private(set) var isTranslucent = false
    /// Whether a compositor ran when the window was made (it may still lack an ARGB visual).
    private var madeForCompositor = false
    private var window: Window = 0
    /// The ARGB window's colormap (0 for the default visual's): the window does not own it, so
    /// it is freed with the window, or each compositor that came and went left one behind.
    private var colormap: Colormap = 0
    private var visual: UnsafeMutablePointer<Visual>?
    /// The window's id, for the tests (the X-Resource extension counts its client's resources).
    var windowID: UInt { UInt(window) }
    private let screenSize: (width: Int, height: Int)
    private let compositorSelection: Atom
    /// What is on screen, nil when hidden.
    public private(set) var shown: Indicator?
    /// Where the label is on screen, in root pixels, while shown.
    public private(set) var frame: (x: Int, y: Int, width: Int, height: Int)?

    /// Opens its own connection to `displayName` and creates the (unmapped) window.
    public init(displayName: String?, scale: Double = 1, cairoLibrary: String = "libcairo.so.2") throws(Unavailable) {
        self.scale = scale
        guard cx11_cairo_open(cairoLibrary, &cairo) != 0 else { throw .noCairo(cairoLibrary) }
        do {
            connection = try X11Connection(displayName: displayName)
        } catch {
            throw .display("\(error)")
        }
        let display = connection.display
        let size = connection.screenSize
        screenSize = (size.width, size.height)
        compositorSelection = XInternAtom(display, "_NET_WM_CM_S\(cx11_DefaultScreen(display))", 0)
        makeWindow(compositor: compositorRuns())
    }

    /// Whether a compositing manager owns the screen's `_NET_WM_CM_Sn`: one round trip, on the
    /// overlay's own connection, when an indicator appears (after the gesture's actions went out).
    private func compositorRuns() -> Bool {
        XGetSelectionOwner(connection.display, compositorSelection) != 0
    }

    /// (Re)creates the unmapped window: ARGB under a `compositor` when the screen has such a visual.
    private func makeWindow(compositor: Bool) {
        let display = connection.display
        let screen = cx11_DefaultScreen(display)
        destroyWindow()
        var info = XVisualInfo()
        let argb = compositor && XMatchVisualInfo(display, screen, 32, TrueColor, &info) != 0
        madeForCompositor = compositor
        isTranslucent = argb
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = 0
        attributes.border_pixel = 0
        // The server keeps the drawing while a window covers it (no Expose to redraw on).
        attributes.backing_store = Always
        var mask = UInt(CWOverrideRedirect | CWBackPixel | CWBorderPixel | CWBackingStore)
        let root = Window(connection.root.rawValue)
        if argb {
            visual = info.visual
            colormap = XCreateColormap(display, root, info.visual, AllocNone)
            attributes.colormap = colormap
            mask |= UInt(CWColormap)
        } else {
            visual = cx11_DefaultVisual(display, screen)
            info.depth = cx11_DefaultDepth(display, screen)
        }
        window = XCreateWindow(
            display, root, 0, 0, 1, 1, 0, info.depth, UInt32(InputOutput), visual, mask, &attributes)
        cx11_ClearInputShape(display, window)
        XStoreName(display, window, "gesturebridge feedback")
        connection.flush()
    }

    /// Destroys the window and frees its colormap, if any.
    private func destroyWindow() {
        if window != 0 { XDestroyWindow(connection.display, window) }
        if colormap != 0 { XFreeColormap(connection.display, colormap) }
        window = 0
        colormap = 0
    }

    deinit {
        destroyWindow()
        connection.flush()
    }

    /// Shows `indicator`, or redraws it where it changed; sends the requests without waiting.
    public func show(_ indicator: Indicator) {
        guard indicator != shown else { return }
        if shown == nil, compositorRuns() != madeForCompositor { makeWindow(compositor: !madeForCompositor) }
        let display = connection.display
        let (width, height) = measure(indicator.text, size: indicator.size)
        let area = indicator.monitor ?? (0, 0, screenSize.width, screenSize.height)
        let lift = indicator.isAtFingers ? liftPixels : 0
        let x = min(max(indicator.x - width / 2, area.x), max(area.x + area.width - width, area.x))
        let y = min(max(indicator.y - lift - height / 2, area.y), max(area.y + area.height - height, area.y))
        XMoveResizeWindow(display, window, Int32(x), Int32(y), UInt32(width), UInt32(height))
        if !isTranslucent { shape(width: width, height: height) }
        if shown == nil { XMapRaised(display, window) } else { XRaiseWindow(display, window) }
        draw(indicator, width: width, height: height)
        shown = indicator
        frame = (x, y, width, height)
        connection.flush()
    }

    /// Takes the indicator off the screen.
    public func hide() {
        guard shown != nil else { return }
        XUnmapWindow(connection.display, window)
        shown = nil
        frame = nil
        connection.flush()
    }

    /// The label's size for `text`, in pixels.
    private func measure(_ text: String, size: Double) -> (Int, Int) {
        let surface = cairo.xlib_surface_create(connection.display, window, visual, 1, 1)
        let context = cairo.create(surface)
        defer {
            cairo.destroy(context)
            cairo.surface_destroy(surface)
        }
        setFont(context, size: size)
        var extents = cairo_text_extents_t()
        cairo.text_extents(context, text, &extents)
        let padding = Self.padding * size / Self.fontSize
        let width = Int((extents.x_advance + 2 * padding * scale).rounded(.up))
        let height = Int(((size * 1.4 + 2 * padding / 1.5) * scale).rounded(.up))
        return (max(width, height), height)
    }

    private func setFont(_ context: OpaquePointer?, size: Double) {
        cairo.select_font_face(context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo.set_font_size(context, size * scale)
    }

    /// The label's outline: a rectangle with half-height round ends.
    private func roundedPath(_ context: OpaquePointer?, width: Double, height: Double) {
        let radius = height / 2
        cairo.new_sub_path(context)
        cairo.arc(context, width - radius, radius, radius, -Double.pi / 2, Double.pi / 2)
        cairo.arc(context, radius, radius, radius, Double.pi / 2, 3 * Double.pi / 2)
        cairo.close_path(context)
    }

    /// The bounding shape without a compositor: only the rounded label is drawn on screen.
    private func shape(width: Int, height: Int) {
        let display = connection.display
        let screen = cx11_ScreenOfDisplay(display, cx11_DefaultScreen(display))
        let pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), 1)
        defer { XFreePixmap(display, pixmap) }
        let surface = cairo.xlib_surface_create_for_bitmap(display, pixmap, screen, Int32(width), Int32(height))
        let context = cairo.create(surface)
        cairo.set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo.set_source_rgba(context, 0, 0, 0, 0)
        cairo.paint(context)
        cairo.set_source_rgba(context, 1, 1, 1, 1)
        roundedPath(context, width: Double(width), height: Double(height))
        cairo.fill(context)
        cairo.surface_flush(surface)
        cairo.destroy(context)
        cairo.surface_destroy(surface)
        XShapeCombineMask(display, window, ShapeBounding, 0, 0, pixmap, ShapeSet)
    }

    /// The fill colour of each tone (red, green, blue).
    static func fill(_ tone: Indicator.Tone) -> (Double, Double, Double) {
        switch tone {
        case .pending: (0.16, 0.18, 0.22)
        case .committed: (0.10, 0.42, 0.20)
        case .cancelled: (0.55, 0.12, 0.12)
        }
    }

    private func draw(_ indicator: Indicator, width: Int, height: Int) {
        let surface = cairo.xlib_surface_create(connection.display, window, visual, Int32(width), Int32(height))
        let context = cairo.create(surface)
        defer {
            cairo.surface_flush(surface)
            cairo.destroy(context)
            cairo.surface_destroy(surface)
        }
        cairo.set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo.set_source_rgba(context, 0, 0, 0, 0)
        cairo.paint(context)
        let (red, green, blue) = Self.fill(indicator.tone)
        cairo.set_source_rgba(context, red, green, blue, isTranslucent ? 0.88 : 1)
        roundedPath(context, width: Double(width), height: Double(height))
        cairo.fill(context)
        cairo.set_operator(context, CAIRO_OPERATOR_OVER)
        cairo.set_source_rgba(context, 1, 1, 1, 1)
        setFont(context, size: indicator.size)
        var extents = cairo_text_extents_t()
        cairo.text_extents(context, indicator.text, &extents)
        cairo.move_to(
            context, (Double(width) - extents.x_advance) / 2 - extents.x_bearing,
            (Double(height) - extents.height) / 2 - extents.y_bearing)
        cairo.show_text(context, indicator.text)
    }
}

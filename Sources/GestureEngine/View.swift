/// A screen edge, for the thin views along the borders of a monitor.
public enum ScreenEdge: String, Sendable, Hashable, CaseIterable {
    case left, right, top, bottom
}

/// The application window that a view stands for.
public struct WindowInfo: Sendable, Hashable {
    /// The X11 window id (the client window, not the window manager's frame).
    public var id: UInt64
    /// `WM_CLASS` class, such as `Firefox`.
    public var windowClass: String
    /// `WM_CLASS` instance, such as `Navigator`.
    public var instance: String
    /// `_NET_WM_NAME` or `WM_NAME`. Foreign text: never put into a shell line.
    public var title: String
    /// `_NET_WM_STATE_FULLSCREEN`: the window covers its monitor.
    public var isFullscreen: Bool
    /// `_NET_WM_STATE_MAXIMIZED_VERT` and `_HORZ` both.
    public var isMaximized: Bool

    public init(
        id: UInt64, windowClass: String = "", instance: String = "", title: String = "", isFullscreen: Bool = false,
        isMaximized: Bool = false
    ) {
        self.id = id
        self.windowClass = windowClass
        self.instance = instance
        self.title = title
        self.isFullscreen = isFullscreen
        self.isMaximized = isMaximized
    }
}

/// What a view stands for on the desktop.
public enum ViewKind: Sendable, Hashable, CustomStringConvertible {
    /// A whole screen or monitor.
    case screen
    /// A strip along one edge of the screen.
    case edge(ScreenEdge)
    /// An application window.
    case window(WindowInfo)
    /// A named area inside a window or another view.
    case region(String)

    public var description: String {
        switch self {
        case .screen: "screen"
        case .edge(let edge): "\(edge.rawValue) edge"
        case .window(let info): info.windowClass.isEmpty ? "window \(info.id)" : info.windowClass.lowercased()
        case .region(let name): "region \(name)"
        }
    }
}

/// A rectangle of the desktop that holds gesture recognizers, like `UIView`.
///
/// Views form a tree: the screen, edge strips and windows on it, and regions
/// inside windows. `subviews` run from bottom-most to top-most, as in UIKit, and
/// a view's `frame` is in its superview's coordinates.
public final class View {
    /// What the view stands for.
    public var kind: ViewKind
    /// Position and size in the superview's coordinates, in points.
    public var frame: Rect
    /// Whether hit testing may choose this view or its subviews (`isUserInteractionEnabled`).
    public var isUserInteractionEnabled: Bool = true
    /// The kinds of touch hit testing may choose this view or its subviews for.
    ///
    /// Every type by default. Edge strips take only direct touches: a touchpad has
    /// no edge to start from, and its pointer resting by the screen's border is over
    /// the window there. UIKit has no such property; it amounts to a view whose
    /// `point(inside:with:)` looks at the event's touch type.
    public var allowedTouchTypes: Set<TouchType> = Set(TouchType.allCases)
    /// When true, touches in this view do not reach its ancestors' recognizers.
    ///
    /// This is how an application with `inherit: false` keeps the screen's gestures
    /// away. UIKit has no such flag; it amounts to a delegate that refuses touches.
    public var blocksAncestorRecognizers: Bool = false
    /// UIView's `gestureRecognizerShouldBegin(_:)`: asked, when a recognizer is about to begin or
    /// recognize, whether it may, of the view each of its touches landed on (the hit view, as
    /// UIKit asks: a region can stop its window's pan) and of the recognizer's own view; any
    /// false fails it. Asked before the recognizer's delegate, as UIKit does. A closure, since
    /// `View` is not subclassed.
    public var gestureRecognizerShouldBegin: ((GestureRecognizer) -> Bool)?
    /// The parent view.
    public private(set) weak var superview: View?
    /// The child views, bottom-most first.
    public private(set) var subviews: [View] = []
    /// The recognizers attached to this view, in the order they were added.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Creates a view.
    public init(kind: ViewKind, frame: Rect) {
        self.kind = kind
        self.frame = frame
    }

    /// Adds a subview on top of its siblings.
    public func addSubview(_ view: View) {
        precondition(view !== self, "a view cannot contain itself")
        view.removeFromSuperview()
        view.superview = self
        subviews.append(view)
    }

    /// Detaches the view from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Attaches a recognizer; a recognizer belongs to one view at a time.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    /// Detaches a recognizer.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    /// The number of ancestors: 0 for the root.
    public var depth: Int {
        var count = 0
        var current = superview
        while let view = current {
            count += 1
            current = view.superview
        }
        return count
    }

    /// The view's origin in screen coordinates.
    public var screenOrigin: Point {
        var origin = frame.origin
        var current = superview
        while let view = current {
            origin = origin + Vector(dx: view.frame.x, dy: view.frame.y)
            current = view.superview
        }
        return origin
    }

    /// The view's frame in screen coordinates.
    public var screenFrame: Rect {
        let origin = screenOrigin
        return Rect(x: origin.x, y: origin.y, width: frame.width, height: frame.height)
    }

    /// Converts a point in screen coordinates into this view's coordinates.
    public func convert(fromScreen point: Point) -> Point {
        point - Vector(dx: screenOrigin.x, dy: screenOrigin.y)
    }

    /// Converts a point in this view's coordinates into screen coordinates.
    public func convert(toScreen point: Point) -> Point {
        point + Vector(dx: screenOrigin.x, dy: screenOrigin.y)
    }

    /// Converts a point from another view's coordinates (screen when nil) into this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        convert(fromScreen: view?.convert(toScreen: point) ?? point)
    }

    /// The deepest view under `point` (in this view's coordinates), top-most sibling first.
    ///
    /// Mirrors `UIView.hitTest(_:with:)`: hidden-from-interaction views and points
    /// outside the bounds return nil, and subviews are tried from the top down.
    /// Views that do not allow `type` are passed over with their subviews.
    public func hitTest(_ point: Point, for type: TouchType = .direct) -> View? {
        guard isUserInteractionEnabled, allowedTouchTypes.contains(type),
            point.x >= 0, point.y >= 0, point.x < frame.width, point.y < frame.height
        else { return nil }
        for child in subviews.reversed() {
            let local = Point(x: point.x - child.frame.x, y: point.y - child.frame.y)
            if let hit = child.hitTest(local, for: type) { return hit }
        }
        return self
    }

    /// The view itself and its ancestors, deepest first, up to the first view that blocks its ancestors.
    public var responderChain: [View] {
        var chain: [View] = [self]
        var current = self
        while !current.blocksAncestorRecognizers, let parent = current.superview {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// The nearest window this view is in, if any.
    public var window: WindowInfo? {
        var current: View? = self
        while let view = current {
            if case .window(let info) = view.kind { return info }
            current = view.superview
        }
        return nil
    }
}

extension View: CustomStringConvertible {
    public var description: String { kind.description }
}

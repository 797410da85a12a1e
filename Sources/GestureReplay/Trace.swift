import GestureEngine
import GestureRuntime

/// A recorded or hand-written touch trace: the scene it happened in and its input events in time order.
///
/// This is the parsed form of the JSON Lines trace format of the replay contract
/// (`docs/replay-contract.md`). Coordinates are screen pixels with y
/// downwards, exactly as written; `Screen.pointsPerPixel` converts them to the
/// engine's points. `TraceReader` guarantees the invariants the documentation
/// of each field states.
public struct Trace: Sendable, Hashable {
    /// The scene: screen, windows and the active window; defaults when the trace has no header.
    public var header: Header
    /// The input events, in file order; their times never decrease.
    public var events: [Event]
    /// What the daemon decided and did while the trace was recorded (`delivery` and `action`
    /// lines, as `replay` prints them), and what the desktop answered it (`answer` lines): not
    /// input; the answers are given back to the replay, the rest is kept to compare with.
    public var recorded: [Recorded]

    public init(header: Header = Header(), events: [Event] = [], recorded: [Recorded] = []) {
        self.header = header
        self.events = events
        self.recorded = recorded
    }

    /// A line of a recording that says what the daemon did, on the trace's clock.
    public struct Recorded: Sendable, Hashable {
        public enum What: Sendable, Hashable {
            /// `{"t": …, "touch": 3, "delivery": "rejected"}`: the touch was kept or handed on.
            case delivery(TouchID, Delivery)
            /// `{"t": …, "gesture": "save", "action": {…}, "outcome": "performed"}`: the action's
            /// parameters as the line wrote them (compact JSON), and what came of it.
            case action(gesture: String, parameters: String, outcome: String?)
            /// `{"t": …, "answer": "focus", "window": 4194305, "value": true}`: what the desktop
            /// answered the daemon's runtime; `replay` gives it back (`RecordedDesktop`).
            case answer(DesktopAnswer)
            /// `{"t": …, "touch": 3, "handed-over": true}`: the touch went to an application, its
            /// finger still down; gestures stopped seeing it here. `replay` ends it for them too.
            case handedOver(TouchID)
            /// `{"t": …, "screen": {…}, "windows": […], "active": …}` (a header's fields at a
            /// time, `windows` always there; the line is also a clock line, as before): the
            /// desktop's windows changed. `replay`'s gestures see the new scene from
            /// here, as the daemon's did (the session takes it once no touch is down).
            case scene(Header)
        }

        public var line: Int
        public var time: Double
        public var what: What

        public init(line: Int, time: Double, what: What) {
            self.line = line
            self.time = time
            self.what = what
        }
    }

    /// The optional first line of a trace, describing the scene.
    public struct Header: Sendable, Hashable {
        /// The screen the coordinates refer to.
        public var screen: Screen
        /// The windows, top-most first; ids are unique.
        public var windows: [Window]
        /// The id of the focused window (`active`), one of `windows` when set.
        public var activeWindow: UInt32?

        /// The scene of a trace without a header: one 1920x1080 screen at 96 dpi, no windows.
        public init(screen: Screen = Screen(), windows: [Window] = [], activeWindow: UInt32? = nil) {
            self.screen = screen
            self.windows = windows
            self.activeWindow = activeWindow
        }
    }

    /// The screen's size in pixels and its resolution.
    public struct Screen: Sendable, Hashable {
        /// The width in pixels; positive.
        public var width: Double
        /// The height in pixels; positive.
        public var height: Double
        /// Dots per inch; positive. 96 dpi makes one point one pixel.
        public var dpi: Double

        /// The dpi at which a point is one pixel; distances in configs are in points.
        public static let referenceDPI = 96.0

        public init(width: Double = 1920, height: Double = 1080, dpi: Double = Screen.referenceDPI) {
            self.width = width
            self.height = height
            self.dpi = dpi
        }

        /// Points per pixel: 1 pt = dpi/96 px, so a pixel is 96/dpi points.
        public var pointsPerPixel: Double { Screen.referenceDPI / dpi }
    }

    /// A top-level window in the scene, as a window manager lists it.
    public struct Window: Sendable, Hashable {
        /// The X11 window id.
        public var id: UInt32
        /// The class part of WM_CLASS (`class`), such as "Firefox"; empty when absent.
        public var className: String
        /// The instance part of WM_CLASS (`instance`), such as "Navigator"; empty when absent.
        public var instance: String
        /// The window title; empty when absent.
        public var title: String
        /// The left edge in screen pixels; may be negative for a window partly off screen.
        public var x: Double
        /// The top edge in screen pixels; may be negative.
        public var y: Double
        /// The width in pixels; not negative.
        public var width: Double
        /// The height in pixels; not negative.
        public var height: Double
        /// `state`: `fullscreen`, `maximized`, both or neither (an extension of the contract;
        /// absent is neither).
        public var isFullscreen = false
        public var isMaximized = false

        public init(
            id: UInt32, className: String = "", instance: String = "", title: String = "",
            x: Double, y: Double, width: Double, height: Double, isFullscreen: Bool = false, isMaximized: Bool = false
        ) {
            self.id = id
            self.className = className
            self.instance = instance
            self.title = title
            self.isFullscreen = isFullscreen
            self.isMaximized = isMaximized
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// The window's frame in screen pixels.
        public var frame: Rect { Rect(x: x, y: y, width: width, height: height) }
    }

    /// One input line of a trace.
    public struct Event: Sendable, Hashable {
        /// The 1-based line of the trace file the event was read from.
        public var line: Int
        /// The time in seconds (`t`); finite, not negative, never less than the previous event's.
        public var time: Double
        /// What happened at that time.
        public var input: Input

        public init(line: Int, time: Double, input: Input) {
            self.line = line
            self.time = time
            self.input = input
        }
    }

    /// What a trace line carries: a touch, a touchpad gesture, or only the passing of time.
    ///
    /// The values are the runtime's own, so a trace line and what the daemon captures are the
    /// same thing; the file's words for phases are in `TraceWords`.
    public enum Input: Sendable, Hashable {
        /// A touchscreen contact changed (`touch`, `phase`, `x`, `y`): its position is in screen
        /// pixels, finite and not negative; its phase is never stationary; its type is direct.
        case touch(TouchSample)
        /// A touchpad gesture event (`pad`, `phase`, `fingers`, `dx`, `dy`, `scale`, `angle`, and
        /// `x`, `y` for the pointer, an extension of the contract: both or neither). Its fingers
        /// are 1 to 10 and constant from begin to end; the scale is positive.
        case pad(PadEvent)
        /// A line with only `t`: the clock advances and due timers fire.
        case clock
    }
}

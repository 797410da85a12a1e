import CX11
import Foundation
import GestureEngine
import Testing
import TestXlib
@testable import X11Bridge

/// The indicator on a real server, read back from the screen's pixels: where it is, its colour,
/// that it goes away, and that a click on it reaches the window below. Without a compositor
/// (the opaque, shaped window) and with xcompmgr (the translucent one).
@Suite("The on-screen indicator, by its pixels", .serialized, .xServer([.keyboard]))
struct FeedbackOverlayTests {
    let server: XServer
    let connection: X11Connection

    init() throws {
        server = try XServer.shared()
        connection = try X11Connection.toTestServer(server.display)
    }

    /// The root window's pixel at (x, y) as (red, green, blue). The corresponding Xlib calls
    /// are `XGetImage` and `XGetPixel`.
    func pixel(_ x: Int, _ y: Int) throws -> (Int, Int, Int) {
        let image = try #require(
            XGetImage(
                connection.display, Window(connection.root.rawValue), Int32(x), Int32(y), 1, 1, UInt(UInt32.max),
                ZPixmap))
        defer { _ = cx11_XDestroyImage(image) }
        let value = Int(cx11_XGetPixel(image, 0, 0))
        return ((value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff)
    }

    /// With GESTUREBRIDGE_SCREENSHOTS=DIR (`make screenshots`), saves the screen around `frame`
    /// as DIR/NAME.png, for the README. The corresponding Xlib call is `XGetImage`; cairo writes the PNG.
    func saveScreenshot(_ name: String, around frame: (x: Int, y: Int, width: Int, height: Int)) throws {
        try Self.saveScreenshot(connection, name, around: frame)
    }

    /// `saveScreenshot` on any connection; `margin` pixels of the screen around the frame.
    static func saveScreenshot(
        _ connection: X11Connection, _ name: String, around frame: (x: Int, y: Int, width: Int, height: Int),
        margin: Int = 24
    ) throws {
        guard let directory = ProcessInfo.processInfo.environment["GESTUREBRIDGE_SCREENSHOTS"] else { return }
        let (x, y) = (max(frame.x - margin, 0), max(frame.y - margin, 0))
        let (width, height) = (frame.width + 2 * margin, frame.height + 2 * margin)
        var pixels = [UInt32](repeating: 0, count: width * height)
        let image = try #require(
            XGetImage(
                connection.display, Window(connection.root.rawValue), Int32(x), Int32(y), UInt32(width),
                UInt32(height), UInt(UInt32.max), ZPixmap))
        defer { _ = cx11_XDestroyImage(image) }
        for row in 0..<height {
            for column in 0..<width {
                pixels[row * width + column] =
                    0xff00_0000
                    | UInt32(truncatingIfNeeded: cx11_XGetPixel(image, Int32(column), Int32(row)) & 0xff_ffff)
            }
        }
        var cairo = cx11_cairo_api()
        try #require(cx11_cairo_open("libcairo.so.2", &cairo) != 0)
        let status = pixels.withUnsafeMutableBytes { buffer -> cairo_status_t in
            let surface = cairo.image_surface_create_for_data(
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
                Int32(height), Int32(width * 4))
            defer { cairo.surface_destroy(surface) }
            return cairo.surface_write_to_png(surface, directory + "/" + name + ".png")
        }
        #expect(status == CAIRO_STATUS_SUCCESS)
    }

    static func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int), within tolerance: Int = 3) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }

    /// A tone's fill as 8-bit channels, over `background` at `alpha`.
    static func expected(
        _ tone: FeedbackOverlay.Indicator.Tone, alpha: Double = 1, over background: (Int, Int, Int) = (0, 0, 0)
    ) -> (Int, Int, Int) {
        let (red, green, blue) = FeedbackOverlay.fill(tone)
        func mix(_ channel: Double, _ under: Int) -> Int {
            Int((channel * 255 * alpha + Double(under) * (1 - alpha)).rounded())
        }
        return (mix(red, background.0), mix(green, background.1), mix(blue, background.2))
    }

    /// A point inside the label's left round end, clear of the text.
    static func insidePoint(_ frame: (x: Int, y: Int, width: Int, height: Int)) -> (Int, Int) {
        (frame.x + 6, frame.y + frame.height / 2)
    }

    @Test func theIndicatorAppearsAboveTheFingersInItsToneAndGoesAway() throws {
        let overlay = try FeedbackOverlay(displayName: server.display)
        #expect(!overlay.isTranslucent, "no compositor runs on this server")
        let background = try pixel(900, 500)
        overlay.show(.init(text: "next desktop →", x: 960, y: 600, tone: .pending))
        let frame = try #require(overlay.frame)
        #expect(frame.y + frame.height <= 600 && frame.x < 960 && frame.x + frame.width > 960, "above the fingers")
        let (x, y) = Self.insidePoint(frame)
        try waitUntil("the label drawn at \(x),\(y)", timeout: 5) {
            Self.close(try pixel(x, y), Self.expected(.pending))
        }
        // The shape: the window's corner, outside the round end, is not drawn.
        #expect(Self.close(try pixel(frame.x, frame.y), background), "the corner is the desktop's")
        try saveScreenshot("feedback-pending", around: frame)
        // Taken back before the lift: red, and it says what lifting will do.
        overlay.show(.init(text: "next desktop → · lift to cancel", x: 960, y: 600, tone: .cancelled))
        let wider = try #require(overlay.frame)
        let (redX, redY) = Self.insidePoint(wider)
        try waitUntil("the cancelled tone", timeout: 5) {
            Self.close(try pixel(redX, redY), Self.expected(.cancelled))
        }
        try saveScreenshot("feedback-cancelled", around: wider)
        overlay.hide()
        #expect(overlay.frame == nil)
        try waitUntil("the label gone", timeout: 5) { Self.close(try pixel(x, y), background, within: 0) }
    }

    @Test func theIndicatorStaysOnScreenNearAnEdge() throws {
        let overlay = try FeedbackOverlay(displayName: server.display)
        overlay.show(.init(text: "back", x: 3, y: 10, tone: .pending))
        let frame = try #require(overlay.frame)
        #expect(frame.x == 0 && frame.y == 0)
        let size = connection.screenSize
        overlay.show(.init(text: "forward", x: size.width - 2, y: size.height, tone: .pending))
        let moved = try #require(overlay.frame)
        #expect(moved.x + moved.width == size.width && moved.y + moved.height <= size.height)
        // On the right of two monitors, near their border: it stays on the right one.
        let right = (x: size.width / 2, y: 0, width: size.width / 2, height: size.height)
        overlay.show(.init(text: "forward", x: size.width / 2 + 3, y: 500, tone: .pending, monitor: right))
        let kept = try #require(overlay.frame)
        #expect(kept.x == size.width / 2, "\(kept)")
    }

    /// On a 192-dpi screen the label is twice the pixels, the same size to the eye, and twice as
    /// far above the fingers.
    @Test func theLabelKeepsItsPhysicalSizeAtAnyDpi() throws {
        let normal = try FeedbackOverlay(displayName: server.display)
        let doubled = try FeedbackOverlay(displayName: server.display, scale: 2)
        let indicator = FeedbackOverlay.Indicator(text: "ctrl+plus", x: 900, y: 700, tone: .pending)
        normal.show(indicator)
        doubled.show(indicator)
        let small = try #require(normal.frame), large = try #require(doubled.frame)
        #expect(
            abs(large.height - 2 * small.height) <= 2 && abs(large.width - 2 * small.width) <= 4, "\(small) \(large)")
        #expect(700 - (large.y + large.height / 2) == 2 * (700 - (small.y + small.height / 2)))
    }

    /// The opaque label has no one to redraw it on Expose: the server keeps its pixels while
    /// another window covers it (backing store).
    @Test func theLabelSurvivesAWindowPassingOverIt() throws {
        let overlay = try FeedbackOverlay(displayName: server.display)
        overlay.show(.init(text: "ctrl+minus", x: 500, y: 800, tone: .committed))
        let frame = try #require(overlay.frame)
        let (x, y) = Self.insidePoint(frame)
        try waitUntil("the label drawn", timeout: 5) { Self.close(try pixel(x, y), Self.expected(.committed)) }
        let display = connection.display
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = 0xffffff
        let cover = XCreateWindow(
            display, Window(connection.root.rawValue), Int32(frame.x - 10), Int32(frame.y - 10),
            UInt32(frame.width + 20), UInt32(frame.height + 20), 0, 24, UInt32(InputOutput), nil,
            UInt(CWOverrideRedirect | CWBackPixel), &attributes)
        XMapRaised(display, cover)
        connection.flush()
        try waitUntil("the cover on screen", timeout: 5) { Self.close(try pixel(x, y), (255, 255, 255)) }
        XDestroyWindow(display, cover)
        connection.flush()
        try waitUntil("the label back", timeout: 5) { Self.close(try pixel(x, y), Self.expected(.committed)) }
    }

    @Test func aClickOnTheIndicatorReachesTheWindowBelow() throws {
        let client = try TestClient.launch(display: server.display, flags: [])
        defer { client.kill() }
        let overlay = try FeedbackOverlay(displayName: server.display)
        overlay.show(.init(text: "ctrl+plus", x: 700, y: 500, tone: .pending))
        let frame = try #require(overlay.frame)
        let (x, y) = Self.insidePoint(frame)
        try waitUntil("the label drawn", timeout: 5) { Self.close(try pixel(x, y), Self.expected(.pending)) }
        let pointer = try PointerInjector(connection: X11Connection.toTestServer(server.display))
        try pointer.click(.left, count: 1, at: Point(x: Double(x), y: Double(y)))
        let press = try client.waitForEvent("ButtonPress") { $0.type == "ButtonPress" }
        #expect(press.root_x == Double(x) && press.root_y == Double(y))
    }

    /// Issue 27: each time a compositor appeared, one X resource leaked (the ARGB window's
    /// colormap, which the window does not own). A compositor comes and goes six times, an
    /// indicator shown each time: after the first, the overlay's client holds no more resources.
    @Test func aCompositorComingAndGoingLeaksNoXResource() throws {
        let overlay = try FeedbackOverlay(displayName: server.display)
        let display = connection.display
        let selection = XInternAtom(display, "_NET_WM_CM_S\(cx11_DefaultScreen(display))", 0)
        // The test's connection plays the compositor: it owns the selection, through a window.
        let owner = XCreateSimpleWindow(display, Window(connection.root.rawValue), 0, 0, 1, 1, 0, 0, 0)
        defer {
            XSetSelectionOwner(display, selection, 0, UInt(CurrentTime))
            XDestroyWindow(display, owner)
            XSync(display, 0)
        }
        func resources() throws -> Int {
            overlay.connection.flush()
            XSync(overlay.connection.display, 0)
            let count = gb_test_client_resource_count(display, overlay.windowID)
            try #require(count >= 0, "the X-Resource extension (libXRes.so.1, Scripts/deps.sh test): \(count)")
            return Int(count)
        }
        var counts: [Int] = []
        // Round 0 warms up what is made once (the first ARGB drawing's own server objects).
        for round in 0..<6 {
            XSetSelectionOwner(display, selection, owner, UInt(CurrentTime))
            XSync(display, 0)
            overlay.show(.init(text: "zoom \(round)", x: 960, y: 600, tone: .committed))
            #expect(overlay.isTranslucent, "the compositor was seen")
            overlay.hide()
            XSetSelectionOwner(display, selection, 0, UInt(CurrentTime))
            XSync(display, 0)
            overlay.show(.init(text: "swipe \(round)", x: 960, y: 600, tone: .pending))
            #expect(!overlay.isTranslucent, "and seen gone")
            overlay.hide()
            counts.append(try resources())
        }
        #expect(counts.dropFirst().allSatisfy { $0 == counts[0] }, "resources after each round: \(counts)")
    }

    @Test func withACompositorTheIndicatorIsTranslucent() throws {
        let overlay = try FeedbackOverlay(displayName: server.display)
        let compositor = Process()
        compositor.executableURL = URL(fileURLWithPath: "/usr/bin/xcompmgr")
        compositor.environment = ["DISPLAY": server.display, "PATH": "/usr/bin:/bin"]
        compositor.standardOutput = FileHandle.nullDevice
        compositor.standardError = FileHandle.nullDevice
        try compositor.run()
        // SIGKILL: the test process ignores SIGTERM, and its children inherit that.
        defer {
            kill(compositor.processIdentifier, SIGKILL)
            compositor.waitUntilExit()
        }
        let display = connection.display
        let selection = XInternAtom(display, "_NET_WM_CM_S\(cx11_DefaultScreen(display))", 0)
        try waitUntil("xcompmgr owns _NET_WM_CM_S0", timeout: 10) { XGetSelectionOwner(display, selection) != 0 }
        // Made before the compositor started, as a daemon started before it is.
        #expect(!overlay.isTranslucent)
        overlay.show(.init(text: "zoom ×1.4", x: 960, y: 600, tone: .committed))
        #expect(overlay.isTranslucent, "the compositor is seen when the indicator appears")
        let frame = try #require(overlay.frame)
        let (x, y) = Self.insidePoint(frame)
        // What the compositor paints beside the label (its own root tile): the label is
        // blended over the same.
        let beside = { try pixel(frame.x - 4, y) }
        try waitUntil("the translucent label composited", timeout: 10) {
            Self.close(try pixel(x, y), Self.expected(.committed, alpha: 0.88, over: try beside()))
        }
        try saveScreenshot("feedback-committed-translucent", around: frame)
        overlay.hide()
        try waitUntil("the label gone", timeout: 10) { Self.close(try pixel(x, y), try beside(), within: 0) }
    }
}

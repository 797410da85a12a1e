internal import CX11
import GestureConfig
import GestureEngine

/// Clicks and scrolls at a screen position through XTest.
///
/// The pointer moves to the position first, so the click lands on whatever
/// window is there and the client sees the event at those coordinates; it stays
/// there afterwards, as it would after a real tap. Buttons are pressed and
/// released within one call, so none is ever left down.
///
/// The corresponding Xlib calls are `XTestFakeMotionEvent` and `XTestFakeButtonEvent`.
public final class PointerInjector {
    let connection: X11Connection

    /// The most clicks or wheel steps one action may send; more is a config mistake, not a gesture.
    public static let maximumRepeat = 100

    /// Checks that the server has XTest.
    public init(connection: X11Connection) throws(X11Error) {
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(connection.display, &event, &error, &major, &minor) != 0 else {
            throw .missingExtension("XTEST", required: "2.2")
        }
        self.connection = connection
    }

    /// Moves the pointer to `location` (screen pixels) and clicks `button` `count` times.
    ///
    /// The clicks follow each other at once, so a client counts `count: 2` as a double click.
    public func click(_ button: MouseButton, count: Int = 1, at location: Point) throws(X11Error) {
        try press(
            button: button.buttonNumber, times: count, at: location,
            call: "XTestFakeButtonEvent (click \(button.rawValue))")
    }

    /// Moves the pointer to `location` and turns the wheel `amount` steps: buttons 4 up,
    /// 5 down, 6 left, 7 right, as X reports wheels.
    public func scroll(_ direction: ScrollDirection, amount: Int = 1, at location: Point) throws(X11Error) {
        try press(
            button: direction.buttonNumber, times: amount, at: location,
            call: "XTestFakeButtonEvent (scroll \(direction.rawValue))")
    }

    /// Moves the pointer to `location` without clicking.
    public func move(to location: Point) throws(X11Error) {
        try connection.checked("XTestFakeMotionEvent") {
            fakeMotion(to: location)
        }
    }

    private func press(button: Int, times: Int, at location: Point, call: String) throws(X11Error) {
        let times = min(max(times, 0), Self.maximumRepeat)
        try connection.checked(call) {
            fakeMotion(to: location)
            for _ in 0..<times {
                XTestFakeButtonEvent(connection.display, UInt32(button), 1, 0)
                XTestFakeButtonEvent(connection.display, UInt32(button), 0, 0)
            }
        }
    }

    /// Sends the motion; screen -1 is the pointer's current screen (the daemon's only one).
    private func fakeMotion(to location: Point) {
        XTestFakeMotionEvent(connection.display, -1, Self.pixel(location.x), Self.pixel(location.y), 0)
    }

    /// A coordinate rounded to a whole pixel, clamped into `Int32`; 0 for NaN.
    static func pixel(_ value: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        return Int32(min(max(value.rounded(), Double(Int32.min)), Double(Int32.max)))
    }
}

extension PointerInjector {
    /// Releases, through XTest, every pointer button the server holds down; returns their
    /// numbers.
    ///
    /// A daemon killed while it played a press back (a pen or mouse press no stroke took, a
    /// touch handed to the pointer) leaves its XTest device's button down, and nothing else lifts
    /// it: every click after it would be a drag. A button held on a real mouse belongs to another
    /// device, and the server ignores an XTest release for it. For start-up, as
    /// `KeyInjector.releaseKeysLeftDown`. The corresponding Xlib calls are `XIGetClientPointer`,
    /// `XIQueryPointer` and `XTestFakeButtonEvent`.
    @discardableResult
    public func releaseButtonsLeftDown() throws(X11Error) -> [Int] {
        let display = connection.display
        var pointer: Int32 = 0
        guard XIGetClientPointer(display, 0, &pointer) != 0 else { return [] }
        var root: Window = 0, child: Window = 0
        var rootX = 0.0, rootY = 0.0, x = 0.0, y = 0.0
        var buttons = XIButtonState()
        var modifiers = XIModifierState(), group = XIGroupState()
        guard
            XIQueryPointer(
                display, pointer, Window(connection.root.rawValue), &root, &child, &rootX, &rootY, &x, &y, &buttons,
                &modifiers, &group) != 0
        else { return [] }
        defer { if let mask = buttons.mask { XFree(mask) } }
        var down: [Int] = []
        if let mask = buttons.mask {
            for button in 1..<(Int(buttons.mask_len) * 8) where mask[button / 8] & (1 << UInt8(button % 8)) != 0 {
                down.append(button)
            }
        }
        guard !down.isEmpty else { return [] }
        try connection.checked("XTestFakeButtonEvent (releasing the buttons left down)") {
            for button in down { XTestFakeButtonEvent(display, UInt32(button), 0, 0) }
        }
        return down
    }
}

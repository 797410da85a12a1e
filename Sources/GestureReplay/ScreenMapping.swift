/// How device coordinates become screen pixels, and the dpi that keeps points physical.
///
/// A touchscreen spans its screen, so each axis maps linearly from the device
/// range `[min, max]` onto `[0, size)` pixels, as libinput does (a unit is
/// `size / (max − min + 1)` pixels). Positions outside the range are clamped to
/// the screen, and pixels are rounded to a thousandth so converted traces stay
/// readable.
///
/// The trace's dpi makes a point (1/96 inch) the same physical length it had
/// on the recorded device: with a resolution of r units per millimetre the
/// device is `(max − min) / r` mm wide, and the dpi is the screen width in
/// pixels over that width in inches (the height's axis when only it has a
/// resolution). A device without resolution keeps the screen's own dpi.
struct ScreenMapping: Sendable, Hashable {
    /// The screen of the trace header, with the dpi described above.
    var screen: Trace.Screen
    private var xMinimum: Double
    private var yMinimum: Double
    /// Pixels per device unit on each axis.
    private var xScale: Double
    private var yScale: Double

    /// Millimetres per inch.
    static let millimetresPerInch = 25.4

    /// The mapping for a device whose position axes are known.
    init(x: DeviceDescription.Axis, y: DeviceDescription.Axis, screen: Trace.Screen) {
        var screen = screen
        if x.resolution > 0 {
            screen.dpi = ScreenMapping.dpi(pixels: screen.width, axis: x)
        } else if y.resolution > 0 {
            screen.dpi = ScreenMapping.dpi(pixels: screen.height, axis: y)
        }
        self.screen = screen
        xMinimum = Double(x.minimum)
        yMinimum = Double(y.minimum)
        xScale = screen.width / (Double(x.maximum) - Double(x.minimum) + 1)
        yScale = screen.height / (Double(y.maximum) - Double(y.minimum) + 1)
    }

    /// The mapping for a recording without axis ranges (`getevent`): the box the contacts
    /// span, scaled by one factor on both axes so shapes keep their proportions, fills the
    /// screen's width or height; the dpi is the screen's.
    init(observed contacts: [ContactEvent], screen: Trace.Screen) {
        self.screen = screen
        guard let first = contacts.first else {
            (xMinimum, yMinimum, xScale, yScale) = (0, 0, 1, 1)
            return
        }
        var (xLow, xHigh, yLow, yHigh) = (first.x, first.x, first.y, first.y)
        for contact in contacts {
            xLow = min(xLow, contact.x)
            xHigh = max(xHigh, contact.x)
            yLow = min(yLow, contact.y)
            yHigh = max(yHigh, contact.y)
        }
        xMinimum = Double(xLow)
        yMinimum = Double(yLow)
        let scale = min(
            screen.width / (Double(xHigh) - Double(xLow) + 1),
            screen.height / (Double(yHigh) - Double(yLow) + 1))
        (xScale, yScale) = (scale, scale)
    }

    /// A device position in screen pixels, clamped to the screen and rounded to a thousandth.
    func pixels(x: Int32, y: Int32) -> (x: Double, y: Double) {
        (
            ScreenMapping.place(Double(x), from: xMinimum, scale: xScale, size: screen.width),
            ScreenMapping.place(Double(y), from: yMinimum, scale: yScale, size: screen.height)
        )
    }

    private static func place(_ value: Double, from minimum: Double, scale: Double, size: Double) -> Double {
        let pixels = min(max((value - minimum) * scale, 0), size)
        return roundedToThousandths(pixels)
    }

    /// The dpi at which `pixels` span the axis's physical length, rounded to a thousandth.
    private static func dpi(pixels: Double, axis: DeviceDescription.Axis) -> Double {
        let millimetres = (Double(axis.maximum) - Double(axis.minimum)) / Double(axis.resolution)
        // A dpi must stay positive, even for an absurd device that is kilometres wide.
        return max(roundedToThousandths(pixels / (millimetres / millimetresPerInch)), 0.001)
    }

    /// Rounding to a thousandth keeps written numbers short: the shortest decimal that
    /// reads back as the rounded double has at most three decimals.
    static func roundedToThousandths(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }
}

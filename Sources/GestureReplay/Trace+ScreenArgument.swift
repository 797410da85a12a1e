import JSON

extension Trace.Screen {
    /// A screen written as `WxH` or `WxH@dpi`, such as `1920x1080` or `2560x1440@192`.
    ///
    /// The form of `gesturebridge replay --screen`. Width, height and dpi are
    /// positive numbers; without `@dpi` the screen has the reference 96 dpi. Returns
    /// nil for anything else.
    public init?(argument: String) {
        let parts = argument.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let width = Trace.Screen.positive(size[0]), let height = Trace.Screen.positive(size[1])
        else { return nil }
        var dpi = Trace.Screen.referenceDPI
        if parts.count == 2 {
            guard let given = Trace.Screen.positive(parts[1]) else { return nil }
            dpi = given
        }
        self.init(width: width, height: height, dpi: dpi)
    }

    /// The screen as `--screen` takes it: `1920x1080@96`.
    public var argument: String {
        "\(JSONNumberFormat.string(width, decimals: 3))x\(JSONNumberFormat.string(height, decimals: 3))"
            + "@\(JSONNumberFormat.string(dpi, decimals: 3))"
    }

    /// A positive finite number written in plain decimal digits (no sign, exponent, `inf` or `nan`).
    private static func positive(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(text), value.isFinite, value > 0
        else { return nil }
        return value
    }
}

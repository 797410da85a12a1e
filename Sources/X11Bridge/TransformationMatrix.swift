/// An input device's "Coordinate Transformation Matrix": where on the screen its whole surface lands.
///
/// The X server multiplies each absolute position, normalized to 0...1 over the
/// device's range, by this 3×3 matrix (row-major) and scales the result onto the
/// whole screen. The identity spreads the device over the whole screen; a matrix
/// that scales by ½ and offsets by ½ puts it on the right half.
public struct TransformationMatrix: Hashable, Sendable, CustomStringConvertible {
    /// The nine values, row by row, as `xinput list-props` prints them.
    public var values: [Float]

    /// A matrix from nine row-major values.
    public init(_ values: [Float]) {
        precondition(values.count == 9, "a transformation matrix has 9 values, not \(values.count)")
        self.values = values
    }

    /// The whole screen: the server's default for every device.
    public static let identity = TransformationMatrix([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The matrix that puts the device on `rectangle` of a `screenWidth` × `screenHeight` screen,
    /// rotated and reflected as the monitor is, computed exactly as `xinput map-to-output` does.
    ///
    /// `rotation` holds XRandR's bits: `RR_Rotate_0` 1, `_90` 2, `_180` 4, `_270` 8,
    /// `RR_Reflect_X` 16, `RR_Reflect_Y` 32. The sixteen cases are spelled out, as
    /// xinput's `set_transformation_matrix` does, so no multiplication adds rounding.
    public static func mapping(
        onto rectangle: ScreenOutput.Rectangle, rotation: UInt16 = 1,
        screenWidth: Int, screenHeight: Int
    ) -> TransformationMatrix {
        let x = Float(1.0 * Double(rectangle.x) / Double(screenWidth))
        let y = Float(1.0 * Double(rectangle.y) / Double(screenHeight))
        let w = Float(1.0 * Double(rectangle.width) / Double(screenWidth))
        let h = Float(1.0 * Double(rectangle.height) / Double(screenHeight))
        let rotate0: UInt16 = 1, rotate90: UInt16 = 2, rotate180: UInt16 = 4, rotate270: UInt16 = 8
        let reflectX: UInt16 = 16, reflectY: UInt16 = 32, reflectAll = reflectX | reflectY
        switch rotation {
        case rotate0, rotate180 | reflectAll:
            return s4(x, y, w, h, mainDiagonal: true)
        case reflectX | rotate0, reflectY | rotate180:
            return s4(x + w, y, -w, h, mainDiagonal: true)
        case reflectY | rotate0, reflectX | rotate180:
            return s4(x, y + h, w, -h, mainDiagonal: true)
        case rotate90, rotate270 | reflectAll:
            return s4(x + w, y, -w, h, mainDiagonal: false)
        case rotate270, rotate90 | reflectAll:
            return s4(x, y + h, w, -h, mainDiagonal: false)
        case rotate90 | reflectX, rotate270 | reflectY:
            return s4(x, y, w, h, mainDiagonal: false)
        case rotate90 | reflectY, rotate270 | reflectX:
            return s4(x + w, y + h, -w, -h, mainDiagonal: false)
        case rotate180, reflectAll | rotate0:
            return s4(x + w, y + h, -w, -h, mainDiagonal: true)
        default:
            // xinput leaves the identity for a rotation it does not know.
            return .identity
        }
    }

    /// xinput's `matrix_s4`: offsets in the last column, scales on the main or the other diagonal.
    private static func s4(_ x02: Float, _ x12: Float, _ d1: Float, _ d2: Float, mainDiagonal: Bool)
        -> TransformationMatrix
    {
        var values = identity.values
        values[2] = x02
        values[5] = x12
        if mainDiagonal {
            values[0] = d1
            values[4] = d2
        } else {
            values[0] = 0
            values[4] = 0
            values[1] = d1
            values[3] = d2
        }
        return TransformationMatrix(values)
    }

    /// Whether two matrices agree to within `tolerance` in every value (the property is stored as floats).
    public func isClose(to other: TransformationMatrix, tolerance: Float = 1e-4) -> Bool {
        zip(values, other.values).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// The values as `xinput list-props` prints them: "0.500000, 0.000000, …".
    public var description: String {
        values.map { formatted($0) }.joined(separator: ", ")
    }

    private func formatted(_ value: Float) -> String {
        let scaled = (Double(value) * 1_000_000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let magnitude = Int64(abs(scaled))
        let fraction = String(magnitude % 1_000_000)
        return sign + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}

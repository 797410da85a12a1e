internal import CX11

/// A part of the screen a touchscreen can be mapped onto: a lit XRandR output, or a monitor.
public struct ScreenOutput: Hashable, Sendable, CustomStringConvertible {
    /// A rectangle of the screen, in pixels.
    public struct Rectangle: Hashable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// Where the name comes from.
    public enum Source: Hashable, Sendable {
        /// An output driven by a CRTC (`eDP-1`, `HDMI-1`), as `xinput map-to-output` knows them.
        case output
        /// A monitor from `XRRGetMonitors`, such as one made with `xrandr --setmonitor`.
        case monitor
    }

    public var name: String
    public var rectangle: Rectangle
    /// XRandR's rotation and reflection bits of the CRTC (1, `RR_Rotate_0`, for monitors).
    public var rotation: UInt16
    public var source: Source

    public var description: String {
        "\(name) \(rectangle.width)x\(rectangle.height)+\(rectangle.x)+\(rectangle.y)"
    }
}

/// How a device's matrix places it on the screen, as `gesturebridge devices` reports it.
public enum DeviceMapping: Hashable, Sendable, CustomStringConvertible {
    /// The identity: the device spans the whole screen.
    case wholeScreen
    /// The matrix `xinput map-to-output` would set for this output or monitor.
    case output(String)
    /// Some other matrix (a calibration, or a monitor that has since moved).
    case custom(TransformationMatrix)
    /// The device has no Coordinate Transformation Matrix (a relative device, such as a touchpad).
    case none

    public var description: String {
        switch self {
        case .wholeScreen: "whole screen"
        case .output(let name): name
        case .custom: "custom matrix"
        case .none: "-"
        }
    }
}

/// Maps touchscreens onto monitors by setting their "Coordinate Transformation Matrix".
///
/// Does what `xinput map-to-output DEVICE OUTPUT` does: the output's CRTC rectangle
/// (and rotation) from XRandR relative to the screen's size. A name that is no output
/// may be a monitor from `XRRGetMonitors`, which covers `xrandr --setmonitor`.
public final class OutputMapper {
    /// Why a device could not be mapped.
    public enum MappingError: Error, Hashable, Sendable, CustomStringConvertible {
        /// No lit output or monitor has that name.
        case unknownOutput(String, available: [String])
        /// The server refused to read or set the property.
        case x11(X11Error)

        public var description: String {
            switch self {
            case let .unknownOutput(name, available):
                let list = available.isEmpty ? "none" : available.joined(separator: ", ")
                return "no output or monitor named '\(name)' (there are: \(list))"
            case .x11(let error):
                return "\(error)"
            }
        }
    }

    private let connection: X11Connection
    private var display: OpaquePointer { connection.display }
    private let matrixAtom: Atom
    private let floatAtom: Atom

    /// A mapper on `connection`; it interns the property's atoms.
    public init(connection: X11Connection) {
        self.connection = connection
        matrixAtom = XInternAtom(connection.display, "Coordinate Transformation Matrix", 0)
        floatAtom = XInternAtom(connection.display, "FLOAT", 0)
    }

    /// The lit outputs, then the monitors whose names no output has.
    ///
    /// The corresponding XRandR calls are `XRRGetScreenResourcesCurrent`, `XRRGetOutputInfo`,
    /// `XRRGetCrtcInfo` and `XRRGetMonitors`.
    public func outputs() -> [ScreenOutput] {
        let root = Window(connection.root.rawValue)
        var found: [ScreenOutput] = []
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0 else { return [] }
        if let resources = XRRGetScreenResourcesCurrent(display, root) {
            defer { XRRFreeScreenResources(resources) }
            for index in 0..<Int(resources.pointee.noutput) {
                guard let info = XRRGetOutputInfo(display, resources, resources.pointee.outputs[index]) else {
                    continue
                }
                defer { XRRFreeOutputInfo(info) }
                guard info.pointee.crtc != 0, info.pointee.connection == RR_Connected,
                    let crtc = XRRGetCrtcInfo(display, resources, info.pointee.crtc)
                else { continue }
                defer { XRRFreeCrtcInfo(crtc) }
                let rectangle = ScreenOutput.Rectangle(
                    x: Int(crtc.pointee.x), y: Int(crtc.pointee.y),
                    width: Int(crtc.pointee.width), height: Int(crtc.pointee.height))
                found.append(
                    ScreenOutput(
                        name: String(cString: info.pointee.name), rectangle: rectangle,
                        rotation: crtc.pointee.rotation, source: .output))
            }
        }
        var count: Int32 = 0
        if let monitors = XRRGetMonitors(display, root, 1, &count) {
            defer { XRRFreeMonitors(monitors) }
            for index in 0..<Int(count) {
                let monitor = monitors[index]
                guard let atomName = XGetAtomName(display, monitor.name) else { continue }
                let name = String(cString: atomName)
                XFree(atomName)
                guard !found.contains(where: { $0.name == name }) else { continue }
                let rectangle = ScreenOutput.Rectangle(
                    x: Int(monitor.x), y: Int(monitor.y),
                    width: Int(monitor.width), height: Int(monitor.height))
                found.append(ScreenOutput(name: name, rectangle: rectangle, rotation: 1, source: .monitor))
            }
        }
        return found
    }

    /// The matrix that puts a device on `output`.
    public func matrix(for output: ScreenOutput) -> TransformationMatrix {
        let size = connection.screenSize
        return .mapping(
            onto: output.rectangle, rotation: output.rotation, screenWidth: size.width, screenHeight: size.height)
    }

    /// Sets the device's matrix for the output or monitor named `name`, and returns it.
    @discardableResult
    public func map(_ device: DeviceID, to name: String) throws(MappingError) -> TransformationMatrix {
        let outputs = outputs()
        guard let output = outputs.first(where: { $0.name == name }) else {
            throw .unknownOutput(name, available: outputs.map(\.name))
        }
        let matrix = matrix(for: output)
        do {
            try setMatrix(matrix, of: device)
        } catch {
            throw .x11(error)
        }
        return matrix
    }

    /// The device's matrix, or nil when it has none.
    ///
    /// The corresponding Xlib call is `XIGetProperty`.
    public func matrix(of device: DeviceID) -> TransformationMatrix? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XIGetProperty(
            display, device.rawValue, matrixAtom, 0, 9, 0, floatAtom,
            &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        _ = connection.takeErrors()
        // XI2 properties hand out format-32 items as 32-bit values, unlike window properties.
        guard status == Success, type == floatAtom, format == 32, count == 9, let data else { return nil }
        return data.withMemoryRebound(to: Float.self, capacity: 9) {
            TransformationMatrix(Array(UnsafeBufferPointer(start: $0, count: 9)))
        }
    }

    /// Sets the device's matrix.
    ///
    /// The corresponding Xlib call is `XIChangeProperty` (type FLOAT, format 32, 9 items).
    public func setMatrix(_ matrix: TransformationMatrix, of device: DeviceID) throws(X11Error) {
        var values = matrix.values
        try connection.checked("XIChangeProperty(Coordinate Transformation Matrix) on device \(device)") {
            values.withUnsafeMutableBytes { bytes in
                XIChangeProperty(
                    display, device.rawValue, matrixAtom, floatAtom, 32, PropModeReplace,
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 9)
            }
        }
    }

    /// How the device's matrix places it: the whole screen, one of `outputs`, or a custom matrix.
    public func mapping(of device: DeviceID, outputs: [ScreenOutput]) -> DeviceMapping {
        guard let current = matrix(of: device) else { return .none }
        if current.isClose(to: .identity) { return .wholeScreen }
        if let output = outputs.first(where: { matrix(for: $0).isClose(to: current) }) { return .output(output.name) }
        return .custom(current)
    }
}

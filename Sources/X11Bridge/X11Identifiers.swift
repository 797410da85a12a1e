internal import CX11

/// An X11 window id (`Window`), as Xlib calls and events carry it.
///
/// Wraps the `Window` XID of Xlib's `XCreateWindow`, `XQueryTree` and the window fields of events.
public struct WindowID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = WindowID(rawValue: 0)
    public var description: String { "0x" + String(rawValue, radix: 16) }
}

/// An XInput2 device id (`deviceid` or `sourceid`).
///
/// Wraps the device ids that `XIQueryDevice` reports and XI2 events carry.
public struct DeviceID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
}

/// An interned X atom.
///
/// Wraps the `Atom` that Xlib's `XInternAtom` returns.
public struct AtomID: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = AtomID(rawValue: 0)
}

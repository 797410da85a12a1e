import CX11
import Foundation
import X11Bridge

/// Turns the dummy driver's one 1920×1080 output into two real outputs side by side, 960×1080 each.
///
/// The dummy driver lights a "disconnected" output once a mode is set on it, so this
/// is what `xrandr --newmode 960x1080 …; --addmode; --output DUMMY0 --mode 960x1080
/// --output DUMMY1 --mode 960x1080 --pos 960x0` does, through XRandR's calls. The screen
/// stays 1920×1080. Idempotent: a server already split is left as it is.
enum SplitScreen {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Splits the screen of `display`; returns the left and right outputs' names.
    @discardableResult
    static func split(display name: String) throws -> (left: String, right: String) {
        guard let display = XOpenDisplay(name) else { throw Failure(description: "cannot open \(name)") }
        X11Connection.surviveLoss(of: display)
        defer { XCloseDisplay(display) }
        let root = XDefaultRootWindow(display)
        guard let resources = XRRGetScreenResources(display, root) else {
            throw Failure(description: "no XRandR resources")
        }
        defer { XRRFreeScreenResources(resources) }
        guard resources.pointee.noutput >= 2, resources.pointee.ncrtc >= 2 else {
            throw Failure(description: "the dummy driver has fewer than two outputs and CRTCs")
        }
        let outputs = (0..<2).map { resources.pointee.outputs[$0] }
        let names = outputs.map { output -> String in
            guard let info = XRRGetOutputInfo(display, resources, output) else { return "" }
            defer { XRRFreeOutputInfo(info) }
            return String(cString: info.pointee.name)
        }
        let crtcs = (0..<2).map { resources.pointee.crtcs[$0] }
        if let info = XRRGetCrtcInfo(display, resources, crtcs[1]) {
            defer { XRRFreeCrtcInfo(info) }
            if info.pointee.mode != 0 { return (names[0], names[1]) }
        }
        var modeName = Array("960x1080".utf8CString)
        let mode = modeName.withUnsafeMutableBufferPointer { buffer -> RRMode in
            var info = XRRModeInfo()
            (info.width, info.height, info.dotClock) = (960, 1080, 74_250_000)
            (info.hSyncStart, info.hSyncEnd, info.hTotal) = (1004, 1026, 1100)
            (info.vSyncStart, info.vSyncEnd, info.vTotal) = (1084, 1089, 1125)
            info.name = buffer.baseAddress
            info.nameLength = UInt32(buffer.count - 1)
            return XRRCreateMode(display, root, &info)
        }
        for output in outputs { XRRAddOutputMode(display, output, mode) }
        for index in 0..<2 {
            var output = outputs[index]
            let status = XRRSetCrtcConfig(
                display, resources, crtcs[index], Time(CurrentTime), Int32(index * 960), 0,
                mode, Rotation(RR_Rotate_0), &output, 1)
            guard status == Success else {
                throw Failure(description: "XRRSetCrtcConfig for \(names[index]) failed: \(status)")
            }
        }
        XSync(display, 0)
        return (names[0], names[1])
    }
}

import CX11
import Foundation

/// The display's ICC profile as the X ICC profile convention publishes it ("ICC Profiles in X", OpenICC 0.3):
/// the raw profile in the root window's `_ICC_PROFILE` property (CARDINAL/8), set by colord's xiccd, mutter or
/// ArgyllCMS `dispwin -I`; no property means sRGB. The root window's property changes are selected, so a new
/// profile (a calibration applied, a monitor profile switched) arrives as a PropertyNotify.
///
/// Only the first monitor's `_ICC_PROFILE` is read; `_ICC_PROFILE_1…n` of further monitors are not.
final class X11DisplayProfile {
    private let display: OpaquePointer
    private let root: Window
    let atom: Atom
    /// A profile given on the command line replaces the root window's (which is then not read).
    private let fixed: [UInt8]?

    /// Profiles over this many bytes are not read (the largest display profiles are a few hundred KB).
    static let maxBytes = 16 << 20

    init(display: OpaquePointer, screen: Int32, fixed: [UInt8]?) {
        self.display = display
        root = XRootWindow(display, screen)
        atom = XInternAtom(display, "_ICC_PROFILE", 0)
        self.fixed = fixed
        if fixed == nil {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, root, &attributes)
            XSelectInput(display, root, attributes.your_event_mask | PropertyChangeMask)
        }
    }

    /// The profile's bytes as they are now; nil when there is none (sRGB).
    func read() -> [UInt8]? {
        if let fixed { return fixed }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, root, atom, 0, Self.maxBytes / 4, 0, Atom(AnyPropertyType), &type, &format,
                                        &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 8, count > 0, after == 0, let data else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }

    /// True for the event that says the profile changed.
    func isChange(_ event: XPropertyEvent) -> Bool {
        fixed == nil && event.window == root && event.atom == atom
    }
}

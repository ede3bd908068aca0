import CX11

extension X11Window {
    /// Sets `_NET_WM_ICON` (CARDINAL, format 32: for each size its width, height and ARGB pixels, as C longs; see
    /// `PhotoPipeline.WindowIcon`). Called before the window is mapped.
    static func setIcon(_ cardinals: [UInt], display: OpaquePointer, window: Window) {
        let atom = XInternAtom(display, "_NET_WM_ICON", 0)
        cardinals.withUnsafeBytes { p in
            _ = XChangeProperty(display, window, atom, XA_CARDINAL, 32, PropModeReplace,
                                p.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(cardinals.count))
        }
    }
}

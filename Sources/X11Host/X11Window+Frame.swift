import CX11

/// Where the window is on the screen, for the next launch to open in the same place.
extension X11Window {
    /// The top-left of the window's frame (its decoration included: `_NET_FRAME_EXTENTS`), screen pixels; nil when the
    /// server cannot say.
    public var frameOrigin: (x: Int, y: Int)? {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child) != 0 else { return nil }
        let extents = frameExtents
        return (Int(x) - extents.left, Int(y) - extents.top)
    }

    /// The decoration's left and top widths the window manager reports (`_NET_FRAME_EXTENTS`), 0 without one.
    var frameExtents: (left: Int, top: Int) {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let atom = XInternAtom(display, "_NET_FRAME_EXTENTS", 0)
        guard XGetWindowProperty(display, window, atom, 0, 4, 0, Atom(XA_CARDINAL), &type, &format, &count, &after, &data) == Success,
              let data else { return (0, 0) }
        defer { XFree(data) }
        guard format == 32, count == 4 else { return (0, 0) }
        let values = UnsafeRawPointer(data).assumingMemoryBound(to: Int.self)   // format 32: C longs
        return (values[0], values[2])
    }
}

/// The window icon for X11's `_NET_WM_ICON` property (type CARDINAL, format 32): for each size, width,
/// height, then width × height pixels as *non-premultiplied* 0xAARRGGBB, rows top to bottom. Xlib takes
/// format-32 data as C `long`s (8 bytes on x86-64), hence `[UInt]`.
///
/// App side: `let icon = WindowIcon.cardinals(WindowIcon.load(folder: …))`, then
/// `XChangeProperty(display, window, _NET_WM_ICON, XA_CARDINAL, 32, PropModeReplace, icon, icon.count)`
/// before mapping the window.
public enum WindowIcon {
    /// The sizes shipped in `assets/icons/photostack-SIZE.png`, in pixels.
    public static let sizes = [16, 32, 48, 64, 128, 256]

    /// The CARDINAL array for `images` (in the order given). Pure.
    public static func cardinals(_ images: [PixelImage]) -> [UInt] {
        var out: [UInt] = []
        out.reserveCapacity(images.reduce(0) { $0 + 2 + $1.width * $1.height })
        for image in images {
            out.append(UInt(image.width))
            out.append(UInt(image.height))
            for y in 0..<image.height {
                for x in 0..<image.width { out.append(UInt(unpremultiplied(image.pixel(x: x, y: y)))) }
            }
        }
        return out
    }

    /// Premultiplied 0xAARRGGBB → straight alpha (channels divided by alpha, rounded).
    static func unpremultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 0 { return 0 }
        if a == 255 { return p }
        func channel(_ shift: UInt32) -> UInt32 { min(255, ((p >> shift & 0xFF) * 255 + a / 2) / a) << shift }
        return a << 24 | channel(16) | channel(8) | channel(0)
    }

    /// Reads `photostack-SIZE.png` for each of `sizes` from `folder` (skipping missing or unreadable ones).
    /// Touches the file system: call it off the UI thread (or before the window opens).
    public static func load(folder: PhotoPath, sizes: [Int] = [16, 32, 48, 64, 128]) -> [PixelImage] {
        sizes.compactMap { size in
            guard case .success(let file) = PNGCodec.read(path: folder.appending("photostack-\(size).png")) else { return nil }
            return file.image
        }
    }
}

/// EXIF orientation (tag 0x0112): how the stored pixels must be transformed for display.
public enum ExifOrientation: Int, Sendable, Codable, CaseIterable {
    case normal = 1, flipHorizontal = 2, rotate180 = 3, flipVertical = 4
    case transpose = 5, rotate90Clockwise = 6, transverse = 7, rotate90CounterClockwise = 8

    /// True when width and height swap on display (values 5–8).
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The stored pixel (x, y) shown at display position (dx, dy), for a stored image of w × h pixels.
    func sourcePoint(dx: Int, dy: Int, width w: Int, height h: Int) -> (Int, Int) {
        switch self {
        case .normal: return (dx, dy)
        case .flipHorizontal: return (w - 1 - dx, dy)
        case .rotate180: return (w - 1 - dx, h - 1 - dy)
        case .flipVertical: return (dx, h - 1 - dy)
        case .transpose: return (dy, dx)
        case .rotate90Clockwise: return (dy, h - 1 - dx)
        case .transverse: return (w - 1 - dy, h - 1 - dx)
        case .rotate90CounterClockwise: return (w - 1 - dy, dx)
        }
    }
}

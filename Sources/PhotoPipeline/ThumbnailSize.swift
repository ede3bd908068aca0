/// The freedesktop.org thumbnail size classes (longest side in pixels).
public enum ThumbnailSize: Int, Sendable, CaseIterable, Comparable, Codable {
    case normal = 128
    case large = 256
    case xLarge = 512
    case xxLarge = 1024

    /// Longest side in pixels.
    public var pixels: Int { rawValue }

    /// The cache sub-directory name.
    public var directoryName: String {
        switch self {
        case .normal: return "normal"
        case .large: return "large"
        case .xLarge: return "x-large"
        case .xxLarge: return "xx-large"
        }
    }

    /// The smallest class whose side is ≥ `pixels` (device pixels, HiDPI included); nil above 1024.
    public static func forPixels(_ pixels: Int) -> ThumbnailSize? { allCases.first { $0.rawValue >= pixels } }

    public static func < (lhs: ThumbnailSize, rhs: ThumbnailSize) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The look of a photo card (one photo of a stack), from the reference design. All lengths in points.
public struct PhotoCardStyle: Hashable, Sendable {
    /// White frame drawn inside the card's square, points.
    public var borderWidth: Double = 3
    public var borderColor: RGBA = .white
    /// Fill behind the photo (shows while loading and around transparent images).
    public var backgroundColor: RGBA = RGBA(white: 1, alpha: 0.85)
    /// Drop shadow colour; its alpha is the shadow opacity.
    public var shadowColor: RGBA = RGBA(0, 0, 0, 0.5)
    /// Shadow blur radius, points.
    public var shadowRadius: Double = 3
    /// Shadow offset, points (positive y is down).
    public var shadowOffsetX: Double = 0
    public var shadowOffsetY: Double = 2

    public init() {}

    /// The reference style: 3 pt white border, white 0.85 background, black 0.5 shadow of radius 3 offset (0, 2).
    public static let reference = PhotoCardStyle()

    /// How far, in points, the shadow reaches beyond the card on its worst side (for padding caches and
    /// dirty rectangles).
    public var shadowOutset: Double {
        shadowRadius + max(abs(shadowOffsetX), abs(shadowOffsetY)) + 1
    }
}

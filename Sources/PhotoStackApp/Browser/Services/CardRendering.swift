import Canvas

/// A rendered photo card: rotated (`RotatedPhotoCard`, drawn at rest as one pixel-aligned copy) or unrotated
/// (`CachedPhotoCard`, drawn with any transform, and as the exact card of a cell that rests straight).
/// `@unchecked Sendable`: a builder thread writes the surfaces and hands the card over whole; after that they
/// are only read.
public enum CardRendering: @unchecked Sendable {
    case rotated(RotatedPhotoCard)
    case unrotated(CachedPhotoCard)
    /// A card of a stack lifted at rest, rendered at its device matrix with its shadow (drawn as one copy).
    case lifted(LiftedPhotoCard)

    /// Memory held, bytes.
    var bytes: Int {
        switch self {
        case .rotated(let c): return c.surface.stride * c.surface.pixelHeight
        case .unrotated(let c): return c.surface.stride * c.surface.pixelHeight
        case .lifted(let c): return c.bytes
        }
    }
}

import Canvas
import Foundation
import PhotoPipeline
import StackEngine

/// Which rendering of a photo card: the photo, what the card shows (a surface by its serial, the placeholder or
/// the broken mark) and the geometry baked into it — side (points), device pixels per point, rotation
/// (radians; none for an unrotated card drawn with any transform) and the middle left out because the stack's
/// top card covers it (device pixels). Geometry is rounded (side to 1/100 pt, scale to 1/10,000, rotation to
/// 1/100,000 rad, the hole to whole pixels), so the same card asked for by the update and by the draw of one
/// frame is the same key.
public struct CardKey: Hashable, Sendable {
    /// What the card shows.
    public enum Content: Hashable, Sendable {
        case image(serial: UInt64)
        case loading
        case broken
    }

    public let photo: PhotoPath
    public let content: Content
    /// Side in 1/100 points, scale in 1/10,000 device pixels per point.
    let side: Int, scale: Int
    /// Rotation in 1/100,000 radians; nil for an unrotated card.
    let rotation: Int?
    /// Half side of the left-out middle, whole device pixels (0: none).
    let hole: Int
    /// For a lifted card (`LiftedPhotoCard`): the device matrix's linear part (1/1,000,000), its sub-pixel phase
    /// (1/10,000 px), the lift's scale (1/1,000,000) and whether it carries the lift shadow; nil otherwise.
    let lifted: [Int]?

    /// A rotated card (`RotatedPhotoCard`): `side` points at `pixelsPerPoint`, rotated by `rotation` radians, its
    /// middle covered by `covered` device pixels (half side) of an opaque card drawn over it.
    public init(photo: PhotoPath, content: Content, side: Double, pixelsPerPoint: Double, rotation: Double, covered: Double) {
        self.photo = photo
        self.content = content
        self.side = Int((side * 100).rounded())
        scale = Int((pixelsPerPoint * 10_000).rounded())
        self.rotation = Int((rotation * 100_000).rounded())
        hole = max(0, Int(covered.rounded(.down)) - 2)
        lifted = nil
    }

    /// An unrotated card (`CachedPhotoCard`) of `side` points at `deviceScale`, drawn with any transform
    /// (lifted, animating).
    public init(unrotatedPhoto photo: PhotoPath, content: Content, side: Double, deviceScale: Double) {
        self.photo = photo
        self.content = content
        self.side = Int((side * 100).rounded())
        scale = Int((deviceScale * 10_000).rounded())
        rotation = nil
        hole = 0
        lifted = nil
    }

    /// A lifted card (`LiftedPhotoCard`): the unrotated card `unrotated` drawn through the device matrix `m` scaled by
    /// `scale`, with the lift shadow under it if `shadow`.
    public init(lifted unrotated: CardKey, matrix m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double),
                scale: Double, shadow: Bool) {
        photo = unrotated.photo
        content = unrotated.content
        side = unrotated.side
        self.scale = unrotated.scale
        rotation = Int((atan2(m.b, m.a) * 100_000).rounded())
        hole = 0
        func q(_ v: Double, _ k: Double) -> Int { Int((v * k).rounded()) }
        lifted = [q(m.a, 1e6), q(m.b, 1e6), q(m.c, 1e6), q(m.d, 1e6), q(m.tx - m.tx.rounded(.down), 1e4),
                  q(m.ty - m.ty.rounded(.down), 1e4), q(scale, 1e6), shadow ? 1 : 0]
    }

    /// True for an unrotated card.
    public var isUnrotated: Bool { rotation == nil }
}

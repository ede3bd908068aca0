import StackEngine

/// Every photo of one album piled where its stack was on the albums screen: item i at `frames[i]` with
/// `rotations[i]` and zIndex 100 + count − i (content points). The album screen starts with it and
/// switches to the grid with an animated layout transition, so the photos fly out of the stack (and
/// switches back to it to fly them home). Items without an entry use the last frame.
final class StackedPhotosLayout: CollectionViewLayout {
    let frames: [Rect]
    let rotations: [Double]
    /// Content size to report (so the scroll offset is kept during the transition), points.
    let size: Size

    init(frames: [Rect], rotations: [Double], contentSize: Size) {
        self.frames = frames
        self.rotations = rotations
        self.size = contentSize
        super.init()
    }

    private var count: Int { host?.numberOfItems(inSection: 0) ?? 0 }

    override var contentSize: Size { size }

    override func layoutAttributesForItem(at indexPath: StackEngine.IndexPath) -> LayoutAttributes? {
        let n = count
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < n, let last = frames.last else { return nil }
        let i = indexPath.item
        let frame = i < frames.count ? frames[i] : last
        let rotation = i < rotations.count ? rotations[i] : 0
        return LayoutAttributes(indexPath: indexPath, frame: frame, transform: AffineTransform(rotationAngle: rotation),
                                zIndex: 100 + n - i)
    }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        (0..<count).compactMap { layoutAttributesForItem(at: StackEngine.IndexPath(item: $0, section: 0)) }
            .filter { $0.boundingBox.intersects(rect) }
    }

    override func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { false }
}

import StackEngine

extension CollectionScreen {
    /// Where the content offset is going (content points): the rest offset of an eased scroll or a coast,
    /// the offset of this frame otherwise. Keyboard selection reasons about what the user will see.
    public var scrollDestination: Point {
        guard scroller.isMoving(at: time), !scroller.isTracking else { return collectionView.contentOffset }
        return collectionView.clampedOffset(scroller.projectedRestOffset)
    }

    /// The viewport at `scrollDestination`, content points.
    public var destinationViewport: Rect {
        Rect(origin: scrollDestination, size: Size(width: viewportWidth, height: viewportHeight))
    }

    /// True when at least half of `frame` (content points) is inside the viewport at the scroll's destination.
    public func isMostlyOnScreen(_ frame: Rect) -> Bool {
        guard let shown = frame.intersection(destinationViewport), !shown.isEmpty, !frame.isEmpty else { return false }
        return shown.width * shown.height >= frame.width * frame.height / 2
    }

    /// Of `candidates` (an id and its frame, content points), the one on screen nearest to `frame`: rows first
    /// (vertical distance), then columns; wholly shown ones before those only mostly shown (so selecting it
    /// scrolls nothing). Nil when none is on screen.
    public func nearestOnScreen<ID>(to frame: Rect, among candidates: [(id: ID, frame: Rect)]) -> ID? {
        let view = destinationViewport
        let whole = candidates.filter { view.contains($0.frame) }
        return (whole.isEmpty ? candidates.filter { isMostlyOnScreen($0.frame) } : whole)
            .min { a, b in
                let da = (abs(a.frame.midY - frame.midY), abs(a.frame.midX - frame.midX))
                let db = (abs(b.frame.midY - frame.midY), abs(b.frame.midX - frame.midX))
                return da < db
            }?.id
    }
}

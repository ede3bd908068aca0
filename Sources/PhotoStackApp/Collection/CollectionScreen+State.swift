import StackEngine

extension CollectionScreen {
    /// The scroll position, content size and every element on screen (drawing order), plus the
    /// subclass's layout facts and whether the left button is held (a press or drag in progress: tells a
    /// resting offset apart from a drag that is merely holding still).
    public func state() -> ScreenState {
        let offset = collectionView.contentOffset
        let size = collectionView.contentSize
        let viewport = Rect(x: offset.x, y: offset.y, width: viewportWidth, height: viewportHeight)
        let visible = collectionView.displayList.compactMap { item -> VisibleElementState? in
            let a = item.attributes
            guard !a.isHidden, a.alpha > 0, a.boundingBox.intersects(viewport) else { return nil }
            return VisibleElementState(a)
        }
        var layout = layoutState()
        layout["pointerDown"] = .bool(pointerIsDown)
        return ScreenState(contentOffset: StatePoint(x: offset.x, y: offset.y),
                           contentSize: StateSize(width: size.width, height: size.height),
                           visible: visible, layout: layout, photos: photoStates())
    }
}

extension VisibleElementState {
    /// The state JSON entry for one element's attributes.
    init(_ a: LayoutAttributes) {
        let f = a.frame
        self.init(category: a.category.rawValue, kind: a.kind, section: a.indexPath.section, item: a.indexPath.item,
                  frame: [f.minX, f.minY, f.width, f.height], rotation: a.transform.rotation,
                  scale: a.transform.scale, zIndex: a.zIndex, alpha: a.alpha)
    }
}

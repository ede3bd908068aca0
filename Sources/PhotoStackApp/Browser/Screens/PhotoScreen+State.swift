import StackEngine

/// The photo view's part of the state JSON. `contentOffset` is the pager's offset (page × window width when at
/// rest); `visible` lists every photo drawn with its window frame (the carried photo's presented frame during a
/// transition). `layout`: `photo` (file name), `album`, `index`, `count`, `page` (pager offset in pages), `zoom`
/// (1 = the default view) and `zoomTarget`, `pixelScale` (device pixels per image pixel at the presented zoom:
/// 1 = 100 %), `pan` ([x, y]: offset of the photo's centre from its resting centre, points), `dragging` (a drag or
/// swipe moves a scroller), `pointerDown` (the left button is held on the view, as on the collection screens), and
/// `transition` ("opening" / "closing") while there is one.
extension PhotoScreen {
    func screenState() -> ScreenState {
        var visible: [VisibleElementState] = []
        guard !album.photos.isEmpty else { return ScreenState(layout: ["count": .int(0)]) }
        for i in visiblePages(at: time) where i != transition?.index {
            let r = displayedRect(of: i, at: time)
            visible.append(VisibleElementState(category: "cell", section: section, item: i, frame: [r.minX, r.minY, r.width, r.height],
                                               scale: i == zoomIndex ? zoomValue.value(at: time) : 1, zIndex: 0, alpha: viewAlpha))
        }
        if let i = transition?.index, let p = presentedTransition {
            let r = p.frame
            visible.append(VisibleElementState(category: "cell", section: section, item: i, frame: [r.minX, r.minY, r.width, r.height],
                                               scale: 1, zIndex: 1, alpha: p.alpha))
        }
        let offset = pager.offset(at: time)
        let z = zoom, p = pan
        var layout: [String: StateValue] = [
            "photo": .string(photo.displayName), "album": .string(album.title), "index": .int(index),
            "count": .int(album.photos.count), "page": .double(width > 0 ? offset.x / width : 0), "zoom": .double(z),
            "zoomTarget": .double(zoomIndex == index ? zoomValue.target : 1), "pixelScale": .double(pixelScale(of: index, zoom: z)),
            "pan": .list([.double(p.x), .double(p.y)]), "dragging": .bool(pager.isTracking || panner.isTracking),
            "pointerDown": .bool(dragging != nil),
        ]
        if let phase = transitionPhase { layout["transition"] = .string(phase) }
        let r = imageRect
        return ScreenState(contentOffset: StatePoint(x: offset.x, y: offset.y), contentSize: StateSize(width: r.width, height: r.height),
                           visible: visible, layout: layout,
                           photos: [PhotoState(section: section, item: index, file: photo.displayName, status: photos.status(of: photo.id),
                                               bytes: photo.fileSize, incomplete: photos.isIncomplete(photo.id))])
    }
}

import Canvas
import StackEngine

/// The photo view over the album grid: it opens out of the clicked cell and closes into the cell of the photo it
/// shows then (scrolled into view first); while it does, the grid beneath is updated and drawn, that cell left empty.
extension BrowserScreen {
    /// The photo view and the grid beneath it while the view opens or closes.
    var photoOverGrid: (photo: PhotoScreen, grid: AlbumScreen)? {
        guard stack.count > 2, let p = top as? PhotoScreen, p.isTransitioning, let g = stack[stack.count - 2] as? AlbumScreen else { return nil }
        return (p, g)
    }

    /// Connects photo view `photo` to the grid it was opened from; `animated`: it grows out of its cell.
    func attach(_ photo: PhotoScreen, to grid: AlbumScreen, animated: Bool) {
        photo.gridCellFrame = { [unowned grid] i in grid.windowFrame(ofItem: i) }
        photo.onClosed = { [unowned self, unowned photo, unowned grid] in
            guard self.top === photo else { return }
            self.stack.removeLast()
            grid.select(photo.index, at: self.time)
        }
        photo.onCloseRequest = { [unowned self, unowned photo] t in
            if self.top === photo { self.goBack(at: t) }
        }
        if animated, let cell = grid.windowFrame(ofItem: photo.index) { photo.open(fromCell: cell) }
    }

    /// Closes the photo view at `time` into the grid cell of the photo it shows (scrolled into view at once while
    /// the view hides the grid, else animated); the view is popped when the photo lands.
    /// Going back again while it closes lands it at once and goes on back (Escape twice: the albums).
    func closePhoto(_ photo: PhotoScreen, into grid: AlbumScreen, at time: Double) {
        if photo.transitionPhase == "closing" {
            stack.removeLast()
            grid.select(photo.index, at: time)
            goBack(at: time)
            return
        }
        grid.resize(width: width, height: height, scale: scale, at: time)
        grid.reveal(item: photo.index, animated: photo.isTransitioning, at: time)
        photo.close(at: time)
    }

    /// Draws the grid beneath an opening or closing photo view while it shows through, the carried photo's cell left
    /// empty; true when it did.
    @discardableResult
    func drawGridBeneathPhoto(in context: CairoContext, width: Double, height: Double, scale: Double) -> Bool {
        guard let (photo, grid) = photoOverGrid, photo.showsGridBeneath else { return false }
        var hidden: PhotoCell?
        if let i = photo.transitionIndex, let cell = grid.collectionView.cellForItem(at: StackEngine.IndexPath(item: i, section: 0)) as? PhotoCell,
           cell.isDrawn {
            cell.isDrawn = false
            hidden = cell
        }
        grid.draw(in: context, width: width, height: height, scale: scale)
        hidden?.isDrawn = true
        return true
    }
}

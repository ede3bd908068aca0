import Foundation
import PhotoPipeline
import StackEngine

/// The album grid's second style: whole photos in justified rows (`JustifiedLayout`), each card at its photo's
/// proportions (`PhotoCell+Proportional.swift`), optionally with its file name under it. Row heights follow the zoom
/// level (the square grid's cell side, points); proportions come from the photo service once a photo has loaded
/// (`PhotoService.originalSize(of:)`), until then a photo is laid out at `defaultAspectRatio`, and the rows reflow,
/// animated, as proportions arrive. Resizing and zooming keep the photo at the anchor in place.
extension AlbumScreen: JustifiedLayoutAspectRatios {
    /// The proportions (width / height) of a photo not loaded yet: 3:2, a camera's landscape frame.
    static let defaultAspectRatio = 1.5
    /// The longest side to load in justified rows, in row heights: a 3:2 landscape photo's width.
    static let justifiedPixelFactor = 1.5
    /// The file-name band under each photo, points.
    static let fileNameHeight = 24.0

    /// The layout of the grid style in force.
    var activeGridLayout: CollectionViewLayout { gridStyle == .justified ? justifiedLayout : gridLayout }

    public func justifiedLayout(_ layout: JustifiedLayout, aspectRatioForItemAt indexPath: StackEngine.IndexPath) -> Double? {
        guard indexPath.section == 0, proportions.ratios.indices.contains(indexPath.item) else { return nil }
        return proportions.ratios[indexPath.item]
    }

    /// Switches the grid style and the file names; with `animated`, every photo glides from its square to its
    /// justified place (or back) from `time`. False when nothing changed.
    @discardableResult
    public func setGridStyle(_ style: AlbumGridStyle, showsFileNames names: Bool, animated: Bool, at time: Double) -> Bool {
        guard style != gridStyle || names != showsFileNames else { return false }
        let styleChanged = style != gridStyle
        gridStyle = style
        showsFileNames = names
        justifiedLayout.itemFooterHeight = names ? Self.fileNameHeight : 0
        gridLayout.captionHeight = names ? Self.fileNameHeight : 0
        needsImageRequests = true
        // Flying out of (or into) the stack: the flight ends on the style's grid (`resize`), or never shows it.
        guard pendingOrigin == nil, flight == nil, !isClosing else { return true }
        let t = max(time, self.time)
        guard styleChanged else {
            if animated { collectionView.invalidateLayout(animated: true, options: .reflow) }
            return true
        }
        let animates = animated && viewportWidth > 0
        // Gliding into squares, a card drawn square in a frame still wide or tall would spill out of it: the cards keep
        // the photos' proportions (aspect-filled into the moving frames) until the grid rests.
        proportionalUntilRest = animates && style == .square
        collectionView.setCollectionViewLayout(activeGridLayout, animated: animates, at: t) { [weak self] in
            self?.proportionalUntilRest = false
        }
        if let s = selectedItem { collectionView.scrollToItem(at: StackEngine.IndexPath(item: s, section: 0), position: .nearest, animated: animated, at: t) }
        return true
    }

    /// Gives a cell the drawing of the grid style in force.
    func configureProportions(of cell: PhotoCell) {
        let justified = gridStyle == .justified
        if cell.keepsProportions != (justified || proportionalUntilRest) { cell.keepsProportions = justified || proportionalUntilRest }
        let caption = showsFileNames ? Self.fileNameHeight : 0
        if cell.captionHeight != caption { cell.captionHeight = caption }
    }

    /// Update phase: when the photo service learned photo sizes since the last look, the rows reflow to them
    /// (animated; scrolled down, the photo at the top of the window stays where it is).
    func followAspectRatios() {
        guard proportions.takeNewSizes(from: photos), gridStyle == .justified,
              collectionView.collectionViewLayout === justifiedLayout, !isClosing else { return }
        if collectionView.contentOffset.y > 0, let anchor = justifiedResizeAnchor(width: viewportWidth, height: viewportHeight, always: true, at: time) {
            // Invalidated inside the step: the anchor's frame is read before the rows change.
            collectionView.zoomLayout(keeping: anchor.cell, under: anchor.point, at: time) { justifiedLayout.invalidate() }
        } else {
            justifiedLayout.reflowForNewAspectRatios(animated: true)
        }
    }

    /// For a resize of the justified rows to `width` × `height` at `time`: the photo near the window's top left, to
    /// keep in place (viewport points) — while an earlier reflow still runs, the photo it keeps (`ScreenZoom.anchorCell`:
    /// the one now at that point is moving). Nil for the square grid, a size unchanged (unless `always`), or while
    /// photos fly.
    func justifiedResizeAnchor(width: Double, height: Double, always: Bool = false, at time: Double) -> (cell: StackEngine.IndexPath, point: Point)? {
        guard gridStyle == .justified, canZoom, always || width != viewportWidth || height != viewportHeight else { return nil }
        let point = Point(x: 40, y: 40)
        return zoom.anchorCell(near: point, in: collectionView, at: time).map { ($0, point) }
    }

    /// The photo in the row above (or below) `item` whose middle is nearest across to `item`'s; nil at the top
    /// (bottom) row.
    func justifiedNeighbour(of item: Int, below: Bool) -> Int? {
        justifiedLayout.prepareIfNeeded()
        let rows = justifiedLayout.rows(inSection: 0)
        guard let r = rows.firstIndex(where: { $0.items.contains(item) }),
              let f = justifiedLayout.frameForItem(at: StackEngine.IndexPath(item: item, section: 0)) else { return nil }
        let next = r + (below ? 1 : -1)
        guard rows.indices.contains(next) else { return nil }
        return rows[next].items.min { a, b in
            let fa = justifiedLayout.frameForItem(at: StackEngine.IndexPath(item: a, section: 0))!
            let fb = justifiedLayout.frameForItem(at: StackEngine.IndexPath(item: b, section: 0))!
            return abs(fa.midX - f.midX) < abs(fb.midX - f.midX)
        }
    }

    /// The state JSON's grid facts: `gridStyle` ("square" or "justified"), `fileNames`, and with justified rows
    /// `rowHeight` (the target, points) and `rows` (the row count).
    func gridStyleState() -> [String: StateValue] {
        var out: [String: StateValue] = ["gridStyle": .string(gridStyle.rawValue), "fileNames": .bool(showsFileNames)]
        if gridStyle == .justified {
            out["rowHeight"] = .double(justifiedLayout.targetRowHeight)
            out["rows"] = .int(justifiedLayout.rows(inSection: 0).count)
        }
        return out
    }
}

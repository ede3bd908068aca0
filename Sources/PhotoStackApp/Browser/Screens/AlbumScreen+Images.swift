import PhotoPipeline
import StackEngine

/// The grid's images: the size each photo is loaded at, and the requests made as cells come and go.
extension AlbumScreen {
    /// Longest side to load for a grid photo, device pixels.
    var pixelSize: Int {
        let side = gridStyle == .justified ? justifiedLayout.targetRowHeight * Self.justifiedPixelFactor : gridLayout.preparedItemSize.width
        return Int((max(side, 120) * deviceScale).rounded(.up))
    }

    /// Longest side to load for the photo at `indexPath`, device pixels: `pixelSize`, or in justified rows the photo's
    /// own frame when that is longer (a panorama as wide as two or three photos is not drawn from an image of one).
    func pixelSize(at indexPath: StackEngine.IndexPath) -> Int {
        let base = pixelSize
        guard gridStyle == .justified, let a = collectionView.collectionViewLayout.layoutAttributesForItem(at: indexPath) else { return base }
        return max(base, Int((max(a.frame.width, a.frame.height) * deviceScale).rounded(.up)))
    }

    func requestVisibleImages() {
        needsImageRequests = false
        for (indexPath, view) in collectionView.visibleCells {
            guard let cell = view as? PhotoCell, let photo = cell.photo else { continue }
            photos.want(photo, pixelSize: pixelSize(at: indexPath), priority: .visible, order: indexPath.item)
        }
    }

    // MARK: CollectionViewDelegate

    public func collectionView(_ collectionView: CollectionView, willDisplay cell: ReusableView, forItemAt indexPath: StackEngine.IndexPath) {
        needsImageRequests = true
    }

    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: ReusableView, forItemAt indexPath: StackEngine.IndexPath) {
        if let id = (cell as? PhotoCell)?.photo?.id { endedCells.append((indexPath, id)) }
    }

    public func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [StackEngine.IndexPath]) {
        for (rank, p) in indexPaths.enumerated() {
            guard let id = dataSource.itemIdentifier(for: p), let photo = photosByKey[id] else { continue }
            photos.want(photo, pixelSize: pixelSize(at: p), priority: .prefetch, order: rank)
        }
    }

    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [StackEngine.IndexPath]) {
        for p in indexPaths {
            if let id = dataSource.itemIdentifier(for: p), let photo = photosByKey[id] { photos.cancel(photo.id, pixelSize: pixelSize(at: p)) }
        }
    }
}

extension AlbumScreen: RequestsImages {
    /// The visible cells' images are asked for again at the next update.
    func requestImages() { needsImageRequests = true }
}

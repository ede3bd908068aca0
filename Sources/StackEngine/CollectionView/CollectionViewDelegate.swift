/// Observes what the collection view shows and what the user does (the counterpart of
/// UICollectionViewDelegate and UICollectionViewDataSourcePrefetching). Every method has a no-op default.
public protocol CollectionViewDelegate: AnyObject {
    /// Asked before a user action (tap, selection gesture) selects an item; false leaves it unselected.
    /// Not asked for programmatic `selectItem(at:)`, as in UIKit. Default true.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// Asked before a user action deselects an item (a toggle, a new plain click, Escape); false keeps it
    /// selected. Not asked for programmatic `deselectItem(at:)`, nor when the item is deleted. Default true.
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// A user action selected the item (called after the selection changed).
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// A user action deselected the item (called after the selection changed).
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, willDisplay cell: ReusableView, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: ReusableView, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
                        forElementKind kind: String, at indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
                        forElementOfKind kind: String, at indexPath: IndexPath)
    /// Called from `layoutIfNeeded(at:)` when the content offset changed since the previous frame.
    func collectionViewDidScroll(_ collectionView: CollectionView)
    /// Items about to become visible (up to 2 screens ahead in the scroll direction, 1 behind): start loading.
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// Items that left the prefetch range without becoming visible: cancel their loads.
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: ReusableView, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: ReusableView, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
                               forElementKind kind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
                               forElementOfKind kind: String, at indexPath: IndexPath) {}
    public func collectionViewDidScroll(_ collectionView: CollectionView) {}
    public func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {}
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}

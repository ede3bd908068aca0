/// What a layout may ask of the collection view that shows it: the viewport and the item counts.
/// The collection view conforms; tests can supply a fixed host.
public protocol LayoutHost: AnyObject {
    /// The visible area in content coordinates (origin = content offset), in points.
    var bounds: Rect { get }
    var numberOfSections: Int { get }
    func numberOfItems(inSection section: Int) -> Int
    /// Called by `CollectionViewLayout.invalidate()`; the host re-prepares the layout once before the next frame.
    func layoutDidInvalidate(_ layout: CollectionViewLayout)
}

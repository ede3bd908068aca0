/// The base of every renderer a collection view shows: cells, supplementary views and decoration views
/// (the counterpart of UICollectionReusableView). The engine only positions renderers; the app's
/// subclasses draw themselves (with Cairo) from `attributes` and their own content.
open class ReusableView {
    /// The identifier it was registered and dequeued under.
    public internal(set) var reuseIdentifier: String = ""
    /// The attributes it was last given (possibly mid-animation), in content points.
    public private(set) var attributes: LayoutAttributes?
    /// The stable identity of the model item shown (for example a diffable data source's item
    /// identifier), set by whoever configures the renderer; cleared by the engine before reuse.
    public var itemIdentity: AnyHashable?
    /// True while the item it shows is selected (cells only); kept up to date by the collection view.
    public internal(set) var isSelected = false
    /// The index path it was dequeued for (its attributes' index path follows later moves).
    public internal(set) var dequeuedIndexPath: IndexPath?
    /// How many times the engine recycled it (diagnostics and tests).
    public internal(set) var reuseCount = 0

    public required init() {}

    /// Called before the renderer is handed out again for another element: clear content tied to the old one.
    open func prepareForReuse() {}

    /// Called when the renderer goes back to the reuse pool (it may wait there a long time): drop what is
    /// expensive to keep (rendered surfaces). `prepareForReuse()` still follows before it is handed out again.
    open func didEnterReusePool() {}

    /// Called whenever the renderer's attributes change (layout, animation frame).
    open func apply(_ attributes: LayoutAttributes) {
        self.attributes = attributes
    }
}

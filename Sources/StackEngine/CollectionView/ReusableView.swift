/// The base of every renderer a collection view shows: cells, supplementary views and decoration views
/// (the counterpart of UICollectionReusableView). The engine only positions renderers; the app's
/// subclasses draw themselves (with Cairo) from `attributes` and their own content.
open class ReusableView {
    /// The identifier it was registered and dequeued under.
    public internal(set) var reuseIdentifier: String = ""
    /// The attributes it was last given (possibly mid-animation), in content points.
    public private(set) var attributes: LayoutAttributes?

    public required init() {}

    /// Called before the renderer is handed out again for another element: clear content tied to the old one.
    open func prepareForReuse() {}

    /// Called whenever the renderer's attributes change (layout, animation frame).
    open func apply(_ attributes: LayoutAttributes) {
        self.attributes = attributes
    }
}

/// Where a `JustifiedLayout` gets each item's proportions (a data-source-style provider, held weakly).
public protocol JustifiedLayoutAspectRatios: AnyObject {
    /// The item's width divided by its height (a 4:3 landscape photo: 1.333…), or nil while it is not known yet
    /// (the layout then uses its `defaultAspectRatio`; call `JustifiedLayout.aspectRatiosDidChange()` when it arrives).
    func justifiedLayout(_ layout: JustifiedLayout, aspectRatioForItemAt indexPath: IndexPath) -> Double?
}

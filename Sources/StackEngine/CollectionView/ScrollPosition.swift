/// Where `scrollToItem(at:position:animated:)` places the item in the viewport.
public enum ScrollPosition: String, Hashable, Sendable, CaseIterable {
    case top, centeredVertically, bottom
    case left, centeredHorizontally, right
    /// The smallest scroll that shows the whole item (none if it is already fully visible).
    case nearest
}

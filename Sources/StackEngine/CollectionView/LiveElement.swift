/// One element the collection view currently shows: its renderer, key, draw order and animation.
final class LiveElement {
    let view: ReusableView
    var key: ElementKey
    /// Insertion order, the tie-breaker after zIndex in the display list.
    var order: Int
    var animation: AttributeAnimation?
    /// What is on screen now (possibly mid-animation), content points.
    var presented: LayoutAttributes
    /// For disappearing elements: the fixed attributes they animate to before being recycled.
    var finalAttributes: LayoutAttributes?
    /// Pool the renderer returns to.
    let poolKey: String

    init(view: ReusableView, key: ElementKey, order: Int, presented: LayoutAttributes, poolKey: String) {
        self.view = view
        self.key = key
        self.order = order
        self.presented = presented
        self.poolKey = poolKey
    }
}

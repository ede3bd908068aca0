/// Decides where scrolling comes to rest: a collection view's layout (snapping to items or pages).
public protocol ScrollTargetProviding: AnyObject {
    /// Where scrolling should come to rest, given where it would rest by itself (`proposed`, content points)
    /// and the velocity (points per second).
    func targetContentOffset(forProposed proposed: Point, velocity: Point) -> Point
}

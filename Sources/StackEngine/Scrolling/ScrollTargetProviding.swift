/// Decides where scrolling comes to rest: a collection view's layout (snapping to items or pages). Every rest goes
/// through it — flings, drag releases, wheel notches and keys — so snapping and paging are one rule, the layout's.
public protocol ScrollTargetProviding: AnyObject {
    /// Where scrolling should come to rest, given where it would rest by itself (`proposed`, content points, inside
    /// the scroll range) and the velocity (points per second).
    func targetContentOffset(forProposed proposed: Point, velocity: Point) -> Point
    /// The same, knowing where the motion starts (`start`, content points): the offset at a release, or for a wheel
    /// notch or key the target of the ease it extends (so a burst of notches pages once per notch).
    /// Default: `targetContentOffset(forProposed:velocity:)`.
    func targetContentOffset(forProposed proposed: Point, velocity: Point, from start: Point) -> Point
}

extension ScrollTargetProviding {
    public func targetContentOffset(forProposed proposed: Point, velocity: Point, from start: Point) -> Point {
        targetContentOffset(forProposed: proposed, velocity: velocity)
    }
}

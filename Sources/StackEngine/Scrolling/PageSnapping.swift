/// The paging rule, the only one: where a horizontal paged scroller comes to rest. `PagingStripLayout` applies it as
/// a layout; `PagingScrollTarget` applies it to a scroller without a layout (the photo view). Offsets in points,
/// velocities in points per second.
///
/// A fling faster than `flingVelocityThreshold` goes to the next page boundary beyond its start in its direction
/// (one page from a page, or the page being dragged towards); a slower release rests on the page nearest the
/// proposal, at most one page from the page nearest the start. Wheel notches and page keys are flings from the
/// running target.
public struct PageSnapping: Hashable, Sendable {
    /// Width of one page, points (0: no paging).
    public var pageWidth: Double
    /// Number of pages.
    public var pageCount: Int
    /// Release speed, points per second, above which a fling turns the page whatever its natural rest (default: any
    /// fling, the scroller's minimum of 50 pt/s, as Flutter's page physics).
    public var flingVelocityThreshold: Double

    public init(pageWidth: Double, pageCount: Int, flingVelocityThreshold: Double = ScrollController.minimumFlingVelocity) {
        self.pageWidth = pageWidth
        self.pageCount = pageCount
        self.flingVelocityThreshold = flingVelocityThreshold
    }

    /// The resting x offset for a motion from `start` (points) whose natural rest is `proposed` with release
    /// velocity `velocity` (x components); `proposed` unchanged when there is nothing to page.
    public func targetX(forProposed proposed: Double, velocity: Double, from start: Double) -> Double {
        guard pageWidth > 0, pageCount > 0 else { return proposed }
        let at = start / pageWidth
        var page: Int
        if velocity > flingVelocityThreshold {
            page = Int((at + 1e-6).rounded(.down)) + 1
        } else if velocity < -flingVelocityThreshold {
            page = Int((at - 1e-6).rounded(.up)) - 1
        } else {
            let current = Int(at.rounded())
            page = min(max(Int((proposed / pageWidth).rounded()), current - 1), current + 1)
        }
        page = min(max(page, 0), pageCount - 1)
        return Double(page) * pageWidth
    }
}

/// A scroll target provider that pages horizontally with `PageSnapping` (for a `ScrollController` that no layout
/// owns). The scroller gives it the offset a motion starts from, so the rule is exactly the layout's.
public final class PagingScrollTarget: ScrollTargetProviding {
    public var snapping: PageSnapping

    public init(snapping: PageSnapping) { self.snapping = snapping }

    /// Without a start, the proposal itself is taken as the start (rests on the page nearest it).
    public func targetContentOffset(forProposed proposed: Point, velocity: Point) -> Point {
        targetContentOffset(forProposed: proposed, velocity: velocity, from: proposed)
    }

    public func targetContentOffset(forProposed proposed: Point, velocity: Point, from start: Point) -> Point {
        Point(x: snapping.targetX(forProposed: proposed.x, velocity: velocity.x, from: start.x), y: proposed.y)
    }
}

/// The sizes that bound a scroll offset: viewport, content, content insets and the scrolling axes.
///
/// The content offset is the content coordinate shown at the viewport's top-left corner, in points.
/// Insets extend the scrollable range like UIScrollView's `contentInset`: the minimum offset is
/// (−left, −top) and the maximum is content + bottom/right inset − viewport (never below the minimum).
/// Offsets below the minimum show what lies above/left of the content (for example a decoration at y = −130).
public struct ScrollGeometry: Hashable, Sendable {
    /// Size of the visible area, in points.
    public var viewportSize: Size
    /// Size of the content, in points.
    public var contentSize: Size
    /// Extra scrollable space around the content, in points.
    public var contentInset: EdgeInsets
    /// Axes along which the offset may change.
    public var axes: ScrollAxes

    public init(viewportSize: Size, contentSize: Size, contentInset: EdgeInsets = .zero, axes: ScrollAxes = .vertical) {
        self.viewportSize = viewportSize
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.axes = axes
    }

    /// The smallest resting offset, in points.
    public var minOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }

    /// The largest resting offset, in points.
    public var maxOffset: Point {
        let lo = minOffset
        return Point(x: max(lo.x, contentSize.width + contentInset.right - viewportSize.width),
                     y: max(lo.y, contentSize.height + contentInset.bottom - viewportSize.height))
    }

    /// The scrollable range along `axis`, in points.
    public func range(_ axis: ScrollAxis) -> ClosedRange<Double> { minOffset[axis]...maxOffset[axis] }

    /// `offset` clamped into the resting range on every axis (non-scrolling axes go to their minimum).
    public func clamped(_ offset: Point) -> Point {
        var p = offset
        for axis in ScrollAxis.allCases {
            let r = range(axis)
            p[axis] = axes.contains(axis) ? min(r.upperBound, max(r.lowerBound, offset[axis])) : r.lowerBound
        }
        return p
    }

    /// The rubber band for `axis` (its d is the viewport extent).
    public func rubberBand(_ axis: ScrollAxis) -> RubberBand { RubberBand(dimension: viewportSize[axis]) }
}

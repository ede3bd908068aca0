/// Scroll indicators (thin thumbs along the right and bottom edges): geometry, fade and hit testing.
/// Pure: every answer is a function of the scroll geometry, the offset and the time since the last movement.
///
/// Rects are in viewport coordinates (points, origin at the viewport's top-left); times in seconds.
public struct ScrollIndicators: Hashable, Sendable {
    /// Thumb thickness, in points.
    public var thickness = 6.0
    /// Gap between the thumb and the viewport edge, in points.
    public var margin = 3.0
    /// Shortest thumb while in range, in points.
    public var minimumThumbLength = 32.0
    /// Shortest thumb while overscrolled (it shrinks by the overscroll), in points.
    public var minimumSquashedLength = 8.0
    /// Extra width around the track that still hits it, in points.
    public var hitSlop = 6.0
    /// Seconds after the last movement during which the indicators stay fully visible.
    public var fadeDelay = 0.7
    /// Seconds the fade-out takes after `fadeDelay` (fully gone ~1 s after scrolling stops).
    public var fadeDuration = 0.3

    public init() {}

    /// What a point in the viewport hits.
    public enum Hit: Hashable, Sendable {
        /// The thumb of `axis`: start a thumb drag.
        case thumb(ScrollAxis)
        /// The track of `axis` before (−1) or after (+1) the thumb: page that way.
        case track(ScrollAxis, direction: Int)
    }

    /// Opacity 0...1: 1 while scrolling (`timeSinceLastMovement` 0), then a linear fade.
    public func alpha(timeSinceLastMovement dt: Double) -> Double {
        if dt <= fadeDelay { return 1 }
        return max(0, 1 - (dt - fadeDelay) / fadeDuration)
    }

    /// The track of `axis`, or `nil` when that axis does not scroll or has nothing to scroll.
    public func trackRect(_ axis: ScrollAxis, geometry g: ScrollGeometry) -> Rect? {
        guard g.axes.contains(axis) else { return nil }
        let r = g.range(axis)
        guard r.upperBound - r.lowerBound > 0.5 else { return nil }
        let w = g.viewportSize.width, h = g.viewportSize.height
        let otherShown = trackShown(axis.other, g)
        let reserve = otherShown ? thickness + margin : 0
        if axis == .vertical {
            return Rect(x: w - margin - thickness, y: margin, width: thickness, height: max(0, h - 2 * margin - reserve))
        }
        return Rect(x: margin, y: h - margin - thickness, width: max(0, w - 2 * margin - reserve), height: thickness)
    }

    private func trackShown(_ axis: ScrollAxis, _ g: ScrollGeometry) -> Bool {
        let r = g.range(axis)
        return g.axes.contains(axis) && r.upperBound - r.lowerBound > 0.5
    }

    /// The thumb of `axis` at `offset` (points), or `nil` when there is no track. Its length is the visible fraction
    /// of the scrollable extent (at least `minimumThumbLength`), shortened by any overscroll.
    public func thumbRect(_ axis: ScrollAxis, geometry g: ScrollGeometry, offset: Point) -> Rect? {
        guard let track = trackRect(axis, geometry: g) else { return nil }
        let trackLength = track.size[axis]
        let r = g.range(axis), viewport = g.viewportSize[axis]
        let total = r.upperBound - r.lowerBound + viewport
        var length = max(min(minimumThumbLength, trackLength), trackLength * viewport / total)
        let over = offset[axis] < r.lowerBound ? r.lowerBound - offset[axis] : max(0, offset[axis] - r.upperBound)
        length = max(min(minimumSquashedLength, length), length - over * trackLength / viewport)
        let progress = min(1, max(0, (offset[axis] - r.lowerBound) / (r.upperBound - r.lowerBound)))
        let start = (axis == .vertical ? track.minY : track.minX) + progress * (trackLength - length)
        if axis == .vertical { return Rect(x: track.minX, y: start, width: track.width, height: length) }
        return Rect(x: start, y: track.minY, width: length, height: track.height)
    }

    /// What `point` (viewport points) hits at `offset`, or `nil`.
    public func hitTest(_ point: Point, geometry g: ScrollGeometry, offset: Point) -> Hit? {
        for axis in [ScrollAxis.vertical, .horizontal] {
            guard let track = trackRect(axis, geometry: g), let thumb = thumbRect(axis, geometry: g, offset: offset) else { continue }
            let dx = axis == .vertical ? hitSlop : 0, dy = axis == .vertical ? 0 : hitSlop
            guard track.insetBy(dx: -dx, dy: -dy).contains(point) else { continue }
            if point[axis] < thumb.origin[axis] { return .track(axis, direction: -1) }
            if point[axis] >= thumb.origin[axis] + thumb.size[axis] { return .track(axis, direction: 1) }
            return .thumb(axis)
        }
        return nil
    }

    /// The content offset, in points, after dragging the thumb of `axis` by `pointerDelta` (viewport points) from a
    /// press made at `startOffset`: proportional (thumb travel ↔ scrollable range), clamped into the range.
    public func offset(forThumbDragFrom startOffset: Point, pointerDelta: Point, axis: ScrollAxis,
                       geometry g: ScrollGeometry) -> Point {
        guard let track = trackRect(axis, geometry: g),
              let thumb = thumbRect(axis, geometry: g, offset: g.clamped(startOffset)) else { return startOffset }
        let travel = track.size[axis] - thumb.size[axis]
        let r = g.range(axis)
        guard travel > 0 else { return startOffset }
        var p = startOffset
        p[axis] = min(r.upperBound, max(r.lowerBound, startOffset[axis] + pointerDelta[axis] * (r.upperBound - r.lowerBound) / travel))
        return p
    }
}

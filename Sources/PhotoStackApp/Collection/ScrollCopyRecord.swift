import Canvas
import StackEngine

/// What a `CollectionScreen` drew in its last frame, so the next frame can reuse those pixels when only the
/// content offset changed ("scroll-copy"): move the frame by the scroll distance and redraw only the strip
/// that scrolled in plus the elements whose look changed. All positions in whole device pixels.
struct ScrollCopyRecord {
    /// The stamp left on the target surface (another drawer, or a new surface, has another or none).
    var stamp: Int
    /// Target size, device pixels; device pixels per point; viewport, points.
    var pixelWidth: Int, pixelHeight: Int
    var scale: Double, width: Double, height: Double
    /// The content offset drawn, device pixels (offsets are drawn snapped to whole device pixels).
    var deviceOffsetX: Int, deviceOffsetY: Int
    /// App time of the frame, seconds.
    var time: Double
    /// Every element drawn: its attributes and its view's appearance signature.
    var elements: [ElementKey: Drawn]
    /// The frame's pixels under the scroll indicators and the overlay (`CollectionScreen.overlayDeviceRects`), before
    /// they were drawn (put back before the frame is moved or partly redrawn).
    var underOverlays: [(surface: ImageSurface, x: Int, y: Int)]

    struct Drawn {
        var attributes: LayoutAttributes
        var view: ObjectIdentifier
        /// nil: unknown (always redrawn).
        var signature: Int?
        /// `DrawableView.appearanceSignatureInPlace`: compared only when the content offset did not change.
        var signatureInPlace: Int?
    }

    /// How far (points) an element's drawing may reach beyond its bounding box: card shadows (6 pt), the
    /// hover lift (5 % bigger, a shadow of 10 pt blur 8 pt down), the focus ring (5 pt + its line),
    /// title text taller than its frame.
    static func inkOutset(of a: LayoutAttributes) -> Double { 24 + 0.03 * max(a.size.width, a.size.height) }

    /// The device-pixel rectangle an element with `a` may draw into at device offset (`ox`, `oy`).
    static func inkRect(_ a: LayoutAttributes, scale: Double, ox: Int, oy: Int) -> DeviceRect {
        let b = a.boundingBox, o = inkOutset(of: a)
        let x0 = Int(((b.minX - o) * scale).rounded(.down)) - ox, y0 = Int(((b.minY - o) * scale).rounded(.down)) - oy
        let x1 = Int(((b.maxX + o) * scale).rounded(.up)) - ox, y1 = Int(((b.maxY + o) * scale).rounded(.up)) - oy
        return DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// A rectangle of whole device pixels.
struct DeviceRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int
    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var isEmpty: Bool { width <= 0 || height <= 0 }
    var area: Int { isEmpty ? 0 : width * height }

    func intersection(_ o: DeviceRect) -> DeviceRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return DeviceRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    func intersects(_ o: DeviceRect) -> Bool { !intersection(o).isEmpty }

    /// Device pixels covered by at least one of `rects` (overlaps counted once).
    static func unionArea(_ rects: [DeviceRect]) -> Int {
        let rs = rects.filter { !$0.isEmpty }
        guard rs.count > 1 else { return rs.first?.area ?? 0 }
        let xs = Array(Set(rs.flatMap { [$0.x, $0.maxX] })).sorted()
        var total = 0
        for (x0, x1) in zip(xs, xs.dropFirst()) {
            // The rows covered in this column band: merged intervals of the rectangles spanning it.
            let spans = rs.filter { $0.x <= x0 && $0.maxX >= x1 }.map { ($0.y, $0.maxY) }.sorted { $0.0 < $1.0 }
            var covered = 0, end = Int.min
            for (y0, y1) in spans where y1 > end {
                covered += y1 - max(y0, end)
                end = y1
            }
            total += covered * (x1 - x0)
        }
        return total
    }
    var tuple: (x: Int, y: Int, width: Int, height: Int) { (x, y, width, height) }
}

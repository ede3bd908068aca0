/// Where a user-space rectangle lands in device pixels under a context's current matrix, for a kernel that draws it
/// into a scratch surface pixel by pixel: the box of device pixels covering it (grown by a pixel for the filter, cut
/// to the clip) and the inverse matrix taking the box's pixels back to user units.
struct DeviceFootprint {
    /// The box, device pixels; `x1`, `y1` exclusive. Empty when nothing of the rectangle is inside the clip.
    let x0: Int, y0: Int, x1: Int, y1: Int
    /// Device → user units for scratch pixel (x, y), which is device pixel (x + x0, y + y0):
    /// u = a·x + c·y + tx, v = b·x + d·y + ty.
    let inverse: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The footprint of `rect` (user units) in `ctx`; nil when the current matrix cannot be inverted.
    init?(of rect: CanvasRect, in ctx: CairoContext) {
        let m = ctx.currentMatrix()
        let det = m.a * m.d - m.b * m.c
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (ux, uy) in [(rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x, rect.y + rect.height),
                         (rect.x + rect.width, rect.y + rect.height)] {
            let x = m.a * ux + m.c * uy + m.tx, y = m.b * ux + m.d * uy + m.ty
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        let clip = ctx.deviceClipExtents()
        x0 = max(Int((minX - 1).rounded(.down)), clip.x0); y0 = max(Int((minY - 1).rounded(.down)), clip.y0)
        x1 = min(Int((maxX + 1).rounded(.up)), clip.x1); y1 = min(Int((maxY + 1).rounded(.up)), clip.y1)
        let ia = m.d / det, ib = -m.b / det, ic = -m.c / det, id = m.a / det
        let itx = (m.c * m.ty - m.d * m.tx) / det, ity = (m.b * m.tx - m.a * m.ty) / det
        inverse = (ia, ib, ic, id, ia * Double(x0) + ic * Double(y0) + itx, ib * Double(x0) + id * Double(y0) + ity)
    }
}

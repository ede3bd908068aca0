import CCairo
import Foundation

/// Draws a surface through a rotated (or sheared) matrix at bilinear quality for about a quarter of what pixman
/// charges: pixman's general affine path costs ~10 ns per pixel whatever the angle, against ~2.5 ns for the C
/// kernel (`ps_affine_bilinear`) resampling into a scratch surface, which is then composited with one
/// pixel-aligned copy. The scratch is shared (one surface, grown as needed, guarded by a lock): each draw uses it
/// and composites it at once.
public enum RotatedComposite {
    nonisolated(unsafe) private static var scratch: ImageSurface?
    /// Pixels resampled so far per thread (`pthread_self`): all, and those taken with the nearest texel.
    nonisolated(unsafe) private static var sampled: [pthread_t: (all: Int64, nearest: Int64)] = [:]
    private static let lock = NSLock()

    /// Pixels resampled by the calling thread's `draw`s so far (tests and benchmarks read how much work a frame did;
    /// per thread, so the card builders' renderings in the background never count towards the UI thread's frame).
    public static var sampledPixels: Int64 { lock.lock(); defer { lock.unlock() }; return sampled[threadKey]?.all ?? 0 }
    /// The part of `sampledPixels` taken with the nearest texel (`nearest` draws).
    public static var nearestSampledPixels: Int64 { lock.lock(); defer { lock.unlock() }; return sampled[threadKey]?.nearest ?? 0 }
    private static var threadKey: pthread_t { pthread_self() }

    /// Composites `source`, placed with its centre at the user-space origin (its top-left at (−`halfSide`,
    /// −`halfSide`) in source pixels = user units of the current matrix), at `alpha`, within the current clip.
    /// `occluders`: device quads that opaque layers drawn later cover — what lies under them is not resampled (it
    /// would be painted over), so the frame is the same, made for less. False (nothing drawn) when the matrix cannot
    /// be inverted or the scratch cannot be made. `nearest`: one texel per pixel (`ps_scale_nearest_occluded`) when the matrix
    /// has no rotation or shear (else bilinear): for a card that scales while it moves.
    /// `excluding` (device pixels: x, y, width, height): a rectangle whose pixels the resampling leaves transparent (inside an
    /// occluder, or a transparent middle of `source`): it is not composited.
    static func draw(_ source: ImageSurface, halfSide: Double, in ctx: CairoContext, alpha: Double, occluders: [DeviceQuad] = [],
                     nearest: Bool = false, excluding: (x: Int, y: Int, width: Int, height: Int)? = nil) -> Bool {
        // Device box of the source rectangle (grown by a pixel for the filter, within the clip), and the inverse
        // (device → user), then user → source pixels (+ halfSide), for scratch pixel (x, y) at device (x + x0, y + y0).
        let w = Double(source.pixelWidth), h = Double(source.pixelHeight)
        guard let f = DeviceFootprint(of: CanvasRect(x: -halfSide, y: -halfSide, width: w, height: h), in: ctx) else { return false }
        guard !f.isEmpty else { return true }   // nothing of it is visible
        let x0 = f.x0, y0 = f.y0, x1 = f.x1, y1 = f.y1, bw = f.width, bh = f.height
        let (ia, ib, ic, id) = (f.inverse.a, f.inverse.b, f.inverse.c, f.inverse.d)
        let tx = f.inverse.tx + halfSide, ty = f.inverse.ty + halfSide
        lock.lock(); defer { lock.unlock() }
        guard let target = ImageSurface.scratch(&scratch, covering: bw, bh) else { return false }
        let dx0 = Double(x0), dy0 = Double(y0)
        let local = occluders.filter { $0.meets(x0: dx0, y0: dy0, x1: Double(x1), y1: Double(y1)) }.map { q in
            var q = q
            q.points = q.points.map { ($0.x - dx0, $0.y - dy0) }
            return q
        }
        let useNearest = nearest && ib == 0 && ic == 0
        var count: Int64 = 0
        guard target.resample(source, inverse: (ia, ib, ic, id, tx, ty), x0: 0, y0: 0, x1: bw, y1: bh, occluders: local,
                              nearest: useNearest, sampled: &count) else { return false }
        sampled[threadKey, default: (0, 0)].all += count
        if useNearest { sampled[threadKey, default: (0, 0)].nearest += count }
        ctx.paintPixelAligned(target, x: x0, y: y0, width: bw, height: bh, alpha: alpha, excluding: excluding)
        return true
    }
}

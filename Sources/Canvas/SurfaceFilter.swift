import CCairo

/// How a source surface is sampled when it is scaled or rotated.
public enum SurfaceFilter: Sendable {
    /// Nearest pixel: sharp, for 1:1 copies.
    case nearest
    /// Bilinear: cheap and smooth, for compositing cached cards every frame.
    case bilinear
    /// Cairo's GOOD filter: better quality when shrinking photos a lot.
    case good

    var cairo: cairo_filter_t {
        switch self {
        case .nearest: return CAIRO_FILTER_NEAREST
        case .bilinear: return CAIRO_FILTER_BILINEAR
        case .good: return CAIRO_FILTER_GOOD
        }
    }
}

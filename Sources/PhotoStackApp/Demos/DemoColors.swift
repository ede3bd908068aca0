import Canvas
import Foundation

/// Colours of the demos.
enum DemoColors {
    /// A saturated colour from a hue (0 … 1, wrapping), with saturation and value 0 … 1.
    static func hue(_ h: Double, saturation s: Double = 0.6, value v: Double = 0.85) -> RGBA {
        let h6 = (h - h.rounded(.down)) * 6
        let i = Int(h6.rounded(.down)) % 6, f = h6 - h6.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return RGBA(v, t, p)
        case 1: return RGBA(q, v, p)
        case 2: return RGBA(p, v, t)
        case 3: return RGBA(p, q, v)
        case 4: return RGBA(t, p, v)
        default: return RGBA(v, p, q)
        }
    }

    /// A distinct colour for the `n`-th thing (golden-ratio hue steps).
    static func distinct(_ n: Int, saturation: Double = 0.55, value: Double = 0.85) -> RGBA {
        hue(Double(n) * 0.618_033_988_75, saturation: saturation, value: value)
    }
}

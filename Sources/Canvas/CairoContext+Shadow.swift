extension CairoContext {
    /// Draws a soft shadow of a rounded rectangle: `rect` offset by (`dx`, `dy`) points and blurred over
    /// about `radius` points, in `color` (its alpha is the peak opacity).
    ///
    /// The blur is approximated by stacking progressively smaller, translucent rounded rectangles whose
    /// alphas add up to the peak in the middle and fall off towards the outside — cheap, and close to a
    /// Gaussian of that radius at small radii (a few points).
    public func drawSoftShadow(of rect: CanvasRect, cornerRadius: Double = 0, radius: Double,
                               dx: Double, dy: Double, color: RGBA) {
        let steps = max(2, Int((radius * 2).rounded(.up)))
        let base = CanvasRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
        // Each layer: alpha a so that `steps` layers composite to the peak: 1 - (1 - a)^steps = peak.
        let peak = min(0.999, color.alpha)
        let layerAlpha = 1 - pow(1 - peak, 1 / Double(steps))
        for i in 0..<steps {
            // From radius outside the rect (faint edge) to radius inside it.
            let t = Double(i) / Double(steps - 1)
            let grow = radius * (1 - 2 * t) * 0.5
            newPath()
            roundedRectangle(base.insetBy(-grow), radius: cornerRadius + max(0, grow))
            setColor(RGBA(color.red, color.green, color.blue, layerAlpha))
            fill()
        }
    }
}

import Foundation

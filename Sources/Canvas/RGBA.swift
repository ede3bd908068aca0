/// A colour with straight (not premultiplied) components, each 0…1.
public struct RGBA: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A grey level `white` (0 black … 1 white) with `alpha`.
    public init(white: Double, alpha: Double = 1) { self.init(white, white, white, alpha) }

    public static let black = RGBA(0, 0, 0)
    public static let white = RGBA(1, 1, 1)
    public static let clear = RGBA(0, 0, 0, 0)

    /// The same colour with its alpha multiplied by `factor`.
    public func withAlpha(_ factor: Double) -> RGBA { RGBA(red, green, blue, alpha * factor) }
}

/// An axis-aligned rectangle in the user space of a `CairoContext` (points unless stated).
/// Canvas keeps its own small geometry types so it does not depend on the engine.
public struct CanvasRect: Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// The rectangle grown by `d` on every side (shrunk when `d` is negative).
    public func insetBy(_ d: Double) -> CanvasRect {
        CanvasRect(x: x + d, y: y + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }
}

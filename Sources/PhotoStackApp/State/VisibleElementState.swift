/// One visible element in the state JSON.
public struct VisibleElementState: Codable, Equatable, Sendable {
    /// "cell", "supplementary" or "decoration".
    public var category: String
    /// The supplementary or decoration kind ("title", "emblem"); empty for cells.
    public var kind: String
    public var section: Int
    public var item: Int
    /// Untransformed frame [x, y, width, height] in content points.
    public var frame: [Double]
    /// Rotation about the centre, radians.
    public var rotation: Double
    public var scale: Double
    public var zIndex: Int
    public var alpha: Double

    public init(category: String, kind: String = "", section: Int, item: Int, frame: [Double],
                rotation: Double = 0, scale: Double = 1, zIndex: Int = 0, alpha: Double = 1) {
        self.category = category; self.kind = kind; self.section = section; self.item = item; self.frame = frame
        self.rotation = rotation; self.scale = scale; self.zIndex = zIndex; self.alpha = alpha
    }
}

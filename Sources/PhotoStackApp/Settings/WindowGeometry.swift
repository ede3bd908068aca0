/// The window's size and place as it was when the app last closed (`AppSettings.window`): the next launch opens
/// the same (unless `--size` says otherwise).
public struct WindowGeometry: Codable, Equatable, Sendable {
    /// Size, points.
    public var width: Double, height: Double
    /// Where the window's frame (its decoration included) was, screen pixels from the top-left; nil when unknown.
    public var x: Int?, y: Int?

    public init(width: Double, height: Double, x: Int? = nil, y: Int? = nil) {
        self.width = width; self.height = height; self.x = x; self.y = y
    }

    /// A size the window can open at: at least 320 × 240 points, at most 16384 a side.
    var isUsable: Bool { width >= 320 && height >= 240 && width <= 16384 && height <= 16384 }
}

/// A screen whose app remembers the window's size and place (the album browser, through its settings).
public protocol RemembersWindow: AnyObject {
    /// The geometry saved by the last run, if any (and usable).
    var rememberedWindow: WindowGeometry? { get }
    /// Saves `geometry` and waits until the settings file is written (the process is about to end).
    func rememberWindow(_ geometry: WindowGeometry)
}

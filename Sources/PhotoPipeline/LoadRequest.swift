/// One image wanted: a photo at a pixel size.
public struct LoadRequest: Sendable {
    public var id: LoadRequestID
    public var photo: Photo
    /// Longest side needed, in device pixels (HiDPI included).
    public var pixelSize: Int
    public var priority: LoadPriority
    /// Tie-break within a priority: lower first (e.g. distance from the viewport, in items).
    public var order: Int
}

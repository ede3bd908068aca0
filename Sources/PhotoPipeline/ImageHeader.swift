/// An image's header facts.
public struct ImageHeader: Sendable, Equatable {
    /// Stored size in pixels.
    public var width: Int
    public var height: Int
    public var format: ImageFormat
    public var orientation: ExifOrientation
}

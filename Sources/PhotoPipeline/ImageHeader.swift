/// An image's header facts.
public struct ImageHeader: Sendable, Equatable {
    /// Stored size in pixels.
    public var width: Int
    public var height: Int
    public var format: ImageFormat
    public var orientation: ExifOrientation
    /// The colour space the file declares.
    public var colour: PhotoColour = .assumed

    public static func == (a: ImageHeader, b: ImageHeader) -> Bool {
        a.width == b.width && a.height == b.height && a.format == b.format && a.orientation == b.orientation
            && a.colour.name == b.colour.name
    }
}

/// A finished load. Show it only if the renderer still represents `photoID` (identity, not index path).
public struct LoadResult: Sendable {
    public var requestID: LoadRequestID
    /// The photo this result belongs to.
    public var photoID: PhotoPath
    /// The file version the request was for.
    public var identity: FileIdentity
    /// The pixel size requested.
    public var pixelSize: Int
    /// The image, or why it failed (`DecodeError.reason`).
    public var outcome: Result<LoadedImage, DecodeError>
}

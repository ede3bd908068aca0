/// A lossless rotation written to a file: what `LosslessRotation.undo(_:)` needs to put the file back
/// byte for byte (the edit touches only the Exif header, so it is a few bytes or one segment).
public struct OrientationEdit: Equatable, Sendable {
    /// The photo's path (the symlink target when the path given was a symlink).
    public var path: PhotoPath
    /// The orientation before (nil: no tag, shown as normal).
    public var previous: ExifOrientation?
    /// The orientation written.
    public var orientation: ExifOrientation
    /// The change made to the file's bytes.
    public var splice: ByteSplice

    public init(path: PhotoPath, previous: ExifOrientation?, orientation: ExifOrientation, splice: ByteSplice) {
        self.path = path; self.previous = previous; self.orientation = orientation; self.splice = splice
    }
}

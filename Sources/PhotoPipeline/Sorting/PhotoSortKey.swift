/// The facts one photo is sorted by (pure data; read elsewhere, off the UI thread).
public struct PhotoSortKey: Hashable, Sendable {
    /// Display name (natural order).
    public var name: String
    /// The full path: the last tie-breaker, so every order is total and stable across runs.
    public var path: PhotoPath
    /// EXIF DateTimeOriginal as wall-clock seconds (`ExifDate`), nil when unknown or not read yet.
    public var takenSeconds: Int64?
    /// Modification time, seconds since the Unix epoch.
    public var modificationTime: Double

    public init(name: String, path: PhotoPath, takenSeconds: Int64?, modificationTime: Double) {
        self.name = name; self.path = path; self.takenSeconds = takenSeconds; self.modificationTime = modificationTime
    }

    /// From a scanned photo and its taken date, if known.
    public init(_ photo: Photo, takenSeconds: Int64?) {
        self.init(name: photo.displayName, path: photo.path, takenSeconds: takenSeconds,
                  modificationTime: photo.modificationTime)
    }
}

/// What the photo-information overlay shows about one photo. Read with `PhotoInfo.read(_:)` off the UI
/// thread; every EXIF field is optional (nil when the photo has no EXIF or not that tag).
public struct PhotoInfo: Sendable, Equatable {
    /// File name for display (invalid UTF-8 shown as U+FFFD).
    public var fileName: String
    /// The containing folder's path for display.
    public var folder: String
    /// Displayed size in pixels (stored size, swapped for orientations 5–8); nil when the header is unreadable.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// File size in bytes.
    public var fileSize: Int64
    /// Modification time, seconds since the Unix epoch.
    public var modificationTime: Double
    /// EXIF DateTimeOriginal as written ("YYYY:MM:DD HH:MM:SS", the camera's local time).
    public var dateTaken: String?
    /// `dateTaken` as wall-clock seconds (see `ExifDate`), for sorting.
    public var dateTakenSeconds: Int64?
    public var cameraMake: String?
    public var cameraModel: String?
    /// EXIF LensModel.
    public var lens: String?
    /// Exposure time in seconds (1/250 s = 0.004).
    public var exposureTime: Double?
    /// Aperture as an f-number (2.8 for f/2.8).
    public var fNumber: Double?
    /// ISO speed (PhotographicSensitivity).
    public var iso: Int?
    /// Focal length in millimetres.
    public var focalLength: Double?
    /// 35 mm equivalent focal length in millimetres.
    public var focalLength35mm: Int?
    /// True when the GPS IFD holds a latitude and a longitude.
    public var hasLocation: Bool
    /// EXIF orientation tag (nil when absent).
    public var orientation: ExifOrientation?
    /// Why no EXIF was read, when the file has none or it is unreadable (nil when EXIF was read).
    public var exifNote: String?
    /// The colour space the file declares ("Adobe RGB (1998)", "Display P3", "sRGB (assumed)"); nil when the header
    /// is unreadable.
    public var colourSpace: String?
    /// Why a declared colour description is not used (a damaged profile), nil when nothing is wrong.
    public var colourNote: String?

    /// "Fujifilm X-T30" (the make left out when the model already starts with it, as many cameras write).
    public var camera: String? {
        switch (cameraMake, cameraModel) {
        case let (make?, model?): return model.lowercased().hasPrefix(make.lowercased()) ? model : "\(make) \(model)"
        case let (make?, nil): return make
        case let (nil, model?): return model
        default: return nil
        }
    }

    /// "1/250 s", "0.5 s", "2 s"; nil when unknown.
    public var exposureText: String? {
        guard let t = exposureTime, t > 0 else { return nil }
        if t < 0.5 { return "1/\(Int((1 / t).rounded())) s" }
        return t == t.rounded() ? "\(Int(t)) s" : "\((t * 10).rounded() / 10) s"
    }
}

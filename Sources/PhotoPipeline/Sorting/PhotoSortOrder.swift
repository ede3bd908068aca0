/// How albums and the photos in an album are ordered (`--sort name|taken|modified`; remembered in settings).
public enum PhotoSortOrder: String, Codable, CaseIterable, Sendable {
    /// Natural order of names (img2 before img10), as the scanner returns them.
    case name
    /// Date taken (EXIF DateTimeOriginal, else the file's modification time), oldest first.
    case taken
    /// File modification time, oldest first.
    case modified
}

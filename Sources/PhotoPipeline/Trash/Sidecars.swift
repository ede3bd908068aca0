import Glibc

/// The XMP sidecar files that belong to a photo and go where it goes (to the trash and back).
public enum Sidecars {
    /// The sidecars of `photo` that exist: `NAME.EXT.xmp` (digiKam, darktable, gThumb), and `NAME.xmp` (Lightroom,
    /// Capture One) unless `stemIsShared` — another photo of the folder has the same name before its extension (a
    /// RAW+JPEG pair shares that sidecar, which then stays with the photo left). Either extension case.
    public static func existing(of photo: PhotoPath, stemIsShared: Bool) -> [PhotoPath] {
        let name = photo.lastComponentBytes
        var candidates = [name + Array(".xmp".utf8), name + Array(".XMP".utf8)]
        if !stemIsShared, let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 {
            let stem = Array(name[..<dot])
            candidates += [stem + Array(".xmp".utf8), stem + Array(".XMP".utf8)]
        }
        let folder = PosixFiles.parent(of: photo)
        return candidates.map { folder.appending($0) }.filter { path in
            PosixFiles.linkStatus(path).map { ($0.st_mode & S_IFMT) == S_IFREG } ?? false
        }
    }

    /// The name of `photo` before its extension ("IMG_1" for "IMG_1.JPG"), to find photos that share a stem.
    public static func stem(of photo: PhotoPath) -> [UInt8] {
        let name = photo.lastComponentBytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return name }
        return Array(name[..<dot])
    }
}

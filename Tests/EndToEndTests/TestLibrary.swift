import Foundation

/// Photo libraries made for a test out of symbolic links to the sample library's photos, so a test can
/// have hundreds of albums or thousands of photos while staying small. Removed with `remove()`.
struct TestLibrary {
    /// The library folder.
    let root: String

    /// The sample library's photos (absolute paths, sorted).
    static var samplePhotos: [String] {
        let lib = AppSession.root.appendingPathComponent("assets/library").path
        let files = (FileManager.default.enumerator(atPath: lib)?.allObjects as? [String]) ?? []
        return files.filter { $0.lowercased().hasSuffix(".jpg") }.sorted().map { lib + "/" + $0 }
    }

    /// `albums` folders ("Album 001"…) of `photosPerAlbum` links each, cycling through the sample photos.
    static func symlinked(albums: Int, photosPerAlbum: Int) throws -> TestLibrary {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photostack-lib-\(UUID().uuidString)").path
        let photos = samplePhotos
        precondition(!photos.isEmpty, "no sample photos")
        var n = 0
        for a in 1...albums {
            let dir = root + "/" + String(format: "Album %03d", a)
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for p in 1...photosPerAlbum {
                try FileManager.default.createSymbolicLink(atPath: dir + String(format: "/photo-%05d.jpg", p),
                                                           withDestinationPath: photos[n % photos.count])
                n += 1
            }
        }
        return TestLibrary(root: root)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

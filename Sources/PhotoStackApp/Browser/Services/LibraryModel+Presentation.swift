import PhotoPipeline

extension LibraryModel {
    /// Notes that `library` changed: the next `refreshPresentation` presents it again.
    func changedLibrary() {
        generation += 1
        if presentation.isIdentity { presentedAlbums = library.albums; presentedGeneration = generation }
    }

    /// Presents the library again when it changed since the last time, or always with `force` (after
    /// `presentation` changed): `albums` follows. A library change also lets `presentation` forget the app's own
    /// changes the library now shows (`libraryChanged`). `time`: host-clock seconds.
    public func refreshPresentation(at time: Double, force: Bool = false) {
        guard force || presentedGeneration != generation else { return }
        if presentedGeneration != generation { presentation.libraryChanged(library.albums, at: time) }
        presentedGeneration = generation
        presentedAlbums = presentation.present(library.albums, cache: &sortCache)
    }

    /// Where the photo at `path` is shown: its album's and its own index, as presented.
    public func presentedLocation(ofPhotoAt path: PhotoPath) -> (album: Int, photo: Int)? {
        for (a, album) in presentedAlbums.enumerated() {
            if let i = album.index(ofPhotoAt: path) { return (a, i) }
        }
        return nil
    }

    /// The presented album with folder `key`.
    public func presentedAlbum(_ key: FolderKey) -> Album? { presentedAlbums.first { $0.key == key } }
}

import PhotoPipeline

extension Album {
    /// Album `n` of a scan of `/library` for tests: one folder (its own key) of 3 JPEG photos.
    static func scanned(_ n: Int) -> Album {
        let folder = PhotoPath("/library/album-\(n)")
        let key = FolderKey(device: 1, inode: UInt64(100 + n))
        let photos = (0..<3).map { i in
            Photo(folder: folder, name: Array("IMG_\(i).jpg".utf8), folderKey: key,
                  identity: FileIdentity(device: 1, inode: UInt64(1000 * n + i), size: 1, mtimeSeconds: 1), format: .jpeg)
        }
        return Album(id: "album-\(n)", title: "album-\(n)", path: folder, photos: photos, key: key)
    }
}

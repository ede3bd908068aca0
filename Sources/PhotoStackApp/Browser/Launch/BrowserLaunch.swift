import ArgumentParser
import Foundation
import PhotoPipeline
import StackEngine

/// What `photostack [FOLDER]` does before the window opens: find the folder, build the browser.
public enum BrowserLaunch {
    /// The folder to open: `folder` if given (it must be a directory), else the sample library.
    public static func resolveFolder(_ folder: String?) throws -> PhotoPath {
        let fm = FileManager.default
        if let folder {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
                FileHandle.standardError.write(Data("photostack: \(folder) is not a folder\n".utf8))
                throw ExitCode(2)
            }
            let absolute = folder.hasPrefix("/") ? folder : (fm.currentDirectoryPath as NSString).appendingPathComponent(folder)
            return PhotoPath((absolute as NSString).standardizingPath)
        }
        guard let sample = SampleLibrary.locate() else {
            FileHandle.standardError.write(Data("""
                photostack: no FOLDER given and the sample library (assets/library) was not found; \
                set PHOTOSTACK_ASSETS to the assets folder or pass a folder of photos

                """.utf8))
            throw ExitCode(2)
        }
        return PhotoPath(sample)
    }

    /// The browser on `root`, opening the album/photo asked for by `options`; background results are posted
    /// with `post` (the app's inbox).
    public static func makeScreen(root: PhotoPath, post: @escaping Post, options: BrowserOptions) -> BrowserScreen {
        let screen = BrowserScreen.make(root: root, post: post)
        if let a = options.openAlbum { screen.open(album: a, photo: options.openPhoto) }
        return screen
    }
}

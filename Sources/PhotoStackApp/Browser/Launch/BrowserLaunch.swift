import ArgumentParser
import Foundation
import PhotoPipeline
import StackEngine

/// What `photostack [FOLDER | PHOTO…]` does before the window opens: resolve the arguments into what to open
/// (`LibraryLaunch`: a folder tree, a flat folder, one photo with its folder, several photos; with no argument
/// the pictures folder or the sample library), then build the browser.
public enum BrowserLaunch {
    /// The choice for `arguments`, or a one-line error on stderr and exit status 2.
    public static func resolve(_ arguments: [String]) throws -> LibraryChoice {
        let env = LaunchEnvironment.current(sampleLibrary: SampleLibrary.locate())
        do {
            return try LibraryLaunch.resolve(arguments: arguments, environment: env)
        } catch {
            FileHandle.standardError.write(Data("photostack: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// The browser on `choice`, opening the album/photo asked for by `options`; background results are posted
    /// with `post` (the app's inbox). The window title says which library was chosen when none was named.
    public static func makeScreen(choice: LibraryChoice, post: @escaping Post, options: BrowserOptions) -> BrowserScreen {
        let home = ProcessInfo.processInfo.environment["HOME"]
        let screen = BrowserScreen.make(source: choice.source, post: post, titleNote: choice.titleNote(home: home))
        // At launch the album (and photo) opens at once: the window's first frame is its grid, not a fly-out from a
        // stack that was never on screen.
        if let a = options.openAlbum { screen.open(album: a, photo: options.openPhoto, animated: false) }
        // The settings are read here, at start-up, before the window and its loop exist.
        let store = SettingsStore.forCurrentUser()
        screen.configure(settings: store.load(), store: store, options: options)
        return screen
    }
}

import ArgumentParser
import Foundation
import PhotoPipeline
import StackEngine

/// What `photostack [FOLDER | PHOTO…]` does before the window opens: resolve the arguments into what to open
/// (`LibraryLaunch`: a folder tree, a flat folder, one photo with its folder, several photos; with no argument
/// the pictures folder or the sample library), then build the browser.
public enum BrowserLaunch {
    /// The plan for `arguments`: the library they name; the Places screen when there is nothing to open (no
    /// argument, no photos in the pictures folder and no sample library; one folder that holds no photo or does
    /// not exist); else a one-line error on stderr and exit status 2.
    public static func resolve(_ arguments: [String], environment: LaunchEnvironment = .current(sampleLibrary: SampleLibrary.locate()))
    throws -> LaunchPlan {
        func short(_ s: String) -> String {
            guard let home = environment.homeDirectory, home.count > 1, s == home || s.hasPrefix(home + "/") else { return s }
            return "~" + s.dropFirst(home.count)
        }
        do {
            let choice = try LibraryLaunch.resolve(arguments: arguments, environment: environment)
            if case .arguments = choice.origin, case .folder(let root, _) = choice.source, !LibraryLaunch.containsPhotos(root) {
                return .places(headline: "No photos in \(short(arguments[0])) — choose a folder to open", emptyFolder: root)
            }
            return .library(choice)
        } catch .nothingToOpen(let pictures) {
            return .places(headline: pictures.map { "No photos in \(short($0)) — choose a folder to open" }
                                     ?? "No pictures folder — choose a folder to open", emptyFolder: pictures.map { PhotoPath($0) })
        } catch .noSuchFile(let shown) where arguments.count == 1 {
            return .places(headline: "\(short(shown)): no such file or folder — choose a folder to open")
        } catch {
            FileHandle.standardError.write(Data("photostack: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// The app's first screen for `plan`: a `LibraryHost` showing the library (opening the album/photo asked for
    /// by `options`) or the Places screen. Settings are read here, before the window and its loop exist.
    public static func makeHost(plan: LaunchPlan, post: @escaping Post, options: BrowserOptions,
                                environment: LaunchEnvironment = .current(sampleLibrary: SampleLibrary.locate()),
                                store: SettingsStore = .forCurrentUser()) -> LibraryHost {
        let host = LibraryHost(post: post, settings: store.load(), store: store, options: options,
                               home: environment.homeDirectory, environment: environment.variables,
                               sampleLibrary: environment.sampleLibrary)
        switch plan {
        case .library(let choice):
            var remember = true
            if case .sampleLibrary = choice.origin { remember = false }
            host.open(choice.source, titleNote: choice.titleNote(home: environment.homeDirectory),
                      remember: remember, launchOptions: options)
        case let .places(headline, empty):
            host.showPlaces(headline: headline, avoiding: empty)
        }
        return host
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

import ArgumentParser
import Foundation

/// `photostack open [FOLDER | PHOTO…]` (the default): the album browser, in a window or as a snapshot.
public struct OpenCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a folder of photos (every folder under it that holds photos is an album), one photo, or several.",
        discussion: """
            FOLDER: its albums as stacks (a folder of photos without sub-folders opens on its grid). PHOTO: the photo, with its folder's photos for previous/next. Several PHOTOs: one album of them. No argument: your pictures folder (XDG_PICTURES_DIR, else ~/Pictures) when it holds photos, else the sample library. With nothing to open (no photos there and no sample library, or a FOLDER without photos or that does not exist) the window opens on Places; Ctrl+O shows Places from anywhere (pictures, home, recent libraries, GTK bookmarks, drives and network shares). The library is watched: photos and albums added, deleted, edited or renamed while it is open show up at once (F5 looks again).
            """)

    @Argument(help: "A folder, one photo, or several photos (default: your pictures folder, else the sample library).")
    public var paths: [String] = []

    @OptionGroup public var display: DisplayOptions

    @OptionGroup public var browser: BrowserOptions

    public init() {}

    public func run() throws {
        let plan = try BrowserLaunch.resolve(paths)
        let browser = self.browser
        let made = ScreenHolder()
        let launcher = Launcher(options: display) { post in
            let screen = BrowserLaunch.makeHost(plan: plan, post: post, options: browser)
            made.screen = screen
            return screen
        }
        try launcher.run()
        made.screen?.finishFileWork()   // the last zoom or sort change is on disk before the process ends
    }

    /// The browser the launcher made, for the wait at the end.
    private final class ScreenHolder {
        var screen: LibraryHost?
    }
}

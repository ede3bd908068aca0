import ArgumentParser
import Foundation

/// `photostack open [FOLDER]` (the default): the album browser on FOLDER, in a window or as a snapshot.
public struct OpenCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a photo library (a folder with one sub-folder per album).")

    @Argument(help: "The library folder (default: the sample library in assets/).")
    public var folder: String?

    @OptionGroup public var display: DisplayOptions

    @OptionGroup public var browser: BrowserOptions

    public init() {}

    public func run() throws {
        let root = try BrowserLaunch.resolveFolder(folder)
        let browser = self.browser
        let launcher = Launcher(options: display) { post in BrowserLaunch.makeScreen(root: root, post: post, options: browser) }
        try launcher.run()
    }
}

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

    public init() {}

    public func run() throws {
        let launcher = Launcher(options: display, makeScreen: { PlaceholderScreen() })
        try launcher.run()
    }
}

import ArgumentParser
import PhotoStackApp
import PhotoStackBench

/// The root command. `photostack [FOLDER] [options]` runs the default subcommand `open`; further
/// subcommands (`demo`, `bench`) are added to `subcommands`.
public struct PhotoStackCommand: ParsableCommand {
    /// What `photostack --version` prints.
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "photostack",
        abstract: "Browse folders of photos as stacks, drawn with Cairo in an X11 window.",
        version: version,
        subcommands: [OpenCommand.self, DemoCommand.self, BenchCommand.self],
        defaultSubcommand: OpenCommand.self)

    public init() {}

    /// Parses the command line (`--slideshow SECONDS` rewritten first: see `BrowserOptions`) and runs.
    public static func main() {
        main(BrowserOptions.rewritingSlideshowSeconds(Array(CommandLine.arguments.dropFirst())))
    }
}

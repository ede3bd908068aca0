import ArgumentParser
import PhotoStackApp
import PhotoStackBench

/// The root command. `photostack [FOLDER] [options]` runs the default subcommand `open`; further
/// subcommands (`demo`, `bench`) are added to `subcommands`.
public struct PhotoStackCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "photostack",
        abstract: "Browse folders of photos as stacks, drawn with Cairo in an X11 window.",
        subcommands: [OpenCommand.self, DemoCommand.self, BenchCommand.self],
        defaultSubcommand: OpenCommand.self)

    public init() {}
}

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
        let arguments = Array(CommandLine.arguments.dropFirst())
        if isTopLevelHelp(arguments) {
            print(topLevelHelp())
            return
        }
        if arguments == ["--key-bindings"] {   // for scripts/make-manpage.py
            print(KeyBindings.text, terminator: "")
            return
        }
        main(BrowserOptions.rewritingSlideshowSeconds(arguments))
    }

    /// `photostack --help` (or `-h`) without a subcommand: what a user runs the app with is `open`, the default.
    static func isTopLevelHelp(_ arguments: [String]) -> Bool {
        arguments.contains { $0 == "--help" || $0 == "-h" }
            && !arguments.contains { ["open", "demo", "bench", "help"].contains($0) }
    }

    /// The default command's help (its options, as `photostack [PATHS] [OPTIONS]`), then the other commands.
    static func topLevelHelp() -> String {
        let open = helpMessage(for: OpenCommand.self).replacingOccurrences(of: "photostack open ", with: "photostack ")
        return open + """


            OTHER COMMANDS:
              photostack demo NAME    \(DemoCommand.configuration.abstract)
              photostack bench        \(BenchCommand.configuration.abstract)
              photostack --version    Show the version.

              Keys in the window: press ? or F1 (also in `man photostack`).
            """
    }
}

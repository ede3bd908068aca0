import ArgumentParser

/// `photostack demo NAME`: one of the classic layouts as a live demo (in a window, or with --snapshot /
/// --state like the main screen); `photostack demo --list` names them. In the window F2 / Shift+F2 cycle.
public struct DemoCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show a classic collection-view layout as a live demo (F2 in the window: next demo).")

    @Argument(help: "The demo: \(DemoKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    public var name: String?

    @Flag(help: "List the demos with a one-line description and exit.")
    public var list = false

    @Option(help: "Seed of the random choices (section sizes, calendar events); the same seed gives the same demo.")
    public var seed: UInt64 = 1

    @OptionGroup public var display: DisplayOptions

    public init() {}

    /// The `--list` text: one "NAME  description" line per demo.
    public static var listing: String {
        let width = DemoKind.allCases.map(\.rawValue.count).max() ?? 0
        return DemoKind.allCases.map { k in
            k.rawValue + String(repeating: " ", count: width - k.rawValue.count + 2) + k.summary
        }.joined(separator: "\n")
    }

    public func validate() throws {
        if list { return }
        guard let name else { throw ValidationError("name a demo (or use --list): \(DemoKind.allCases.map(\.rawValue).joined(separator: ", "))") }
        guard DemoKind(rawValue: name) != nil else {
            throw ValidationError("unknown demo '\(name)'; the demos are: \(DemoKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    public func run() throws {
        if list {
            print(Self.listing)
            return
        }
        let kind = DemoKind(rawValue: name!)!
        let seed = self.seed
        try Launcher(options: display) { _ in DemoHostScreen(kind: kind, seed: seed) }.run()
    }
}

import ArgumentParser
import Foundation
import PhotoPipeline
import PhotoStackApp

/// `photostack bench [SCENARIO…]`: the performance benchmarks, one JSON object per scenario on its own line.
/// With more than one scenario each runs in a child process of its own (so peak RSS and caches of one do not
/// colour the next). Run it in a release build (`swift build -c release`).
public struct BenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure frames, layout, thumbnails, memory and idle CPU; print one JSON line per scenario.",
        discussion: """
            Scenarios: frames (album screen at 1920x1080, scale 1 and 2, scripted flings top to bottom), layout \
            (prepare and rect query at 10^3…10^6 items), thumbnails (needs --dir; --cold or --warm), memory (peak RSS \
            browsing a generated 10,000-photo library), idle (CPU of the open window under Xvfb over 5 s), scan (scanning \
            100,000 photos in 5,000 folders, hard links, next to `find` over the same tree; not in the default set), open \
            (opening and closing an album of --open-photos photos, headless, at --size; not in the default set). \
            Default: frames layout memory idle, plus thumbnails when --dir is given.
            """)

    public enum Scenario: String, ExpressibleByArgument, CaseIterable, Sendable {
        case frames, layout, thumbnails, memory, idle, scan, open
    }

    @Argument(help: "Scenarios to run (frames, layout, thumbnails, memory, idle, scan, open).")
    public var scenarios: [Scenario] = []

    @Option(help: "thumbnails: the folder of photos.")
    public var dir: String?
    @Flag(help: "thumbnails: report the cold pass (empty temporary thumbnail cache, page cache dropped if permitted).")
    public var cold = false
    @Flag(help: "thumbnails: report the warm pass (the thumbnail cache the cold pass wrote, a new memory cache).")
    public var warm = false
    @Option(help: "thumbnails: longest side requested, pixels (the album grid's 320 pt cells at 1920 px).")
    public var pixelSize = 320
    @Option(help: "thumbnails: photos on the first screen (the album grid shows 6 x 4 at 1920x1080).")
    public var firstScreen = 24

    @Option(help: "frames: albums in the generated library.")
    public var albums = 1_000
    @Option(help: "frames: device scales to render at.")
    public var scales: [Double] = [1, 2]
    @Flag(inversion: .prefixedNo, help: "frames: start frames 1/60 s of wall time apart, as the window does (--no-paced: back to back).")
    public var paced = true
    @Flag(inversion: .prefixedNo, help: "frames: let the albums screen move the previous frame and redraw only what changed (--no-scroll-copy: every frame drawn whole, as the X11 window does).")
    public var scrollCopy = true
    @Option(help: "frames and memory: window size, WIDTHxHEIGHT points.")
    public var size = WindowSize(width: 1920, height: 1080)
    @Option(help: "memory: photos in the generated library (10 per album).")
    public var photos = 10_000
    @Option(help: "layout: the largest item count (powers of ten from 10^3).")
    public var layoutMax = 1_000_000
    @Option(help: "layout: viewport queries averaged per data set.")
    public var layoutQueries = 2_000
    @Option(help: "idle: seconds measured.")
    public var idleSeconds = 5.0
    @Option(help: "scan: photos in the generated library (hard links).")
    public var scanPhotos = 100_000
    @Option(help: "scan: album folders in the generated library.")
    public var scanFolders = 5_000
    @Option(help: "scan: timed runs of the scan and of find (medians reported).")
    public var scanRuns = 3

    @Option(help: "open: photos in each album of the generated library.")
    public var openPhotos = 2_000
    @Option(help: "open: albums in the generated library (the first is opened).")
    public var openAlbums = 6

    @Flag(help: "Run every scenario in this process (no child processes).")
    public var inProcess = false

    public init() {}

    public func validate() throws {
        if cold && warm { throw ValidationError("--cold and --warm are exclusive") }
        if scenarios.contains(.thumbnails) && dir == nil { throw ValidationError("thumbnails needs --dir DIR") }
        if albums < 1 || photos < 10 || layoutMax < 1_000 || idleSeconds <= 0 { throw ValidationError("sizes must be positive") }
        if scanFolders < 1 || scanPhotos < scanFolders || scanRuns < 1 { throw ValidationError("scan needs at least one photo per folder and one run") }
    }

    /// The scenarios to run: the ones named, else the default set.
    var chosen: [Scenario] {
        if !scenarios.isEmpty { return scenarios }
        return dir == nil ? [.frames, .layout, .memory, .idle] : [.frames, .layout, .thumbnails, .memory, .idle]
    }

    public func run() throws {
        let list = chosen
        if list.count > 1 && !inProcess {
            var failed = false
            for s in list { if !runChild(s) { failed = true } }
            if failed { throw ExitCode(1) }
            return
        }
        for s in list { FileHandle.standardOutput.write(Data((try line(for: s) + "\n").utf8)) }
    }

    /// Runs `scenario` as `photostack bench SCENARIO --in-process …` and passes its output through.
    func runChild(_ scenario: Scenario) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        var args = ["bench", scenario.rawValue, "--in-process", "--pixel-size", "\(pixelSize)", "--first-screen", "\(firstScreen)",
                    "--albums", "\(albums)", "--size", "\(Int(size.width))x\(Int(size.height))", "--photos", "\(photos)",
                    "--layout-max", "\(layoutMax)", "--layout-queries", "\(layoutQueries)", "--idle-seconds", "\(idleSeconds)",
                    "--scan-photos", "\(scanPhotos)", "--scan-folders", "\(scanFolders)", "--scan-runs", "\(scanRuns)",
                    "--open-photos", "\(openPhotos)", "--open-albums", "\(openAlbums)"]
        for s in scales { args += ["--scales", "\(s)"] }
        if !paced { args.append("--no-paced") }
        if !scrollCopy { args.append("--no-scroll-copy") }
        if let dir { args += ["--dir", dir] }
        if cold { args.append("--cold") }
        if warm { args.append("--warm") }
        p.arguments = args
        do { try p.run() } catch {
            FileHandle.standardError.write(Data("photostack bench: cannot run \(scenario.rawValue): \(error)\n".utf8))
            return false
        }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    /// One scenario's JSON line.
    func line(for scenario: Scenario) throws -> String {
        switch scenario {
        case .frames:
            var byScale: [String: FrameBenchResult] = [:]
            for s in scales {
                byScale["scale\(s == s.rounded() ? String(Int(s)) : String(s))"] =
                    try FrameBench.run(albums: albums, width: size.width, height: size.height, scale: s, paced: paced, scrollCopy: scrollCopy)
            }
            return BenchOutput.line(scenario: "frames", byScale)
        case .layout:
            var counts: [Int] = []
            var n = 1_000
            while n <= layoutMax { counts.append(n); n *= 10 }
            return BenchOutput.line(scenario: "layout", LayoutSummary(LayoutBench.run(itemCounts: counts, queries: layoutQueries)))
        case .thumbnails:
            let result = ThumbnailBench.run(folder: PhotoPath(dir!), pixelSize: pixelSize, firstScreen: firstScreen,
                                            dropPageCache: !warm)
            return BenchOutput.line(scenario: "thumbnails", ThumbnailFigures(result, mode: warm ? "warm" : "cold"))
        case .memory:
            return BenchOutput.line(scenario: "memory", try MemoryBench.run(albums: photos / 10, photosPerAlbum: 10,
                                                                           width: size.width, height: size.height))
        case .idle:
            return BenchOutput.line(scenario: "idle", try IdleBench.run(seconds: idleSeconds))
        case .scan:
            return BenchOutput.line(scenario: "scan", try ScanBench.run(photos: scanPhotos, folders: scanFolders, runs: scanRuns))
        case .open:
            return BenchOutput.line(scenario: "open", try OpenAlbumBench.run(albums: openAlbums, photosPerAlbum: openPhotos,
                                                                            width: size.width, height: size.height,
                                                                            scale: scales.first ?? 1))
        }
    }
}

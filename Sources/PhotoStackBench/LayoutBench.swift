import Foundation
import StackEngine

/// One measurement of `LayoutBench`: how long a layout takes to prepare and to answer a viewport query.
public struct LayoutBenchResult: Codable, Sendable, Hashable {
    /// The layout measured ("FlowLayout", "PhotoStackLayout").
    public var layout: String
    /// Total items (photos) in the data set.
    public var items: Int
    /// Sections (albums) in the data set.
    public var sections: Int
    /// Viewport size used for the queries, in points.
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// Best of `prepareRuns` prepare() timings, in milliseconds.
    public var prepareMilliseconds: Double
    public var prepareRuns: Int
    /// Mean time of one `layoutAttributesForElements(in:)` call for a viewport-sized rect, in microseconds.
    public var meanQueryMicroseconds: Double
    /// Number of queries averaged (random offsets over the whole content, fixed seed).
    public var queries: Int
    /// Mean number of attributes returned per query.
    public var meanElementsPerQuery: Double
}

/// A benchmark (not a test) of layout prepare time and rect-query time as the data set grows.
/// Timings use the monotonic `ContinuousClock`. Run it in a release build.
public enum LayoutBench {
    /// A fixed data set and viewport for a layout under measurement.
    private final class Host: LayoutHost {
        var bounds: Rect
        let counts: [Int]
        init(bounds: Rect, counts: [Int]) { self.bounds = bounds; self.counts = counts }
        var numberOfSections: Int { counts.count }
        func numberOfItems(inSection section: Int) -> Int { counts[section] }
        func layoutDidInvalidate(_ layout: CollectionViewLayout) {}
    }

    /// Viewport of the measurements, in points (a typical desktop window).
    public static let viewport = Size(width: 1024, height: 768)
    /// Photos per album for PhotoStackLayout (10^5 photos → 10^4 albums).
    public static let photosPerAlbum = 10
    /// Items per section for FlowLayout.
    public static let itemsPerFlowSection = 100

    /// Measures FlowLayout and PhotoStackLayout for each item count.
    /// - Parameters:
    ///   - itemCounts: total items per data set.
    ///   - queries: viewport queries averaged per data set.
    public static func run(itemCounts: [Int] = [1_000, 10_000, 100_000, 1_000_000], queries: Int = 5_000) -> [LayoutBenchResult] {
        var results: [LayoutBenchResult] = []
        for n in itemCounts {
            let flow = FlowLayout()
            flow.itemSize = Size(width: 100, height: 100)
            flow.headerReferenceSize = Size(width: 0, height: 30)
            flow.sectionInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
            results.append(measure("FlowLayout", flow, counts: split(n, by: itemsPerFlowSection), queries: queries))
            let stacks = PhotoStackLayout()
            stacks.sizing = .scaledToWindow
            results.append(measure("PhotoStackLayout", stacks, counts: split(n, by: photosPerAlbum), queries: queries))
        }
        return results
    }

    /// `n` items in sections of `size` (the last one holds the remainder).
    private static func split(_ n: Int, by size: Int) -> [Int] {
        var counts = Array(repeating: size, count: n / size)
        if n % size > 0 { counts.append(n % size) }
        return counts
    }

    private static func seconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }

    private static func measure(_ name: String, _ layout: CollectionViewLayout, counts: [Int], queries: Int) -> LayoutBenchResult {
        let host = Host(bounds: Rect(origin: .zero, size: viewport), counts: counts)
        layout.host = host
        let clock = ContinuousClock()
        let runs = 3
        var best = Double.infinity
        for _ in 0..<runs {
            layout.invalidate()
            let start = clock.now
            layout.prepareIfNeeded()
            best = min(best, seconds(clock.now - start))
        }
        let content = layout.contentSize
        var rng = SplitMix64(seed: 2026)
        let maxY = max(0, content.height - viewport.height), maxX = max(0, content.width - viewport.width)
        let rects = (0..<queries).map { _ in
            Rect(x: Double(rng.next(below: UInt64(maxX) + 1)), y: Double(rng.next(below: UInt64(maxY) + 1)),
                 width: viewport.width, height: viewport.height)
        }
        var elements = 0
        let start = clock.now
        for rect in rects { elements += layout.layoutAttributesForElements(in: rect).count }
        let total = seconds(clock.now - start)
        layout.host = nil
        return withExtendedLifetime(host) {
            LayoutBenchResult(layout: name, items: counts.reduce(0, +), sections: counts.count,
                              viewportWidth: viewport.width, viewportHeight: viewport.height,
                              prepareMilliseconds: best * 1000, prepareRuns: runs,
                              meanQueryMicroseconds: total / Double(max(queries, 1)) * 1e6, queries: queries,
                              meanElementsPerQuery: Double(elements) / Double(max(queries, 1)))
        }
    }
}

/// The layout scenario's output: every `LayoutBench` figure plus the ratios the targets are stated in.
struct LayoutSummary: Encodable {
    var results: [LayoutBenchResult]
    /// Mean rect-query time at the largest item count ÷ at 10^3, per layout.
    var queryRatioLargestVs1000: [String: Double]
    /// PhotoStackLayout prepare of 10^5 photos in 10^4 albums, milliseconds (nil when not measured).
    var photoStackPrepare100kMilliseconds: Double?

    init(_ results: [LayoutBenchResult]) {
        self.results = results
        var ratios: [String: Double] = [:]
        for name in Set(results.map(\.layout)) {
            let rows = results.filter { $0.layout == name }.sorted { $0.items < $1.items }
            if let first = rows.first, let last = rows.last, first.meanQueryMicroseconds > 0 {
                ratios[name] = last.meanQueryMicroseconds / first.meanQueryMicroseconds
            }
        }
        queryRatioLargestVs1000 = ratios
        photoStackPrepare100kMilliseconds = results.first { $0.layout == "PhotoStackLayout" && $0.items == 100_000 }?.prepareMilliseconds
    }
}

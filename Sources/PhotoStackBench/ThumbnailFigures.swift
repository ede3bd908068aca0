import PhotoPipeline

/// The thumbnails scenario's output: the figures scripts/compare-viewers.sh reads (`firstScreenSeconds`,
/// `allSeconds`, `peakRSSBytes`, for the pass named by `mode`) and the whole `ThumbnailBenchResult`.
struct ThumbnailFigures: Encodable {
    var mode: String
    var firstScreenSeconds: Double
    var allSeconds: Double
    var peakRSSBytes: Int
    var droppedPageCache: Bool
    var detail: ThumbnailBenchResult

    init(_ r: ThumbnailBenchResult, mode: String) {
        self.mode = mode
        let warm = mode == "warm"
        firstScreenSeconds = warm ? r.warmFirstScreenSeconds : r.coldFirstScreenSeconds
        allSeconds = warm ? r.warmAllSeconds : r.coldAllSeconds
        peakRSSBytes = warm ? r.warmPeakRSSBytes : r.coldPeakRSSBytes
        droppedPageCache = r.droppedPageCache
        detail = r
    }
}

import Foundation
import PhotoPipeline

/// Measures thumbnail loading on a folder: the time until the first screen of thumbnails and until all of them,
/// cold and warm, plus peak RSS, through the real `ImageLoader` and `ThumbnailPipeline`.
public enum ThumbnailBench {
    public static func run(folder: PhotoPath, pixelSize: Int = 256, firstScreen: Int = 24,
                           workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                           dropPageCache: Bool = false) -> ThumbnailBenchResult {
        let start = Date()
        let library = PhotoLibrary.scan(root: folder)
        let scanSeconds = Date().timeIntervalSince(start)
        let photos = library.albums.flatMap(\.photos)
        let cacheDir = NSTemporaryDirectory() + "photostack-bench-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cacheDir) }
        let disk = ThumbnailCache(root: PhotoPath(cacheDir + "/thumbnails"))

        var dropped = false
        if dropPageCache {
            sync()
            dropped = (try? "1\n".write(toFile: "/proc/sys/vm/drop_caches", atomically: false, encoding: .utf8)) != nil
        }
        resetPeakRSS()
        let coldCPUStart = processCPUSeconds()
        let cold = measure(photos: photos, pixelSize: pixelSize, firstScreen: firstScreen, workers: workers, disk: disk,
                           extraSeconds: scanSeconds)
        let coldCPU = processCPUSeconds() - coldCPUStart
        let coldPeak = peakRSS()
        resetPeakRSS()
        let warmCPUStart = processCPUSeconds()
        let warmStart = Date()
        let warmPhotos = PhotoLibrary.scan(root: folder).albums.flatMap(\.photos)
        let warm = measure(photos: warmPhotos, pixelSize: pixelSize, firstScreen: firstScreen, workers: workers, disk: disk,
                           extraSeconds: Date().timeIntervalSince(warmStart))
        let warmPeak = peakRSS()
        let warmCPU = processCPUSeconds() - warmCPUStart
        var result = ThumbnailBenchResult(
            folder: folder.string, photos: photos.count, pixelSize: pixelSize, workers: workers,
            firstScreenCount: min(firstScreen, photos.count), scanSeconds: scanSeconds,
            coldFirstScreenSeconds: cold.first, coldAllSeconds: cold.all,
            warmFirstScreenSeconds: warm.first, warmAllSeconds: warm.all,
            coldPeakRSSBytes: coldPeak, warmPeakRSSBytes: warmPeak, droppedPageCache: dropped,
            failures: cold.failures, coldSources: cold.sources, warmSources: warm.sources)
        result.coldCPUSeconds = coldCPU
        result.warmCPUSeconds = warmCPU
        return result
    }

    /// User + system CPU time of the whole process (every thread), seconds.
    static func processCPUSeconds() -> Double {
        var now = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) == 0 else { return 0 }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private struct Phase { var first: Double; var all: Double; var failures: Int; var sources: [String: Int] }

    /// Finished results waiting to be counted. `@unchecked Sendable`: guarded by `condition`.
    private final class Results: @unchecked Sendable {
        let condition = NSCondition()
        var results: [LoadResult] = []
        func deliver(_ r: LoadResult) { condition.lock(); results.append(r); condition.signal(); condition.unlock() }
        /// Waits for at least one result and takes all.
        func take() -> [LoadResult] {
            condition.lock(); defer { condition.unlock() }
            while results.isEmpty { condition.wait() }
            let out = results; results.removeAll(); return out
        }
        /// Waits up to 5 ms (for the loader's last thumbnail writes, which signal nothing).
        func waitBriefly() { condition.lock(); _ = condition.wait(until: Date().addingTimeInterval(0.005)); condition.unlock() }
    }

    private static func measure(photos: [Photo], pixelSize: Int, firstScreen: Int, workers: Int,
                                disk: ThumbnailCache, extraSeconds: Double) -> Phase {
        let box = Results()
        let pipeline = ThumbnailPipeline(diskCache: disk)
        let loader = ImageLoader(pipeline: pipeline, workerCount: workers, deliver: { box.deliver($0) })
        defer { loader.shutdown() }
        let start = Date()
        var firstIDs = Set<LoadRequestID>()
        for (index, photo) in photos.enumerated() {
            let visible = index < firstScreen
            let id = loader.request(photo, pixelSize: pixelSize, priority: visible ? .visible : .prefetch, order: index)
            if visible { firstIDs.insert(id) }
        }
        var done = 0, failures = 0
        var first = photos.isEmpty ? 0 : -1.0
        var sources: [String: Int] = [:]
        while done < photos.count {
            for result in box.take() {
                done += 1
                firstIDs.remove(result.requestID)
                switch result.outcome {
                case .success(let loaded): sources[loaded.source.rawValue, default: 0] += 1
                case .failure: failures += 1
                }
            }
            if firstIDs.isEmpty && first < 0 { first = Date().timeIntervalSince(start) + extraSeconds }
        }
        let all = Date().timeIntervalSince(start) + extraSeconds
        // Thumbnails are written after their result is delivered: the warm pass must find all of them.
        let deadline = Date().addingTimeInterval(60)
        while loader.pendingCount > 0 && Date() < deadline { box.waitBriefly() }
        return Phase(first: first, all: all, failures: failures, sources: sources)
    }

    /// VmHWM from /proc/self/status, bytes.
    static func peakRSS() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            return kb * 1024
        }
        return 0
    }

    /// Resets VmHWM to the current RSS (Linux: "5" to /proc/self/clear_refs).
    static func resetPeakRSS() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}

import Foundation
import Glibc
import PhotoPipeline

/// `photostack bench scan`: scans a generated library of `photos` photos in `folders` album folders (grouped
/// under one parent folder per 100 albums; every photo a hard link to one of four real JPEGs, so it builds in
/// seconds and takes no disk space) and compares it with `find` over the same tree, page cache warm.
///
/// Figures: time to the first album and total time of `PhotoLibrary.scan` (the median of `runs`), the same
/// scan without helper threads, of the
/// `LiveLibrary` initial scan (the same scan plus one inotify watch per folder, photos past the first 1,000 listed
/// without a `stat`, which comes after: `liveStatusSeconds`; and with every photo stat'ed), and of `find ROOT`
/// (median of `runs`, as a child process writing to /dev/null, started before the timer stops); the ratio
/// scan / find; progress events; memory: VmRSS growth while the scan result is held, per photo (an upper
/// bound: allocator slack included), the inline sizes of `Photo` and `Album`, and peak RSS (VmHWM).
public enum ScanBench {
    public struct Result: Codable, Sendable {
        public var photos: Int, folders: Int
        /// Albums and photos the scan found (must equal `folders` and `photos`).
        public var albumsFound: Int, photosFound: Int
        public var buildSeconds: Double
        public var runs: Int
        /// From the start of the scan to its first album, seconds (median).
        public var firstAlbumSeconds: Double
        /// The whole scan, seconds (median, and every run), and the CPU time of the scanning thread (user +
        /// system, median; its helper threads' time is not included).
        public var scanSeconds: Double
        public var scanRuns: [Double]
        public var scanCPUSeconds: Double
        /// The same scan on the calling thread alone (no helper threads), seconds (median) and its CPU time.
        public var singleThreadScanSeconds: Double
        public var singleThreadScanCPUSeconds: Double
        /// `LiveLibrary`: start to the finished initial scan with every folder watched, seconds (median).
        public var liveScanSeconds: Double
        public var liveFirstAlbumSeconds: Double
        /// `LiveLibrary`: start to the update that brings the photos' deferred stats (`.deferredStatus`), seconds
        /// (median); the same live scan with every photo stat'ed during the scan (`deferPhotoStatusAfter: nil`).
        public var liveStatusSeconds: Double
        public var liveStattingScanSeconds: Double
        /// liveScanSeconds / findSeconds (target: ≤ 2).
        public var liveScanToFindRatio: Double
        /// `find ROOT > /dev/null`, seconds (median, and every run), and its CPU time (user + system, median).
        public var findSeconds: Double
        public var findRuns: [Double]
        public var findCPUSeconds: Double
        /// scanSeconds / findSeconds and scanCPUSeconds / findCPUSeconds (target: ≤ 2).
        public var scanToFindRatio: Double
        public var scanToFindCPURatio: Double
        public var progressEvents: Int
        /// VmRSS growth from before the scan to after it with its result held, divided by the photos, bytes;
        /// and the photos' mean path length, bytes (each photo holds its path in one buffer).
        public var retainedBytesPerPhoto: Double
        public var meanPathBytes: Double
        /// `MemoryLayout<Photo>.stride` and `MemoryLayout<Album>.stride`, bytes.
        public var photoStrideBytes: Int, albumStrideBytes: Int
        public var peakRSSBytes: Int
    }

    public static func run(photos: Int = 100_000, folders: Int = 5_000, runs: Int = 3) throws -> Result {
        let buildStart = now()
        let (base, root) = try build(photos: photos, folders: folders)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let buildSeconds = now() - buildStart
        _ = try find(root)   // warm the page cache (dentries and inodes) for both

        var scans: [Double] = [], firsts: [Double] = [], finds: [Double] = [], lives: [Double] = [], liveFirsts: [Double] = []
        var liveStatus: [Double] = [], liveStatting: [Double] = []
        var scanCPU: [Double] = [], findCPU: [Double] = [], singles: [Double] = [], singleCPU: [Double] = []
        var progressEvents = 0, albumsFound = 0, photosFound = 0
        var retained = 0.0, meanPath = 0.0
        for run in 0..<max(1, runs) {
            let f = try find(root)
            finds.append(f.wall); findCPU.append(f.cpu)
            let rssBefore = ProcessFigures.rssBytes()
            var first: Double?
            var progress = 0
            let cpuStart = ProcessFigures.threadCPUSeconds()
            let start = now()
            let library = PhotoLibrary.scan(source: .folder(PhotoPath(root)), onEvent: { event in
                switch event {
                case .album: if first == nil { first = now() - start }
                case .progress: progress += 1
                default: break
                }
            })
            scans.append(now() - start)
            scanCPU.append(ProcessFigures.threadCPUSeconds() - cpuStart)
            firsts.append(first ?? .nan)
            if run == 0 {
                retained = Double(ProcessFigures.rssBytes() - rssBefore) / Double(max(1, photos))
                progressEvents = progress
                albumsFound = library.albums.count
                photosFound = library.photoCount
                meanPath = Double(library.albums.reduce(0) { $0 + $1.photos.reduce(0) { $0 + $1.path.bytes.count } }) / Double(max(1, photosFound))
            }
            withExtendedLifetime(library) {}
            let singleCPUStart = ProcessFigures.threadCPUSeconds()
            let singleStart = now()
            PhotoLibrary.scan(source: .folder(PhotoPath(root)), helperThreads: 0)
            singles.append(now() - singleStart)
            singleCPU.append(ProcessFigures.threadCPUSeconds() - singleCPUStart)
            let live = try liveScan(root)
            lives.append(live.total); liveFirsts.append(live.first); liveStatus.append(live.status)
            liveStatting.append(try liveScan(root, deferPhotoStatusAfter: nil).total)
        }
        let scan = median(scans), findTime = median(finds)
        return Result(photos: photos, folders: folders, albumsFound: albumsFound, photosFound: photosFound,
                      buildSeconds: buildSeconds, runs: scans.count, firstAlbumSeconds: median(firsts), scanSeconds: scan,
                      scanRuns: scans, scanCPUSeconds: median(scanCPU), singleThreadScanSeconds: median(singles),
                      singleThreadScanCPUSeconds: median(singleCPU), liveScanSeconds: median(lives),
                      liveFirstAlbumSeconds: median(liveFirsts), liveStatusSeconds: median(liveStatus),
                      liveStattingScanSeconds: median(liveStatting), liveScanToFindRatio: median(lives) / findTime, findSeconds: findTime, findRuns: finds, findCPUSeconds: median(findCPU),
                      scanToFindRatio: scan / findTime, scanToFindCPURatio: median(scanCPU) / median(findCPU), progressEvents: progressEvents,
                      retainedBytesPerPhoto: retained, meanPathBytes: meanPath, photoStrideBytes: MemoryLayout<Photo>.stride,
                      albumStrideBytes: MemoryLayout<Album>.stride, peakRSSBytes: ProcessFigures.peakRSSBytes())
    }

    /// The library: `folders` album folders ("2001/album-0001", … 100 per parent), photos spread evenly,
    /// each a hard link to one of four real JPEGs kept beside the library. Returns the folder to remove
    /// afterwards (library and originals) and the library's root.
    static func build(photos: Int, folders: Int) throws -> (base: String, root: String) {
        // A short root, so paths have the length of a real library's ("/home/ana/Pictures/2019/Lisbon/…").
        let base = NSTemporaryDirectory() + "ps-scan-\(UUID().uuidString.prefix(8))"
        let root = base + "/lib"
        try FileManager.default.createDirectory(atPath: base + "/originals", withIntermediateDirectories: true)
        var done = false
        defer { if !done { try? FileManager.default.removeItem(atPath: base) } }
        var originals: [String] = []
        for i in 0..<4 {
            let w = 640, h = 480
            var rgb = [UInt8](repeating: 0, count: w * h * 3)
            for y in 0..<h { for x in 0..<w {
                let o = (y * w + x) * 3
                rgb[o] = UInt8((x + i * 60) & 255); rgb[o + 1] = UInt8((y * 2) & 255); rgb[o + 2] = UInt8((x ^ y) & 255)
            } }
            guard let jpeg = JPEGCodec.encode(pixels: rgb, width: w, height: h, quality: 85) else { throw BenchError("cannot encode") }
            let path = base + "/originals/original-\(i).jpg"
            guard FileManager.default.createFile(atPath: path, contents: Data(jpeg)) else { throw BenchError("cannot write \(path)") }
            originals.append(path)
        }
        var made = 0
        for f in 0..<folders {
            let dir = root + String(format: "/%04d/album-%05d", 2001 + f / 100, f + 1)
            if mkdir(root, 0o755) != 0 && errno != EEXIST { throw BenchError("mkdir \(root): \(errno)") }
            if mkdir((dir as NSString).deletingLastPathComponent, 0o755) != 0 && errno != EEXIST { throw BenchError("mkdir: \(errno)") }
            if mkdir(dir, 0o755) != 0 { throw BenchError("mkdir \(dir): \(String(cString: strerror(errno)))") }
            let count = photos / folders + (f < photos % folders ? 1 : 0)
            for p in 0..<count {
                let path = dir + String(format: "/IMG_%04d.jpg", p + 1)
                if link(originals[made % originals.count], path) != 0 { throw BenchError("link \(path): \(String(cString: strerror(errno)))") }
                made += 1
            }
        }
        done = true
        return (base, root)
    }

    /// Wall time and CPU time (user + system, from the children's rusage) of `find ROOT > /dev/null`, seconds.
    static func find(_ root: String) throws -> (wall: Double, cpu: Double) {
        func childrenCPU() -> Double {
            var usage = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
        }
        let cpuBefore = childrenCPU()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/find")
        p.arguments = [root]
        p.standardOutput = FileHandle.nullDevice
        let start = now()
        try p.run()
        p.waitUntilExit()
        let t = now() - start
        guard p.terminationStatus == 0 else { throw BenchError("find failed with status \(p.terminationStatus)") }
        return (t, childrenCPU() - cpuBefore)
    }

    /// A `LiveLibrary`'s initial scan: first album and finished, seconds from `start()`.
    static func liveScan(_ root: String, deferPhotoStatusAfter: Int? = LiveLibrary.Options().deferPhotoStatusAfter) throws
        -> (first: Double, total: Double, status: Double) {
        final class Times: @unchecked Sendable {
            let done = DispatchSemaphore(value: 0)
            let statusDone = DispatchSemaphore(value: 0)
            let lock = NSLock()
            var first: Double?
            var total: Double?
            var status: Double?
            var deferred = false
        }
        let times = Times()
        let start = now()
        let live = LiveLibrary(source: .folder(PhotoPath(root)), options: .init(deferPhotoStatusAfter: deferPhotoStatusAfter)) { event in
            switch event {
            case .scan(.album): times.lock.withLock { if times.first == nil { times.first = now() - start } }
            case .scan(.finished(let library)):
                let deferred = library.albums.contains { $0.photos.contains { !$0.identity.isKnown } }
                times.lock.withLock { times.total = now() - start; times.deferred = deferred }
                times.done.signal()
            case .update(let u) where u.cause == .deferredStatus:
                times.lock.withLock { times.status = now() - start }
                times.statusDone.signal()
            default: break
            }
        }
        live.start()
        guard times.done.wait(timeout: .now() + 600) == .success else { throw BenchError("live scan did not finish") }
        if times.lock.withLock({ times.deferred }), times.statusDone.wait(timeout: .now() + 600) != .success {
            throw BenchError("the deferred stats did not come")
        }
        live.stop()
        return times.lock.withLock { (times.first ?? .nan, times.total ?? .nan, times.status ?? times.total ?? .nan) }
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.isEmpty ? .nan : s[s.count / 2]
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

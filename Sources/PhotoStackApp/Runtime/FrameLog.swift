import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The app's frame log: with `PHOTOSTACK_FRAME_LOG=FILE`, one JSON line per drawn frame — when it started
/// (frame-clock seconds), the UI thread's CPU time for it (milliseconds), the screen and its content offset
/// (points), the share of pixels redrawn, and the input events handled since the previous frame with their
/// times. Benchmarks and end-to-end tests read it to see every frame of a real window, not only the
/// 10-per-second `--state` writes.
///
/// Lines are handed to a writer thread (the UI thread never touches the file system); the file is created
/// (truncated) when the log starts.
public final class FrameLog: @unchecked Sendable {
    /// One frame.
    public struct Entry: Encodable, Sendable {
        /// Frame-clock time the frame's update ran at, seconds.
        public var t: Double
        /// UI-thread CPU time spent updating and drawing the frame (not presenting it), milliseconds.
        public var cpuMs: Double
        /// The part of `cpuMs` spent in the update (layout, animations, cell preparation), milliseconds; the
        /// rest is drawing.
        public var updateMs: Double
        /// The screen's state name ("albums", "album", "photo", …).
        public var screen: String
        /// The screen's content offset, points.
        public var x: Double, y: Double
        /// Share of the frame's pixels redrawn (1: all; less when only what scrolled in was drawn).
        public var redrawn: Double
        /// Input handled since the previous frame: "kind@seconds" (frame-clock time of the event).
        public var events: [String]
        /// Costly work done in this frame (`Screen.workCounters` that grew), e.g. `uiCards`: cards built on the UI
        /// thread. Omitted when nothing grew.
        public var work: [String: Int]?
        /// With `PHOTOSTACK_MEMORY_TRACE` set: what the screen holds after the frame (`Screen.heldCounters`, e.g.
        /// `cardKB`: bytes of card renderings kept, in KiB); else omitted.
        public var held: [String: Int]? = nil
        /// The first frame only: CPU time the whole process (every thread) and the UI thread had used since the
        /// process started, when the frame was drawn, milliseconds. What a launch costs, repeatable where wall times
        /// are not (a shared machine); else omitted.
        public var launchCpuMs: Double? = nil, launchUiCpuMs: Double? = nil
    }

    /// Where the log goes.
    public let path: String
    private let condition = NSCondition()
    private var queue: [Entry] = []
    private var pendingWrites = 0

    /// A log writing to `path` (created or truncated now), or nil when it cannot be created.
    public init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.path = path
        let thread = Thread { [self] in self.writeLoop(handle) }
        thread.name = "photostack.frame-log"
        thread.start()
    }

    /// The log named by `PHOTOSTACK_FRAME_LOG`, if set.
    public static func fromEnvironment() -> FrameLog? {
        guard let p = ProcessInfo.processInfo.environment["PHOTOSTACK_FRAME_LOG"], !p.isEmpty else { return nil }
        let log = FrameLog(path: p)
        if log == nil { FileHandle.standardError.write(Data("photostack: cannot write the frame log \(p)\n".utf8)) }
        return log
    }

    /// Queues one frame's line (any thread; never blocks on the disk).
    public func record(_ entry: Entry) {
        condition.lock(); queue.append(entry); pendingWrites += 1; condition.signal(); condition.unlock()
    }

    /// Blocks until every queued line is written (tests, and before the app exits).
    public func flush() {
        condition.lock(); while pendingWrites > 0 { condition.wait() }; condition.unlock()
    }

    private func writeLoop(_ handle: FileHandle) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        while true {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let batch = queue
            queue.removeAll()
            condition.unlock()
            var data = Data()
            for e in batch { if let line = try? encoder.encode(e) { data.append(line); data.append(0x0A) } }
            handle.write(data)
            condition.lock(); pendingWrites -= batch.count; condition.broadcast(); condition.unlock()
        }
    }

    /// CPU time every thread of the process has used, seconds (CLOCK_PROCESS_CPUTIME_ID).
    public static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU time the calling thread has used, seconds (CLOCK_THREAD_CPUTIME_ID).
    public static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

import Foundation

/// Writes the state JSON atomically (a temporary file in the same directory, then rename), so readers never
/// see a half-written file. The caller's thread only compares the state with the last one asked for; the JSON is
/// encoded and the file written on a serial background queue (the UI thread neither encodes — 8–10 ms for the
/// state of 5,000 albums — nor touches the file system). Equal states are not rewritten; states asked for faster
/// than the queue writes them are coalesced (the latest is written).
public final class StateFileWriter: @unchecked Sendable {
    public let path: String
    /// When the last write was asked for (app clock seconds).
    public private(set) var lastWriteTime: Double = -.infinity
    /// The last state asked for (caller's thread only).
    private var lastState: AppState?
    /// The state waiting for the queue (guarded by `lock`): a newer one replaces it.
    private var pending: AppState?
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "photostack.state-writer")
    /// Used on `queue` only.
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return e
    }()

    public init(path: String) { self.path = path }

    /// Queues a write of `state` unless it equals the last one asked for. Errors go to stderr.
    public func write(_ state: AppState, at time: Double) {
        lastWriteTime = time
        guard state != lastState else { return }
        lastState = state
        lock.lock()
        let queued = pending != nil
        pending = state
        lock.unlock()
        if !queued { queue.async { self.writePending() } }
    }

    /// On `queue`: encodes the latest state asked for and writes it.
    private func writePending() {
        lock.lock()
        let state = pending
        pending = nil
        lock.unlock()
        guard let state, let data = try? encoder.encode(state) else { return }
        let tmp = path + ".tmp-\(getpid())"
        do {
            try data.write(to: URL(fileURLWithPath: tmp))
            if rename(tmp, path) != 0 { unlink(tmp); throw CocoaError(.fileWriteUnknown) }
        } catch {
            FileHandle.standardError.write(Data("photostack: cannot write state file \(path): \(error)\n".utf8))
        }
    }

    /// Blocks until every queued write is on disk (snapshots, exit).
    public func flush() { queue.sync {} }
}

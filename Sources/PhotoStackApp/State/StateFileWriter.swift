import Foundation

/// Writes the state JSON atomically (a temporary file in the same directory, then rename), so readers never
/// see a half-written file. The JSON is encoded on the caller's thread; the file is written on a serial
/// background queue (the UI thread never touches the file system). Byte-identical states are not rewritten.
public final class StateFileWriter: @unchecked Sendable {
    public let path: String
    /// When the last write was asked for (app clock seconds).
    public private(set) var lastWriteTime: Double = -.infinity
    private var lastData: Data?
    private let queue = DispatchQueue(label: "photostack.state-writer")
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return e
    }()

    public init(path: String) { self.path = path }

    /// Queues a write of `state` unless it is byte-identical to the last one. Errors go to stderr.
    public func write(_ state: AppState, at time: Double) {
        lastWriteTime = time
        guard let data = try? encoder.encode(state), data != lastData else { return }
        lastData = data
        let path = self.path
        queue.async {
            let tmp = path + ".tmp-\(getpid())"
            do {
                try data.write(to: URL(fileURLWithPath: tmp))
                if rename(tmp, path) != 0 { unlink(tmp); throw CocoaError(.fileWriteUnknown) }
            } catch {
                FileHandle.standardError.write(Data("photostack: cannot write state file \(path): \(error)\n".utf8))
            }
        }
    }

    /// Blocks until every queued write is on disk (snapshots, exit).
    public func flush() { queue.sync {} }
}

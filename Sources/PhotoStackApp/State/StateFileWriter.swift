import Foundation

/// Writes the state JSON atomically (a temporary file in the same directory, then rename), so readers
/// never see a half-written file.
public final class StateFileWriter {
    public let path: String
    /// When the last write happened (app clock seconds).
    public private(set) var lastWriteTime: Double = -.infinity
    private var lastData: Data?
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return e
    }()

    public init(path: String) { self.path = path }

    /// Writes `state` unless it is byte-identical to the last write.
    public func write(_ state: AppState, at time: Double) throws {
        let data = try encoder.encode(state)
        lastWriteTime = time
        if data == lastData { return }
        let tmp = path + ".tmp-\(getpid())"
        try data.write(to: URL(fileURLWithPath: tmp))
        if rename(tmp, path) != 0 {
            unlink(tmp)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        lastData = data
    }
}

import Foundation

/// Cancels a background scan. `@unchecked Sendable`: the flag is guarded by `lock`.
public final class ScanHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    public init() {}
    public func cancel() { lock.withLock { cancelled = true } }
    public var isCancelled: Bool { lock.withLock { cancelled } }
}

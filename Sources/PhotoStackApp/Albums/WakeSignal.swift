import Foundation

/// Lets background threads (the image loader, the library scan) tell the UI thread that results wait:
/// sets a flag and calls the host's wake-up (the event loop's self-pipe), which the launcher installs
/// with `connect(_:)`. Thread-safe; `@unchecked Sendable` because every field is guarded by `lock`.
public final class WakeSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = false
    private var wake: (@Sendable () -> Void)?

    public init() {}

    /// Installs the host's wake-up function (called on any thread after each signal).
    public func connect(_ wake: @escaping @Sendable () -> Void) {
        lock.withLock { self.wake = wake }
        // Results may have arrived before the window existed.
        if isPending { wake() }
    }

    /// Marks results as waiting and wakes the host (any thread).
    public func signal() {
        let w: (@Sendable () -> Void)? = lock.withLock { pending = true; return wake }
        w?()
    }

    /// True when results arrived since the last `take()`.
    public var isPending: Bool { lock.withLock { pending } }

    /// Clears the flag (UI thread), returning whether it was set.
    @discardableResult
    public func take() -> Bool { lock.withLock { let p = pending; pending = false; return p } }
}

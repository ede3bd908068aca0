import Foundation

/// The one way background work reaches the loop thread (swift-nio's event loop, GLib's main context): any
/// thread posts a message; the first message of a batch wakes the loop (the host's wake-up pipe, connected with
/// `connect(wake:)`); the loop takes everything at the start of its next turn. Nothing is polled.
///
/// `@unchecked Sendable`: every field is guarded by `lock`.
public final class Inbox<Message: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [Message] = []
    private var wake: (@Sendable () -> Void)?

    public init() {}

    /// Installs the function that wakes the loop (called on the posting thread). Messages posted before it was
    /// connected wake it at once.
    public func connect(wake: @escaping @Sendable () -> Void) {
        let pending: Bool = lock.withLock { self.wake = wake; return !messages.isEmpty }
        if pending { wake() }
    }

    /// Queues `message` (any thread) and wakes the loop if it was the first of a batch.
    public func post(_ message: Message) {
        let w: (@Sendable () -> Void)? = lock.withLock {
            messages.append(message)
            return messages.count == 1 ? wake : nil
        }
        w?()
    }

    /// Takes every queued message, oldest first (loop thread).
    public func take() -> [Message] {
        lock.withLock {
            let out = messages
            messages.removeAll(keepingCapacity: true)
            return out
        }
    }

    /// True when nothing waits (any thread).
    public var isEmpty: Bool { lock.withLock { messages.isEmpty } }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Requests from any thread to a `LiveLibrary`'s watcher thread (stop, rescan), and the pipe that wakes the
/// thread out of `poll`. `@unchecked Sendable`: the flags are guarded by `lock`; the pipe is only written
/// (any thread) and drained (the watcher).
final class WatchControl: @unchecked Sendable {
    private let lock = NSLock()
    private var stopRequested = false
    private var rescanRequested = false
    /// The read end (the watcher polls it) and the write end.
    let readFD: Int32
    let writeFD: Int32
    /// Signalled once when the watcher thread has ended.
    let finished = DispatchSemaphore(value: 0)

    init?() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]; writeFD = fds[1]
    }

    deinit { close(readFD); close(writeFD) }

    func requestStop() { lock.withLock { stopRequested = true }; wake() }
    func requestRescan() { lock.withLock { rescanRequested = true }; wake() }

    var isStopRequested: Bool { lock.withLock { stopRequested } }

    /// The pending requests; the rescan request is consumed.
    func take() -> (stop: Bool, rescan: Bool) {
        lock.withLock {
            defer { rescanRequested = false }
            return (stopRequested, rescanRequested)
        }
    }

    /// Makes the read end readable (a full pipe already is).
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the read end.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readFD, &buffer, buffer.count) > 0 {}
    }
}

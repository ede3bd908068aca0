import Foundation
import Glibc

/// A self-pipe that lets any thread wake the event loop and hand it work to run on the loop thread.
public final class WakeUpPipe: @unchecked Sendable {
    /// The read end, polled by the event loop.
    let readFD: Int32
    private let writeFD: Int32
    private let lock = NSLock()
    private var pending: [@Sendable () -> Void] = []

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw HostError.system("pipe failed: errno \(errno)") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]; writeFD = fds[1]
    }

    deinit { close(readFD); close(writeFD) }

    /// Wakes the loop (thread-safe). It will redraw if the client then says it needs to.
    public func wake() {
        var b: UInt8 = 1
        _ = write(writeFD, &b, 1) // EAGAIN when full is fine: the loop is awake anyway.
    }

    /// Runs `work` on the event-loop thread soon (thread-safe), then wakes the loop.
    public func post(_ work: @escaping @Sendable () -> Void) {
        lock.lock(); pending.append(work); lock.unlock()
        wake()
    }

    /// Empties the pipe and runs posted work; called on the loop thread.
    func drain() {
        var buf = [UInt8](repeating: 0, count: 64)
        while read(readFD, &buf, buf.count) > 0 {}
        lock.lock(); let work = pending; pending.removeAll(); lock.unlock()
        for w in work { w() }
    }
}

import Foundation
import Glibc

/// A self-pipe that lets any thread wake the event loop: one byte written, poll() returns, the loop runs a turn
/// (and takes the app's inbox). Non-blocking on both ends.
public final class WakeUpPipe: Sendable {
    /// The read end, polled by the event loop.
    let readFD: Int32
    private let writeFD: Int32

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

    /// Wakes the loop (any thread).
    public func wake() {
        var b: UInt8 = 1
        _ = write(writeFD, &b, 1) // EAGAIN when full is fine: the loop is awake anyway.
    }

    /// Empties the pipe (loop thread).
    func drain() {
        var buf = [UInt8](repeating: 0, count: 64)
        while read(readFD, &buf, buf.count) > 0 {}
    }
}

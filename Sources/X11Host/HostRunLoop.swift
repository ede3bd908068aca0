import Canvas
import Foundation
import Glibc

/// The one event loop: poll() on the X connection, the wake-up pipe and the next deadline.
///
/// Per turn it drains every pending X event (coalesced by `X11Window`), runs work posted from other
/// threads, then draws at most one frame — only when the client needs it, and while animating no more
/// than once per `frameInterval`. With nothing to do it sleeps in poll() with no timeout: zero CPU at rest.
public final class HostRunLoop {
    public let window: X11Window
    public let clock: FrameClock
    /// Wakes the loop from any thread and runs posted work on it.
    public let wakeUp: WakeUpPipe
    /// Seconds between frames while animating (1/60).
    public var frameInterval: Double = 1.0 / 60

    public init(window: X11Window, clock: FrameClock) throws {
        self.window = window
        self.clock = clock
        wakeUp = try WakeUpPipe()
    }

    /// Runs until the client sets `shouldQuit`.
    public func run(_ client: WindowClient) {
        var lastFrame = -Double.infinity
        var busy = true
        client.handle(.resize(width: window.width, height: window.height, scale: window.scale))
        while !client.shouldQuit {
            for event in window.pendingEvents() { client.handle(event) }
            if client.shouldQuit { break }
            var now = clock.now
            if let d = client.nextDeadline, d <= now { client.deadlineReached(at: now) }
            window.setTitle(client.windowTitle)
            window.setCursor(client.cursor)

            let wantsFrame = client.needsDisplay || client.isAnimating
            if wantsFrame {
                busy = true
                if now - lastFrame >= frameInterval * 0.9 {
                    window.present { ctx in client.draw(in: ctx, width: window.width, height: window.height, scale: window.scale) }
                    lastFrame = now
                }
            } else if window.needsCopy {
                window.copyBackBuffer()
            }
            if busy && !client.needsDisplay && !client.isAnimating {
                busy = false
                client.didBecomeIdle()
            }

            // Sleep until an event, a wake-up, the next frame or the client's deadline.
            now = clock.now
            var wakeAt: Double? = nil
            if client.needsDisplay || client.isAnimating { wakeAt = lastFrame + frameInterval }
            if let d = client.nextDeadline { wakeAt = min(wakeAt ?? d, d) }
            if window.needsCopy { wakeAt = now }
            window.flush()
            if window.hasQueuedEvents { continue }
            let timeout: Int32 = wakeAt.map { Int32(max(0, min(60_000, (($0 - now) * 1000).rounded(.up)))) } ?? -1
            var fds = [pollfd(fd: window.connectionFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeUp.readFD, events: Int16(POLLIN), revents: 0)]
            let r = poll(&fds, 2, timeout)
            if r > 0 && fds[1].revents != 0 { wakeUp.drain() }
            if r > 0 && fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                FileHandle.standardError.write("photostack: lost the connection to the X server\n".data(using: .utf8)!)
                exit(3)
            }
        }
    }
}

import Canvas
import Foundation
import Glibc
import Host

/// The one event loop of a window (nsxiv's and GTK's shape): poll() on the X connection and the wake-up pipe,
/// with a timeout only while a frame or a deadline is due. Each turn follows `WindowClient`'s order — take
/// background results, handle the pending events, then, if the client needs a frame and the frame interval
/// has passed (or the window manager waits for the frame of a resize step), update it to the turn's time, draw
/// into the back buffer and present. With nothing to do it sleeps in poll() with no timeout: zero CPU at rest.
public final class X11RunLoop {
    public let window: X11Window
    public let clock: Clock
    /// Wakes the loop from any thread (the app's inbox is connected to it).
    public let wakeUp: WakeUpPipe
    /// Seconds between frames while the client needs them (1/60).
    public var frameInterval: Double = 1.0 / 60
    /// Longest wait, seconds, for the client to be ready to show (`WindowClient.isReadyToShow`) before the first
    /// frame is drawn and the window mapped. A warm launch into an album is ready in well under this (its thumbnails
    /// come from the disk cache): the window then maps with its settled first screen instead of placeholders that
    /// change a moment later. A cold one is not, and maps with what it has when the wait ends.
    public var firstFrameWait: Double = 0.2

    public init(window: X11Window, clock: Clock) throws {
        self.window = window
        self.clock = clock
        wakeUp = try WakeUpPipe()
    }

    /// Maps the window with its first frame already drawn (`X11Window.map`), then runs until the client sets
    /// `shouldQuit`.
    public func run(_ client: WindowClient) {
        var busy = true
        var now = clock.now
        client.handle(.resize(width: window.width, height: window.height, scale: window.scale), at: now)
        if let profile = window.displayProfile { client.handle(.displayProfileChanged(profile), at: now) }
        client.update(at: now)
        waitUntilReadyToShow(client, until: now + firstFrameWait)
        now = clock.now
        window.render { ctx in client.draw(in: ctx, width: window.width, height: window.height, scale: window.scale) }
        var lastFrame = now
        window.map()
        while !client.shouldQuit {
            // 1–2. Background results, then input and window events, all at the turn's time. The events are read
            // before the clock: their times (mapped onto the clock as they are read, never after it) then never lie
            // after the turn's time.
            let events = window.pendingEvents()
            now = clock.now
            client.takeBackgroundResults(at: now)
            for event in events { client.handle(event, at: now) }
            if client.shouldQuit { break }
            window.setTitle(client.windowTitle)
            window.setCursor(client.cursor)

            // 3. A frame when one is needed and due — at once when the window manager waits for the frame of a resize
            //    step (_NET_WM_SYNC_REQUEST: presenting it answers the manager).
            let syncFrame = window.isAwaitingSyncFrame
            if client.needsFrame {
                busy = true
                if syncFrame || now - lastFrame >= frameInterval * 0.9 {
                    client.update(at: now)
                    window.present { ctx in client.draw(in: ctx, width: window.width, height: window.height, scale: window.scale) }
                    lastFrame = now
                }
            } else if window.needsCopy || syncFrame {
                window.copyBackBuffer()
            }
            // 4. Came to rest.
            if busy && !client.needsFrame {
                busy = false
                client.didBecomeIdle()
            }

            // 5. Sleep until an event, a wake-up, the next frame or the client's deadline.
            now = clock.now
            var wakeAt: Double? = client.needsFrame ? lastFrame + frameInterval : nil
            if let d = client.nextDeadline { wakeAt = min(wakeAt ?? d, d) }
            if window.needsCopy || window.isAwaitingSyncFrame { wakeAt = now }
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

    /// Before the first frame (`FirstFrameWait`): sleeps on the wake-up pipe only (the window is not mapped: no input
    /// yet) until the client is ready to show or `deadline` (clock seconds).
    func waitUntilReadyToShow(_ client: WindowClient, until deadline: Double) {
        FirstFrameWait.run(client, clock: clock, until: deadline) { seconds in
            var fd = pollfd(fd: wakeUp.readFD, events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, Int32(max(0, (seconds * 1000).rounded(.up)))) > 0 { wakeUp.drain() }
        }
    }
}

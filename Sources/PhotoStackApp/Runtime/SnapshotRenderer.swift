import Canvas
import Foundation
import Host

/// Renders an `App` headlessly through a `HeadlessHost` — the same loop turn and drawing code the window
/// uses — on a hand-driven clock, so animations settle deterministically.
public enum SnapshotRenderer {
    /// Lets the app settle (animations finish and the visible photos load or fail, waiting for background work
    /// at most `timeout` seconds of wall time), then draws the final frame and returns it with the state JSON of
    /// exactly that frame. `displayProfile`: the display's ICC profile the host reports (nil: sRGB).
    public static func capture(_ app: App, timeout: Double, displayProfile: [UInt8]? = nil) throws -> (image: ImageSurface, state: AppState) {
        let host = try HeadlessHost(width: app.width, height: app.height, scale: app.scale)
        host.displayProfile = displayProfile
        app.inbox.connect(wake: host.wake)
        app.services = host.services
        host.start(app)
        let deadline = Date().addingTimeInterval(timeout)
        var settled = host.settle(app)
        // Photos load on real threads: wait for their results in wall time, settling what they start.
        while !(settled && app.screen.isReadyForSnapshot), Date() < deadline {
            if settled { host.waitForWake(timeout: min(0.05, max(0, deadline.timeIntervalSinceNow))) }
            settled = host.settle(app)
        }
        host.turn(app, forceFrame: true)
        var state = app.currentState()
        state.animating = !settled
        if let e = host.lastDrawError { throw CanvasError.cairo(e) }
        return (host.surface, state)
    }
}

import Canvas
import Foundation
import StackEngine

/// Renders an `App` headlessly into a cairo image surface — the same drawing code the window uses —
/// on a hand-driven clock, so animations settle deterministically.
public enum SnapshotRenderer {
    /// Lets the screen settle (animations finish and photos load, bounded by `timeout` seconds of wall time),
    /// then draws one frame of `app.width` × `app.height` points at `app.scale`.
    public static func render(_ app: App, clock: ManualClock, timeout: Double) throws -> ImageSurface {
        try capture(app, clock: clock, timeout: timeout).image
    }

    /// Like `render`, and also the state JSON of exactly the frame drawn, taken just before drawing it
    /// (photos that keep arriving in the background after that moment are not in the picture, so they do
    /// not make the state say `animating`).
    public static func capture(_ app: App, clock: ManualClock, timeout: Double) throws -> (image: ImageSurface, state: AppState) {
        let deadline = Date().addingTimeInterval(timeout)
        settle(app, clock: clock)
        // Photos load on real threads: wait for them in wall time.
        while !app.screen.isReadyForSnapshot && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        // What arrived (photos fading in, albums found by the scan) settles too.
        let stillAnimating = settle(app, clock: clock)
        let state = app.currentState(animating: stillAnimating)
        let surface = try ImageSurface(pixelWidth: Int((app.width * app.scale).rounded()),
                                       pixelHeight: Int((app.height * app.scale).rounded()))
        let ctx = CairoContext(surface: surface)
        ctx.scale(app.scale, app.scale)
        app.draw(in: ctx, width: app.width, height: app.height, scale: app.scale)
        if let e = ctx.errorDescription { throw CanvasError.cairo(e) }
        return (surface, state)
    }

    /// Steps the manual clock in 1/60 s frames while the screen is in motion (at most 10 s of app time).
    /// Returns whether it still animates (it did not settle within that time).
    @discardableResult
    static func settle(_ app: App, clock: ManualClock) -> Bool {
        var steps = 0
        while app.screen.isMoving && steps < 600 {
            clock.advance(by: 1.0 / 60)
            app.screen.update(at: clock.now)
            steps += 1
        }
        return steps >= 600
    }
}

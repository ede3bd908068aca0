import StackEngine
import Host
@testable import PhotoStackApp

/// Drives a screen headlessly on a `ManualClock` with synthetic, time-stamped host events (points, seconds).
final class DemoTestDriver {
    let clock: ManualClock
    let screen: Screen
    /// Seconds per frame while running animations.
    var frame = 1.0 / 60

    init(_ make: () -> Screen, width: Double = 1024, height: Double = 768, clock: ManualClock = ManualClock(now: 100)) {
        self.clock = clock
        screen = make()
        screen.resize(width: width, height: height, scale: 1, at: clock.now)
        screen.update(at: clock.now)
    }

    var now: Double { clock.now }

    /// Advances by `seconds` in frames, updating the screen each frame; `each` sees every frame.
    func advance(_ seconds: Double, each: (() -> Void)? = nil) {
        let end = clock.now + seconds
        while clock.now < end - 1e-9 {
            clock.advance(by: min(frame, end - clock.now))
            screen.update(at: clock.now)
            each?()
        }
    }

    /// Runs frames until the screen stops animating (at most `limit` seconds); returns the frames run.
    @discardableResult
    func settle(limit: Double = 10, each: (() -> Void)? = nil) -> Int {
        var frames = 0
        while screen.isAnimating && frames < Int(limit / frame) {
            clock.advance(by: frame)
            screen.update(at: clock.now)
            each?()
            frames += 1
        }
        return frames
    }

    @discardableResult
    func send(_ event: HostEvent) -> Bool { screen.handle(event, at: clock.now) }

    func press(_ x: Double, _ y: Double) {
        send(.pointerDown(PointerEvent(button: .left, x: x, y: y, time: clock.now)))
    }

    func move(_ x: Double, _ y: Double) {
        send(.pointerMoved(x: x, y: y, modifiers: [], time: clock.now))
    }

    func release(_ x: Double, _ y: Double) {
        send(.pointerUp(PointerEvent(button: .left, x: x, y: y, time: clock.now)))
    }

    /// A press and release at one point (a click).
    func click(_ x: Double, _ y: Double) {
        press(x, y)
        clock.advance(by: 0.01)
        release(x, y)
    }

    /// A drag from `from` to `to` in `steps` moves over `duration` seconds, then a release at `to`
    /// (after `hold` seconds without moving), each move handled in a loop turn of its own followed by that
    /// turn's update (the frame); `each` runs after every frame.
    func drag(from: Point, to: Point, duration: Double, steps: Int = 10, hold: Double = 0, each: (() -> Void)? = nil) {
        press(from.x, from.y)
        screen.update(at: clock.now)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            clock.advance(by: duration / Double(steps))
            move(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t)
            screen.update(at: clock.now)
            each?()
        }
        if hold > 0 { advance(hold, each: each) }
        release(to.x, to.y)
    }

    func wheel(notches: Double, at x: Double = 500, _ y: Double = 400, modifiers: Modifiers = []) {
        send(.wheel(WheelEvent(deltaX: 0, deltaY: notches, isPrecise: false, x: x, y: y, modifiers: modifiers, time: clock.now)))
    }

    func key(_ key: Key, _ name: String, text: String = "", modifiers: Modifiers = []) {
        send(.key(KeyEvent(key: key, keysymName: name, text: text, modifiers: modifiers, time: clock.now)))
    }
}

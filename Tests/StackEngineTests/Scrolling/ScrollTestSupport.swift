@testable import StackEngine

/// Synthetic, time-stamped pointer input for ScrollController tests (times in seconds, points in viewport points).
enum PointerEvent {
    case down(Point, Double)
    case move(Point, Double)
    case up(Point, Double)

    var time: Double {
        switch self {
        case .down(_, let t), .move(_, let t), .up(_, let t): return t
        }
    }

    @discardableResult
    func send(to c: ScrollController) -> PointerRelease? {
        switch self {
        case let .down(p, t): c.pointerDown(at: p, time: t); return nil
        case let .move(p, t): c.pointerMoved(to: p, time: t); return nil
        case let .up(p, t): return c.pointerUp(at: p, time: t)
        }
    }
}

enum ScrollTestSupport {
    /// A tall vertical list: viewport 800×800, content 800×10000.
    static func tallList(offsetY: Double = 0) -> ScrollController {
        ScrollController(geometry: ScrollGeometry(viewportSize: Size(width: 800, height: 800),
                                                  contentSize: Size(width: 800, height: 10000)),
                         offset: Point(x: 0, y: offsetY))
    }

    /// A vertical flick: press at y = 600, pointer moves up at `speed` points per second for `duration` seconds,
    /// sampled every `interval` seconds, released where it is. Content velocity is +speed.
    static func flick(start: Double = 0, speed: Double, duration: Double = 0.08, interval: Double = 0.008,
                      fromY: Double = 600) -> [PointerEvent] {
        var events: [PointerEvent] = [.down(Point(x: 400, y: fromY), start)]
        var t = interval
        while t <= duration + 1e-9 {
            events.append(.move(Point(x: 400, y: fromY - speed * t), start + t))
            t += interval
        }
        let end = min(t, duration + interval) - interval
        events.append(.up(Point(x: 400, y: fromY - speed * end), start + end))
        return events
    }

    static func send(_ events: [PointerEvent], to c: ScrollController) -> PointerRelease? {
        var last: PointerRelease?
        for e in events { if let r = e.send(to: c) { last = r } }
        return last
    }

    /// Drives `events` while ticking at `hz` frames per second until `until`; returns (time, offset) of every tick.
    static func run(_ events: [PointerEvent], ticking hz: Double, until: Double, on c: ScrollController) -> [(Double, Point)] {
        var samples: [(Double, Point)] = []
        var pending = events[...]
        var frame = 0
        while true {
            let t = Double(frame) / hz
            if t > until { break }
            while let e = pending.first, e.time <= t { e.send(to: c); pending = pending.dropFirst() }
            samples.append((t, c.tick(now: t).offset))
            frame += 1
        }
        return samples
    }
}

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

    /// A horizontal paging strip in a collection view (the paging rule is the layout's): viewport 800 × 600,
    /// `pages` pages of 5 items (800 points each). Keep the returned value alive (the data source is weak).
    static func pagingStrip(pages: Int = 5, offsetX: Double = 0) -> PagingStrip {
        PagingStrip(pages: pages, offsetX: offsetX)
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

/// A collection view showing a `PagingStripLayout` (see `ScrollTestSupport.pagingStrip`).
final class PagingStrip {
    let layout = PagingStripLayout()
    let dataSource: ModelDataSource
    let cv: CollectionView
    var scroller: ScrollController { cv.scroller }

    init(pages: Int, offsetX: Double) {
        dataSource = ModelDataSource(sections: [Array(0..<(5 * pages))])
        cv = CollectionView(size: Size(width: 800, height: 600), layout: layout)
        cv.scrollAxes = .horizontal
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = dataSource
        cv.layoutIfNeeded(at: 0)
        if offsetX != 0 { cv.contentOffset = Point(x: offsetX, y: 0) }
    }
}

/// A collection view showing a `LineLayout` as the line demo does (viewport 1000 × 800, 60 items, insets that let
/// the first and last items rest centred).
final class LineStrip {
    let layout = LineLayout()
    let dataSource = ModelDataSource(sections: [Array(0..<60)])
    let cv: CollectionView
    var scroller: ScrollController { cv.scroller }

    init(centredItem: Int = 20) {
        cv = CollectionView(size: Size(width: 1000, height: 800), layout: layout)
        cv.scrollAxes = .horizontal
        cv.contentInset = EdgeInsets(top: 0, left: 400, bottom: 0, right: 400)
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = dataSource
        cv.layoutIfNeeded(at: 0)
        cv.contentOffset = Point(x: offset(centring: centredItem), y: 0)
        cv.layoutIfNeeded(at: 0)
    }

    /// The offset that centres item `i` (items are 200 wide, 250 apart).
    func offset(centring i: Int) -> Double { Double(i) * 250 + 100 - 500 }
}

extension ScrollTestSupport {
    /// A horizontal flick: press at x = `fromX`, pointer moves left at `speed` points per second for `duration`
    /// seconds, sampled every 8 ms, released where it is. Content velocity is +speed (−speed with `backwards`).
    static func horizontalFlick(start: Double = 0, speed: Double, duration: Double = 0.08, fromX: Double = 600,
                                backwards: Bool = false) -> [PointerEvent] {
        flick(start: start, speed: speed, duration: duration, fromY: fromX).map { e in
            let sign = backwards ? -1.0 : 1.0
            func h(_ p: Point) -> Point { Point(x: fromX + sign * (p.y - fromX), y: 300) }
            switch e {
            case let .down(p, t): return .down(h(p), t)
            case let .move(p, t): return .move(h(p), t)
            case let .up(p, t): return .up(h(p), t)
            }
        }
    }

    /// The first time after `from` (seconds, 1 ms steps, up to `limit`) at which `c` no longer moves.
    static func restTime(of c: ScrollController, from: Double, limit: Double = 10) -> Double {
        var t = from
        while t < from + limit, c.isMoving(at: t) { t += 0.001 }
        return t
    }
}

import XCTest
@testable import StackEngine

/// Issue 15, rows 7–8: a reflow moves the items and the content offset with one timing function, so every item moves
/// monotonically on screen (the anchor at the top stays there), and a new target mid-way keeps positions and speeds.
final class ReflowMotionTests: XCTestCase {
    /// A grid of 300 square thumbnails (about 120 pt) in a 600 × 900 viewport (5 columns), scrolled so item 50
    /// (row 10) is the first in the window.
    final class Grid {
        let layout = AlbumGridLayout(targetCellSide: 120, spacing: 2)
        let dataSource = ModelDataSource(sections: [Array(0..<300)])
        let cv: CollectionView

        init() {
            cv = CollectionView(size: Size(width: 600, height: 900), layout: layout)
            cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
            cv.dataSource = dataSource
            cv.layoutIfNeeded(at: 0)
            cv.contentOffset = Point(x: 0, y: rowTop(of: 50))
            cv.layoutIfNeeded(at: 0)
            cv.animatesSizeChanges = true
        }

        /// The top of the row holding `item` in the current layout, content points.
        func rowTop(of item: Int) -> Double { layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame.minY }

        /// Resizes at `time` and keeps item 50's row at the top, as the albums screen does with its anchor stack.
        func resize(to size: Size, at time: Double) {
            cv.size = size
            cv.layoutIfNeeded(at: time)
            cv.setContentOffset(Point(x: 0, y: rowTop(of: 50)), animated: true, at: time)
        }

        /// Where `item` is on screen (its presented frame's origin minus the content offset), points.
        func onScreen(_ item: Int) -> Point? {
            guard let a = cv.cellForItem(at: IndexPath(item: item, section: 0))?.attributes else { return nil }
            return Point(x: a.frame.minX - cv.contentOffset.x, y: a.frame.minY - cv.contentOffset.y)
        }

        /// The presented centre of `item` in content points.
        func centre(_ item: Int) -> Point? { cv.cellForItem(at: IndexPath(item: item, section: 0))?.attributes?.center }
    }

    /// Portrait → landscape (5 → 8 columns): the anchor stays at the top and every item on screen moves one way in x
    /// and in y, frame after frame (the old code eased the items with a cubic and the offset with a Hermite curve:
    /// the anchor swung up and down by dozens of points).
    func testItemsMoveMonotonicallyOnScreenAndTheAnchorStaysAtTheTop() {
        let g = Grid()
        g.resize(to: Size(width: 1000, height: 700), at: 1)
        let items = Array(50..<90)
        var paths: [Int: [Point]] = [:]
        var t = 1.0
        while t <= 2 {
            g.cv.layoutIfNeeded(at: t)
            for i in items { if let p = g.onScreen(i) { paths[i, default: []].append(p) } }
            XCTAssertEqual(try XCTUnwrap(g.onScreen(50)).y, 0, accuracy: 1e-6, "the anchor stays at the top (t = \(t))")
            t += 1.0 / 240
        }
        XCTAssertFalse(g.cv.isAnimating)
        XCTAssertEqual(g.cv.contentOffset.y, g.rowTop(of: 50))
        for (i, path) in paths where path.count > 100 {
            for axis in [\Point.x, \Point.y] {
                let steps = zip(path, path.dropFirst()).map { $1[keyPath: axis] - $0[keyPath: axis] }
                let up = steps.filter { $0 > 1e-6 }.count, down = steps.filter { $0 < -1e-6 }.count
                XCTAssertTrue(up == 0 || down == 0, "item \(i) moves both ways on screen (\(up) up, \(down) down)")
            }
        }
    }

    /// A second resize 0.1 s into the reflow: every item continues from where it is with the speed it has — no step in
    /// the velocity larger than one millisecond's worth of the spring's largest acceleration (ω²·distance) — and the
    /// anchor is the item the first reflow kept at the top.
    func testARetargetedReflowKeepsPositionsAndVelocities() throws {
        let g = Grid()
        let start = try XCTUnwrap(g.centre(57))
        g.resize(to: Size(width: 1000, height: 700), at: 1)
        let firstTarget = try XCTUnwrap(g.layout.layoutAttributesForItem(at: IndexPath(item: 57, section: 0))).center
        var samples: [Double: Point] = [:]
        let dt = 0.001
        var k = 0
        while k <= 300 {
            let t = 1 + Double(k) * dt
            if k == 100 { g.resize(to: Size(width: 800, height: 700), at: t) }   // 7 columns
            g.cv.layoutIfNeeded(at: t)
            samples[t] = g.centre(57)
            k += 1
        }
        let times = samples.keys.sorted()
        let velocities = zip(times, times.dropFirst()).compactMap { a, b -> Double? in
            guard let p = samples[a], let q = samples[b] else { return nil }
            return q.distance(to: p) / (b - a) * ((q.x - p.x) >= 0 ? 1 : -1)
        }
        // A critically damped spring released from rest accelerates most at its start: ω² times its distance.
        let distance = start.distance(to: firstTarget), omega = 2 * Double.pi / 0.35
        XCTAssertGreaterThan(distance, 300)
        let largestStep = zip(velocities, velocities.dropFirst()).map { abs($1 - $0) }.max()!
        XCTAssertLessThanOrEqual(largestStep, omega * omega * distance * dt * 1.001, "no step in speed")
        XCTAssertGreaterThan(abs(velocities[99]), 1000, "moving fast when retargeted")
        g.cv.layoutIfNeeded(at: 3)
        XCTAssertEqual(g.cv.contentOffset.y, g.rowTop(of: 50), "still item 50's row at the top")
        XCTAssertEqual(try XCTUnwrap(g.onScreen(50)).y, 0, accuracy: 1e-9)
    }
}

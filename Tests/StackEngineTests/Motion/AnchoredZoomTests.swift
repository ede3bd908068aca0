import XCTest
@testable import StackEngine

/// Issue 14: a zoom step (`CollectionView.zoomLayout(keeping:under:at:)`) reflows every element and the content
/// offset with one spring so the point under the pointer stays at the pointer's height — all the way, not only at
/// the end — also when a second step retargets the first mid-way; on the albums screen's stacks and in the album
/// grid. (Across, the cell goes to its new column: a grid that scrolls only vertically cannot keep x.)
final class AnchoredZoomTests: XCTestCase {
    /// A collection view of `layout` at 1920 × 1080 with `sections` × `items`, scrolled to `offset`.
    private func collectionView(_ layout: CollectionViewLayout, sections: Int, items: Int, offset: Double) -> (CollectionView, ModelDataSource) {
        var next = 0
        let model = (0..<sections).map { _ in (0..<items).map { _ in next += 1; return next } }
        let ds = ModelDataSource(sections: model)
        let cv = CollectionView(size: Size(width: 1920, height: 1080), layout: layout)
        cv.register(TestCell.self, forCellWithReuseIdentifier: "cell")
        cv.register(TestHeader.self, forSupplementaryViewOfKind: PhotoStackLayout.titleKind, withReuseIdentifier: "h")
        cv.dataSource = ds
        cv.layoutIfNeeded(at: 0)
        cv.contentOffset = Point(x: 0, y: offset)
        cv.layoutIfNeeded(at: 0)
        return (cv, ds)
    }

    private func stackLayout() -> PhotoStackLayout {
        let layout = PhotoStackLayout()
        layout.sizing = .scaledToWindow
        layout.maximumItemSide = 360
        layout.minimumTitleHeight = 20
        return layout
    }

    /// Where unit point `u` of `cell`'s presented frame is on screen, points.
    private func onScreen(_ cv: CollectionView, _ cell: IndexPath, _ u: Point) -> Point? {
        guard let f = cv.presentedAttributes(for: .cell(cell))?.frame else { return nil }
        return Point(x: f.minX + u.x * f.width - cv.contentOffset.x, y: f.minY + u.y * f.height - cv.contentOffset.y)
    }

    /// What a run saw of the anchored point: its greatest vertical distance from the pointer over all frames, that
    /// distance at the end, its horizontal screen positions frame by frame, and the anchor's presented widths.
    struct Run { var worstY = 0.0, lastY = 0.0, xs: [Double] = [], widths: [Double] = [] }

    /// Runs frames every 1/240 s from `start` to `end` with zoom steps at the given times, each a layout change
    /// keeping `cell` (the one under `pointer` at the first step, kept for the steps that follow while it moves, as
    /// the screens do) under the pointer.
    private func run(_ cv: CollectionView, pointer: Point, from start: Double, to end: Double,
                     steps: [(time: Double, change: () -> Void)]) throws -> Run {
        let cell = try XCTUnwrap(cv.anchorCell(near: pointer))
        let f = try XCTUnwrap(cv.presentedAttributes(for: .cell(cell))?.frame)
        let content = cv.contentPoint(fromViewport: pointer)
        let u = Point(x: (content.x - f.minX) / f.width, y: (content.y - f.minY) / f.height)
        var pending = steps.sorted { $0.time < $1.time }
        var r = Run()
        var k = 0
        while true {
            let t = start + Double(k) / 240
            guard t <= end else { break }
            while let s = pending.first, s.time <= t {
                pending.removeFirst()
                cv.zoomLayout(keeping: cell, under: pointer, at: t, change: s.change)
            }
            cv.layoutIfNeeded(at: t)
            let p = try XCTUnwrap(onScreen(cv, cell, u), "the anchor stays live")
            r.lastY = abs(p.y - pointer.y)
            r.worstY = max(r.worstY, r.lastY)
            r.xs.append(p.x)
            r.widths.append(try XCTUnwrap(cv.presentedAttributes(for: .cell(cell))).frame.width)
            k += 1
        }
        XCTAssertFalse(cv.isAnimating, "settled")
        return r
    }

    /// No frame-to-frame step in the horizontal path larger than the reflow spring's top speed over the whole
    /// distance could make (ω·D per second): the cell glides to its new column, it never jumps.
    private func assertGlides(_ xs: [Double], file: StaticString = #filePath, line: UInt = #line) {
        let distance = (xs.max() ?? 0) - (xs.min() ?? 0), omega = 2 * Double.pi / 0.35
        let largest = zip(xs, xs.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        XCTAssertLessThanOrEqual(largest, omega * distance / 240 + 0.5, "a jump across", file: file, line: line)
    }

    /// One step on the albums screen's stacks (3 → 6 columns at 1920 × 1080), the pointer on a stack in the middle
    /// of the window: the stack shrinks and moves to its new column, and the point under the pointer never leaves
    /// the pointer's height.
    func testAStackZoomStepKeepsThePointUnderThePointer() throws {
        let layout = stackLayout()
        let (cv, _) = collectionView(layout, sections: 90, items: 3, offset: 2000)
        let stack = layout.frameForStack(section: layout.sectionForStack(at: Point(x: 960, y: 2000 + 540)) ?? 16)
        let pointer = Point(x: stack.minX + 0.3 * stack.width, y: stack.minY + 0.7 * stack.height - 2000)
        let r = try run(cv, pointer: pointer, from: 1, to: 2, steps: [(1, { layout.columnMultiplier = 2 })])
        XCTAssertEqual(layout.columns, 6)
        XCTAssertLessThanOrEqual(r.lastY, 1, "at the pointer's height at the end")
        XCTAssertLessThanOrEqual(r.worstY, 1, "at the pointer's height all the way")
        XCTAssertGreaterThan(r.widths.filter { $0 < 359 && $0 > 251 }.count, 20, "the stack shrank over many frames (animated)")
        let steps = zip(r.xs, r.xs.dropFirst()).map { $1 - $0 }
        XCTAssertTrue(steps.allSatisfy { $0 >= -1e-6 } || steps.allSatisfy { $0 <= 1e-6 }, "one way across")
        assertGlides(r.xs)
    }

    /// A second step 0.1 s into the first (6 → 9 columns): the reflow retargets from where everything is, and the
    /// anchored point still never leaves the pointer's height.
    func testARetargetedStackZoomKeepsThePointUnderThePointer() throws {
        let layout = stackLayout()
        let (cv, _) = collectionView(layout, sections: 90, items: 3, offset: 2000)
        let stack = layout.frameForStack(section: layout.sectionForStack(at: Point(x: 1500, y: 2000 + 300)) ?? 14)
        let pointer = Point(x: stack.minX + 0.8 * stack.width, y: stack.minY + 0.4 * stack.height - 2000)
        let r = try run(cv, pointer: pointer, from: 1, to: 2.2,
                        steps: [(1, { layout.columnMultiplier = 2 }), (1.1, { layout.columnMultiplier = 3 })])
        XCTAssertEqual(layout.columns, 9)
        XCTAssertLessThanOrEqual(r.lastY, 1)
        XCTAssertLessThanOrEqual(r.worstY, 1)
        assertGlides(r.xs)
    }

    /// The album grid: 200 → 160 pt cells, retargeted to 128 pt 0.15 s later (8 → 10 → 12 columns), then back to
    /// 250 pt; the photo under the pointer stays at its height through all three steps.
    func testGridZoomStepsKeepThePhotoUnderThePointer() throws {
        let layout = AlbumGridLayout(targetCellSide: 200, spacing: 22, inset: EdgeInsets(top: 64, left: 28, bottom: 28, right: 28))
        let (cv, _) = collectionView(layout, sections: 1, items: 600, offset: 3000)
        XCTAssertEqual(layout.columns, 8)
        let pointer = Point(x: 700, y: 450)
        let r = try run(cv, pointer: pointer, from: 1, to: 3,
                        steps: [(1, { layout.targetCellSide = 160 }), (1.15, { layout.targetCellSide = 128 }),
                                (2, { layout.targetCellSide = 250 })])
        XCTAssertEqual(layout.columns, 7)
        XCTAssertLessThanOrEqual(r.lastY, 1)
        XCTAssertLessThanOrEqual(r.worstY, 1)
        assertGlides(r.xs)
    }
}
